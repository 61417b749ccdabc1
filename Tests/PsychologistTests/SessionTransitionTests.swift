import CLISupport
import Foundation
import Storyboard
import Testing

@testable import StoryboardCanvas
@testable import PrototypeExport
@testable import LuaBindings
@testable import Files
@testable import Declarations
@testable import App
@testable import Psychologist

/// Sessions animate as `show` does: `s:frames` ends on `s:svg({screen=true})` and starts on
/// the menu; `s:animate` is one SMIL document; a count out of range is refused.
@Test func sessionFramesAndAnimation() throws {
  let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
    "psy-session-transition-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: dir) }
  let path = dir.appendingPathComponent("s.lua").path
  try """
  diagnosis "bite" { happiness = 70 }
  local s = session {}
  local menu = s:svg({ screen = true })
  local frames = s:frames("bite", 4)
  assert(#frames == 4, "four frames")
  assert(frames[1] == menu, "the first frame is the menu")
  assert(frames[4] == s:svg({ screen = true }), "the last frame is the screen")
  assert(frames[2] ~= frames[1] and frames[2] ~= frames[4], "a frame in between")
  s:back()
  local svg = s:animate("bite")
  assert(svg:find("<animateTransform", 1, true) and not svg:find("<script", 1, true))
  assert(s.scene == "Happiness")
  s:back()
  local ok, err = pcall(s.frames, s, "bite", 1.5)
  assert(not ok and tostring(err):find("whole count from 2 to 1000, got 1.5", 1, true), tostring(err))
  """.write(toFile: path, atomically: true, encoding: .utf8)
  let script = try Script(path: path, output: FileOutput(fd: 2))
  try script.load()
}

/// Going back from a scene a segue_kind showed runs its animation in reverse: the frame at
/// t is the forward one at 1 − t (keyframes: eased, so at t = 0.25 the forward 0.75); also
/// when the scene was reached by a plain tap (a script's `s:tap`, a replay in `play`).
@Test(arguments: [true, false])
func backFromACustomKindRunsItsAnimationReversed(animatedTap: Bool) throws {
  let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
    "psy-session-back-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: dir) }
  let path = dir.appendingPathComponent("s.lua").path
  try """
  segue_kind "drop" {
    perform = function(nav, scene) nav:present(scene) end,
    animate = { { t = 0, to = { y = -400 } }, { t = 1, to = {} } },
  }
  segue "dropped" { kind = "drop", happiness = 30 }
  segue "cartoon" { kind = "modal", happiness = 100 }
  """.write(toFile: path, atomically: true, encoding: .utf8)
  let script = try Script(path: path, output: FileOutput(fd: 2))
  try script.load()
  let session = try Session(script: script, device: .iphone, orientation: .portrait)
  let forward = try Session(script: script, device: .iphone, orientation: .portrait)
    .tapAnimated("dropped")
  #expect(forward.movesScreens)
  if animatedTap { _ = try session.tapAnimated("dropped") } else { try session.tap("dropped") }
  let before = session.navigator
  #expect(session.back())
  let back = try session.transition(from: before, tapped: nil)
  #expect(back.isBack && back.movesScreens)
  // Forward at 0.75: y = -400 × (1 − ease(0.75)); ease(0.75) = 1 − ease(0.25) ≈ 0.871.
  let y = try back.placements(at: 0.25).to.dy
  #expect(abs(y - -400 * (1 - referenceEase(0.75))) < 1e-6, "y \(y)")
  #expect(try back.placements(at: 0.25) == (try forward.placements(at: 0.75)))
  // A built-in modal's dismissal is the built-in cover reversed, not the kind's.
  _ = try session.tapAnimated("cartoon")
  let modal = session.navigator
  #expect(session.back())
  let dismiss = try session.transition(from: modal, tapped: nil)
  #expect(dismiss.isBack && !dismiss.movesScreens && dismiss.style == .cover)
}

/// UIKit's ease-in-out by Newton's method (the model bisects).
func referenceEase(_ t: Double) -> Double {
  var s = t
  for _ in 0..<30 {
    let x = 3 * (1 - s) * (1 - s) * s * 0.42 + 3 * (1 - s) * s * s * 0.58 + s * s * s
    let dx = 3 * (1 - s) * (1 - s) * 0.42 + 6 * (1 - s) * s * 0.16 + 3 * s * s * 0.42
    s -= (x - t) / dx
  }
  return 3 * (1 - s) * s * s + s * s * s
}
