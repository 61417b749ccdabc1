import Foundation
import TestSupport
import Testing

@Suite struct FaceCommand {
  @Test func drawsTheSeedFaceAsSVGWhenPiped() throws {
    let r = try psychologist(["face", "--happiness", "100"])
    #expect(r.status == 0)
    #expect(try validXML(r.stdout))
    let image = try rasterize(r.stdout)
    // iPhone 320×480: centre (160, 240), head radius 144, eyes at (109.6|210.4, 189.6) r 14.4
    #expect(image.width == 320 && image.height == 480)
    #expect(blueNear(image, 160, 96) && blueNear(image, 160, 384))
    #expect(blueNear(image, 16, 240) && blueNear(image, 304, 240))
    #expect(!blueNear(image, 160, 240, radius: 5))
    #expect(!blueNear(image, 110, 190, radius: 4) && !blueNear(image, 210, 190, radius: 4))
  }

  @Test(arguments: [(0.0, false), (100.0, true)])
  func theMouthFollowsHappiness(happiness: Double, smiles: Bool) throws {
    let r = try psychologist(["face", "--happiness", String(happiness), "--format", "svg"])
    let image = try rasterize(r.stdout)
    // mouth ends at x = 160 ∓ 64.8, y = 297.6; its middle is 27 points lower (smile) or higher
    func lowestBlue(_ x: Int) -> Int? { (250..<380).last { isBlue(image, x, $0) } }
    func highestBlue(_ x: Int) -> Int? { (250..<380).first { isBlue(image, x, $0) } }
    let middle = smiles ? lowestBlue(160) : highestBlue(160)
    let end = highestBlue(97)
    #expect(middle != nil && end != nil)
    if let middle, let end { #expect(smiles ? middle > end + 15 : middle < end - 15) }
  }

  @Test func landscapeSwapsTheSides() throws {
    let r = try psychologist([
      "face", "--device", "ipad", "--orientation", "landscape", "--format", "svg",
    ])
    #expect(r.out.contains(#"width="1024" height="768""#))
  }

  @Test(arguments: [
    ["--happiness", "abc"], ["--happiness", "101"], ["--scale", "-1"], ["--size", "0x10"],
    ["--size", "10"], ["--device", "nokia"], ["--format", "png"], ["--nope"],
    ["--happiness", "nan"], ["--color", "sometimes"],
  ])
  func badValuesAreUsageErrors(args: [String]) throws {
    let r = try psychologist(["face"] + args)
    #expect(r.status == 2)
    #expect(r.stderr.hasPrefix("psychologist: error: "))
    #expect(r.stderr.split(separator: "\n").count == 1)
    #expect(r.out.isEmpty)
  }

  @Test func asciiIsSevenBitAndNoColourWhenPiped() throws {
    let ascii = try psychologist(
      ["face", "--format", "ascii"], environment: ["COLUMNS": "60", "LINES": "20"])
    #expect(ascii.status == 0 && !ascii.stdout.isEmpty)
    #expect(ascii.stdout.allSatisfy { $0 < 0x80 })
    let term = try psychologist(["face", "--format", "terminal"])
    #expect(!term.stdout.contains(0x1B))
    #expect(term.out.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
    let forced = try psychologist(["face", "--format", "terminal", "--color", "always"])
    #expect(forced.stdout.contains(0x1B))
    // On a terminal (script(1) gives the command a pseudo-terminal) auto colours unless
    // NO_COLOR is set and not empty; --color always colours even then.
    func onATerminal(_ environment: [String: String], _ options: [String] = []) throws -> Data {
      let command = ([binary, "face", "--format", "terminal"] + options).joined(separator: " ")
      let r = try runProgram(
        "/usr/bin/script", ["-q", "-e", "-c", command, "/dev/null"],
        environment: ["TERM": "xterm-256color", "COLORTERM": ""].merging(environment) { $1 })
      #expect(r.status == 0, "\(r.stderr)")
      #expect(r.out.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
      return r.stdout
    }
    #expect(try onATerminal([:]).contains(0x1B))
    #expect(try onATerminal(["NO_COLOR": ""]).contains(0x1B))
    #expect(try !onATerminal(["NO_COLOR": "1"]).contains(0x1B))
    #expect(try onATerminal(["NO_COLOR": "1"], ["--color", "always"]).contains(0x1B))
  }

  @Test func outputFilesAreWrittenWholeOrNotAtAll() throws {
    let dir = try temporaryFolder()
    let ok = try psychologist(["face", "-o", dir + "/f.svg"])
    #expect(ok.status == 0 && ok.out.isEmpty)
    #expect(try validXML(try Data(contentsOf: URL(fileURLWithPath: dir + "/f.svg"))))
    let bad = try psychologist(["face", "-o", dir + "/missing/f.svg"])
    #expect(bad.status == 3)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["f.svg"])
  }

  @Test func helpTeachesAndVersionAnswers() throws {
    let help = try psychologist(["--help"])
    #expect(help.status == 0 && help.out.contains("show") && help.out.contains("Exit status"))
    let faceHelp = try psychologist(["face", "--help"])
    #expect(faceHelp.out.contains("--happiness") && faceHelp.out.contains("examples:"))
    let v = try psychologist(["--version"])
    #expect(v.status == 0 && v.out.hasPrefix("psychologist "))
    #expect(try psychologist(["fcae"]).stderr.contains("did you mean 'face'"))
  }
}

@Suite struct ScriptCommands {
  @Test(arguments: [
    ("flaying", 86), ("bite", 70), ("play", 20), ("movie", 50), ("teleplay", 20), ("cartoon", 100),
  ])
  func showDrawsEachButtonsFace(name: String, happiness: Int) throws {
    let r = try psychologist(["show", "examples/psychologist.lua", name, "--format", "svg"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.out.contains("happiness \(happiness)</title>"))
    #expect(try validXML(r.stdout))
    // push: 320×416 content; modal (cartoon): 320×460
    #expect(
      r.out.contains(
        name == "cartoon" ? #"width="320" height="460""# : #"width="320" height="416""#))
  }

  @Test func showScreenDrawsTheWholeDevice() throws {
    for (args, size) in [
      (["examples/psychologist.lua", "bite"], #"width="320" height="480""#),
      (
        ["examples/ipad.lua", "teleplay", "--device", "ipad", "--orientation", "landscape"],
        #"width="1024" height="768""#
      ),
    ] {
      let r = try psychologist(["show"] + args + ["--screen", "--format", "svg"])
      #expect(r.status == 0, "\(r.stderr)")
      #expect(r.out.contains(size))
      #expect(try validXML(r.stdout))
      let image = try rasterize(r.stdout)
      #expect(image.width > 300)
    }
    // The iPad popover hangs below its button, teleplay, the menu's fifth row (y 64 + 16 +
    // 4·48 = 272 to 312): 320×320 at (10, 312 + 19 + 8), under iOS 6's 19-point arrow and
    // 8-point frame → its face's head is centred at (170, 499).
    let pop = try psychologist([
      "show", "examples/ipad.lua", "teleplay", "--device", "ipad", "--orientation", "landscape",
      "--screen", "--format", "svg",
    ])
    let image = try rasterize(pop.stdout)
    #expect(blueNear(image, 170, 499 - 144) && blueNear(image, 170 - 144, 499))
    #expect(!blueNear(image, 170, 234 - 144))
  }

  @Test func unknownNamesAndScriptsAreUsageErrors() throws {
    let r = try psychologist(["show", "examples/psychologist.lua", "bitee"])
    #expect(r.status == 2 && r.stderr.contains("did you mean 'bite'"))
    #expect(try psychologist(["show", "nope.lua", "bite"]).status == 2)
    #expect(try psychologist(["show", "examples/psychologist.lua"]).status == 2)
  }

  @Test func scriptErrorsNameFileAndLineAndWriteNothing() throws {
    let dir = try temporaryFolder()
    try writeFile(
      dir + "/bad.lua",
      "diagnosis 'a' { happiness = 1 }\nsegue 'showDiagnosis' { kind = 'push' }\nlocal x = nil\nx.y = 1\n"
    )
    let r = try psychologist(["show", dir + "/bad.lua", "a", "-o", dir + "/out.svg"])
    #expect(r.status == 1)
    #expect(
      r.stderr
        == "psychologist: error: \(dir)/bad.lua:4: attempt to index a nil value (local 'x')\n")
    #expect(!FileManager.default.fileExists(atPath: dir + "/out.svg"))
  }

  @Test func runWritesSnapshotsUnderTheOutputDirectoryOnly() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    let r = try psychologist(["run", "examples/session.lua", "--output-dir", dir])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.out.hasPrefix("Happiness\t70\t0.9\n"))
    for f in ["bite.svg", "bite-happier.svg", "bite-landscape.svg", "cartoon-screen.svg"] {
      let data = try Data(contentsOf: URL(fileURLWithPath: dir + "/" + f))
      #expect(try validXML(data))
    }
    try writeFile(
      dir + "/escape.lua",
      "require 'psychologist'\nlocal s = session {}\ns:tap('bite')\ns:snapshot('ok.svg')\ns:snapshot('../escaped.svg')\n"
    )
    try FileManager.default.copyItem(
      atPath: packageRoot + "/examples/psychologist.lua", toPath: dir + "/psychologist.lua")
    let out = dir + "/out"
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    let e = try psychologist(["run", dir + "/escape.lua", "--output-dir", out])
    #expect(e.status == 1)
    #expect(e.stderr.contains("escape.lua:5:") && e.stderr.contains("refused"))
    #expect(FileManager.default.fileExists(atPath: out + "/ok.svg"))
    #expect(!FileManager.default.fileExists(atPath: dir + "/escaped.svg"))
    try FileManager.default.createSymbolicLink(atPath: out + "/link", withDestinationPath: dir)
    try writeFile(
      dir + "/link.lua",
      "require 'psychologist'\nlocal s = session {}\ns:tap('bite')\ns:snapshot('link/x.svg')\n")
    let l = try psychologist(["run", dir + "/link.lua", "--output-dir", out])
    // Not written (a symlink in the way): an output failure, as for -o.
    #expect(l.status == 3 && l.stderr.contains("link.lua:4:"))
    #expect(!FileManager.default.fileExists(atPath: dir + "/x.svg"))
  }

