import Foundation
import PlayUI
import TestSupport
import Testing

/// A menu of more buttons than fit: buttons read their titles, `show --screen` and `play`
/// page through it and say how many are hidden; none is cut silently.
@Suite struct MenuPagingTests {
  /// 40 diagnoses (every third without a title: it reads its name) and one segue.
  static let script: String = {
    var lines = ["segue \"showDiagnosis\" { kind = { iphone = \"push\", ipad = \"replace\" } }"]
    for i in 1...40 {
      let name = i < 10 ? "d0\(i)" : "d\(i)"
      lines.append(
        i % 3 == 0
          ? "diagnosis \"\(name)\" { happiness = \(i * 2) }"
          : "diagnosis \"\(name)\" { happiness = \(i * 2), title = \"Diagnosis number \(i)\" }")
    }
    lines.append("segue \"cartoon\" { kind = \"modal\", happiness = 100, title = \"Cartoon\" }")
    return lines.joined(separator: "\n") + "\n"
  }()

  /// The texts of `svg` filled with `fill` (one a line, as xmllint prints text nodes).
  func texts(_ svg: Data, fill: String) throws -> [String] {
    let r = try run(
      ["xmllint", "--xpath", "//*[local-name()='text'][@fill='\(fill)']/text()", "-"], input: svg)
    guard r.status == 0 else { return [] }
    return String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  @Test(arguments: ["portrait", "landscape"])
  func showScreenPagesAndSaysWhatIsHidden(orientation: String) throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    try writeFile(folder + "/many.lua", MenuPagingTests.script)
    // The iPad shows the menu in the master (landscape) beside the face it replaced.
    let r = try psychologist(
      ["show", "many.lua", "d05", "--screen", "--device", "ipad", "--orientation", orientation],
      in: folder)
    #expect(r.status == 0, "\(r.stderr)")
    guard orientation == "landscape" else { return }
    let buttons = try texts(r.stdout, fill: "#324f85")
    let more = try texts(r.stdout, fill: "#8e8e93")
    // Titles where declared, names where not.
    #expect(buttons.first == "Diagnosis number 1")
    #expect(buttons.contains("d03") && !buttons.contains("d01"))
    #expect(more.count == 1, "\(more)")
    let hidden = Int(more.first?.split(separator: " ").first ?? "") ?? -1
    #expect(more.first?.hasSuffix("more ↓") == true)
    #expect(buttons.count + hidden == 41, "\(buttons.count) shown, \(hidden) said hidden")
    #expect(buttons.count >= 10, "the master has room for more than \(buttons.count)")
  }

