import Foundation
import LuaHost
import Psychologist
import Storyboard
import Testing
import TestSupport

/// A coffee bar of its own, as the tests below drive it: a name, a second menu, a manual
/// segue performed by one diagnosis, and a kind per device for the drinks' faces.
let baristaApp = """
  app { title = "Barista" }
  diagnosis "order" { happiness = 60 }
  diagnosis "burnt" { happiness = 10, segue = "complain" }
  menu "drinks" { title = "Drinks", buttons = { "espresso", "latte" } }
  segue "drinks" { kind = "push", menu = "drinks" }
  diagnosis "espresso" { happiness = 90 }
  diagnosis "latte" { happiness = 75 }
  segue "showDiagnosis" {
    kind = { iphone = "push", ipad = "replace" },
    happiness = function(ctx) return ctx.diagnosis end,
  }
  segue "complain" {
    button = false, kind = "modal", title = "Complaint",
    happiness = function(ctx) return ctx.diagnosis / 2 end,
  }

  """

/// Loads `source` as `main.lua` in a folder of its own, removed once `body` has run.
func withScript<T>(_ source: String, _ body: (Script, String) throws -> T) throws -> T {
  let dir = try temporaryFolder()
  defer { removeFolder(dir) }
  try writeFile(dir + "/main.lua", source)
  let script = try Script(path: dir + "/main.lua", output: Collect())
  try script.load()
  return try body(script, dir)
}

/// The problems `check` finds in `source` (every device and orientation), as
/// `main.lua:LINE: message`.
func checked(_ source: String) throws -> [String] {
  try withScript(source) { script, dir in
    script.checkProblems().map { $0.description.replacingOccurrences(of: dir + "/", with: "") }
  }
}

/// The whole screen of a session of `source` on `device` after `steps` (button names),
/// as SVG text.
func screenAfter(
  _ source: String, _ steps: [String], device: Device = .iphone,
  orientation: Orientation = .portrait
) throws -> (svg: String, session: [String]) {
  try withScript(source) { script, _ in
    let s = try Session(script: script, device: device, orientation: orientation)
    for step in steps { try s.tap(step) }
    let svg = String(decoding: render(try s.drawing(screen: true), format: .svg), as: UTF8.self)
    return (svg, [s.sceneTitle] + s.stack)
  }
}

/// The texts a screen's SVG shows, read by xmllint (one a line).
func screenTexts(_ svg: String) throws -> [String] {
  let r = try TestSupport.run(
    ["xmllint", "--xpath", "//*[local-name()='text']/text()", "-"], input: Data(svg.utf8))
  guard r.status == 0 else { return [] }
  return String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
}

@Suite struct AppTitle {
  @Test func theAppsTitleNamesTheRootMenuEverywhereItShows() throws {
    let lines = try run(
      baristaApp + """
        local s = session {}
        print(s.scene, table.concat(s.stack, ">"))
        s:tap("order") print(s.scene, table.concat(s.stack, ">"))
        """)
    #expect(lines == ["Barista\tBarista", "Happiness\tBarista>Happiness"])
    // The iPhone's back button above the pushed face.
    let phone = try screenAfter(baristaApp, ["order"])
    #expect(try screenTexts(phone.svg).contains("Barista"))
    // The iPad's bar button in portrait; in landscape the master's bar.
    let portrait = try screenAfter(baristaApp, ["order"], device: .ipad)
    #expect(try screenTexts(portrait.svg).contains("Barista"))
    let landscape = try screenAfter(baristaApp, [], device: .ipad, orientation: .landscape)
    #expect(try screenTexts(landscape.svg).contains("Barista"))
    for svg in [phone.svg, portrait.svg, landscape.svg] {
      #expect(try !screenTexts(svg).contains { $0.contains("Psychologist") })
    }
  }

  @Test func withoutAnAppTheSeedsTitleStays() throws {
    let lines = try run(
      "require 'psychologist'\nlocal s = session {}\nprint(s.scene, table.concat(s.stack, '>'))")
    #expect(lines == ["Psychologist\tPsychologist"])
  }

  @Test func theAppIsValidatedLikeAnyDeclaration() throws {
    let problems = try checked(
      """
      app { title = 5 }
      app { titel = "Barista" }
      diagnosis "d" { happiness = 50 }
      """)
    #expect(problems.contains("main.lua:1: app: title must be a string, got number"))
    #expect(
      problems.contains {
        $0.hasPrefix("main.lua:2: app has an unknown field 'titel'") && $0.contains("'title'")
      })
    #expect(
      problems.contains(
        "main.lua:2: app is declared twice: here and at main.lua:1 (say override = true to replace it)"
      ))
    let e = error("app \"Barista\" { }")
    #expect(e?.location?.description.hasSuffix("main.lua:1") == true)
    #expect(e?.message.contains("app takes its fields") == true, "\(String(describing: e))")
  }
}

