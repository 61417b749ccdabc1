import Foundation
import TestSupport
import Testing

/// The Barista app of issue 25 (`examples/barista.lua`) as a user runs it: its name on the
/// screen, a second menu whose buttons `show` reaches through the first, a manual segue
/// `show` performs and `list` tells from the buttons, and `play` walking the two menus.
@Suite struct OwnAppTests {
  let barista = "examples/barista.lua"

  /// The texts an SVG shows (xmllint, one a line).
  func texts(_ svg: Data) throws -> [String] {
    let r = try run(["xmllint", "--xpath", "//*[local-name()='text']/text()", "-"], input: svg)
    guard r.status == 0 else { return [] }
    return String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  @Test func showReachesAButtonOnTheSecondMenu() throws {
    // Espresso is on the drinks menu: show taps "drinks" on the root first, as a person does.
    let r = try psychologist(["show", barista, "espresso", "--screen", "--format", "svg"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try xmlProblem(r.out) == nil)
    let shown = try texts(r.stdout)
    #expect(shown.contains("Espresso") && shown.contains("Drinks"), "\(shown)")
    let menu = try psychologist(["show", barista, "drinks", "--screen", "--format", "svg"])
    #expect(menu.status == 0, "\(menu.stderr)")
    let menuTexts = try texts(menu.stdout)
    for text in ["Drinks", "Barista", "Espresso", "Latte", "Mocha"] {
      #expect(menuTexts.contains(text), "\(text) missing from \(menuTexts)")
    }
    #expect(!menuTexts.contains { $0.contains("Psychologist") })
  }

  @Test func showPerformsAManualSegueAndAnimatesAMenu() throws {
    let manual = try psychologist(["show", barista, "complain", "--format", "svg"])
    #expect(manual.status == 0, "\(manual.stderr)")
    let animated = try psychologist([
      "show", barista, "drinks", "--screen", "--animate", "--device", "ipad", "--orientation",
      "landscape",
    ])
    #expect(animated.status == 0, "\(animated.stderr)")
    #expect(try xmlProblem(animated.out) == nil)
    #expect(try texts(animated.stdout).contains("Drinks"))
  }

  @Test func batchDrawsADiagnosisOfTheSecondMenu() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try writeFile(dir + "/rows.jsonl", "{\"shots\": 1}\n{\"shots\": 2}\n")
    for device in ["iphone", "ipad"] {
      let r = try psychologist(
        [
          "batch", packageRoot + "/" + barista, "--diagnosis", "latte", "--input", "rows.jsonl",
          "--output-dir", "out-\(device)", "--device", device,
        ], in: dir)
      #expect(r.status == 0, "\(r.stderr)")
      let svg = try String(contentsOfFile: dir + "/out-\(device)/000002.svg", encoding: .utf8)
      #expect(try xmlProblem(svg) == nil)
    }
  }

  @Test func listSaysWhichSeguesAreButtons() throws {
    let t = try psychologist(["list", barista])
    #expect(t.status == 0, "\(t.stderr)")
    let lines = t.out.split(separator: "\n")
    #expect(lines.contains { $0.contains("complain") && $0.contains("button no") })
    #expect(
      lines.contains {
        $0.contains("drinks") && $0.contains("button yes") && $0.contains("shows drinks")
      })
    #expect(lines.contains { $0.contains("espresso") && $0.contains("on drinks") })
    #expect(lines.contains { $0.contains("Barista") && $0.contains("title Barista") })
    let j = try psychologist(["list", barista, "--json"])
    let obj = try JSONSerialization.jsonObject(with: j.stdout) as? [String: Any]
    let segues = obj?["segues"] as? [[String: Any]] ?? []
    func segue(_ name: String) -> [String: Any]? { segues.first { $0["name"] as? String == name } }
    #expect(segue("complain")?["button"] as? Bool == false)
    #expect(segue("drinks")?["button"] as? Bool == true)
    #expect(segue("drinks")?["shows"] as? String == "drinks")
    let menus = obj?["menus"] as? [[String: Any]] ?? []
    #expect(menus.first?["name"] as? String == "drinks")
    #expect((obj?["app"] as? [[String: Any]])?.first?["title"] as? String == "Barista")
  }