  @Test func checkReportsEveryProblemAsFileLine() throws {
    let dir = try temporaryFolder()
    try writeFile(
      dir + "/v.lua",
      "diagnosis 'a' { happiness = 120 }\nsegue 'showDiagnosis' { kind = 'popover' }\n")
    let r = try psychologist(["check", dir + "/v.lua", "examples/psychologist.lua"])
    #expect(r.status == 1)
    let lines = r.stderr.split(separator: "\n")
    #expect(lines.contains { $0.hasPrefix("psychologist: error: \(dir)/v.lua:1: ") })
    #expect(lines.contains { $0.hasPrefix("psychologist: error: \(dir)/v.lua:2: ") })
    #expect(r.out.contains("examples/psychologist.lua: ok (3 diagnoses, 4 segues"))
    #expect(try psychologist(["check", "examples/ipad.lua", "--device", "ipad"]).status == 0)
  }

  @Test func checkPassesEveryExampleOnEveryDeviceAndOrientation() throws {
    let env = ["PSYCHOLOGIST_PATH": "", "XDG_CONFIG_HOME": "/nonexistent"]
    // Every script of examples/ (a module required by one is checked through it too).
    let scripts = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/examples")
      .filter { $0.hasSuffix(".lua") }.sorted().map { "examples/" + $0 }
    #expect(
      Set(["psychologist", "ipad", "mood", "session", "barista"].map { "examples/\($0).lua" })
        .isSubset(of: scripts))
    let r = try psychologist(["check"] + scripts, environment: env)
    #expect(r.status == 0, "\(r.stderr)")
    let p = try psychologist(
      ["check", "examples/psychologist.lua", "--plugin", "examples/plugins"], environment: env)
    #expect(p.status == 0, "\(p.stderr)")
  }

