import Foundation
import TestSupport
import Testing

/// Drives Chromium on `page` through `Tests/Scripts/prototype_driver.py` (the DevTools
/// protocol over a pipe): the steps run in order; what each `eval` step gave, one JSON
/// value a line.
func drive(_ page: String, _ steps: [[String: Any]]) throws -> [Any] {
  let json = String(decoding: try JSONSerialization.data(withJSONObject: steps), as: UTF8.self)
  let r = try runProgram(
    "/usr/bin/python3", [packageRoot + "/Tests/Scripts/prototype_driver.py", page, json],
    timeout: 300)
  guard r.status == 0 else { throw TestFailure("the driver failed (\(r.status)): \(r.stderr)") }
  return try r.out.split(separator: "\n").map {
    try JSONSerialization.jsonObject(with: Data($0.utf8), options: .fragmentsAllowed)
  }
}

/// `psychologist export`: one page, no network, every example; played in Chromium.
@Suite struct ExportTests {
  /// The exported page of `script` (with `extra` arguments), as text, in `dir`.
  func export(_ script: String, _ dir: String, _ extra: [String] = []) throws -> String {
    let name = (script as NSString).lastPathComponent.replacingOccurrences(of: ".lua", with: "")
    let out = dir + "/" + name + ".html"
    let r = try psychologist(["export", script, "-o", out] + extra)
    #expect(r.status == 0, "\(script): \(r.stderr)")
    return out
  }

