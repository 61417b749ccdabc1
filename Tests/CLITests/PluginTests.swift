import Foundation
import TestSupport
import Testing

// Plugins end to end through the built binary: files written to a temporary folder, loaded
// by --plugin, PSYCHOLOGIST_PATH and the XDG config folder, checked by what the binary
// prints, its exit status and (for drawing) pixels of its SVG rendered by rsvg-convert.

/// A temporary folder with files written into it (paths relative to it, folders made).
func pluginFolder(_ files: [String: String]) throws -> String {
  let dir = try temporaryFolder()
  for (path, text) in files {
    let full = dir + "/" + path
    try FileManager.default.createDirectory(
      atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try writeFile(full, text)
  }
  return dir
}

/// An environment where only what a test names is on the plugin path: no user config.
func pluginEnv(_ dir: String, _ extra: [String: String] = [:]) -> [String: String] {
  var env = ["PSYCHOLOGIST_PATH": "", "XDG_CONFIG_HOME": dir + "/no-config", "HOME": dir]
  for (k, v) in extra { env[k] = v }
  return env
}

typealias PixelImage = Pixels

/// The pixel's colour, white outside the image.
func pixel(_ image: PixelImage, _ x: Int, _ y: Int) -> (Int, Int, Int) {
  image.at(x, y).map { ($0.r, $0.g, $0.b) } ?? (255, 255, 255)
}

func isReddish(_ c: (Int, Int, Int)) -> Bool { c.0 > 180 && c.1 < 90 && c.2 < 90 }
func isGreenish(_ c: (Int, Int, Int)) -> Bool { c.1 > 90 && c.0 < 60 && c.2 < 60 }

/// Whether any pixel within `radius` of (x, y) passes `test`.
func anyPixelNear(
  _ image: PixelImage, _ x: Int, _ y: Int, radius: Int = 3, _ test: ((Int, Int, Int)) -> Bool
)
  -> Bool
{
  for dy in -radius...radius {
    for dx in -radius...radius where test(pixel(image, x + dx, y + dy)) { return true }
  }
  return false
}

// The face of a pushed scene on an iPhone in portrait, worked out by hand from
// docs/ARCHITECTURE.md ("The face's geometry", "The storyboard"):
// content 320 × (480 − 20 − 44) = 320×416, so mid = (160, 208) and the head's radius
// 416 > 320 → 320 / 2 × 0.9 = 144; eyes at 160 ∓ 0.35·144 = 109.6 / 210.4, y 208 − 50.4 =
// 157.6, radius 14.4.
let faceMidX = 160.0, faceMidY = 208.0, faceRadius = 144.0
let faceEyeY = 157.6, faceLeftEyeX = 109.6, faceEyeRadius = 14.4

let seedScript = """
  diagnosis "bite" { happiness = 70 }
  segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
  segue "cartoon" { kind = "modal", happiness = 100 }

  """

@Suite struct PluginPath {
  @Test func loadsPluginThenPathThenConfigThenTheScriptWithFoldersInNameOrder() throws {
    let mark = { (name: String) in "order = order or {} order[#order + 1] = \"\(name)\"\n" }
    let dir = try pluginFolder([
      "one/b.lua": mark("one/b"), "one/a.lua": mark("one/a"), "one/notes.txt": "not lua",
      "one/sub/c.lua": mark("one/sub/c"),  // a subfolder holds modules, not plugins
      "single.lua": mark("single"),
      "env1/x.lua": mark("env1/x"), "env2/y.lua": mark("env2/y"),
      "config/psychologist/plugins/z.lua": mark("config/z"),
      "main.lua": mark("main") + "print(table.concat(order, \" \"))\n",
    ])
    let r = try psychologist(
      ["run", "main.lua", "--plugin", "one", "--plugin", "single.lua"], in: dir,
      environment: pluginEnv(
        dir, ["PSYCHOLOGIST_PATH": "env1:env2", "XDG_CONFIG_HOME": dir + "/config"]))
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.out == "one/a one/b single env1/x env2/y config/z main\n")
  }

  @Test func theConfigFolderDefaultsToDotConfigUnderHome() throws {
    let dir = try pluginFolder([
      ".config/psychologist/plugins/p.lua": "loaded = \"home config\"\n",
      "main.lua": "print(loaded)\n",
    ])
    var env = pluginEnv(dir)
    env["XDG_CONFIG_HOME"] = ""
    let r = try psychologist(["run", "main.lua"], in: dir, environment: env)
    #expect(r.out == "home config\n", "\(r.stderr)")
  }

  @Test func aFolderOnTwoPathsLoadsOnce() throws {
    let dir = try pluginFolder([
      "p/k.lua":
        "print 'k loaded'\nsegue_kind \"k\" { perform = function(nav, s) nav:push(s) end }\n",
      "main.lua": "print 'ok'\n",
    ])
    defer { removeFolder(dir) }
    // The same folder by another spelling too: the same files, once.
    let r = try psychologist(
      ["run", "main.lua", "--plugin", "p", "--plugin", "./p/k.lua"], in: dir,
      environment: pluginEnv(dir, ["PSYCHOLOGIST_PATH": "p:\(dir)/p"]))
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.out == "k loaded\nok\n")
  }

  @Test func requireFindsModulesOnThePluginPath() throws {
    let dir = try pluginFolder([
      "path/lib/happy.lua": "return { value = 42 }\n",
      "path/p.lua": "local h = require \"lib.happy\"\ndiagnosis \"x\" { happiness = h.value }\n",
      "main.lua": seedScript + "print(require(\"lib.happy\").value + 1)\n",
    ])
    let r = try psychologist(
      ["list", "main.lua", "--json"], in: dir,
      environment: pluginEnv(dir, ["PSYCHOLOGIST_PATH": "path"]))
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.out.hasPrefix("43\n"))
    #expect(r.out.contains("\"name\": \"x\", \"happiness\": 42"))
    let missing = try pluginFolder(["main.lua": "\n\nrequire \"nowhere\"\n"])
    let m = try psychologist(["run", "main.lua"], in: missing, environment: pluginEnv(missing))
    #expect(m.status == 1)
    #expect(m.stderr.contains("main.lua:3:"))
  }

  /// The listing is grouped by file: each file (the script's, then each plugin's) is named
  /// once, above its declarations with their lines, instead of on every line.
  @Test func listSaysWhichPluginDeclaredWhat() throws {
    let dir = try pluginFolder([
      "plugs/fade.lua": "segue_kind \"fade\" { perform = function(nav, s) nav:present(s) end }\n"
        + "segue \"slow\" { kind = \"fade\" }\nsegue \"slower\" { kind = \"fade\" }\n",
      "plugs/ink.lua": "style \"ink\" { color = \"black\" }\n",
      "main.lua": seedScript,
    ])
    let r = try psychologist(
      ["list", "main.lua", "--plugin", "plugs"], in: dir, environment: pluginEnv(dir))
    #expect(r.status == 0, "\(r.stderr)")
    let lines = r.out.split(separator: "\n").map(String.init)
    for file in ["main.lua", "plugs/fade.lua", "plugs/ink.lua"] {
      #expect(lines.filter { $0.contains(file) }.count == 1, "\(file) once:\n\(r.out)")
    }
    // Each file heads its own declarations: the script's first, then the plugins' in the
    // order they load (by name in the folder).
    func index(_ prefix: String) -> Int { lines.firstIndex { $0.hasPrefix(prefix) } ?? -1 }
    let main = index("main.lua"), fade = index("plugs/fade.lua (plugin)")
    let ink = index("plugs/ink.lua (plugin)")
    #expect(main == 0 && main < fade && fade < ink, "\(r.out)")
    let fadeBlock = lines[(fade + 1)..<ink].joined(separator: "\n")
    #expect(fadeBlock.contains("slow") && fadeBlock.contains("slower"))
    #expect(fadeBlock.contains("fade") && fadeBlock.contains("line 1"))
    #expect(lines[(main + 1)..<fade].contains { $0.contains("bite") && $0.contains("line 1") })
    #expect(!r.out.contains("(plugin plugs/"))
  }
}

