import Foundation
import TestSupport
import Testing

/// A face in a custom `#rrggbb` colour keeps its colour in the terminal: 24-bit where
/// `COLORTERM` says so, else the nearest colour of the 256-colour palette (computed here
/// by brute force over xterm's palette), never one of the 16 basic colours (most custom
/// colours were grey there).
@Suite struct TerminalColorTests {
  static let colours = ["ff8800", "336699", "7f3fbf", "20c0a0", "c04020", "a0a0a0"]

  /// The xterm palette's colours 16–255: the 6×6×6 cube and the grey ramp.
  static let palette: [(Int, [Int])] = {
    let levels = [0, 95, 135, 175, 215, 255]
    var p: [(Int, [Int])] = []
    for r in 0..<6 {
      for g in 0..<6 {
        for b in 0..<6 { p.append((16 + 36 * r + 6 * g + b, [levels[r], levels[g], levels[b]])) }
      }
    }
    for i in 0..<24 { p.append((232 + i, [8 + 10 * i, 8 + 10 * i, 8 + 10 * i])) }
    return p
  }()

  static func rgb(_ hex: String) -> [Int] {
    let v = Int(hex, radix: 16)!
    return [v >> 16, (v >> 8) & 255, v & 255]
  }

  static func nearest(_ c: [Int]) -> Int {
    palette.min { a, b in
      zip(c, a.1).map { ($0 - $1) * ($0 - $1) }.reduce(0, +)
        < zip(c, b.1).map { ($0 - $1) * ($0 - $1) }.reduce(0, +)
    }!.0
  }

  /// The distinct SGR colour codes in the output of `show` for a face in `hex`.
  func codes(_ hex: String, _ env: [String: String], _ more: [String] = ["--color", "always"])
    throws -> Set<String>
  {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try writeFile(
      dir + "/c.lua",
      "style { color = \"#\(hex)\" }\ndiagnosis \"bite\" { happiness = 80 }\n"
        + "segue \"showDiagnosis\" { kind = \"push\" }\n")
    let r = try psychologist(
      ["show", "c.lua", "bite", "--format", "terminal"] + more, in: dir, environment: env)
    #expect(r.status == 0, "\(r.stderr)")
    let text = r.out
    var found = Set<String>()
    var rest = Substring(text)
    while let start = rest.range(of: "\u{1B}[") {
      let body = rest[start.upperBound...].prefix { $0 != "m" }
      if body != "0" { found.insert(String(body)) }
      rest = rest[start.upperBound...]
    }
    return found
  }

  @Test(arguments: colours) func nearestOf256WithoutTruecolor(hex: String) throws {
    for term in ["xterm", "xterm-256color", "screen"] {
      let found = try codes(hex, ["TERM": term, "COLORTERM": ""])
      #expect(found == ["38;5;\(Self.nearest(Self.rgb(hex)))"], "TERM=\(term): \(found)")
    }
  }

  @Test(arguments: colours) func twentyFourBitWhereColortermSaysSo(hex: String) throws {
    let c = Self.rgb(hex)
    for colorterm in ["truecolor", "24bit", "TrueColor"] {
      let found = try codes(hex, ["TERM": "xterm", "COLORTERM": colorterm])
      #expect(found == ["38;2;\(c[0]);\(c[1]);\(c[2])"], "COLORTERM=\(colorterm): \(found)")
    }
  }

  /// `--color never` and (off a terminal) `auto` give no escapes; `always` beats NO_COLOR.
  @Test func colorChoice() throws {
    let env = ["TERM": "xterm-256color", "COLORTERM": ""]
    #expect(try codes("336699", env, ["--color", "never"]).isEmpty)
    #expect(try codes("336699", env, ["--color", "auto"]).isEmpty)
    #expect(try codes("336699", env, []).isEmpty)
    var noColor = env
    noColor["NO_COLOR"] = "1"
    #expect(try codes("336699", noColor) == ["38;5;60"])
    noColor["TERM"] = "dumb"
    #expect(try codes("336699", noColor) == ["38;5;60"])
  }
}