  @Test func checkOrdersByFileThenLineAndSaysEachProblemOnce() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    // The plugin's problems come from two devices' runs and from declaring; the script's
    // line 12 is met before its line 3 (segues run after diagnoses).
    try writeFile(
      dir + "/b.lua",
      "feature 'f' { everywhere = false, draw = function(face, pen) pen:move(0) end }\n"
        + "segue 'pop' { kind = 'popover', happiness = 10 }\n")
    try writeFile(
      dir + "/a.lua",
      "\n\nsegue 'late' { kind = 'push', happiness = function() return 101 end }\n"
        + String(repeating: "\n", count: 8)
        + "diagnosis 'd' { happiness = function() return 'x' end }\n")
    let r = try psychologist(
      ["check", dir + "/a.lua", "--plugin", dir + "/b.lua"],
      environment: ["PSYCHOLOGIST_PATH": "", "XDG_CONFIG_HOME": "/nonexistent"])
    #expect(r.status == 1)
    let places = r.stderr.split(separator: "\n").map { line in
      line.dropFirst("psychologist: error: \(dir)/".count).prefix { $0 != " " }
    }
    // The iphone's and the iphone5's popover problem is one, naming both.
    #expect(places == ["a.lua:3:", "a.lua:12:", "b.lua:1:", "b.lua:2:"], "\(r.stderr)")
    #expect(
      r.stderr.contains("b.lua:2: segue 'pop': popover segues do not exist on an iphone or iphone5")
    )
    #expect(r.stderr.contains("(on iphone, iphone5)\n"))
    #expect(
      !r.stderr.contains(
        "b.lua:1: feature 'f': pen:move needs 2 finite numbers (argument 2 is no value) (on"))
  }

  @Test func listShowsDeclarationsAndJSON() throws {
    let t = try psychologist(["list", "examples/psychologist.lua"])
    #expect(t.status == 0)
    #expect(t.out.hasPrefix("examples/psychologist.lua:\n"))
    #expect(t.out.split(separator: "\n").contains { $0.contains("bite") && $0.hasSuffix("line 9") })
    let j = try psychologist(["list", "examples/psychologist.lua", "--json"])
    let obj = try JSONSerialization.jsonObject(with: j.stdout) as? [String: Any]
    let diagnoses = obj?["diagnoses"] as? [[String: Any]]
    #expect(diagnoses?.map { $0["name"] as? String } == ["flaying", "bite", "play"])
    #expect(diagnoses?.map { $0["happiness"] as? Int } == [86, 70, 20])
    let segues = obj?["segues"] as? [[String: Any]]
    #expect(segues?.first { $0["name"] as? String == "cartoon" }?["kind"] as? String == "modal")
  }
}
