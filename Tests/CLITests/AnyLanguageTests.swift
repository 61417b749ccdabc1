// A Chinese app end to end: `play` in tmux at three widths (titles centred to the column,
// keys and rules aligned, no row wider than the terminal even mid-transition), `export`'s
// page in its language, `check` refusing a malformed language tag.

import Foundation
import TestSupport
import Testing

/// Columns `text` takes in tmux, counted here on its own (not by TextMetrics): CJK
/// ideographs, kana, hangul and fullwidth forms two, everything else in these tests one.
func displayColumns(_ text: some StringProtocol) -> Int {
  text.unicodeScalars.reduce(0) { n, s in
    let v = s.value
    let wide =
      (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v)
      || (0xAC00...0xD7A3).contains(v) || (0xF900...0xFAFF).contains(v)
      || (0xFF00...0xFF60).contains(v) || (0xFFE0...0xFFE6).contains(v)
    return n + (wide ? 2 : 1)
  }
}

/// The column where `needle` starts in `line`, counted in display columns.
func column(of needle: String, in line: String) -> Int? {
  guard let r = line.range(of: needle) else { return nil }
  return displayColumns(line[..<r.lowerBound])
}

@Suite struct AnyLanguageTests {
  @Test(arguments: [60, 80, 100])
  func playCentresAChineseAppInColumns(width: Int) throws {
    let pane = try TmuxPane(width: width, height: 24)
    try pane.type("\(binary) play examples/chinese.lua --color never")
    var lines = try pane.waitFor("宠物诊所")
    // The root's title centred to the column: 宠物诊所 is 8 columns.
    let titleRow = try #require(lines.firstIndex { $0.contains("宠物诊所") })
    #expect(column(of: "宠物诊所", in: lines[titleRow]) == (width - 8) / 2)
    // The rule under the bar spans the terminal exactly.
    #expect(displayColumns(lines[titleRow + 1].trimmingCharacters(in: .whitespaces)) == width)
    // The keys line up at one column, whatever the titles beside them.
    let keyColumns = ["[1]", "[2]", "[3]", "[4]"].compactMap { key in
      lines.lazy.compactMap { column(of: key, in: $0) }.first
    }
    #expect(keyColumns.count == 4 && Set(keyColumns).count == 1, "\(keyColumns)")
    // Push to the second menu: every frame of the transition fits the terminal's width.
    try pane.press("4")
    let deadline = Date().addingTimeInterval(patience)
    var frames = 0
    repeat {
      lines = try pane.screen()
      frames += 1
      for line in lines {
        #expect(displayColumns(line) <= width, "a row wider than the terminal: \(line)")
      }
      // The bar's items move as the frame says (the new title in from the right, the back
      // button out of the old title's place): the push has ended when they are at rest.
    } while !lines.contains(where: {
      column(of: "更多问题", in: $0) == (width - 8) / 2 && $0.hasPrefix(" ‹ 宠物诊所 [b]")
    }) && Date() < deadline
    let bar = try #require(lines.first { $0.contains("更多问题") && $0.contains("[b]") })
    #expect(column(of: "更多问题", in: bar) == (width - 8) / 2)
    #expect(column(of: "‹", in: bar) == 1)
    // The long button is cut with "…" to its row, never past the right edge.
    let long = try #require(lines.first { $0.contains("[1]") })
    #expect(displayColumns(long.trimmingCharacters(in: .whitespaces)) <= width - 2)
    try pane.press("q")
  }

  @Test func theScreenInTheTerminalKeepsBackAndTitleApart() throws {
    let r = try psychologist([
      "show", "examples/chinese.lua", "long", "--screen", "--format", "terminal",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    // Not a terminal: 80 columns.
    let lines = r.out.split(separator: "\n").map(String.init)
    // The back button's 返回 and the title cut with "…" on one row, back first, apart.
    let bar = try #require(lines.first { $0.contains("返回") })
    let back = try #require(column(of: "返回", in: bar))
    let title = try #require(column(of: "我的狗", in: bar))
    #expect(back + 4 < title)
    #expect(bar.contains("…"))
    // Every row is as wide as the terminal, in columns: none wraps, none falls short.
    for line in lines { #expect(displayColumns(line) == 80, "\(line)") }
    // ASCII keeps a ? a character, column-true too.
    let ascii = try psychologist([
      "show", "examples/chinese.lua", "long", "--screen", "--format", "ascii",
    ])
    let asciiLines = ascii.out.split(separator: "\n")
    #expect(asciiLines.contains { $0.contains("??") })
    for line in asciiLines { #expect(line.utf8.count == 80 && line.allSatisfy(\.isASCII)) }
  }

  @Test func exportSpeaksTheAppsLanguage() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    let out = dir + "/clinic.html"
    let r = try psychologist(["export", "examples/chinese.lua", "-o", out])
    #expect(r.status == 0, "\(r.stderr)")
    let page = try String(contentsOfFile: out, encoding: .utf8)
    #expect(page.contains("<html lang=\"zh-Hans\">"))
    // The chooser says the button's title, which the page's data carries beside its name.
    #expect(page.contains("\"Tap '\" + hit.title"))
    #expect(page.contains("\"fever\""))
    #expect(page.contains("\"title\":\"发烧\"") || page.contains("\"title\":\"\\u53d1\\u70e7\""))
  }

  @Test func checkRefusesAMalformedLanguageWithTheNearest() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try writeFile(dir + "/app.lua", "app { title = \"宠物诊所\",\n  language = \"zh_hans\" }\n")
    let r = try psychologist(["check", "app.lua"], in: dir)
    #expect(r.status == 1)
    #expect(r.stderr.contains("app.lua:1:"), "\(r.stderr)")
    #expect(r.stderr.contains("did you mean 'zh-Hans'"), "\(r.stderr)")
  }
}
