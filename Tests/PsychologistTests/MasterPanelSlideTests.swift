@testable import App
import Foundation
@testable import Psychologist
import Render
import Storyboard
import TestSupport
import Testing

/// The iPad's master in portrait comes in as UISplitViewController did from iOS 5.1 on: a
/// full-height panel sliding in from the screen's left edge (docs/ios6.md), drawn by rsvg
/// at the start, the middle and the end of the transition the bar button starts.
@Suite struct MasterPanelSlideTests {
  @Test func theMasterSlidesInFromTheLeftEdge() throws {
    let source = try String(contentsOfFile: examples + "/ipad.lua", encoding: .utf8)
    let (script, dir) = try scriptInFolder(source, tag: "panel")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try script.load()
    let s = try Session(script: script, device: .ipad, orientation: .portrait)
    try s.tap("bite")
    let before = s.navigator
    try s.showMaster()
    let movie = try s.movie(from: before, frameAt: nil)
    func image(_ t: Double) throws -> Pixels {
      try rasterize(SVGRenderer.render(try movie.frame(at: t)))
    }
    // At rest (t = 1) the panel's frame runs from the screen's left edge (x 0) to x 336
    // (320 of content and 8 of frame each side), from the status bar (y 20) to the bottom
    // (y 1024): dark at its left edge, at its right edge, low and high.
    let end = try image(1)
    for (x, y) in [(2, 500), (332, 500), (2, 1020), (100, 1020), (332, 30)] {
      #expect(
        end.isPopoverNavy(x, y), "at rest, (\(x), \(y)) is \(String(describing: end.at(x, y)))")
    }
    // No arrow: nothing of the frame's navy right of the panel, at the bar button's height.
    #expect(!(340...420).contains { end.isPopoverNavy($0, 60) }, "an arrow right of the panel")
    // The status bar above stays the iPad's black.
    let status = end.pixel(100, 5)
    #expect(status.r < 20 && status.g < 20 && status.b < 20, "status bar \(status)")
    // Before (t = 0): no panel at all.
    let start = try image(0)
    #expect(!start.isPopoverNavy(2, 500) && !start.isPopoverNavy(332, 500))
    // Half-way (eased 0.5) the panel has come half of its 376 points (its 336 and 40 for
    // its shadow): its right edge at 336 − 188 = 148, so its frame is dark at x 144 and
    // gone at x 200; its left edge is off the screen, so x 2 shows its content (white).
    let mid = try image(0.5)
    #expect(
      mid.isPopoverNavy(144, 500),
      "half-way, the right edge: \(String(describing: mid.at(144, 500)))")
    #expect(
      !mid.isPopoverNavy(200, 500) && !mid.isPopoverNavy(332, 500), "half-way, the panel is at rest"
    )
    let inside = mid.pixel(2, 500)
    #expect(inside.r > 240 && inside.g > 240 && inside.b > 240, "half-way, x 2 is \(inside)")
  }
}