@Suite struct OverridesAndConflicts {
  let plugin = "\ndiagnosis \"bite\" { happiness = 10 }\n"

  @Test func aLaterDeclarationSayingOverrideReplacesTheEarlier() throws {
    let dir = try pluginFolder([
      "p.lua": plugin,
      "main.lua": seedScript.replacingOccurrences(
        of: "diagnosis \"bite\" { happiness = 70 }",
        with: "diagnosis \"bite\" { happiness = 70, override = true }"),
    ])
    let r = try psychologist(
      ["show", "main.lua", "bite", "--plugin", "p.lua", "--format", "svg"], in: dir,
      environment: pluginEnv(dir))
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.out.contains("happiness 70"))
    let l = try psychologist(
      ["list", "main.lua", "--plugin", "p.lua"], in: dir, environment: pluginEnv(dir))
    #expect(l.out.contains("bite") && !l.out.contains("p.lua:2"))
  }

  @Test func twoDeclarationsOfOneNameNameBothPlaces() throws {
    let dir = try pluginFolder(["p.lua": plugin, "main.lua": seedScript])
    let r = try psychologist(
      ["show", "main.lua", "bite", "--plugin", "p.lua"], in: dir, environment: pluginEnv(dir))
    #expect(r.status == 1)
    #expect(r.out.isEmpty)
    #expect(
      r.stderr.contains("psychologist: error: main.lua:1: diagnosis 'bite' is declared twice"))
    #expect(r.stderr.contains("p.lua:2"))
  }

  @Test func conflictsBetweenTwoPluginsToo() throws {
    let kind = "segue_kind \"fade\" { perform = function(nav, s) nav:present(s) end }\n"
    let dir = try pluginFolder(["a/1.lua": kind, "a/2.lua": "\n" + kind, "main.lua": seedScript])
    let r = try psychologist(
      ["check", "main.lua", "--plugin", "a"], in: dir, environment: pluginEnv(dir))
    #expect(r.status == 1)
    #expect(
      r.stderr.contains("a/2.lua:2: segue_kind 'fade' is declared twice: here and at a/1.lua:1"))
  }
}

