import Foundation
import TestSupport
import Testing

/// The seed's iOS 6, checked independently of the code that draws it: the chrome in rsvg's
/// pixels and xmllint's reading of the SVG on every device and orientation, a push's
/// geometry frame by frame, one status bar through every custom kind's frames, and each
/// kind's animation half-way in Chromium.
@Suite struct IOS6LookTests {
  static let devices = ["iphone", "iphone5", "ipad"]
  static let orientations = ["portrait", "landscape"]

  /// What an XPath selects in `svg`: its attribute values or text nodes, one a line.
  func select(_ svg: Data, _ xpath: String) throws -> [String] {
    let r = try run(["xmllint", "--xpath", xpath, "-"], input: svg)
    guard r.status == 0 else { return [] }  // 10: nothing matched
    return String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").map {
      // Attributes print as ` name="value"`.
      let s = String($0).trimmingCharacters(in: .whitespaces)
      if let q = s.firstIndex(of: "\""), s.hasSuffix("\"") {
        return String(s[s.index(after: q)..<s.index(before: s.endIndex)])
      }
      return s
    }
  }

  func numbers(_ svg: Data, _ xpath: String) throws -> [Double] {
    try select(svg, xpath).compactMap(Double.init)
  }

  /// The menu screen and bite's screen of examples/psychologist.lua (the iPad's master
  /// shown from its bar button in portrait), as SVG.
  func screens(_ device: String, _ orientation: String) throws -> (menu: Data, face: Data) {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try FileManager.default.copyItem(
      atPath: packageRoot + "/examples/psychologist.lua", toPath: dir + "/psychologist.lua")
    try writeFile(
      dir + "/look.lua",
      """
      require "psychologist"
      local s = session { device = "\(device)", orientation = "\(orientation)" }
      if s.device == "ipad" and s.orientation == "portrait" then s:show_master() end
      s:snapshot("menu.svg", { screen = true })
      s:tap("bite")
      s:snapshot("face.svg", { screen = true })
      """)
    let r = try psychologist(["run", "look.lua", "--device", device], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    let fm = FileManager.default
    return (
      fm.contents(atPath: dir + "/menu.svg") ?? Data(),
      fm.contents(atPath: dir + "/face.svg") ?? Data()
    )
  }

  func bluish(_ p: (r: Int, g: Int, b: Int)) -> Bool { p.b > p.r + 15 && p.b > p.g }

  @Test(arguments: devices, orientations)
  func chromeIsIOS6s(device: String, orientation: String) throws {
    let (menu, face) = try screens(device, orientation)
    let what = "\(device) \(orientation)"
    for svg in [menu, face] {
      #expect(try validXML(svg), "\(what)")
      let image = try rasterize(String(decoding: svg, as: UTF8.self))
      let width = Double(image.width)
      // The status bar's three parts: the carrier at the left, 9:41 AM centred, the
      // battery (a rounded outline) at the right; each drawn in light pixels on the bar.
      let carrier = try numbers(svg, "//*[local-name()='text'][.='Carrier']/@x")
      let clock = try numbers(svg, "//*[local-name()='text'][.='9:41 AM']/@x")
      let battery = try numbers(svg, "//*[local-name()='rect'][@rx][@y < 20][@height <= 12]/@x")
      #expect(carrier.count == 1 && carrier[0] < width / 3, "\(what): \(carrier)")
      #expect(clock.count == 1 && abs(clock[0] - width / 2) < 1, "\(what): \(clock)")
      #expect(battery.count == 1 && battery[0] > width * 2 / 3, "\(what): \(battery)")
      for x in [carrier.first ?? 0, clock.first ?? 0, battery.first ?? 0] {
        var light = false
        for dx in -20...20 {
          for y in 4...16 {
            if let p = image.at(Int(x) + dx, y), p.r > 200 && p.g > 200 && p.b > 200 {
              light = true
            }
          }
        }
        #expect(light, "\(what): nothing drawn in the status bar near x = \(x)")
      }
      // The status bar is black on an iPad and takes the bar's dark edge on an iPhone (near
      // its bottom: iOS 6 tinted it as a gradient, lighter at its top).
      let status = try #require(image.at(Int(width / 2) + 60, 17))
      #expect(status.r < 60 && status.g < 70 && status.b < 80, "\(what): status bar \(status)")

      // Every navigation bar: a gradient, bluish, lighter at the top than at the bottom,
      // under a white title.
      let bars = try select(
        svg, "//*[local-name()='rect'][starts-with(@fill, 'url(#g')][not(@rx)]/@y")
      #expect(!bars.isEmpty, "\(what): no bar")
      let barX = try numbers(
        svg, "//*[local-name()='rect'][starts-with(@fill, 'url(#g')][not(@rx)]/@x")
      let barH = try numbers(
        svg, "//*[local-name()='rect'][starts-with(@fill, 'url(#g')][not(@rx)]/@height")
      for (i, y) in bars.compactMap(Double.init).enumerated() where i < barX.count {
        let x = Int(barX[i]) + 250
        let top = try #require(image.at(x, Int(y) + 3))
        let bottom = try #require(image.at(x, Int(y + barH[i]) - 3))
        #expect(top != bottom, "\(what): the bar at y \(y) is flat")
        if y == 20 && device != "ipad" || y == 20 && barX[i] >= 0 && top.r > 100 {
          #expect(bluish(top) && bluish(bottom), "\(what): \(top) \(bottom)")
          #expect(top.r + top.g + top.b > bottom.r + bottom.g + bottom.b, "\(what): lit from above")
        }
      }
      let title = "//*[local-name()='text'][@fill='white'][number(@font-size) > 13]"
      let titles = try numbers(svg, title + "/@x")
      let titleY = try numbers(svg, title + "/@y")
      #expect(!titles.isEmpty, "\(what): no title")
      for (x, y) in zip(titles, titleY) {
        var white = false
        for dx in -30...30 {
          for dy in -12...0 {
            if let p = image.at(Int(x) + dx, Int(y) + dy), p.r > 240 && p.g > 240 && p.b > 240 {
              white = true
            }
          }
        }
        #expect(white, "\(what): the title at (\(x), \(y)) is not white")
      }
    }
    // The menu's buttons: rounded rects, their corners the paper's white outside the grey
    // border, which runs straight along each side.
    let menuImage = try rasterize(String(decoding: menu, as: UTF8.self))
    let button = "//*[local-name()='rect'][@rx='10'][@stroke='#a0a0a0']"
    let bx = try numbers(menu, button + "/@x")
    let by = try numbers(menu, button + "/@y")
    let bh = try numbers(menu, button + "/@height")
    #expect(bx.count >= 4, "\(what): \(bx.count) buttons")
    if let x = bx.first, let y = by.first, let h = bh.first {
      let corner = try #require(menuImage.at(Int(x) + 1, Int(y) + 1))
      let side = try #require(menuImage.at(Int(x), Int(y + h / 2)))
      #expect(corner.r > 245 && corner.g > 245, "\(what): corner \(corner)")
      #expect(side.r < 230 && side.r == side.g, "\(what): side \(side)")
    }
  }

  /// UIKit's ease-in-out, (0.42, 0) (0.58, 1), worked out here by bisection on x.
  func ease(_ t: Double) -> Double {
    func bezier(_ s: Double, _ a: Double, _ b: Double) -> Double {
      3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
    }
    var (lo, hi) = (0.0, 1.0)
    for _ in 0..<60 {
      let m = (lo + hi) / 2
      if bezier(m, 0.42, 0.58) < t { lo = m } else { hi = m }
    }
    return bezier((lo + hi) / 2, 0, 1)
  }

  /// How wide librsvg draws `text` in bold at `size` points in the bar's fonts: the lit
  /// columns of it alone, white on black.
  func drawnWidth(_ text: String, size: Double) throws -> Double {
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" width="600" height="60"><rect width="600" \
      height="60" fill="black"/><text x="300" y="40" font-size="\(size)" \
      font-family="Helvetica, Arial, Liberation Sans, sans-serif" font-weight="bold" \
      text-anchor="middle" fill="white">\(text)</text></svg>
      """
    let img = try rasterize(svg)
    let lit = (0..<img.width).filter { x in (0..<img.height).contains { img.at(x, $0)!.r > 60 } }
    return Double((lit.last ?? 0) - (lit.first ?? 0) + 1)
  }

  @Test(arguments: ["portrait", "landscape"])
  func aPushSlidesBothScenesByTheFullWidth(orientation: String) throws {
    let parent = try temporaryFolder()
    defer { removeFolder(parent) }
    let r = try psychologist([
      "show", "examples/psychologist.lua", "bite", "--screen", "--frames", "9", "--orientation",
      orientation, "--output-dir", parent,
    ])
    #expect(r.status == 0, "\(r.stderr)")
    let w: Double = orientation == "portrait" ? 320 : 480
    // At rest the first button's left edge is at x 16, the face's centre at x w/2.
    for i in 0..<9 {
      let svg = try #require(
        FileManager.default.contents(atPath: parent + "/frame-00\(i).svg"))
      let e = ease(Double(i) / 8)
      let button = try numbers(
        svg, "//*[local-name()='rect'][@rx='10'][@stroke='#a0a0a0'][1]/@x")
      let head = try numbers(
        svg, "//*[local-name()='circle'][@stroke='blue' or ancestor::*[@stroke='blue']][1]/@cx")
      if i < 8 {
        let old = try #require(button.first, "frame \(i): the menu is gone")
        #expect(abs(old - 16 - -e * w) <= 1, "frame \(i): the menu's edge at \(old - 16)")
      }
      if i > 0 {
        let new = try #require(head.first, "frame \(i): no face")
        #expect(
          abs(new - w / 2 - (1 - e) * w) <= 1, "frame \(i): the face's edge at \(new - w / 2)")
      }
      // The bar's titles (bold white, 20 points in a 44-point bar): never two shown on one
      // another, each as wide as librsvg draws it alone.
      let xs = try numbers(
        svg, "//*[local-name()='text'][@fill='white'][number(@font-size) > 13]/@x")
      let texts = try select(
        svg, "//*[local-name()='text'][@fill='white'][number(@font-size) > 13]/text()")
      let sizes = try numbers(
        svg, "//*[local-name()='text'][@fill='white'][number(@font-size) > 13]/@font-size")
      #expect(xs.count == texts.count && xs.count <= 2, "frame \(i): \(texts)")
      if xs.count == 2 {
        let half = try zip(texts, sizes).map { try drawnWidth($0, size: $1) / 2 }
        #expect(abs(xs[0] - xs[1]) >= half[0] + half[1], "frame \(i): \(texts) at \(xs)")
      }
    }
  }

  /// The README's kinds and one of this test's, which moves both screens and presents a
  /// form sheet on an iPad, on an iPhone and an iPad.
  static let kinds = """
    segue_kind "zoom" {
      perform = function(nav, scene) nav:present(scene) end,
      animate = function(t, from, to)
        return { opacity = 1 - t }, { scale = 0.5 + t / 2, opacity = t }
      end,
    }
    segue_kind "drop" {
      perform = function(nav, scene) nav:push(scene) end,
      animate = {
        { t = 0, to = { y = -480 } },
        { t = 0.8, to = { y = 20 } },
        { t = 1, to = {} },
      },
    }
    segue_kind "steam" {
      perform = function(nav, scene) nav:present(scene) end,
      animate = function(t) return { y = -200 * t }, { y = 600 * (1 - t) } end,
    }
    segue "zoomed" { kind = "zoom", happiness = 90 }
    segue "dropped" { kind = "drop", happiness = 30 }
    segue "steamed" { kind = "steam", happiness = 60 }
    """

  @Test(arguments: ["iphone", "ipad"])
  func customKindsMoveScenesNotTheStatusBar(device: String) throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try writeFile(dir + "/kinds.lua", IOS6LookTests.kinds)
    for name in ["zoomed", "dropped", "steamed"] {
      let out = dir + "/" + name
      let r = try psychologist(
        [
          "show", "kinds.lua", name, "--screen", "--frames", "9", "--device", device,
          "--orientation", "landscape", "--output-dir", out,
        ], in: dir)
      #expect(r.status == 0, "\(r.stderr)")
      for i in 0..<9 {
        let svg = try #require(FileManager.default.contents(atPath: out + "/frame-00\(i).svg"))
        let what = "\(device) \(name) frame \(i)"
        let clocks = try numbers(svg, "//*[local-name()='text'][.='9:41 AM']/@y")
        #expect(clocks.count == 1 && clocks.allSatisfy { $0 > 0 && $0 < 20 }, "\(what): \(clocks)")
        let bars = try select(
          svg, "//*[local-name()='rect'][@y='0'][@height='20'][not(@opacity)]/@width")
        #expect(bars.count == 1, "\(what): \(bars.count) status bars")
        // On an iPad the steam kind presents a form sheet: it moves that panel alone, the
        // split view's bars stay where they rest.
        if device == "ipad" && name == "steamed" {
          let master = try select(
            svg, "//*[local-name()='rect'][starts-with(@fill, 'url(#g')][@x='0'][@y='20']/@width")
          #expect(master.count == 1, "\(what): the master's bar moved")
        }
      }
    }
  }

  /// A kind's `animate` places the scenes' content; their navigation bars stay where they
  /// rest (their items changing as a push's do) unless the kind says `bars = "move"`.
  /// Half-way through a slide from the right, the new title is on its way in from the bar's
  /// right edge when the bars stay (right of the centre, short of where its scene is), and
  /// half a screen to the right of the centre when it moves with its scene.
  @Test func aKindMovesTheBarsOnlyWhereItAsks() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    let slide = "animate = function(t) return { x = -320 * t }, { x = 320 * (1 - t) } end,"
    try writeFile(
      dir + "/slide.lua",
      """
      segue_kind "slide" { perform = function(nav, scene) nav:push(scene) end, \(slide) }
      segue_kind "carry" {
        perform = function(nav, scene) nav:push(scene) end, bars = "move", \(slide)
      }
      segue "slid" { kind = "slide", happiness = 80, title = "Slid" }
      segue "carried" { kind = "carry", happiness = 80, title = "Carried" }
      """)
    for (name, title, centres) in [
      ("slid", "Slid", 180.0...300.0), ("carried", "Carried", 318.0...322.0),
    ] {
      let out = dir + "/" + name
      let r = try psychologist(
        ["show", "slide.lua", name, "--screen", "--frames", "3", "--output-dir", out], in: dir)
      #expect(r.status == 0, "\(r.stderr)")
      let svg = try #require(FileManager.default.contents(atPath: out + "/frame-001.svg"))
      let xs = try numbers(svg, "//*[local-name()='text'][.='\(title)'][@font-size='20']/@x")
      #expect(!xs.isEmpty && xs.allSatisfy { centres.contains($0) }, "\(name): \(xs)")
      // The scene's content moves either way: the face's head is half a screen over.
      let heads = try numbers(svg, "//*[local-name()='circle'][@r > 100]/@cx")
      #expect(heads.contains { abs($0 - 320) < 2 }, "\(name): heads at \(heads)")
    }
  }

  /// Each kind's `--animate` half-way (0.175 s of 0.35 s, paused there through SVG's own
  /// DOM), screenshot by headless Chromium: where the face is says how the kind moves.
  @Test func everyKindHalfWayInChromium() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try writeFile(dir + "/kinds.lua", IOS6LookTests.kinds)
    for name in ["psychologist.lua", "ipad.lua"] {
      try FileManager.default.copyItem(
        atPath: packageRoot + "/examples/" + name, toPath: dir + "/" + name)
    }
    // (script, name, device, orientation, a point that is blue half-way, one that is not)
    let cases: [(String, String, String, String, (Int, Int), (Int, Int))] = [
      // Cover vertical: the sheet (y 20…480) half-way up, its face's top at 336, not 106.
      ("psychologist.lua", "cartoon", "iphone", "portrait", (160, 336), (160, 106)),
      // A popover fades in where it rests: its head's top at (170, 355), faded (its content
      // from y 312 + 19 + 8 = 339, under the 19-point arrow and the 8-point frame).
      ("ipad.lua", "teleplay", "ipad", "landscape", (170, 355), (165, 342)),
      // Replace cuts: the detail's face (centre (672.5, 416), radius 316) is there already.
      ("ipad.lua", "bite", "ipad", "landscape", (356, 416), (520, 416)),
      // The drop kind's keyframes (the README's): half-way (eased 0.5, 0.625 of the way
      // from y −480 to 20) the new screen is 167.5 above its place, its face's centre at
      // y 104.5; the status bar on top.
      ("kinds.lua", "dropped", "iphone", "portrait", (16, 104), (16, 272)),
    ]
    for (script, name, device, orientation, blue, notBlue) in cases {
      let what = "\(name) on \(device)"
      let r = try psychologist(
        [
          "show", script, name, "--screen", "--animate", "--device", device, "--orientation",
          orientation, "-o", name + ".svg",
        ], in: dir)
      #expect(r.status == 0, "\(what): \(r.stderr)")
      let svg = try String(contentsOfFile: dir + "/" + name + ".svg", encoding: .utf8)
      let page = dir + "/" + name + ".html"
      try writeFile(
        page,
        "<!doctype html><html><head><style>html,body{margin:0;overflow:hidden}</style></head><body>"
          + svg
          + "<script>const s = document.querySelector('svg'); s.pauseAnimations(); s.setCurrentTime(0.175);</script></body></html>"
      )
      let (w, h) = device == "ipad" ? (1024, 768) : (320, 480)
      let mid = try screenshot(page, width: w, height: h, budget: 500)
      func bluish(_ x: Int, _ y: Int) -> Bool {
        for dy in -3...3 {
          for dx in -3...3 {
            if let p = mid.at(x + dx, y + dy), p.b - p.r > 60, p.b - p.g > 60 { return true }
          }
        }
        return false
      }
      #expect(bluish(blue.0, blue.1), "\(what): no face at \(blue)")
      #expect(!bluish(notBlue.0, notBlue.1), "\(what): a face at \(notBlue)")
      // One status bar, where it rests (dark near its bottom).
      let bar = try #require(mid.at(w / 2 + 60, 17))
      #expect(bar.r < 60 && bar.b < 80, "\(what): status bar \(bar)")
    }
  }

  /// The look is a Lua plugin: examples/plugins/ios7.lua declares today's flat iOS 7 look,
  /// `--theme` and `session { theme = … }` choose it, `check` reports a bad field at its
  /// line, and an unknown name is refused with the names there are.
  @Test func aThemeIsALuaPlugin() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    let ios7 = packageRoot + "/examples/plugins/ios7.lua"
    let r = try psychologist([
      "show", "examples/psychologist.lua", "bite", "--screen", "--format", "svg", "--plugin",
      ios7, "--theme", "ios7",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    let flat = try rasterize(String(decoding: r.stdout, as: UTF8.self))
    // iOS 7's bar: one light grey from top to bottom; a black title; no arrow-shaped button.
    let top = try #require(flat.at(250, 23)), bottom = try #require(flat.at(250, 60))
    #expect(top == bottom && top.r > 240 && top.r == top.b, "\(top) \(bottom)")
    #expect(try select(r.stdout, "//*[local-name()='polygon']").isEmpty)
    #expect(
      try select(r.stdout, "//*[local-name()='text'][@fill='black'][.='Happiness']").count == 1)
    // The same script without --theme is iOS 6's.
    let six = try psychologist([
      "show", "examples/psychologist.lua", "bite", "--screen", "--format", "svg",
    ])
    #expect(try select(six.stdout, "//*[local-name()='polygon']").count == 1)

    // A session chooses for itself; an unknown theme is an error at its line.
    try writeFile(
      dir + "/walk.lua",
      """
      local s = session { theme = "ios7" }
      s:snapshot("flat.svg", { screen = true })
      print(pcall(function() return session { theme = "ios9" } end))
      """)
    let w = try psychologist(["run", "walk.lua", "--plugin", ios7, "--output-dir", dir], in: dir)
    #expect(w.status == 0, "\(w.stderr)")
    #expect(
      w.out.contains("walk.lua:3: unknown theme 'ios9'") && w.out.contains("ios6, ios7"), "\(w.out)"
    )
    let walked = try #require(FileManager.default.contents(atPath: dir + "/flat.svg"))
    #expect(try select(walked, "//*[local-name()='polygon']").isEmpty)

    // check: every bad field, by file:line; --theme naming nothing declared: a usage error.
    try writeFile(
      dir + "/bad.lua", "\n\ntheme \"night\" { bar_top = \"blu\", dim = 3, fonts = {} }\n")
    let c = try psychologist(["check", "bad.lua"], in: dir)
    #expect(c.status == 1)
    for word in [
      "bad.lua:3: theme 'night': bar_top: unknown color 'blu'", "bad.lua:3: theme 'night': dim",
      "fonts",
    ] {
      #expect(c.stderr.contains(word), "\(c.stderr)")
    }
    let u = try psychologist(["show", "examples/psychologist.lua", "bite", "--theme", "ios8"])
    #expect(u.status != 0 && u.stderr.contains("unknown theme 'ios8'") && u.stderr.contains("ios6"))
  }

  /// `face --theme` names a theme as `show` does: an unknown one is refused in the same
  /// words and with the same exit status, with the near name offered; a known one draws.
  @Test func faceChecksItsThemeAsShowDoes() throws {
    for name in ["nosuch", "ios5"] {
      let face = try psychologist(["face", "--theme", name, "--format", "svg"])
      let show = try psychologist([
        "show", "examples/psychologist.lua", "bite", "--theme", name, "--format", "svg",
      ])
      #expect(face.status == 2 && face.status == show.status, "\(face.status) \(face.stderr)")
      #expect(face.out.isEmpty)
      #expect(face.stderr.contains("unknown theme '\(name)'") && face.stderr == show.stderr)
    }
    let near = try psychologist(["face", "--theme", "ios5"])
    #expect(near.stderr.contains("did you mean 'ios6'"), "\(near.stderr)")
    let known = try psychologist(["face", "--theme", "ios6", "--format", "svg"])
    let plain = try psychologist(["face", "--format", "svg"])
    #expect(known.status == 0 && known.out == plain.out, "\(known.stderr)")
  }

  /// `show --screen --format terminal`: the bar's gradient is a background colour and its
  /// titles are drawn over it; no text is in pure black on no background (it vanished on a
  /// dark terminal); without colour, no codes at all.
  @Test func terminalTitlesShowOnAnyTerminal() throws {
    let args = ["show", "examples/psychologist.lua", "bite", "--screen", "--format", "terminal"]
    let size = ["COLUMNS": "120", "LINES": "40", "COLORTERM": "truecolor"]
    let r = try psychologist(args + ["--color", "always"], environment: size)
    #expect(r.status == 0, "\(r.stderr)")
    let out = r.out
    #expect(!out.contains("38;2;0;0;0m") && !out.contains("38;2;0;0;0;"), "black text")
    let line = try #require(out.split(separator: "\n").first { $0.contains("Happiness") })
    let cells = terminalCells(String(line))
    let title = try #require(cells.firstIndex { $0.scalar == "H" })
    for cell in cells[title..<(title + 9)] {
      #expect(!cell.back.isEmpty && cell.fore == "38;2;255;255;255", "\(cell)")
    }
    let plain = try psychologist(args, environment: size.merging(["NO_COLOR": "1"]) { $1 })
    #expect(plain.status == 0 && !plain.out.contains("\u{1B}["))
    #expect(plain.out.contains("Happiness") && plain.out.contains("Psychologist"))
  }
}
