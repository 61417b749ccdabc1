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

/// A session's step is whole or not at all, however it is taken (a script's `s:tap`, `play`,
/// an animated tap), and a scene remembers the segue_kind that showed it however it came.
@Suite struct SessionSteps {
  /// Loads `source` as a script in a folder of its own, removed afterwards.
  func loaded(_ source: String, _ body: (Script) throws -> Void) throws {
    let dir = NSTemporaryDirectory() + "psy-steps-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try source.write(toFile: dir + "/s.lua", atomically: true, encoding: .utf8)
    let script = try Script(path: dir + "/s.lua", output: FileOutput(fd: 2))
    try script.load()
    try body(script)
  }

  static let drop = """
    segue_kind "drop" {
      perform = function(nav, scene) nav:present(scene) end,
      animate = { { t = 0, to = { y = -400 } }, { t = 1, to = {} } },
    }
    segue "dropped" { kind = "drop", happiness = 30 }
    segue "cartoon" { kind = "modal", happiness = 100 }
    """

  @Test func aSceneShownLaterInTheSamePlaceForgetsTheKind() throws {
    try loaded(Self.drop) { script in
      let session = try Session(script: script, device: .iphone, orientation: .portrait)
      _ = try session.tapAnimated("dropped")
      #expect(session.back())  // not animated: nothing was told of it
      try session.tap("cartoon")  // same title, same depth, shown by a built-in modal
      let modal = session.navigator
      #expect(session.back())
      let dismiss = try session.transition(from: modal, tapped: nil)
      #expect(dismiss.isBack && !dismiss.movesScreens && dismiss.style == .cover)
    }
  }

  @Test func aFailedStepCaughtByTheScriptLeavesTheSessionAsItWas() throws {
    try loaded(
      """
      segue_kind "half" { perform = function(nav, scene) nav:present(scene); error("boom") end }
      segue "broken" { kind = "half", happiness = 20 }
      diagnosis "d" { happiness = 5, segue = "broken" }
      feature "spoilt" { draw = function() error("spoilt") end }
      diagnosis "e" { happiness = 70, features = { "spoilt" } }
      local s = session {}
      for _, step in ipairs {
        function() s:tap("d") end, function() s:perform("broken") end,
        function() s:animate("e") end, function() s:frames("e", 3) end,
      } do
        local ok, err = pcall(step)
        assert(not ok, "the step failed")
        assert(s.scene == "Psychologist" and #s.stack == 1, s.scene .. " " .. #s.stack)
        assert(s.diagnosis == nil, "the diagnosis of the failed tap stays unset")
      end
      s:tap("e") -- a plain tap draws nothing: it stands
      assert(s.scene == "Happiness" and s.diagnosis == 70)
      """
    ) { _ in }
  }
}
