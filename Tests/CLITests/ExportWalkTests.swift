import Foundation
import TestSupport
import Testing

/// The walk of every screen `export` puts in its page (and `check` walks as export would):
/// a long menu is one screen the page scrolls itself, not a screen for each scroll position
/// (300 buttons were refused as "more than 5000 screens"), and menus that lead to each
/// other close a cycle instead of growing a stack until the time limit.
///
/// The time limits here are generous: a debug build on a machine that builds four other
/// branches at once is many times slower than a release build, where these take about a
/// second at the default limit (the figures are in the note).
@Suite struct ExportWalkTests {
  /// A root menu of `count` diagnoses, the i-th (from 0) at happiness i % 101.
  static func longMenu(_ count: Int) -> String {
    var lines = ["segue \"showDiagnosis\" { kind = \"push\" }"]
    for i in 0..<count {
      lines.append("diagnosis \"d\(i)\" { happiness = \(i % 101), title = \"Diagnosis \(i)\" }")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// Menus `r1`…`rN`, each with a button to the next and the last's to the first; the
  /// root's one button ("start") leads to `r1`, which also holds a diagnosis.
  static func ring(_ count: Int) -> String {
    var lines = [
      "diagnosis \"sad\" { happiness = 10 }", "segue \"showDiagnosis\" { kind = \"push\" }",
      "segue \"start\" { kind = \"push\", menu = \"r1\" }",
    ]
    for i in 1...count {
      let next = i % count + 1
      let extra = i == 1 ? ", \"sad\"" : ""
      lines.append("menu \"r\(i)\" { title = \"Ring \(i)\", buttons = { \"go\(next)\"\(extra) } }")
      lines.append("segue \"go\(next)\" { kind = \"push\", menu = \"r\(next)\" }")
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// The page's data (its JSON), read back from the page at `path`.
  func pageData(_ path: String) throws -> [String: Any] {
    let page = try String(contentsOfFile: path, encoding: .utf8)
    let start = try #require(page.range(of: "id=\"psy-data\">"))
    let end = try #require(page.range(of: "</script>", range: start.upperBound..<page.endIndex))
    let json = Data(page[start.upperBound..<end.lowerBound].utf8)
    return try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
  }

  /// `check` and `export` of `source` (as app.lua in a new folder): both must pass; the
  /// folder, for what else the test does, and the page's data.
  func checkAndExport(_ source: String, timeLimit: String) throws -> (String, [String: Any]) {
    let dir = try temporaryFolder()
    try writeFile(dir + "/app.lua", source)
    let check = try psychologist(
      ["check", "app.lua", "--time-limit", timeLimit], in: dir, timeout: 600)
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.out.contains("app.lua: ok ("), "\(check.out)")
    let export = try psychologist(
      ["export", "app.lua", "-o", "app.html", "--time-limit", timeLimit], in: dir, timeout: 600)
    #expect(export.status == 0, "\(export.stderr)")
    return (dir, try pageData(dir + "/app.html"))
  }

  @Test func aMenuOfThreeHundredButtonsIsOneScreenThatScrolls() throws {
    let (dir, data) = try checkAndExport(Self.longMenu(300), timeLimit: "300")
    defer { removeFolder(dir) }
    // In each orientation: the menu, and each diagnosis's face (its menu at any scroll).
    let states = try #require(data["states"] as? [Any])
    #expect(states.count == 2 * (1 + 300), "\(states.count) screens")

    // In Chromium: the wheel over the menu scrolls it a button a notch; at its end the
    // last button is in the last of the 8 rows (480 − 20 − 44 points: 16 + 8 × 48 fit),
    // drawn as `s:scroll` and `svg { screen = true }` draw it (the scroll indicator at the
    // bottom); a click on it diagnoses.
    let script = """
      local s = session {}
      s:scroll(292)
      print(s:svg { screen = true })

      """
    try writeFile(dir + "/scrolled.lua", Self.longMenu(300) + script)
    let scrolled = try psychologist(["run", "scrolled.lua"], in: dir)
    #expect(scrolled.status == 0, "\(scrolled.stderr)")
    var steps: [[String: Any]] = (0..<300).map { _ in ["wheel": [160, 200, 100]] }
    steps += [
      ["wait": "psy.steps === 292"],
      ["eval": "psy.buttons()"],
      ["shot": dir + "/end.png"],
      ["tap": [160, 80 + 7 * 48 + 20]],
      ["wait": "!psy.busy && psy.steps === 293"],
      ["eval": "[document.getElementById('status').textContent, psy.happiness, psy.scroll]"],
    ]
    let values = try drive(dir + "/app.html", steps)
    #expect(values[0] as? [String] == (292..<300).map { "d\($0)" })
    let end = try decodePNG(try #require(FileManager.default.contents(atPath: dir + "/end.png")))
    let expected = try rasterize(Data(scrolled.out.utf8))
    let differing = try #require(end.differences(from: expected, tolerance: 48))
    #expect(differing < end.rgb.count / 100, "\(differing) of \(end.rgb.count) values differ")
    let after = try #require(values[1] as? [Any])
    #expect(after[0] as? String == "Diagnosis 299 — happiness 97", "\(after)")
    #expect(after[1] as? Double == Double(299 % 101))
    #expect(after[2] as? Int == 292, "the menu stays scrolled under the pushed face")
  }

  @Test func aMenuOfAThousandButtonsPassesCheckAndExport() throws {
    let (dir, data) = try checkAndExport(Self.longMenu(1000), timeLimit: "600")
    defer { removeFolder(dir) }
    let states = try #require(data["states"] as? [Any])
    #expect(states.count == 2 * (1 + 1000), "\(states.count) screens")
  }

  /// Menus leading round in a ring of `count`: a screen is what it shows (the menu and the
  /// one its back button names), so the walk closes the ring: the root, each menu, the
  /// first again with the last under it, and the diagnosis's face, in each orientation.
  @Test(arguments: [2, 50]) func menusInACycleAreWalkedOnce(_ count: Int) throws {
    let started = Date()
    let (dir, data) = try checkAndExport(Self.ring(count), timeLimit: "120")
    defer { removeFolder(dir) }
    #expect(Date().timeIntervalSince(started) < 120)
    let states = try #require(data["states"] as? [Any])
    #expect(states.count == 2 * (count + 3), "\(states.count) screens")
    guard count == 2 else { return }
    // Round the ring three times in Chromium, then back: each tap shows the next menu.
    var steps: [[String: Any]] = [
      ["tap": [160, 100]], ["wait": "!psy.busy && psy.steps === 1"],
    ]
    for i in 2...7 {
      steps += [["tap": [160, 100]], ["wait": "!psy.busy && psy.steps === \(i)"]]
      steps.append(["eval": "document.getElementById('status').textContent"])
    }
    steps += [
      ["click": "#back"], ["wait": "!psy.busy && psy.steps === 8"],
      ["eval": "document.getElementById('status').textContent"],
    ]
    let values = try drive(dir + "/app.html", steps)
    #expect(
      values.compactMap { $0 as? String }
        == ["Ring 2", "Ring 1", "Ring 2", "Ring 1", "Ring 2", "Ring 1", "Ring 2"])
  }

  /// What the walk keeps (the page's drawings, the screens still to explore) counts
  /// against `--memory-limit`: six faces scribbled over with 10,000 strokes made a 34 MB
  /// page under a 32 MiB limit. The refusal names a line, and no page is left behind.
  @Test func thePagesDrawingsCountAgainstTheMemoryLimit() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try writeFile(
      dir + "/app.lua",
      """
      segue "showDiagnosis" { kind = "push" }
      feature "scribble" {
        draw = function(face, pen) for j = 1, 10000 do pen:circle(j % 7 / 10, 0, 0.5) end end,
      }
      for i = 1, 6 do diagnosis("d" .. i) { happiness = i * 10, features = { "scribble" } } end

      """)
    try expectRefusedForMemory(in: dir, limit: 32)
  }

  /// What the page holds besides its drawings counts too: each screen's record, each step's
  /// layers, the page's data and the page itself. A menu of 3,000 diagnoses (a 6 MB page,
  /// 53 MB resident in a release build) was exported under an 8 MiB limit, all but its few
  /// drawings uncounted; under 16 MiB it now ends at a line, with no page left behind.
  @Test func thePagesRecordsCountAgainstTheMemoryLimit() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try writeFile(dir + "/app.lua", Self.longMenu(3000))
    try expectRefusedForMemory(in: dir, limit: 16)
  }

  /// Exports `app.lua` in `dir` under a memory limit of `limit` MiB and expects the limit's
  /// error at a line of it, and no page left behind.
  private func expectRefusedForMemory(in dir: String, limit: Int) throws {
    let r = try psychologist(
      ["export", "app.lua", "-o", "app.html", "--memory-limit", "\(limit)", "--time-limit", "300"],
      in: dir, timeout: 600)
    #expect(r.status == 1, "\(r.stderr)")
    #expect(r.stderr.contains("not enough memory"), "\(r.stderr)")
    #expect(r.stderr.contains("error: app.lua:"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/app.html"))
  }

  /// A popover hangs from the button tapped, where the menu's scroll put it: the page taps
  /// such a button once for each row it can be in. On an iPad in landscape, scrolled ten
  /// buttons on, the fourth row's button (the 14th) shows its popover under that row, as
  /// a session scrolled and tapped the same draws it.
  @Test func aPopoverHangsFromTheRowItsButtonIsScrolledTo() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    var app = ["segue \"showDiagnosis\" { kind = { iphone = \"push\", ipad = \"popover\" } }"]
    for i in 0..<40 {
      app.append("diagnosis \"p\(i)\" { happiness = \(i * 2), title = \"Pop \(i)\" }")
    }
    let source = app.joined(separator: "\n") + "\n"
    try writeFile(dir + "/app.lua", source)
    let r = try psychologist(
      [
        "export", "app.lua", "--device", "ipad", "--orientation", "landscape", "-o", "app.html",
        "--time-limit", "300",
      ], in: dir, timeout: 600)
    #expect(r.status == 0, "\(r.stderr)")
    try writeFile(
      dir + "/tapped.lua",
      source + """
        local s = session { device = "ipad", orientation = "landscape" }
        s:scroll(10)
        s:tap("p13")
        print(s:svg { screen = true })

        """)
    let tapped = try psychologist(["run", "tapped.lua"], in: dir)
    #expect(tapped.status == 0, "\(tapped.stderr)")
    var steps: [[String: Any]] = (0..<10).map { _ in ["wheel": [160, 300, 100]] }
    steps += [
      ["wait": "psy.steps === 10"],
      ["tap": [160, 80 + 3 * 48 + 20]],
      ["wait": "!psy.busy && psy.steps === 11"],
      ["eval": "document.getElementById('status').textContent"],
      ["shot": dir + "/popover.png"],
    ]
    let values = try drive(dir + "/app.html", steps)
    #expect(values[0] as? String == "Pop 13 — happiness 26")
    let shot = try decodePNG(
      try #require(FileManager.default.contents(atPath: dir + "/popover.png")))
    let expected = try rasterize(Data(tapped.out.utf8))
    let differing = try #require(shot.differences(from: expected, tolerance: 48))
    #expect(differing < shot.rgb.count / 100, "\(differing) of \(shot.rgb.count) values differ")
  }
}
