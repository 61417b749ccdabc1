import Foundation
import TestSupport
import Testing

/// A mistake's message carries its fix: the nearest names, every form a value may take,
/// and the line of the field at fault.
@Suite struct AuthorMessageTests {
  private func run(_ command: String, _ files: [String: String]) throws -> Run {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    for (name, text) in files { try writeFile(folder + "/" + name, text) }
    return try psychologist([command, "app.lua"], in: folder)
  }

  @Test func aThemeColourSaysTheNearestNamesAtItsOwnLine() throws {
    let r = try run(
      "check",
      [
        "app.lua": """
        diagnosis "x" { happiness = 10 }
        theme "mint" {
          title = "white",
          bar_top = "mintgreen",
          title_shadow = true,
          bar_bottom = 5,
        }

        """
      ])
    #expect(r.status == 1)
    #expect(
      r.stderr.contains(
        "app.lua:4: theme 'mint': bar_top: unknown color 'mintgreen' (did you mean"),
      "\(r.stderr)")
    #expect(r.stderr.contains("'mintcream'"))
    #expect(r.stderr.contains("#rgb/#rrggbb"))
    // false is allowed there (no shadow): the message says so, and not "must be a string".
    #expect(
      r.stderr.contains(
        "app.lua:5: theme 'mint': title_shadow must be a color name, #rgb, #rrggbb, or false for none, got true"
      ), "\(r.stderr)")
    #expect(r.stderr.contains("app.lua:6: theme 'mint': bar_bottom must be a color name"))
    #expect(!r.stderr.contains("must be a string"))
  }

  @Test func aMisspeltModuleGetsTheNearestBesideTheScript() throws {
    let r = try run(
      "check",
      [
        "app.lua": "local c = require \"clinc\"\ndiagnosis \"x\" { happiness = 10 }\n",
        "clinic.lua": "return {}\n",
      ])
    #expect(r.status == 1)
    #expect(
      r.stderr.contains(
        "app.lua:1: module 'clinc' not found: no such file on the script path (did you mean 'clinic'?)"
      ), "\(r.stderr)")
  }

  @Test func aRefusedModuleNameStillReadsAsNotFound() throws {
    // lua-uri's attempt_require and many like it look for "module '…' not found".
    let r = try run(
      "run",
      [
        "app.lua": """
        local ok, e = pcall(require, "../etc/passwd")
        print(ok, e:find("module '.-' not found") ~= nil)

        """
      ])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.out == "false\ttrue\n")
  }

  @Test func aLoadThatStoppedSaysSoOnceWithoutFalseProblems() throws {
    // The menu lists 'emergency', whose declaration the misspelt global stopped before:
    // not declared because never reached, which is said once, not as a problem of its own.
    let r = try run(
      "check",
      [
        "app.lua": """
        app { title = "Pet Clinic" }
        menu "urgent" { title = "Urgent", buttons = { "bleeding", "emergency" } }
        segue "urgent" { kind = "push", menu = "urgent" }
        diagnosis "bleeding" { happiness = 20 }
        diagnossis "emergency" { happiness = 5 }
        diagnosis "itchy" { happiness = 60 }

        """
      ])
    #expect(r.status == 1)
    let lines = r.stderr.split(separator: "\n")
    #expect(lines.count == 2, "\(r.stderr)")
    #expect(
      lines.first?.hasPrefix("psychologist: error: app.lua:5: attempt to call a nil value") == true)
    #expect(
      lines.last
        == "psychologist: note: loading stopped at app.lua:5; declarations after it were not read")
  }

  @Test func aMenuNoButtonLeadsToIsOneProblem() throws {
    let r = try run(
      "check",
      [
        "app.lua": """
        diagnosis "itchy" { happiness = 60 }
        menu "sub" { title = "Sub", buttons = { "limp", "vomit" } }
        diagnosis "limp" { happiness = 40 }
        diagnosis "vomit" { happiness = 30 }

        """
      ])
    #expect(r.status == 1)
    #expect(
      r.stderr
        == "psychologist: error: app.lua:2: menu 'sub' is never shown: no segue shows it (say menu = \"sub\" in one)\n"
    )
  }

  @Test func helpSaysWhatEachCommandDoesWithAnOption() throws {
    let check = try psychologist(["check", "--help"])
    #expect(check.out.contains("default every device"))
    #expect(!check.out.contains("default iphone"))
    // A batch draws no chrome: it takes no --theme, and refuses one.
    let batch = try psychologist(["batch", "--help"])
    #expect(!batch.out.contains("--theme"))
    #expect(batch.out.contains("--device"))
    let refused = try psychologist(["batch", "examples/mood.lua", "--theme", "ios6"])
    #expect(refused.status == 2)
  }

  @Test func showWithNoNameDrawsTheFirstScreen() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    let r = try psychologist(
      ["show", "examples/barista.lua", "--screen", "-o", folder + "/menu.svg"])
    #expect(r.status == 0, "\(r.stderr)")
    let svg = try Data(contentsOf: URL(fileURLWithPath: folder + "/menu.svg"))
    #expect(try validXML(svg))
    let text = String(decoding: svg, as: UTF8.self)
    // The root menu under the app's title: its buttons, no face.
    for title in ["Barista", "Your order", "Burnt", "Drinks…"] {
      #expect(text.contains(">\(title)<"), "\(title)")
    }
    let animated = try psychologist(["show", "examples/barista.lua", "--screen", "--animate"])
    #expect(animated.status == 2)
    #expect(animated.stderr.contains("name a diagnosis or a segue"))
    let bare = try psychologist(["show", "examples/barista.lua"])
    #expect(bare.status == 2)
    #expect(bare.stderr.contains("missing NAME") && bare.stderr.contains("--screen"))
  }

  @Test func theAppChoosesItsThemeInTheScript() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    try writeFile(
      folder + "/app.lua",
      """
      app { title = "Mint", theme = "mint" }
      theme "mint" { bar_top = "#bfe", bar_bottom = "#7c9", title = "#234" }
      diagnosis "x" { happiness = 80 }

      """)
    func bar(_ extra: [String]) throws -> (r: Int, g: Int, b: Int) {
      let r = try psychologist(["show", "app.lua", "--screen", "-o", "s.svg"] + extra, in: folder)
      #expect(r.status == 0, "\(r.stderr)")
      let svg = try String(contentsOfFile: folder + "/s.svg", encoding: .utf8)
      return try #require(try rasterize(svg).at(40, 42))
    }
    // The bar in the middle of its height: the theme's mint (green above the rest), and
    // iOS 6's blue-grey when --theme names it over the app's.
    let mint = try bar([])
    #expect(mint.g > mint.r + 30 && mint.g > mint.b, "\(mint)")
    let ios6 = try bar(["--theme", "ios6"])
    #expect(ios6.b > ios6.g && ios6.b > ios6.r, "\(ios6)")
    try writeFile(
      folder + "/bad.lua", "app { theme = \"mnit\" }\ntheme \"mint\" { }\ndiagnosis \"x\" {}\n")
    let bad = try psychologist(["check", "bad.lua"], in: folder)
    #expect(bad.status == 1)
    #expect(
      bad.stderr.contains("bad.lua:1: app: theme 'mnit' is not declared (did you mean 'mint'?)"),
      "\(bad.stderr)")
  }

  @Test func checkShowsTheFramesThatLedToAnErrorAsShowDoes() throws {
    let source = """
      local function inner(x) error("bad input") end
      local function helper(x) inner(x) return 1 end
      diagnosis "d" { happiness = function(input) return helper(input) end }

      """
    let on = try run("check", ["app.lua": source])
    #expect(on.status == 1)
    #expect(on.stderr.contains("app.lua:1: bad input"))
    #expect(on.stderr.contains("\n  app.lua:1: in function 'inner'\n"), "\(on.stderr)")
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    try writeFile(folder + "/app.lua", source)
    let off = try psychologist(["check", "app.lua", "--traceback", "off"], in: folder)
    #expect(off.status == 1)
    #expect(!off.stderr.contains("in function"))
  }

  @Test func shortUnknownNamesGetNoMisleadingGuess() throws {
    let r = try psychologist(["help", "lua", "hat"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("nothing is named 'hat'"))
    #expect(!r.stderr.contains("did you mean"), "\(r.stderr)")
    let near = try psychologist(["help", "lua", "sesion"])
    #expect(near.stderr.contains("did you mean 'session'?"), "\(near.stderr)")
  }

  @Test func aClipsNameWithoutAnimateSaysHowToMakeOne() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    let r = try psychologist(["show", "examples/psychologist.lua", "bite", "-o", folder + "/x.gif"])
    #expect(r.status == 2)
    #expect(r.stderr.contains(".gif is not a format this writes"))
    #expect(r.stderr.contains("show NAME --screen --animate"), "\(r.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder + "/x.gif"))
  }

  @Test func aSheetIntoAMissingFolderIsRefusedBeforeAnyFace() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    let r = try psychologist(
      [
        "batch", "examples/mood.lua", "--diagnosis", "mood", "--input", "examples/mood.csv",
        "--output-dir", folder + "/out", "--sheet", folder + "/nosuch/sheet.svg",
      ])
    #expect(r.status == 3)
    #expect(r.stderr.contains("cannot write the contact sheet"), "\(r.stderr)")
    // Nothing drawn for nothing: before, every face was written, then the sheet failed.
    let faces = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/out")) ?? []
    #expect(faces.isEmpty, "\(faces.count) faces written")
  }
}