  @Test func aSessionPagesTheMenu() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    try writeFile(
      folder + "/pages.lua",
      MenuPagingTests.script + """
        local s = session { device = "iphone" }
        print("page", s:page(1))
        print(s:svg({ screen = true }))
        print("last", s:page(1000), "first", s:page(-1000))
        for _, v in ipairs { 0/0, 1/0, -1/0, 2^63, 1.5, {} } do
          local ok, e = pcall(s.page, s, v)
          print(ok, e)
        end
        """)
    let r = try psychologist(["run", "pages.lua"], in: folder)
    #expect(r.status == 0, "\(r.stderr)")
    let out = String(decoding: r.stdout, as: UTF8.self)
    #expect(out.hasPrefix("page\t2\n"))
    let svg = Data(
      out[out.range(of: "<svg")!.lowerBound..<out.range(of: "</svg>")!.upperBound].utf8)
    let buttons = try texts(svg, fill: "#324f85")
    let more = try texts(svg, fill: "#8e8e93")
    // The second page: "N more ↑" above its buttons, "M more ↓" below, adding up to 41.
    #expect(more.count == 2 && more[0].hasSuffix("more ↑") && more[1].hasSuffix("more ↓"))
    let numbers = more.compactMap { Int($0.split(separator: " ")[0]) }
    #expect(numbers.reduce(buttons.count, +) == 41, "\(more) and \(buttons.count) shown")
    #expect(buttons.first == "Diagnosis number \(numbers.first.map { $0 + 1 } ?? 0)")
    #expect(out.contains("last\t7\tfirst\t1"), "\(out)")
    // Not a whole number of pages: an error, never a trap or a page far away.
    #expect(out.components(separatedBy: "false\tpage needs a whole number").count == 7, "\(out)")
  }

  @Test func playPagesWithPageDownAndTheKeysTapThePageShown() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    try writeFile(folder + "/many.lua", MenuPagingTests.script)
    let pane = try TmuxPane(width: 80, height: 24, folder: folder)
    try pane.type("\(binary) play many.lua; echo STATUS=$?")
    var lines = try pane.waitFor("more ↓ (PgDn)")
    let shown = lines.filter { $0.contains("] ") }.count
    let more = try #require(lines.first { $0.contains("more ↓") })
    let hidden = try #require(Int(more.split(separator: " ")[0]))
    #expect(shown + hidden == 41, "\(shown) shown, \(hidden) hidden")
    #expect(lines.contains("  [1] Diagnosis number 1"))
    try pane.press("NPage")
    lines = try pane.waitFor("more ↑ (PgUp)")
    // The keys start again on each page: [1] is the page's first button.
    let first = try #require(lines.first { $0.hasPrefix("  [1] ") })
    #expect(first.hasSuffix("d\(shown + 1)") || first.hasSuffix("number \(shown + 1)"), "\(first)")
    try pane.press("1")
    try pane.waitFor("happiness \((shown + 1) * 2) ")
    try pane.press("b")
    try pane.waitFor("more ↑ (PgUp)")
    try pane.press("PPage")
    try pane.waitFor("  [1] Diagnosis number 1")
    try pane.press("q")
    try pane.waitFor("STATUS=0")
  }

  @Test func pageKeysTurnThePage() {
    let bytes: [UInt8] = Array("\u{1B}[5~\u{1B}[6~<>".utf8)
    let keys = parseKeys(bytes, final: true).keys
    #expect(keys == [.pageUp, .pageDown, .character("<"), .character(">")])
    #expect(
      keys.map { action(for: $0, buttons: ["a", "b"]) } == [
        .page(-1), .page(1), .page(-1), .page(1),
      ])
    // The keys tap the buttons given (the page shown), from [1].
    #expect(action(for: .character("2"), buttons: ["d21", "d22"]) == .tap("d22"))
  }

  @Test func aLongTitleStaysInsideItsButton() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    let title = String(repeating: "Overwhelming ", count: 6)
    try writeFile(
      folder + "/long.lua",
      """
      segue "showDiagnosis" { kind = { iphone = "push", ipad = "replace" } }
      diagnosis "long" { happiness = 60, title = "\(title)" }
      """)
    let r = try psychologist(
      [
        "show", "long.lua", "long", "--screen", "--device", "ipad", "--orientation", "landscape",
      ], in: folder)
    #expect(r.status == 0, "\(r.stderr)")
    let buttons = try texts(r.stdout, fill: "#324f85")
    #expect(buttons.count == 1 && buttons[0].hasSuffix("…") && buttons[0].hasPrefix("Overwhelming"))
    // The master's button spans x 16…304 (y 80…120): no text of it right of its border.
    let image = try rasterize(r.stdout)
    var tinted = (inside: 0, outside: 0)
    for y in 80..<120 {
      for x in 16..<420 {
        // The title's dark blue (50, 79, 133), not the button's grey border.
        guard let (red, _, blue) = image.at(x, y), red < 120, blue - red > 50 else { continue }
        if x < 304 { tinted.inside += 1 } else { tinted.outside += 1 }
      }
    }
    #expect(tinted.inside > 50 && tinted.outside == 0, "\(tinted)")
  }
}
