import Foundation
import Testing

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