  /// Every example exports; the page asks for nothing outside itself (no URL, no link, no
  /// script or image from elsewhere), each of its SVG fragments is well-formed XML, and the
  /// seed app's page is at most 1 MiB.
  @Test func everyExampleExportsOneSelfContainedPage() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let examples = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/examples")
      .filter { $0.hasSuffix(".lua") }.sorted()
    #expect(examples.count >= 6)
    for example in examples {
      let page = try String(contentsOfFile: try export("examples/" + example, dir), encoding: .utf8)
      #expect(page.hasPrefix("<!doctype html>"), "\(example)")
      // SVG's namespace is a name, not a place the browser goes.
      let text = page.replacingOccurrences(of: "xmlns=\"http://www.w3.org/2000/svg\"", with: "")
      for outside in ["http:", "https:", "<link", "@import", " src=", "url(http", "://"] {
        #expect(!text.contains(outside), "\(example) refers outside itself: \(outside)")
      }
      let fragments = page.components(separatedBy: "<template id=\"f").dropFirst()
      #expect(!fragments.isEmpty, "\(example)")
      for fragment in fragments.prefix(40) {
        let svg = try #require(fragment.components(separatedBy: "</template>").first)
          .drop { $0 != "<" }
        #expect(try validXML(Data(svg.utf8)), "\(example): \(svg.prefix(200))")
      }
      if example == "psychologist.lua" {
        #expect(page.utf8.count <= 1 << 20, "the seed's page is \(page.utf8.count) bytes")
      }
    }
  }

  /// `-o` into a folder that does not exist is an output not written (exit 3); no script,
  /// a usage error.
  @Test func exportSaysWhatWentWrong() throws {
    let r = try psychologist(["export", "examples/psychologist.lua", "-o", "/nonexistent/x.html"])
    #expect(r.status == 3, "\(r.stderr)")
    let none = try psychologist(["export", "-o", "x.html"])
    #expect(none.status == 2, "\(none.stderr)")
  }

  /// A tap that fails only from a screen reached by clicking (a segue that refuses a second
  /// visit, once a diagnosis was shown) is a warning of `export`, whose page leaves the
  /// button inert there, and a problem `check` reports at its line.
  @Test func checkReportsWhatExportWouldMeet() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try writeFile(
      dir + "/again.lua",
      """
      diagnosis "sad" { happiness = 10 }
      segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
      segue "again" {
        kind = "push",
        happiness = function(ctx)
          if ctx.diagnosis then error("no second visit") end
          return 50
        end,
      }

      """)
    let check = try psychologist(["check", "again.lua"], in: dir)
    #expect(check.status == 1, "\(check.out) \(check.stderr)")
    #expect(check.stderr.contains("again.lua:6: no second visit"), "\(check.stderr)")
    #expect(check.stderr.contains("exporting: tapping 'again'"), "\(check.stderr)")
    let export = try psychologist(["export", "again.lua", "-o", "again.html"], in: dir)
    #expect(export.status == 1, "\(export.stderr)")
    #expect(export.stderr.contains("error: again.lua:6: no second visit"), "\(export.stderr)")
    let page = try String(contentsOfFile: dir + "/again.html", encoding: .utf8)
    #expect(page.contains("\"e\":[null]"), "a failed tap's edge is null in the page's data")
  }

  /// The y of the blue mouth in column `x` (the mean of its blue pixels between the eyes'
  /// level and the chin), nil when none is blue.
  func mouth(_ p: Pixels, x: Int, from top: Int, to bottom: Int) -> Double? {
    let rows = (top...bottom).filter { y in
      p.at(x, y).map { $0.b > 200 && $0.r < 90 && $0.g < 90 } ?? false
    }
    return rows.isEmpty ? nil : Double(rows.reduce(0, +)) / Double(rows.count)
  }

  /// The seed's page in Chromium: "bite" pushes (half-way both scenes show, as `--animate`
  /// draws it), ends on the screen `show --screen` draws; a drag up raises the smile;
  /// Rotate turns it; Back goes to the menu; the wheel and a swipe scroll it.
  @Test func theSeedsPagePlaysInChromium() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let page = try export("examples/psychologist.lua", dir)
    let values = try drive(
      page,
      [
        ["shot": dir + "/menu.png"],
        ["eval": "psy.holdAt = 0.5"],
        ["tap": [160, 148]],  // bite, the second button
        ["wait": "psy.held"],
        ["shot": dir + "/mid.png"],
        ["eval": "psy.holdAt = null"],
        ["wait": "!psy.busy && psy.steps === 1"],
        ["shot": dir + "/bite.png"],
        ["eval": "[document.getElementById('status').textContent, psy.happiness]"],
        ["drag": [160, 300, 160, 240]],
        ["eval": "psy.happiness"],
        ["shot": dir + "/happier.png"],
        ["wheel": [160, 300, -300]],
        ["eval": "psy.scale"],
        ["shot": dir + "/pinched.png"],
        ["wheel": [160, 300, 300]],
        ["click": "#rotate"],
        ["wait": "psy.steps === 2"],
        ["shot": dir + "/landscape.png"],
        ["eval": "psy.holdAt = 0.1"],
        ["click": "#back"],
        ["wait": "psy.held"],
        ["shot": dir + "/leaving.png"],
        ["eval": "psy.holdAt = null"],
        ["wait": "!psy.busy && psy.steps === 3"],
        ["shot": dir + "/back.png"],
        ["eval": "document.getElementById('status').textContent"],
        ["eval": "psy.buttons()"],
        ["wheel": [240, 150, 100]],
        ["wait": "psy.steps === 4"],
        ["eval": "psy.buttons()"],
        ["shot": dir + "/scrolled.png"],
        ["drag": [240, 150, 240, 250]],
        ["wait": "psy.steps === 5"],
        ["eval": "psy.buttons()[0]"],
      ])
    func shot(_ name: String) throws -> Pixels {
      try decodePNG(try #require(FileManager.default.contents(atPath: dir + "/" + name)))
    }
    func blue(_ p: Pixels, _ x: Double, _ y: Double, _ radius: Int = 3) -> Bool {
      p.has((0, 0, 255), near: x, y, radius: radius)
    }
    let menu = try shot("menu.png")
    #expect(menu.width == 320 && menu.height == 480)
    #expect(!blue(menu, 16, 272) && !blue(menu, 160, 272, 20), "the menu shows no face")

    // Half-way through the push: the face (centre (160, 272), radius 144 at rest) moved
    // 160 right, the menu as far left, its first button's top border reaching the left edge.
    let mid = try shot("mid.png")
    #expect(blue(mid, 176, 272))
    #expect(!blue(mid, 16, 272, 6))
    #expect((mid.at(5, 80)?.r ?? 255) < 215)
    #expect((mid.at(144, 100)?.r ?? 255) < 215, "the menu's button's right border at x = 144")

    // At the end, the screen `show bite --screen` draws (through rsvg-convert: the fonts
    // differ a little), face and title alike.
    let bite = try shot("bite.png")
    #expect(blue(bite, 16, 272) && !blue(bite, 176, 272, 1))
    let r = try psychologist([
      "show", "examples/psychologist.lua", "bite", "--screen", "--format", "svg",
    ])
    let still = try rasterize(Data(r.out.utf8))
    let differing = try #require(bite.differences(from: still, tolerance: 48))
    #expect(differing < bite.rgb.count / 100, "\(differing) of \(bite.rgb.count) values differ")
    // The bar's title region is the face scene's, not the menu's.
    var titleChanged = 0
    for y in 28...56 {
      for x in 110...210 where (bite.at(x, y)?.r ?? 0) - (menu.at(x, y)?.r ?? 0) != 0 {
        titleChanged += 1
      }
    }
    #expect(titleChanged > 100)
    let status = try #require(values[2] as? [Any])
    #expect((status[0] as? String)?.hasPrefix("Happiness") == true, "\(status)")
    #expect(status[1] as? Double == 70)

    // A drag up of 60 points: happiness + 30 (the seed's pan), and the mouth's middle bends
    // further down (a smile) while its ends stay.
    #expect(values[3] as? Double == 100)
    let happier = try shot("happier.png")
    let low = try #require(mouth(bite, x: 160, from: 300, to: 400))
    let high = try #require(mouth(happier, x: 160, from: 300, to: 400))
    #expect(high > low + 3, "the mouth's middle at \(low), then \(high)")

    // Landscape: 480×320; the content rect below a 32-point bar, the face centred in it.
    let landscape = try shot("landscape.png")
    #expect(landscape.width == 480 && landscape.height == 320)
    let radius = (320.0 - 52) / 2 * 0.9
    #expect(blue(landscape, 240 - radius, 186) && blue(landscape, 240 + radius, 186))

    // Going back slides the face as the drag left it (happiness 100: the mouth's middle
    // 0.75 × 0.25 × 120.6 below its ends, at y = 234.2), not as it was tapped (70: 9
    // points below them); a tenth of the way in it has moved only a few points.
    let leaving = try shot("leaving.png")
    let middle = try #require(mouth(leaving, x: 245, from: 215, to: 300))
    #expect(middle > 250, "the leaving face's mouth at \(middle)")

    // Back: the menu, in landscape, and no face.
    let back = try shot("back.png")
    #expect(back.width == 480 && !blue(back, 240 - radius, 186, 6))
    #expect((values[7] as? String) == "Psychologist")

    // The wheel over the face pinches: the head grows past the screen's sides, its top
    // (radius 144 × 1.35 above the centre) near the bar.
    let scale = try #require(values[4] as? Double)
    #expect(abs(scale - 0.9 * exp(0.3)) < 0.01, "scale \(scale)")
    let pinched = try shot("pinched.png")
    #expect(blue(pinched, 160, 272 - 144 * exp(0.3)) && !blue(pinched, 16, 272))

    // In landscape five of the menu's six buttons fit; the wheel over it scrolls one on.
    let before = try #require(values[8] as? [String])
    let after = try #require(values[9] as? [String])
    #expect(before == ["flaying", "bite", "play", "movie", "teleplay"])
    #expect(after == ["bite", "play", "movie", "teleplay", "cartoon"])
    #expect(values[10] as? String == "flaying", "a swipe down scrolls the menu back")
    let scrolled = try shot("scrolled.png")
    #expect(scrolled.differences(from: back, tolerance: 48) ?? 0 > 1000)
    // At rest in landscape the page shows, as `show --screen` does, the top of the sixth
    // button cut at the pane's edge (its grey border at y 308, under the fifth's white
    // gap); scrolled to the end there is none below, and the sixth is whole in its row.
    func grey(_ p: Pixels, _ x: Int, _ y: Int) -> Bool {
      [y - 1, y, y + 1].contains { y in
        p.at(x, y).map { $0.r > 100 && $0.r < 230 && abs($0.r - $0.b) < 20 } ?? false
      }
    }
    #expect(grey(back, 240, 308) && !grey(back, 240, 303))
    #expect(!grey(scrolled, 240, 308))
  }

  /// Titles that look like markup stay text: in the page's title, its data and the bar.
  @Test func titlesAreTextNotMarkup() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let title = "Q \"</script><b>&\\ x"
    try writeFile(
      dir + "/q.lua",
      "app { title = [[\(title)]] }\ndiagnosis \"a\" { happiness = 10 }\n")
    let r = try psychologist(["export", "q.lua", "-o", "q.html"], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    let values = try drive(
      dir + "/q.html",
      [
        ["eval": "document.title"],
        ["eval": "document.getElementById('status').textContent"],
        ["eval": "document.querySelectorAll('b').length"],
      ])
    #expect((values[0] as? String)?.hasPrefix(title) == true, "\(values)")
    #expect(values[1] as? String == title)
    #expect(values[2] as? Int == 0)
  }

  /// Two fingers on the face pinch it (a touch screen has no wheel): spread from 100 to 150
  /// points apart, the scale grows by half; one finger then still pans.
  @Test func twoFingersPinchTheFace() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let page = try export("examples/psychologist.lua", dir)
    let values = try drive(
      page,
      [
        ["tap": [160, 148]],
        ["wait": "!psy.busy && psy.steps === 1"],
        ["pinch": [160, 272, 100, 150]],
        ["eval": "psy.scale"],
        ["drag": [160, 300, 160, 340]],
        ["eval": "psy.happiness"],
      ])
    let scale = try #require(values[0] as? Double)
    #expect(abs(scale - 0.9 * 1.5) < 0.01, "scale \(scale)")
    #expect(values[1] as? Double == 50)
  }

  /// A diagnosis with examples offers them: mood's best day (8 hours' sleep, an hour's
  /// exercise, no stress) lands on 100 (clamped), its worst (3 hours, stress 10) on 0.
  @Test func examplesAreOfferedAsInputs() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let page = try export("examples/mood.lua", dir)
    let values = try drive(
      page,
      [
        ["tap": [160, 100]],
        ["eval": "document.querySelectorAll('#inputs button').length"],
        ["click": "#inputs button:nth-of-type(1)"],
        ["wait": "!psy.busy && psy.steps === 1"],
        ["eval": "psy.happiness"],
        ["click": "#back"],
        ["wait": "!psy.busy && psy.steps === 2"],
        ["tap": [160, 100]],
        ["click": "#inputs button:nth-of-type(2)"],
        ["wait": "!psy.busy && psy.steps === 3"],
        ["eval": "psy.happiness"],
      ])
    #expect(values[0] as? Int == 3)
    #expect(values[1] as? Double == 100)
    #expect(values[2] as? Double == 0)
  }

  /// A script that names kinds for both devices offers both: the iPad's page is its
  /// split view, 768×1024 in portrait.
  @Test func theDeviceSwitches() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let page = try export("examples/ipad.lua", dir)
    let values = try drive(
      page,
      [
        ["eval": "[...document.querySelectorAll('#device-choice option')].map(o => o.value)"],
        ["select": ["#device-choice", "ipad"]],
        ["wait": "psy.steps === 1"],
        ["shot": dir + "/ipad.png"],
      ])
    #expect(values[0] as? [String] == ["iphone", "ipad"])
    let ipad = try decodePNG(try #require(FileManager.default.contents(atPath: dir + "/ipad.png")))
    #expect(ipad.width == 768 && ipad.height == 1024)
  }
}