@Suite struct ManualSegues {
  @Test func aManualSegueIsNoButtonAndItsDiagnosisPerformsIt() throws {
    let lines = try run(
      baristaApp + """
        local s = session {}
        print(table.concat(s.buttons, ","))
        s:tap("burnt") print(s.scene, s.happiness, s.diagnosis)
        s:back()
        print(pcall(s.tap, s, "complain"))
        s:perform("complain") print(s.scene, s.happiness)
        """)
    #expect(lines.first == "order,burnt,drinks")
    #expect(lines[1] == "Complaint\t5\t10")
    #expect(lines[2].hasPrefix("false\t"))
    #expect(lines[2].contains("cannot tap 'complain': segue 'complain' is manual (button = false)"))
    // s:perform keeps the last diagnosis (10), as code performing the segue would.
    #expect(lines[3] == "Complaint\t5")
  }

  @Test func checkRunsAManualSegueOnlyThroughTheDiagnosesNamingIt() throws {
    // Before: complain was a button, performed with no diagnosis: "ctx.diagnosis is nil".
    #expect(try checked(baristaApp) == [])
  }
}

@Suite struct MenusThatLeadToMenus {
  /// A segue showing the drinks menu by `kind`, and a custom kind that pushes.
  func drinks(_ kind: String) -> String {
    baristaApp.replacingOccurrences(
      of: "segue \"drinks\" { kind = \"push\", menu = \"drinks\" }",
      with: "segue \"drinks\" { kind = \"\(kind)\", menu = \"drinks\" }")
      + "segue_kind \"slide\" { perform = function(nav, scene) nav:push(scene) end }\n"
  }

  @Test(arguments: [
    ("push", Device.iphone), ("modal", .iphone), ("slide", .iphone), ("push", .ipad),
    ("modal", .ipad), ("popover", .ipad), ("replace", .ipad), ("slide", .ipad),
  ])
  func everyKindShowsAMenuAndBackLeavesIt(kind: String, device: Device) throws {
    let lines = try run(
      drinks(kind) + """
        local s = session { device = "\(device.rawValue)", orientation = "landscape" }
        s:tap("drinks")
        print(s.scene, table.concat(s.buttons, ","))
        print(s:back(), s.scene)
        """)
    #expect(lines.first?.hasPrefix("Drinks\tespresso,latte") == true, "\(lines)")
    // Back leaves the menu (on an iPad a presented one, to the empty detail's focus);
    // replace has no back, as it has none for a face.
    let presented = device.isPad && (kind == "modal" || kind == "popover")
    let after = kind == "replace" ? "false\tDrinks" : presented ? "true\t" : "true\tBarista"
    #expect(lines.last == after, "\(lines)")
    // The screen shows the menu's buttons, and in a bar its title.
    let screen = try screenAfter(drinks(kind), ["drinks"], device: device, orientation: .landscape)
    let texts = try screenTexts(screen.svg)
    #expect(texts.contains("espresso") && texts.contains("latte"), "\(texts)")
    let barred = !(kind == "modal" || kind == "popover")
    #expect(!barred || texts.contains("Drinks"), "\(texts)")
  }

