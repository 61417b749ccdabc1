import PlayUI
import Testing

/// `play --help`, read from the binary.
@Suite struct PlayHelpTests {
  /// Every command key the parser knows is in `play --help`'s key list (m and PgDn were
  /// not, when they came).
  @Test func helpListsEveryCommandKey() throws {
    let r = try psychologist(["play", "--help"])
    #expect(r.status == 0)
    let text = String(decoding: r.stdout, as: UTF8.self)
    let keys =
      text.components(separatedBy: "keys:").last?.components(separatedBy: "mouse:")
      .first ?? ""
    // Each key starts its line, or follows a comma or slash there.
    let named = Set(
      keys.split(separator: "\n").flatMap { line -> [String] in
        let head = line.dropFirst(2).prefix(19)
        return head.split(whereSeparator: { " ,/".contains($0) }).map(String.init)
      })
    for letter in commandLetters.sorted() {
      #expect(named.contains(String(letter)), "play --help does not list \(letter)")
    }
    for other in ["PgDn", "PgUp", "<", ">", "+", "-", "Esc"] {
      #expect(named.contains(other), "play --help does not list \(other)")
    }
  }
}
