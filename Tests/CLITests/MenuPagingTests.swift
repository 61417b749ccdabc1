import Foundation
import PlayUI
import TestSupport
import Testing

/// A menu of more buttons than fit: buttons read their titles, `show --screen` and `play`
/// show the first screenful and scroll (`s:scroll`, PgDn/PgUp); no pager's "more" line is
/// drawn (iOS had none). A drawn screen is the menu at rest, with no scroll indicator
/// (UIKit showed it only while scrolling, docs/ios6.md); `play` keeps its indicator column.
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

  /// The scroll indicators of `svg`: half-opaque black bars 3 points wide (y, height).
  func indicators(_ svg: Data) throws -> [(y: Double, height: Double)] {
    func numbers(_ attribute: String) throws -> [Double] {
      let r = try run(
        [
          "xmllint", "--xpath",
          "//*[local-name()='rect'][@width='3'][@opacity='0.5']/@\(attribute)", "-",
        ], input: svg)
      guard r.status == 0 else { return [] }
      return String(decoding: r.stdout, as: UTF8.self).split(separator: "\"").enumerated()
        .compactMap { $0.offset % 2 == 1 ? Double($0.element) : nil }
    }
    return zip(try numbers("y"), try numbers("height")).map { ($0, $1) }
  }

  @Test(arguments: ["portrait", "landscape"])
  func showScreenShowsTheFirstScreenfulAndNoIndicatorAtRest(orientation: String) throws {
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
    // Titles where declared, names where not; no pager's "more" line.
    #expect(buttons.first == "Diagnosis number 1")
    #expect(buttons.contains("d03") && !buttons.contains("d01"))
    #expect(try texts(r.stdout, fill: "#8e8e93").isEmpty)
    #expect(buttons.count >= 10, "the master has room for more than \(buttons.count)")
    // At rest: no indicator, though only the first of 41 buttons show.
    #expect(buttons.count < 41)
    let bars = try indicators(r.stdout)
    #expect(bars.isEmpty, "\(bars)")
  }

  /// A menu longer than its pane shows, at rest, the top of its next button cut at the
  /// pane's edge, as a scroll view cut its content: the sign that there is more. The seed's
  /// iPhone in landscape has content from y 52, 268 high: five rows (from 16, 48 apart, 40
  /// high) and 12 points of the sixth, cartoon, whose grey top border runs across at
  /// y 308 (it was white there: nothing said a sixth button was below).
  @Test func aMenuLongerThanItsPaneShowsTheTopOfTheNextButton() throws {
    let r = try psychologist([
      "show", "examples/psychologist.lua", "--screen", "--orientation", "landscape",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    let pixels = try rasterize(String(decoding: r.stdout, as: UTF8.self))
    func grey(_ x: Int, _ y: Int) -> Bool {
      let p = pixels.pixel(x, y)
      return p.r > 100 && p.r < 230 && abs(p.r - p.b) < 20
    }
    // The gap under the fifth button is white; the sixth's border crosses under it.
    #expect(!grey(240, 303), "\(pixels.pixel(240, 303))")
    #expect(grey(240, 308) || grey(240, 307), "\(pixels.pixel(240, 308))")
    #expect(grey(100, 308) || grey(100, 307), "\(pixels.pixel(100, 308))")
    // Below the border the button's white face, to the screen's edge.
    #expect(!grey(240, 314) && pixels.pixel(240, 314).r > 240, "\(pixels.pixel(240, 314))")
  }

  @Test func aSessionScrollsTheMenu() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    try writeFile(
      folder + "/scroll.lua",
      MenuPagingTests.script + """
        local s = session { device = "iphone" }
        print("scroll", s:scroll(3))
        print(s:svg({ screen = true }))
        print("last", s:scroll(1000), "first", s:scroll(-1000), "page", s:page(1))
        for _, v in ipairs { 0/0, 1/0, -1/0, 2^63, 1.5, {} } do
          local ok, e = pcall(s.scroll, s, v)
          print(ok, e)
        end
        """)
    let r = try psychologist(["run", "scroll.lua"], in: folder)
    #expect(r.status == 0, "\(r.stderr)")
    let out = String(decoding: r.stdout, as: UTF8.self)
    #expect(out.hasPrefix("scroll\t4\n"))
    let svg = Data(
      out[out.range(of: "<svg")!.lowerBound..<out.range(of: "</svg>")!.upperBound].utf8)
    let buttons = try texts(svg, fill: "#324f85")
    // Scrolled by three: d04 in the first row, as many rows as fit (an iPhone's content
    // is 416 high: 8 rows of 48 from 16, the last 40 high), and the top 16 points of the
    // next one cut at the pane's edge: its title is clipped there.
    #expect(buttons.first == "Diagnosis number 4" && buttons.count == 9, "\(buttons)")
    let clipped = try run(
      ["xmllint", "--xpath", "//*[local-name()='text'][@clip-path]/text()", "-"], input: svg)
    #expect(String(decoding: clipped.stdout, as: UTF8.self) == "d12\n")  // no title: its name
    #expect(try indicators(svg).isEmpty)
    // The end: button 34 in the first row (41 − 8 + 1); back at the top; a page is 8 rows.
    #expect(out.contains("last\t34\tfirst\t1\tpage\t9"), "\(out)")
    // Not a whole number of buttons: an error, never a trap or a scroll far away.
    #expect(
      out.components(separatedBy: "false\tscroll needs a whole number").count == 7, "\(out)")
  }

  /// The rows under the bars (4 on) whose last column (where the indicator's 3 points fall
  /// at 40 columns) has a mark, in each terminal drawing `out` holds (a line "--" between).
  func markedRows(_ out: String) -> [[Int]] {
    out.components(separatedBy: "--\n").map { drawing in
      drawing.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        .compactMap { i, line in
          let cells = Array(line)
          return i >= 4 && cells.count == 40 && cells[39] != " " ? i : nil
        }
    }
  }

  /// `s:terminal { screen = true }` draws the screen at rest as the points do: no indicator
  /// in the last column, at the menu's top or scrolled to its end, nor for a menu that fits.
  @Test func aTerminalDrawingShowsNoScrollIndicatorAtRest() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    try writeFile(
      folder + "/scroll.lua",
      MenuPagingTests.script + """
        local s = session { device = "iphone" }
        local size = { screen = true, columns = 40, rows = 30 }
        print(s:terminal(size))
        print("--")
        s:scroll(1000)
        print(s:terminal(size))
        """)
    try writeFile(
      folder + "/few.lua",
      """
      segue "showDiagnosis" { kind = "push" }
      diagnosis "a" { happiness = 10 }
      diagnosis "b" { happiness = 90 }
      local s = session { device = "iphone" }
      print(s:terminal { screen = true, columns = 40, rows = 30 })
      """)
    let r = try psychologist(["run", "scroll.lua"], in: folder)
    #expect(r.status == 0, "\(r.stderr)")
    // Two drawings, the buttons in each (8 of 41 at a time), the last column empty.
    #expect(markedRows(r.out) == [[], []], "\(r.out)")
    #expect(r.out.components(separatedBy: "--\n").allSatisfy { $0.contains("Diagnosis number") })
    let few = try psychologist(["run", "few.lua"], in: folder)
    #expect(few.status == 0, "\(few.stderr)")
    #expect(markedRows(few.out) == [[]], "\(few.out)")
  }

  @Test func playScrollsWithPageDownAndTheKeysTapTheRowsShown() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    try writeFile(folder + "/many.lua", MenuPagingTests.script)
    let pane = try TmuxPane(width: 80, height: 24, folder: folder)
    try pane.type("\(binary) play many.lua; echo STATUS=$?")
    // The scroll indicator at the menu's right edge, over the first rows.
    let lines = try pane.waitFor("┃")
    let shown = lines.filter { $0.contains("] ") }.count
    #expect(lines.contains { $0.hasPrefix("  [1] Diagnosis number 1") })
    #expect(!lines.contains { $0.contains(" more ") })
    try pane.press("NPage")
    // A screenful on: [1] is the first row's button.
    let next = shown + 1
    let name = next % 3 != 0 ? "Diagnosis number \(next)" : next < 10 ? "d0\(next)" : "d\(next)"
    _ = try pane.waitFor("[1] " + name)
    try pane.press("1")
    try pane.waitFor("happiness \(next * 2) ")
    try pane.press("b")
    try pane.waitFor("[1] ")
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
