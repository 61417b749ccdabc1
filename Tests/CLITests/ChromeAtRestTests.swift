import Foundation
import TestSupport
import Testing

/// The chrome at rest as iOS 6 drew it (docs/ios6.md, "Chrome at rest"), in the pixels
/// rsvg draws from `show --screen` (and Chromium, for the popover's shadow). Each place and
/// colour is worked out by hand from UIKit's sizes in the comments, not read from the code.
@Suite struct ChromeAtRestTests {
  /// `show SCRIPT [NAME] --screen` as SVG, on `device` in `orientation`.
  func svg(_ script: String, _ name: String?, _ device: String, _ orientation: String) throws
    -> Data
  {
    let r = try psychologist(
      ["show", "examples/" + script] + (name.map { [$0] } ?? [])
        + ["--screen", "--device", device, "--orientation", orientation, "--format", "svg"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try validXML(r.stdout))
    return r.stdout
  }

  func screen(_ script: String, _ name: String?, _ device: String, _ orientation: String)
    throws -> Pixels
  {
    try rasterize(try svg(script, name, device, orientation))
  }

  /// A fresh folder holding a copy of examples/ipad.lua and `source` as `main.lua` beside
  /// it; the caller removes it.
  func folderBesideIPad(_ source: String) throws -> String {
    let dir = try temporaryFolder()
    try FileManager.default.copyItem(
      atPath: packageRoot + "/examples/ipad.lua", toPath: dir + "/ipad.lua")
    try writeFile(dir + "/main.lua", "require \"ipad\"\n" + source)
    return dir
  }

  func near(_ p: (r: Int, g: Int, b: Int)?, _ c: (Int, Int, Int), _ tolerance: Int) -> Bool {
    guard let p else { return false }
    return abs(p.r - c.0) <= tolerance && abs(p.g - c.1) <= tolerance
      && abs(p.b - c.2) <= tolerance
  }

  @Test func thePopoversArrowIs37By19AndItsFrameHasASoftShadow() throws {
    // iPad landscape, teleplay: the master's fifth row is y 272…312 (content from 64, 16
    // down, 48 a row), x 16…304. The 320×320 popover goes below: its arrow's tip on the
    // row at (160, 312), its base on its 8-point frame's top edge at y 312 + 19 = 331, the
    // frame y 331…667, x 2…338, around the body y 339…659, x 10…330 (the margin).
    let data = try svg("ipad.lua", "teleplay", "ipad", "landscape")
    let image = try rasterize(data)
    // The arrow alone above the frame: at y 322 (10 below the tip) it is 37·10/19 = 19.5
    // wide, x 150.3…169.7; the frame (from 331) is not there yet at x 100.
    #expect(image.isPopoverNavy(160, 314), "the arrow's tip")
    #expect(
      image.isPopoverNavy(152, 322) && image.isPopoverNavy(168, 322), "the arrow 19.5 wide at y 322"
    )
    #expect(
      !image.isPopoverNavy(147, 322) && !image.isPopoverNavy(173, 322),
      "the arrow wider than 37·10/19")
    #expect(
      !image.isPopoverNavy(100, 329) && image.isPopoverNavy(100, 333), "the frame starts at y 331")
    // The shadow below the frame's bottom (667): eight layers of black, each 1 − 0.5^(1/8)
    // (0.083, written 0.08) opaque, the largest 20 points larger and 10 lower. At y 673 all
    // eight cover the paper (about half black: 128 to 131), at y 681 the five reaching past
    // it (255 · 0.92⁵ ≈ 166), at y 698 none (white).
    let shadow = [(673, 129), (681, 166), (698, 255)]
    for (y, grey) in shadow {
      let p = image.pixel(160, y)
      #expect(near(p, (grey, grey, grey), 6), "rsvg: the shadow at y \(y) is \(p), not \(grey)")
    }
    // Chromium draws the same shapes alike.
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try data.write(to: URL(fileURLWithPath: dir + "/popover.svg"))
    let shot = try screenshot(dir + "/popover.svg", width: 1024, height: 768, budget: 200)
    for (y, grey) in shadow {
      let p = shot.pixel(160, y)
      #expect(near(p, (grey, grey, grey), 8), "Chromium: the shadow at y \(y) is \(p), not \(grey)")
    }
  }

  @Test func aThemesArrowAndFramePlaceThePopover() throws {
    // The same popover in a theme whose arrow is 20 by 9 and whose frame is 3 wide, with no
    // shadow: the arrow's tip still on the row's bottom (312), its base on the frame's top
    // at y 321, the frame y 321…647 (the body 324…644), nothing below it.
    let dir = try folderBesideIPad(
      """
      theme "small" {
        popover_arrow_width = 20, popover_arrow_height = 9, popover_frame = 3,
        popover_shadow = 0,
      }
      """)
    defer { removeFolder(dir) }
    let r = try psychologist(
      [
        "show", "main.lua", "teleplay", "--theme", "small", "--device", "ipad", "--orientation",
        "landscape", "--screen", "--format", "svg",
      ], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    let image = try rasterize(r.stdout)
    // At y 316 (4 below the tip) the arrow is 20·4/9 = 8.9 wide: x 155.6…164.4.
    #expect(image.isPopoverNavy(160, 316) && !image.isPopoverNavy(167, 316))
    #expect(!image.isPopoverNavy(100, 319) && image.isPopoverNavy(100, 322), "the frame from 321")
    #expect(image.isPopoverNavy(100, 646) && !image.isPopoverNavy(100, 649), "the frame to 647")
    #expect(near(image.pixel(160, 655), (255, 255, 255), 3), "no shadow")
  }

  @Test func theIPadsPortraitMasterIsAFullHeightPanelAtTheLeftEdge() throws {
    let dir = try folderBesideIPad(
      """
      local s = session { device = "ipad", orientation = "portrait" }
      s:tap("bite") s:show_master()
      s:snapshot("master.svg", { screen = true })
      """)
    defer { removeFolder(dir) }
    let r = try psychologist(["run", "main.lua"], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    let image = try TestSupport.rasterize(
      try String(contentsOfFile: dir + "/master.svg", encoding: .utf8))
    // The panel: 320 of content with 8 of frame each side, x 0…336, from the status bar
    // (y 20) to the screen's bottom (1024). Its frame is dark at each edge, high and low.
    for (x, y) in [(2, 500), (333, 500), (2, 1021), (200, 1021), (200, 23), (333, 30)] {
      #expect(image.isPopoverNavy(x, y), "(\(x), \(y)) is \(String(describing: image.at(x, y)))")
    }
    // No arrow: right of the panel at the bar button's height (y 27…57) is the detail's
    // blue-grey bar, nothing of the frame's navy.
    #expect(!(340...420).contains { image.isPopoverNavy($0, 60) && image.isPopoverNavy($0, 45) })
    // Its menu inside: the first row's label ("flaying", UIKit's dark blue #324f85) centred
    // at x 168, in the row y 20 + 8 + 44 + 16 = 88…128.
    #expect(
      (140...196).contains { x in (100...116).contains { near(image.at(x, $0), (50, 79, 133), 40) }
      })
    // Landscape is unchanged: the master at x 0…320 with no frame, its bar the light
    // blue-grey of a navigation bar at its left edge.
    let landscape = try screen("ipad.lua", "bite", "ipad", "landscape")
    #expect(!landscape.isPopoverNavy(2, 500) && !landscape.isPopoverNavy(2, 40))
  }

  @Test func theIPadsBarButtonIsAsWideAsItsText() throws {
    // "Psychologist" in bold 12-point Helvetica (Liberation Sans Bold's advances: 74.7) and
    // 10 points each side: the bordered button x 6…100.7, y 27…57 (not the 134 of 20-point
    // text, x 6…140).
    let image = try screen("ipad.lua", "bite", "ipad", "portrait")
    let border = (55, 71, 97)
    #expect((98...102).contains { near(image.at($0, 42), border, 30) }, "no right edge at 100.7")
    #expect(!(106...142).contains { near(image.at($0, 42), border, 30) }, "an edge right of 100.7")
  }

  @Test func anIPhonesLandscapeBarHasItsOwnArtworkNotSmallerText() throws {
    // iPhone landscape, bite: the bar y 20…52 (32). The back button is 24 tall (iOS 6's
    // landscape artwork), y 24…48, its dark border (#374761) at both ends of the column
    // x 16 (inside its body, left of its title): the first row darker than its gradient's
    // top (red under 100) and the last darker than its gradient's bottom (red under 90).
    // The title stays bold 20 and the button's title bold 12.
    let image = try screen("psychologist.lua", "bite", "iphone", "landscape")
    let top = (21...50).first { y in image.at(16, y).map { $0.r < 100 } ?? false } ?? 0
    let bottom = (21...50).last { y in image.at(16, y).map { $0.r < 90 } ?? false } ?? 0
    #expect(abs(Double(bottom - top) - 24) <= 1.5, "the back button spans y \(top)…\(bottom)")
    // The title, "Happiness" centred at x 240: its white pixels from the cap's top to the
    // descender's bottom span about (0.72 + 0.21) · 20 ≈ 18 rows (13 at 32/44 of the size).
    let white = (21...50).filter { y in
      (190...290).contains { x in
        image.at(x, y).map { $0.r > 235 && $0.g > 235 && $0.b > 235 } ?? false
      }
    }
    let span = (white.last ?? 0) - (white.first ?? 0)
    #expect(span >= 16 && span <= 20, "the title spans \(span) rows")
    // The button's title, "Psychologist": about (0.72 + 0.21) · 12 ≈ 10 rows (7 at 32/44).
    let label = (24...48).filter { y in
      (24...90).contains { x in
        image.at(x, y).map { $0.r > 235 && $0.g > 235 && $0.b > 235 } ?? false
      }
    }
    let labelSpan = (label.last ?? 0) - (label.first ?? 0)
    #expect(labelSpan >= 9 && labelSpan <= 12, "the back title spans \(labelSpan) rows")
  }

  @Test func theSplitViewsDividerIsDark() throws {
    // iPad landscape: the 1-point line at x 320…321 between master and detail, #1a1a1a.
    let image = try screen("ipad.lua", "bite", "ipad", "landscape")
    for y in [100, 400, 700] {
      let p = image.at(320, y)
      #expect(near(p, (26, 26, 26), 8), "the divider at y \(y) is \(String(describing: p))")
    }
  }

  @Test func aFinishedFullScreenModalHasNoFrame() throws {
    // iPhone, cartoon: the modal is the screen below the status bar (0, 20, 320, 460); its
    // edges are the white paper, not a grey line.
    let image = try screen("psychologist.lua", "cartoon", "iphone", "portrait")
    for (x, y) in [(0, 300), (319, 300), (160, 479), (160, 20)] {
      let p = image.pixel(x, y)
      #expect(near(p, (255, 255, 255), 3), "(\(x), \(y)) is \(p)")
    }
  }

  @Test func aMenuAtRestDrawsNoScrollIndicator() throws {
    // iPhone landscape, the menu: content y 52…320 has room for 5 rows of its 6 buttons,
    // so it scrolls; at rest (after UIKit's flash) no indicator shows at its right edge,
    // x 474…477: the paper's white all down it.
    let image = try screen("psychologist.lua", nil, "iphone", "landscape")
    for x in 471...479 {
      for y in stride(from: 56, through: 316, by: 4) {
        let p = image.pixel(x, y)
        #expect(near(p, (255, 255, 255), 3), "(\(x), \(y)) is \(p)")
      }
    }
  }

  @Test func theIPhonesStatusBarIsTintedFromTheBarsBottomEdge() throws {
    // The bar's bottom row is #2d3642 (45, 54, 66): the status bar is that colour at its
    // bottom and a fifth of the way to white at its top, (87, 94, 104).
    let image = try screen("psychologist.lua", "bite", "iphone", "portrait")
    let top = image.pixel(200, 0), bottom = image.pixel(200, 19)
    #expect(near(top, (87, 94, 104), 6), "top \(top)")
    #expect(near(bottom, (45, 54, 66), 6), "bottom \(bottom)")
  }
}
