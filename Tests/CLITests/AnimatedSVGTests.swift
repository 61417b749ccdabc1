import Foundation
import TestSupport
import Testing

/// Headless Chromium (Debian's `chromium`, installed by scripts/bootstrap).
let chromium = "/usr/bin/chromium"

/// A Chromium screenshot of `file` (an SVG, or an HTML page) in a window of `width`×`height`,
/// after `budget` ms of virtual time.
func screenshot(_ file: String, width: Int, height: Int, budget: Int) throws -> Pixels {
  let dir = try temporaryFolder()
  defer { try? FileManager.default.removeItem(atPath: dir) }
  let r = try runProgram(
    chromium,
    [
      "--headless", "--disable-gpu", "--no-sandbox", "--hide-scrollbars",
      "--user-data-dir=" + dir + "/profile", "--screenshot=" + dir + "/shot.png",
      "--window-size=\(width),\(height)", "--virtual-time-budget=\(budget)", file,
    ], environment: ["HOME": dir])
  guard r.status == 0, let png = FileManager.default.contents(atPath: dir + "/shot.png") else {
    throw TestFailure("chromium failed (\(r.status)): \(r.stderr.suffix(400))")
  }
  return try decodePNG(png)
}

/// `show --screen --animate` of the seed's bite (a push on an iPhone), and its last still frame.
@Test func animatedSVGPlaysThePushInChromium() throws {
  let dir = try temporaryFolder()
  defer { try? FileManager.default.removeItem(atPath: dir) }
  let r = try psychologist([
    "show", "examples/psychologist.lua", "bite", "--screen", "--animate", "-o", dir + "/bite.svg",
  ])
  #expect(r.status == 0, "\(r.stderr)")
  let svg = try String(contentsOfFile: dir + "/bite.svg", encoding: .utf8)
  #expect(try validXML(Data(svg.utf8)))
  #expect(!svg.contains("<script"))
  #expect(svg.contains("<animateTransform") && svg.contains("dur=\"0.35s\""))

  // Half-way (0.175 s of 0.35 s, paused there through SVG's own DOM in a page around it):
  // the new scene's left edge at x = 160, its face (centre (160, 272), radius 144 at rest)
  // moved 160 right; the menu as far left (iOS 6 slides both scenes by the full width), its
  // first button's top border (y = 80) reaching the left edge, and nothing shaded.
  let page = dir + "/mid.html"
  try writeFile(
    page,
    "<!doctype html><html><head><style>html,body{margin:0;overflow:hidden}</style></head><body>"
      + svg
      + "<script>const s = document.querySelector('svg'); s.pauseAnimations(); s.setCurrentTime(0.175);</script></body></html>"
  )
  let mid = try screenshot(page, width: 320, height: 480, budget: 500)
  func blue(_ p: Pixels, _ x: Double, _ y: Double, _ radius: Int = 3) -> Bool {
    p.has((0, 0, 255), near: x, y, radius: radius)
  }
  #expect(blue(mid, 176, 272))
  #expect(!blue(mid, 16, 272, 6))
  #expect((mid.at(5, 80)?.r ?? 255) < 215)
  #expect((mid.at(144, 100)?.r ?? 255) < 215, "the menu's button's right border at x = 144")
  #expect((mid.at(100, 420)?.r ?? 0) > 250, "shade \(String(describing: mid.at(100, 420)))")
  #expect((mid.at(162, 420)?.r ?? 0) > 252)

  // Played on its own (in virtual time, which a loaded machine can leave behind: up to
  // three tries), the animation ends with the new scene in place.
  var played = false
  for _ in 0..<3 where !played {
    let shot = try screenshot(dir + "/bite.svg", width: 320, height: 480, budget: 5000)
    played = blue(shot, 16, 272) && !blue(shot, 176, 272, 1)
  }
  #expect(played, "the animation did not reach its end in Chromium")

  // At the end (held there through the DOM, past its 0.35 s): the screen as the last of
  // --frames draws it, through rsvg-convert (fonts differ a little between the two).
  let endPage = dir + "/end.html"
  try writeFile(
    endPage,
    "<!doctype html><html><head><style>html,body{margin:0;overflow:hidden}</style></head><body>"
      + svg
      + "<script>const s = document.querySelector('svg'); s.pauseAnimations(); s.setCurrentTime(1);</script></body></html>"
  )
  let end = try screenshot(endPage, width: 320, height: 480, budget: 500)
  let frames = try showFrames("bite", 3)
  let last = try rasterize(String(decoding: frames[2], as: UTF8.self))
  #expect(blue(end, 16, 272) && !blue(end, 176, 272, 1))
  let differing = try #require(end.differences(from: last, tolerance: 48))
  #expect(differing < end.rgb.count / 100, "\(differing) of \(end.rgb.count) channel values differ")
}