  /// `list --json` keeps a list a list: a menu's buttons, the menus a button is on and a
  /// kind given per device are arrays and objects, as a program reading them wants, and
  /// the themes the table shows are there too.
  @Test func listJSONKeepsListsAsArraysAndShowsThemes() throws {
    let j = try psychologist(["list", barista, "--json", "--plugin", "examples/plugins/ios7.lua"])
    #expect(j.status == 0, "\(j.stderr)")
    let obj = try JSONSerialization.jsonObject(with: j.stdout) as? [String: Any]
    let menus = obj?["menus"] as? [[String: Any]] ?? []
    #expect(menus.first?["buttons"] as? [String] == ["espresso", "latte", "mocha"])
    let diagnoses = obj?["diagnoses"] as? [[String: Any]] ?? []
    let espresso = diagnoses.first { $0["name"] as? String == "espresso" }
    #expect(espresso?["on"] as? [String] == ["drinks"])
    #expect(espresso?["features"] as? [String] == ["cup"])
    let segues = obj?["segues"] as? [[String: Any]] ?? []
    let show = segues.first { $0["name"] as? String == "showDiagnosis" }
    #expect(show?["kind"] as? [String: String] == ["ipad": "replace", "iphone": "push"])
    let themes = obj?["themes"] as? [[String: Any]] ?? []
    #expect(themes.map { $0["name"] as? String } == ["ios7"])
    #expect(
      themes.first?["fonts"] as? [String]
        == ["Helvetica Neue", "Liberation Sans", "Arial", "sans-serif"])
    // The line of `theme "ios7"` in the plugin, read from the file here.
    let plugin = try String(contentsOfFile: "examples/plugins/ios7.lua", encoding: .utf8)
    let line = try #require(
      plugin.split(separator: "\n", omittingEmptySubsequences: false).firstIndex {
        $0.hasPrefix("theme \"ios7\"")
      })
    #expect((themes.first?["location"] as? String)?.hasSuffix("ios7.lua:\(line + 1)") == true)
  }

  @Test func checkCountsTheMenusBesidesTheRoot() throws {
    let r = try psychologist(
      ["check", barista], environment: ["PSYCHOLOGIST_PATH": "", "XDG_CONFIG_HOME": "/nonexistent"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.out.contains("examples/barista.lua: ok (5 diagnoses, 3 segues, 1 segue kind"))
    #expect(r.out.contains(", 1 menu)"), "\(r.out)")
  }

  @Test func checkOfTheManualSegueNeedsNoDiagnosisOfItsOwn() throws {
    // Before: "complain" was a button, performed with no diagnosis: ctx.diagnosis is nil.
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try writeFile(
      dir + "/own.lua",
      """
      diagnosis "burnt" { happiness = 10, segue = "complain" }
      segue "complain" { button = false, happiness = function(ctx) return ctx.diagnosis / 2 end }

      """)
    let r = try psychologist(["check", "own.lua"], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
  }

  @Test func aCoveredMenuRefusesTheTapOnAnIPadToo() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try FileManager.default.copyItem(
      atPath: packageRoot + "/examples/psychologist.lua", toPath: dir + "/psychologist.lua")
    try writeFile(
      dir + "/walk.lua",
      """
      require "psychologist"
      local s = session { device = "ipad", orientation = "landscape" }
      s:tap("bite")
      s:tap("play")

      """)
    let r = try psychologist(["run", "walk.lua"], in: dir)
    #expect(r.status == 1)
    #expect(
      r.stderr.contains(
        "walk.lua:4: cannot tap 'play': the menu is not on screen (showing 'Happiness'); call back() first"
      ), "\(r.stderr)")
  }

  @Test func playWalksTheTwoMenus() throws {
    let pane = try TmuxPane()
    try pane.type("\(binary) play \(barista); echo STATUS=$?")
    var lines = try pane.waitFor("happiness – · scale –")
    #expect(lines[0].contains("Barista"), "\(lines[0])")
    let drinks = try #require(keyShown(for: "Drinks…", in: lines), "\(lines)")
    try pane.press(drinks)
    // The transition ends on the drinks menu under its bar, with its back button.
    lines = try pane.waitFor("the drinks menu") { lines in
      keyShown(for: "Latte", in: lines) != nil && lines[0].contains("Drinks")
        && lines[0].contains("Barista")
    }
    try pane.press(try #require(keyShown(for: "Latte", in: lines)))
    lines = try pane.waitFor("happiness 75 · scale 0.90")
    try pane.press("b")
    lines = try pane.waitFor("back on the drinks menu") { lines in
      keyShown(for: "Mocha", in: lines) != nil
    }
    try pane.press("q")
    try pane.waitFor("STATUS=0")
  }
}
