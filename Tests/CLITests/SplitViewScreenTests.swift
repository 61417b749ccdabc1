import Foundation
import Testing
import TestSupport

/// The iPad's split view in portrait and the popovers' arrows, as `show --screen` and a
/// session's screen snapshot draw them, checked in rsvg's pixels. Where things are comes
/// from the storyboard's rules, worked out by hand in the comments.
@Suite struct SplitViewScreenTests {
  /// The popover's frame and arrow colour (iOS 6's dark navy frame, between its gradient's
  /// top and bottom).
  static let dark = (35, 45, 64)
  /// A bordered bar button's border (iOS 6's dark blue-grey).
  static let border = (55, 71, 97)
  /// A rounded-rect button's title (UIKit's dark blue).
  static let label = (50, 79, 133)

  /// Whether any pixel in the rectangle is close to `color`.
  func any(
    _ image: Pixels, _ color: (Int, Int, Int), x: ClosedRange<Int>, y: ClosedRange<Int>
  ) -> Bool {
    for py in y {
      for px in x {
        if let p = image.at(px, py),
          abs(p.r - color.0) + abs(p.g - color.1) + abs(p.b - color.2) < 90
        {
          return true
        }
      }
    }
    return false
  }

  /// Expects `color` somewhere in the rectangle (or nowhere), saying where on failure
  /// rather than printing the whole image.
  func expectColor(
    _ image: Pixels, _ color: (Int, Int, Int), x: ClosedRange<Int>, y: ClosedRange<Int>,
    _ present: Bool, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let found = any(image, color, x: x, y: y)
    #expect(
      found == present, "\(color) \(present ? "missing" : "found") in x \(x), y \(y)",
      sourceLocation: sourceLocation)
  }

  func screen(_ args: [String]) throws -> Pixels {
    let r = try psychologist(
      ["show", "examples/ipad.lua"] + args + ["--device", "ipad", "--screen", "--format", "svg"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try validXML(r.stdout))
    return try rasterize(r.stdout)
  }

  @Test func portraitShowsTheBarButtonLandscapeDoesNot() throws {
    // The detail's bar is y 20…64; its bar button, titled "Psychologist" (bold 12 points,
    // 74.7 wide), is 6 from the left, 30 high, 74.7 + 20 wide: x 6…100.7, y 27…57, bordered.
    let portrait = try screen(["bite", "--orientation", "portrait"])
    #expect(portrait.width == 768 && portrait.height == 1024)
    expectColor(portrait, Self.border, x: 5...8, y: 32...52, true)
    // Landscape: the master's bar over the same place holds its centred title only.
    let landscape = try screen(["bite", "--orientation", "landscape"])
    expectColor(landscape, Self.border, x: 5...8, y: 32...52, false)
  }

  @Test func aPopoverFromALowRowPointsAtItWithoutCoveringIt() throws {
    // Landscape, teleplay: the menu's fifth row of the master, y 272…312, x 16…304. The
    // popover (320×320) goes below; its arrow's tip touches the row at (160, 312), its base
    // is 37 wide on its frame's top edge, y 312 + 19 = 331, the body 8 further in, from 339.
    let image = try screen(["teleplay", "--orientation", "landscape"])
    // At y 315.5 the arrow is 37 · 3.5 / 19 = 6.8 wide, dark at its middle, not 13 beside.
    expectColor(image, Self.dark, x: 159...161, y: 314...316, true)
    expectColor(image, Self.dark, x: 146...148, y: 314...316, false)
    expectColor(image, Self.dark, x: 172...174, y: 314...316, false)
    // The row's own label ("teleplay" centred at x 160, y ≈ 297, not dimmed: a popover
    // dims nothing) is not covered.
    expectColor(image, Self.label, x: 120...200, y: 285...305, true)
    // Cartoon, the menu's last row (y 320…360), is beside the arrow and under the popover,
    // whose face's head (centred at y 339 + 160, radius 144) tops out at y 355.
    let face = blueNear(image, 170, 499 - 144)
    #expect(face)
  }

  /// Runs a session script beside a copy of examples/ipad.lua; returns its output and its
  /// screen snapshots, rendered, by name.
  func session(_ source: String, snapshots: [String]) throws -> (out: String, images: [Pixels]) {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    try FileManager.default.copyItem(
      atPath: packageRoot + "/examples/ipad.lua", toPath: folder + "/ipad.lua")
    try writeFile(folder + "/main.lua", "require \"ipad\"\n" + source)
    let r = try psychologist(["run", "main.lua"], in: folder)
    #expect(r.status == 0, "\(r.stderr)")
    let images = try snapshots.map {
      try TestSupport.rasterize(try String(contentsOfFile: folder + "/" + $0, encoding: .utf8))
    }
    return (r.out, images)
  }

  @Test func theMastersPanelCoversTheBarButton() throws {
    let image = try session(
      """
      local s = session { device = "ipad", orientation = "portrait" }
      s:show_master()
      s:snapshot("master.svg", { screen = true })
      """, snapshots: ["master.svg"]
    ).images[0]
    // The master's panel (UISplitViewController since iOS 5.1): 320 of content from x 8,
    // y 28 to 1016, its frame 8 further out, x 0…336, y 20…1024, over the bar button
    // (x 6…100.7, y 27…57), with no arrow.
    expectColor(image, Self.dark, x: 1...3, y: 500...502, true)
    expectColor(image, Self.dark, x: 100...102, y: 1019...1022, true)
    expectColor(image, Self.dark, x: 340...420, y: 58...62, false)
    // The menu inside: the panel's bar y 28…72, the first row at y 72 + 16 = 88…128, its
    // label centred (x 168).
    expectColor(image, Self.label, x: 128...208, y: 98...118, true)
    // The bar button is under the panel's dark frame and bar.
    expectColor(image, Self.dark, x: 5...8, y: 32...52, true)
  }

  @Test func aPopoverFollowsItsButtonAcrossARotation() throws {
    let (out, images) = try session(
      """
      local s = session { device = "ipad", orientation = "landscape" }
      s:perform("teleplay")
      s:rotate() s:snapshot("portrait.svg", { screen = true })
      s:rotate() s:snapshot("landscape.svg", { screen = true })
      print(s.scene, s.happiness)
      """, snapshots: ["portrait.svg", "landscape.svg"])
    #expect(out == "Happiness\t20\n")
    let (portrait, landscape) = (images[0], images[1])
    // Portrait: the menu is hidden, so the popover hangs from the bar button (x 6…100.7,
    // y 27…57): its arrow's tip at (55.4, 57), 8 wide at y 61.
    expectColor(portrait, Self.dark, x: 54...56, y: 60...62, true)
    // Landscape again: from teleplay's row, as before the turn (the arrow at (160, 315)).
    expectColor(landscape, Self.dark, x: 159...161, y: 314...316, true)
    expectColor(landscape, Self.dark, x: 72...74, y: 60...62, false)
  }

  @Test func aPopoverFadesInAtItsButton() throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    let r = try psychologist([
      "show", packageRoot + "/examples/ipad.lua", "teleplay", "--device", "ipad",
      "--orientation", "landscape", "--screen", "--frames", "5", "--output-dir", folder,
    ])
    #expect(r.status == 0, "\(r.stderr)")
    let mid = try TestSupport.rasterize(
      try String(contentsOfFile: folder + "/frame-002.svg", encoding: .utf8))
    // Half-way (eased 0.5) the popover is where it rests, half opaque (iOS 6 faded it in
    // and neither moved nor grew it): its head's top at (170, 355) is a faded blue, and
    // where a popover growing out of its button would have had it (165, 342), nothing.
    func bluish(_ x: Int, _ y: Int, radius: Int) -> Bool {
      for dy in -radius...radius {
        for dx in -radius...radius {
          if let p = mid.at(x + dx, y + dy), p.b - p.r > 60, p.b - p.g > 60 { return true }
        }
      }
      return false
    }
    #expect(bluish(170, 355, radius: 2) && !bluish(165, 342, radius: 3))
    let head = try #require(mid.at(170, 355))
    #expect(head.r > 60, "half opaque, not solid blue: \(head)")
    // The arrow is there, faded: a navy lighter than the frame at rest.
    let tip = try #require(mid.at(160, 315))
    #expect(tip.r > 60 && tip.r < 200 && tip.b > tip.r)
  }
}
