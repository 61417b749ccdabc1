import Foundation
import TestSupport
import Testing

/// The exported page against the SVG frames (issues 34 and 36): a popover fades element by
/// element as the SVG draws it (apps built before iOS 7 had no group opacity), and the page's
/// status line names a scene on the iPad's root and after a popover is dismissed.
@Suite struct PageFadeTests {
  @Test func aPopoverFadesAsTheSVGDrawsIt() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let page = dir + "/ipad.html"
    let ipad = ["--device", "ipad", "--orientation", "landscape"]
    let r = try psychologist(["export", "examples/ipad.lua", "-o", page] + ipad)
    #expect(r.status == 0, "\(r.stderr)")
    let values = try drive(
      page,
      [
        ["eval": "document.getElementById('status').textContent"],
        ["eval": "psy.holdAt = 0.5"],
        ["tap": [160, 292]],  // teleplay, the master's fifth button: a popover
        ["wait": "psy.held"],
        ["shot": dir + "/page.png"],
        ["eval": "psy.holdAt = null"],
        ["wait": "!psy.busy && psy.steps === 1"],
        ["eval": "document.getElementById('status').textContent"],
        ["tap": [800, 600]],  // outside the popover: dismissed
        ["wait": "!psy.busy && psy.steps === 2"],
        ["eval": "document.getElementById('status').textContent"],
      ])
    // The middle of the fade as the SVG frames draw it: frame 1 of 3 is t = 0.5.
    let frames = try psychologist(
      ["show", "examples/ipad.lua", "teleplay", "--screen", "--frames", "3", "--output-dir", dir]
        + ipad)
    #expect(frames.status == 0, "\(frames.stderr)")
    let svg = try rasterize(
      try #require(FileManager.default.contents(atPath: dir + "/frame-001.svg")))
    let shot = try decodePNG(try #require(FileManager.default.contents(atPath: dir + "/page.png")))
    #expect(shot.width == svg.width && shot.height == svg.height)
    // Faded as one group, the popover's dark frame was hidden under its white content;
    // faded element by element, it shows through at a quarter: about 50 levels darker
    // over the popover's 320 × 320 points, an eighth of the screen.
    let differing = try #require(shot.differences(from: svg, tolerance: 32))
    #expect(differing < shot.rgb.count / 50, "\(differing) of \(shot.rgb.count) values differ")
    // Mid-fade, the popover's white content over the white scene is greyed by its frame
    // showing through (one group would have left it white).
    let inside = try #require(shot.at(60, 380))
    #expect(inside.r > 150 && inside.r < 235, "the popover's content mid-fade: \(inside)")
    // The status line names the master's scene on the iPad's root (its detail is empty),
    // the popover's, then the master's again once the popover is gone.
    #expect(values[0] as? String == "Psychologist")
    #expect((values[3] as? String)?.hasPrefix("Happiness") == true, "\(values[3])")
    #expect(values[4] as? String == "Psychologist", "\(values[4])")
    // In portrait the master is hidden: the bar button names it.
    let portrait = dir + "/portrait.html"
    let p = try psychologist(["export", "examples/ipad.lua", "-o", portrait, "--device", "ipad"])
    #expect(p.status == 0, "\(p.stderr)")
    let start = try drive(portrait, [["eval": "document.getElementById('status').textContent"]])
    #expect(start.first as? String == "Psychologist", "\(start)")
  }
}