@Suite struct CustomKinds {
  let kinds = """
    segue_kind "slide" { perform = function(nav, scene) nav:push(scene) end }
    segue_kind "fade" {
      perform = function(nav, scene, ctx)
        print(nav.device, nav.orientation, scene.title, ctx.segue)
        nav:present(scene)
      end,
    }
    segue_kind "broken" {
      perform = function(nav, scene)
        error("the projector is broken")
      end,
    }
    segue_kind "idle" { perform = function(nav, scene) end }
    segue_kind "leave" { perform = function(nav, scene) nav:pop() end }

    """

  func script(_ kind: String) -> String {
    seedScript.replacingOccurrences(of: "kind = \"push\"", with: "kind = \"\(kind)\"")
  }

  /// The whole screen after tapping bite, as SVG, with showDiagnosis of `kind`.
  func screen(_ kind: String, device: String = "iphone") throws -> Run {
    let dir = try pluginFolder(["k.lua": kinds, "main.lua": script(kind)])
    return try psychologist(
      [
        "show", "main.lua", "bite", "--plugin", "k.lua", "--screen", "--format", "svg", "--device",
        device,
      ],
      in: dir, environment: pluginEnv(dir))
  }

  @Test func aKindThatPushesShowsWhatABuiltInPushShows() throws {
    let custom = try screen("slide"), builtin = try screen("push")
    #expect(custom.status == 0, "\(custom.stderr)")
    #expect(custom.out.contains("<polygon"))  // an arrow-shaped back button: it was pushed
    #expect(custom.out == builtin.out)
  }

  @Test func aKindThatPresentsShowsWhatAModalShowsAndReadsTheDevice() throws {
    let custom = try screen("fade", device: "ipad")
    let builtin = try screen("modal", device: "ipad")
    #expect(custom.status == 0, "\(custom.stderr)")
    let lines = custom.out.split(separator: "\n", maxSplits: 1)
    #expect(lines.first == "ipad\tportrait\tHappiness\tshowDiagnosis")
    #expect(lines.count == 2 && String(lines[1]) == builtin.out)
  }