  @Test func aMenusButtonsAreTappedFromIt() throws {
    let lines = try run(
      baristaApp + """
        local s = session { device = "iphone" }
        print(table.concat(s.buttons, ","))
        print(pcall(s.tap, s, "espresso"))
        s:tap("drinks") s:tap("latte")
        print(s.scene, s.happiness, table.concat(s.stack, ">"))
        s:back() s:tap("espresso") print(s.happiness)
        """)
    #expect(lines[0] == "order,burnt,drinks")
    #expect(lines[1].hasPrefix("false\t"))
    #expect(
      lines[1].contains(
        "cannot tap 'espresso': the menu 'Drinks' is not on screen (showing 'Barista'); tap 'drinks' first"
      ), "\(lines[1])")
    #expect(lines[2] == "Happiness\t75\tBarista>Drinks>Happiness")
    #expect(lines[3] == "90")
  }

  @Test func checkFindsWhatIsWrongWithMenusByFileAndLine() throws {
    let problems = try checked(
      """
      diagnosis "espresso" { happiness = 90 }
      diagnosis "latte" { happiness = 75 }
      menu "drinks" { buttons = { "espresso", "lattee" } }
      menu "specials" { buttons = { "espresso" } }
      menu "lost" { buttons = { "latte" } }
      segue "drinks" { kind = "push", menu = "drinks" }
      segue "specials" { kind = "push", menu = "specials", happiness = 50 }
      segue "nowhere" { kind = "push", menu = "drnks" }
      segue "hidden" { button = false, kind = "push" }
      menu "manual" { buttons = { "hidden" }, shared = true }
      """)
    let expected = [
      "main.lua:3: menu 'drinks' lists 'lattee', which is no diagnosis or segue (did you mean 'latte'?)",
      "main.lua:4: menu 'specials' lists 'espresso', which menu 'drinks' lists too (main.lua:3): a button is on one menu, unless a menu says shared = true",
      "main.lua:5: menu 'lost' is never shown: no segue shows it (say menu = \"lost\" in one)",
      "main.lua:7: segue 'specials': happiness is for a face, and it shows menu 'specials'",
      "main.lua:8: segue 'nowhere' shows menu 'drnks', which is not declared (did you mean 'drinks'?)",
      "main.lua:10: menu 'manual' lists segue 'hidden', which is manual (button = false): the diagnoses that name it and s:perform perform it",
    ]
    for p in expected { #expect(problems.contains(p), "missing: \(p)\nin \(problems)") }
    #expect(problems.contains { $0.hasPrefix("main.lua:10: menu 'manual' is never shown") })
  }

  @Test func aMenuSaysSharedToShareAButton() throws {
    let problems = try checked(
      """
      diagnosis "espresso" { happiness = 90 }
      menu "drinks" { buttons = { "espresso" } }
      menu "specials" { buttons = { "espresso" }, shared = true }
      segue "drinks" { kind = "push", menu = "drinks" }
      segue "specials" { kind = "modal", menu = "specials" }
      """)
    #expect(problems == [])
  }

  @Test func theRootListsWhatNoOtherMenuClaims() throws {
    let lines = try run(
      baristaApp + """
        local s = session {}
        print(table.concat(s.buttons, ","))
        """)
    #expect(lines == ["order,burnt,drinks"])
  }
}

@Suite struct OneTapRule {
  /// The seed's app with its faces pushed (onto the iPad's master too).
  static let pushed = """
    diagnosis "bite" { happiness = 70 }
    diagnosis "play" { happiness = 20 }
    segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }

    """

  @Test(arguments: [("iphone", "portrait"), ("ipad", "landscape"), ("ipad", "portrait")])
  func aCoveredMenuIsNotTappedOnAnyDevice(device: String, orientation: String) throws {
    // Before: the iPad took the tap though a pushed face covered the menu in the master.
    let lines = try run(
      OneTapRule.pushed + """
        local s = session { device = "\(device)", orientation = "\(orientation)" }
        s:tap("bite")
        print(#s.buttons, pcall(s.tap, s, "play"))
        s:back() s:tap("play") print(s.happiness)
        """)
    #expect(lines.count == 2, "\(lines)")
    // No button is reachable, and the tap is refused as on an iPhone.
    #expect(
      lines.first
        == "0\tfalse\tcannot tap 'play': the menu is not on screen (showing 'Happiness'); call back() first"
    )
    #expect(lines.last == "20")
  }

  @Test func aMenuInTheDetailIsTappedBesideTheMaster() throws {
    let lines = try run(
      baristaApp.replacingOccurrences(
        of: "segue \"drinks\" { kind = \"push\", menu = \"drinks\" }",
        with: "segue \"drinks\" { kind = \"replace\", menu = \"drinks\" }") + """
          local s = session { device = "ipad", orientation = "landscape" }
          s:tap("drinks") print(table.concat(s.buttons, ","))
          s:tap("order") s:tap("drinks") s:tap("latte") print(s.scene, s.happiness)
          """)
    // The detail (focused) first, then the master's root menu.
    #expect(lines == ["espresso,latte,order,burnt,drinks", "Happiness\t75"])
  }
}

@Suite struct StackOfTitles {
  @Test func anEmptyDetailIsLeftOutOfTheStack() throws {
    let lines = try run(
      """
      require "ipad"
      local s = session { device = "ipad", orientation = "landscape" }
      print(table.concat(s.stack, ">"), #s.stack)
      s:tap("bite") print(table.concat(s.stack, ">"))
      s:perform("cartoon") print(table.concat(s.stack, ">"))
      """)
    // Before: "Psychologist>" (2), an empty title for the detail that shows nothing yet.
    #expect(
      lines == ["Psychologist\t1", "Psychologist>Happiness", "Psychologist>Happiness>Happiness"])
  }
}