  @Test func aSessionGoesBackFromACustomKind() throws {
    let dir = try pluginFolder([
      "k.lua": kinds,
      "main.lua": script("fade") + """
        local s = session { device = "iphone", orientation = "landscape" }
        s:tap("bite") print(#s.stack, s.scene, s.happiness) s:back() print(#s.stack, s.scene)

        """,
    ])
    let r = try psychologist(
      ["run", "main.lua", "--plugin", "k.lua"], in: dir, environment: pluginEnv(dir))
    #expect(r.status == 0, "\(r.stderr)")
    #expect(
      r.out == "iphone\tlandscape\tHappiness\tshowDiagnosis\n2\tHappiness\t70\n1\tPsychologist\n")
  }

  @Test func aKindThatErrorsNamesItsFileAndLine() throws {
    let r = try screen("broken")
    #expect(r.status == 1)
    #expect(r.out.isEmpty)
    #expect(r.stderr.hasPrefix("psychologist: error: k.lua:10: the projector is broken"))
  }

  @Test func aKindThatPerformsNothingIsAnError() throws {
    for kind in ["idle", "leave"] {
      let r = try screen(kind)
      #expect(r.status == 1)
      #expect(r.out.isEmpty)
      let line = kind == "idle" ? 13 : 14
      #expect(
        r.stderr.contains("k.lua:\(line): segue_kind '\(kind)' performed nothing"), "\(r.stderr)")
    }
  }

  @Test func aKindMissingOnADeviceIsAnError() throws {
    let dir = try pluginFolder([
      "k.lua":
        "segue_kind \"sheet\" {\n  devices = { \"ipad\" },\n"
        + "  perform = function(n, s) n:present(s) end,\n}\n",
      "main.lua": script("sheet"),
    ])
    let r = try psychologist(
      ["show", "main.lua", "bite", "--plugin", "k.lua"], in: dir, environment: pluginEnv(dir))
    #expect(r.status == 1)
    #expect(r.stderr.contains("main.lua:2:") && r.stderr.contains("does not exist on an iphone"))
  }
}

@Suite struct Features {
  /// A red bar across the face at its centre, far wider than the view (to be clipped).
  let bar = """
    feature "bar" {
      draw = function(face, pen)
        assert(face.size > 0 and face.happiness == 70 and face.expression.eyes == 1)
        pen:color("red") pen:width(8)
        pen:move(-5, 0) pen:line(5, 0)
      end,
    }

    """

  func show(_ plugin: String, _ extra: [String] = [], main: String = seedScript) throws -> Run {
    let dir = try pluginFolder(["f.lua": plugin, "main.lua": main])
    let format = extra.contains("--format") ? [] : ["--format", "svg"]
    return try psychologist(
      ["show", "main.lua", "bite", "--plugin", "f.lua"] + format + extra, in: dir,
      environment: pluginEnv(dir))
  }

  @Test func aFeaturesStrokesAreDrawnInFaceUnits() throws {
    let r = try show(bar)
    #expect(r.status == 0, "\(r.stderr)")
    let image = try rasterize(r.stdout)
    #expect(anyPixelNear(image, Int(faceMidX), Int(faceMidY), isReddish))  // at the centre
    // (1, 0) is the head's edge; nothing above the bar; the red came from the feature
    #expect(anyPixelNear(image, Int(faceMidX + faceRadius), Int(faceMidY), isReddish))
    #expect(!anyPixelNear(image, Int(faceMidX), Int(faceMidY - 30), isReddish))
    let plain = try rasterize(try show("").stdout)
    #expect(!anyPixelNear(plain, Int(faceMidX), Int(faceMidY), isReddish))
  }

  @Test func whatAFeatureDrawsIsClippedToItsView() throws {
    // iPad landscape: master 320 wide on the left, the face in the detail on the right;
    // the bar at the face's centre line would cross the master if it were not clipped.
    let main = seedScript.replacingOccurrences(of: "kind = \"push\"", with: "kind = \"replace\"")
    let r = try show(
      bar, ["--device", "ipad", "--orientation", "landscape", "--screen"], main: main)
    #expect(r.status == 0, "\(r.stderr)")
    let image = try rasterize(r.stdout)
    #expect(image.width == 1024)
    // the detail's content: x 321…1024, y 64…768, centre (672.5, 416)
    #expect(anyPixelNear(image, 672, 416, isReddish))
    #expect(anyPixelNear(image, 330, 416, isReddish))
    #expect(!(0..<315).contains { x in isReddish(pixel(image, x, 416)) })
  }

  @Test func theTerminalRendererDrawsFeaturesToo() throws {
    let plain = try show("", ["--format", "ascii"])
    let r = try show(bar, ["--format", "ascii"])
    #expect(r.status == 0, "\(r.stderr)")
    // The bar is a run of marks right across the middle, which the plain face lacks; the
    // 320×416 view fits 80×24 cells about 36 columns wide, and the bar, ten head radii
    // long, stops at the view's edges instead of running across all 80.
    func longestRun(_ text: String) -> Int {
      text.split(separator: "\n").map { line in
        line.split(separator: " ", omittingEmptySubsequences: true).map(\.count).max() ?? 0
      }.max() ?? 0
    }
    #expect((30...40).contains(longestRun(r.out)))
    #expect(longestRun(plain.out) < 20)
  }

  @Test func aFeatureThatErrorsNamesItsLineAndDrawsNothing() throws {
    let r = try show(
      "feature \"oops\" {\n  draw = function(face, pen)\n    pen:line(1)\n  end,\n}\n")
    #expect(r.status == 1)
    #expect(r.out.isEmpty)  // not the face without the feature
    #expect(r.stderr.hasPrefix("psychologist: error: f.lua:3: feature 'oops': pen:line"))
  }

  @Test func aFeatureListedByADiagnosisGoesOnItsFacesOnly() throws {
    let main = seedScript + "diagnosis \"marked\" { happiness = 70, features = { \"bar\" } }\n"
    let dir = try pluginFolder(["f.lua": bar, "main.lua": main])
    for (name, red) in [("bite", false), ("marked", true)] {
      let r = try psychologist(
        ["show", "main.lua", name, "--plugin", "f.lua", "--format", "svg"], in: dir,
        environment: pluginEnv(dir))
      #expect(r.status == 0, "\(r.stderr)")
      #expect(
        anyPixelNear(try rasterize(r.stdout), Int(faceMidX), Int(faceMidY), isReddish) == red,
        "\(name)")
    }
  }
}

@Suite struct Expressions {
  func show(_ expression: String) throws -> PixelImage {
    let dir = try pluginFolder([
      "main.lua": seedScript + "diagnosis \"e\" { expression = \(expression) }\n"
    ])
    let r = try psychologist(
      ["show", "main.lua", "e", "--format", "svg"], in: dir, environment: pluginEnv(dir))
    #expect(r.status == 0, "\(r.stderr)")
    return try rasterize(r.stdout)
  }

  @Test func closedEyesAreLinesOpenEyesAreCircles() throws {
    let closed = try show("{ eyes = 0 }")
    let open = try show("{ eyes = 1 }")
    let (x, y, r) = (Int(faceLeftEyeX), Int(faceEyeY), Int(faceEyeRadius))
    // a closed eye: a horizontal stroke through the centre, nothing above or below it
    #expect(blueNear(closed, x, y, radius: 1))
    #expect(blueNear(closed, x - r + 3, y, radius: 1))
    #expect(!blueNear(closed, x, y - r, radius: 2))
    #expect(!blueNear(closed, x, y + r, radius: 2))
    // an open eye: a ring, hollow in the middle
    #expect(!blueNear(open, x, y, radius: 2))
    #expect(blueNear(open, x, y - r, radius: 1))
    #expect(blueNear(open, x, y + r, radius: 1))
  }

  @Test func browsAreDrawnOnlyWhenGiven() throws {
    let withBrows = try show("{ brows = 0 }")
    let without = try show("{ mouth = 0 }")
    // a level brow sits 2.2 eye radii above the eye
    let browY = Int(faceEyeY - 2.2 * faceEyeRadius)
    #expect(blueNear(withBrows, Int(faceLeftEyeX), browY, radius: 2))
    #expect(!blueNear(without, Int(faceLeftEyeX), browY, radius: 4))
  }
}

@Suite struct Styles {
  let styles = """
    style "alarm" { color = "red" }
    style "calm" { color = "green", line_width = 8 }

    """

  func headColour(_ name: String, _ extra: [String] = []) throws -> (Int, Int, Int)? {
    let main = seedScript + "diagnosis \"alarmed\" { happiness = 20, style = \"alarm\" }\n"
    let dir = try pluginFolder(["s.lua": styles, "main.lua": main])
    let r = try psychologist(
      ["show", "main.lua", name, "--plugin", "s.lua", "--format", "svg"] + extra, in: dir,
      environment: pluginEnv(dir))
    #expect(r.status == 0, "\(r.stderr)")
    guard r.status == 0 else { return nil }
    let image = try rasterize(r.stdout)
    // the darkest pixel across the head's leftmost point, (mid.x − radius, mid.y)
    return (-4...4).map { pixel(image, Int(faceMidX - faceRadius) + $0, Int(faceMidY)) }
      .min { $0.0 + $0.1 + $0.2 < $1.0 + $1.1 + $1.2 }
  }

  @Test func aDiagnosisChoosesItsStyle() throws {
    #expect(try headColour("alarmed").map(isReddish) == true)
    #expect(try headColour("bite").map { $0.2 > 150 && $0.0 < 100 } == true)  // still blue
  }

  @Test func dashDashStyleChoosesForEveryFace() throws {
    #expect(try headColour("bite", ["--style", "calm"]).map(isGreenish) == true)
    #expect(try headColour("alarmed", ["--style", "calm"]).map(isGreenish) == true)
  }

  /// `face` draws the seed's face in a 320×480 view: mid (160, 240), head radius 144.
  func faceHeadColour(_ plugin: String, _ extra: [String]) throws -> (Int, Int, Int)? {
    let dir = try pluginFolder(["p.lua": plugin])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let r = try psychologist(
      ["face", "--happiness", "70", "--format", "svg", "--plugin", dir + "/p.lua"] + extra,
      environment: pluginEnv(dir))
    #expect(r.status == 0, "\(r.stderr)")
    guard r.status == 0 else { return nil }
    let image = try rasterize(r.stdout)
    return (-3...3).map { pixel(image, 160 + 144 + $0, 240) }
      .min { $0.0 + $0.1 + $0.2 < $1.0 + $1.1 + $1.2 }
  }

  @Test func faceTakesStylePluginsAndDashDashStyle() throws {
    #expect(try faceHeadColour("style { color = \"red\" }", []).map(isReddish) == true)
    let named = "style \"calm\" { color = \"#00aa00\" }"
    #expect(try faceHeadColour(named, ["--style", "calm"]).map(isGreenish) == true)
    #expect(try faceHeadColour(named, []).map { $0.2 > 150 && $0.0 < 100 } == true)  // blue
    let dir = try pluginFolder(["p.lua": named])
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let unknown = try psychologist(
      ["face", "--plugin", dir + "/p.lua", "--style", "clam"], environment: pluginEnv(dir))
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("did you mean 'calm'"))
  }

  @Test func anUnknownStyleKeyIsAnErrorWithASuggestion() throws {
    let dir = try pluginFolder([
      "s.lua": "\nstyle \"x\" { colour = \"red\" }\n", "main.lua": seedScript,
    ])
    let r = try psychologist(
      ["show", "main.lua", "bite", "--plugin", "s.lua"], in: dir, environment: pluginEnv(dir))
    #expect(r.status == 1)
    #expect(
      r.stderr.contains("s.lua:2: style 'x' has an unknown field 'colour' (did you mean 'color'?)"))
  }

  @Test func anUnknownStyleNameIsAnErrorWithASuggestion() throws {
    let dir = try pluginFolder(["s.lua": styles, "main.lua": seedScript])
    let r = try psychologist(
      ["show", "main.lua", "bite", "--plugin", "s.lua", "--style", "calmm"], in: dir,
      environment: pluginEnv(dir))
    #expect(r.status == 2)  // a command-line value, so a usage error
    #expect(r.stderr.contains("unknown style 'calmm' (did you mean 'calm'?)"))
  }
}

@Suite struct ExamplePlugins {
  @Test func theExamplesAddAKindAFeatureAndADiagnosisToTheSeedApp() throws {
    let r = try psychologist(
      [
        "show", "examples/psychologist.lua", "questionnaire", "--plugin", "examples/plugins",
        "--format", "svg", "--screen",
      ], environment: pluginEnv(packageRoot))
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try validXML(r.stdout))
    // fade presents over everything on an iPhone: no navigation bar, no back button
    #expect(!r.out.contains("‹"))
    #expect(r.out.contains("stroke=\"#3fa7d6\""))  // the worried feature's drop
    #expect(r.out.contains("<ellipse"))  // tired eyes, half shut
  }
}
