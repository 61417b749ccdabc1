import Foundation
import Geometry
import LuaHost
import Storyboard
import Testing

@testable import StoryboardCanvas
@testable import PrototypeExport
@testable import LuaBindings
@testable import Files
@testable import Declarations
@testable import App
@testable import Psychologist

/// A tap in two steps: evaluating it calls the script's Lua and navigates nothing; applying
/// the landing navigates as the tap does, whole or not at all.
@Suite struct Evaluation {
  /// Loads `source` as a script in a folder of its own, removed afterwards.
  func loaded(_ source: String, _ body: (Script) throws -> Void) throws {
    let (script, dir) = try scriptInFolder(source, tag: "eval")
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try script.load()
    try body(script)
  }

  static let source = """
    calls = 0
    diagnosis "slept" {
      title = "Slept",
      happiness = function(input) calls = calls + 1 return 10 * input.hours end,
      expression = function(input) return { eyes = input.hours / 10 } end,
    }
    diagnosis "covered" { happiness = 30, segue = "cover" }
    segue "showDiagnosis" {
      kind = "push", happiness = function(ctx) return ctx.diagnosis - 5 end,
    }
    segue "cover" { kind = "modal" }
    """

  func input(hours: Double) -> LuaValue { .map([.text("hours"): .number(hours)]) }

  @Test func aTapEvaluatesWithoutNavigating() throws {
    try loaded(Self.source) { script in
      let session = try Session(script: script, device: .iphone, orientation: .portrait)
      let d = try #require(script.registry.diagnosis("slept"))
      let landing = try session.evaluator.landing(tapping: d, input: input(hours: 7))
      // The diagnosis's function gave 70, the segue's took 5 off; the eyes read the input.
      #expect(landing.diagnosis == 70)
      #expect(landing.happiness == 65)
      #expect(landing.face.face.expression?.eyes == 0.7)
      #expect(landing.title == "Slept")
      #expect(landing.button == "slept")
      #expect(landing.documentTitle == "Slept: happiness 65")
      guard case .builtin(.push) = landing.kind else {
        Issue.record("kind \(landing.kind)")
        return
      }
      // Evaluated, not navigated: the session is still at the menu, with no diagnosis.
      #expect(session.stack == ["Psychologist"])
      #expect(session.diagnosis == nil)
      #expect(landing.contentRect == nil)
      #expect(try script.state.global("calls") == .integer(1))
    }
  }

  @Test func applyingALandingDoesWhatTheTapDoes() throws {
    try loaded(Self.source) { script in
      let tapped = try Session(script: script, device: .iphone, orientation: .portrait)
      try tapped.tap("slept", input: input(hours: 8))
      let applied = try Session(script: script, device: .iphone, orientation: .portrait)
      let d = try #require(script.registry.diagnosis("slept"))
      try applied.apply(try applied.evaluator.landing(tapping: d, input: input(hours: 8)))
      #expect(applied.stack == tapped.stack)
      #expect(applied.happiness == 75)
      #expect(applied.diagnosis == tapped.diagnosis)
      #expect(applied.focusedFace?.face == tapped.focusedFace?.face)
      #expect(applied.navigator.focusContentRect == tapped.navigator.focusContentRect)
    }
  }

  @Test func aLandingThatCannotBeAppliedLeavesTheSessionAsItWas() throws {
    try loaded(Self.source) { script in
      let session = try Session(script: script, device: .iphone, orientation: .portrait)
      let covered = try #require(script.registry.diagnosis("covered"))
      let slept = try #require(script.registry.diagnosis("slept"))
      let landing = try session.evaluator.landing(tapping: slept, input: input(hours: 2))
      try session.tap(covered.name)
      // A modal covers the menu: its buttons cannot be tapped, so the landing is refused.
      #expect(throws: LuaError.self) { try session.apply(landing) }
      #expect(session.stack == ["Psychologist", "Happiness"])
      #expect(session.diagnosis == 30)
      #expect(session.happiness == 30)
    }
  }

  @Test func startRectsAreWhereATapFromTheStartLands() throws {
    try loaded(
      Self.source + """
        segue "hang" { kind = "popover", size = { width = 300, height = 250 } }
        segue "swap" { kind = "replace", happiness = 40 }
        diagnosis "hung" { happiness = 20, segue = "hang" }
        diagnosis "swapped" { happiness = 40, segue = "swap" }
        """
    ) { script in
      for orientation in Orientation.allCases {
        let probe = try Session(script: script, device: .ipad, orientation: orientation)
        let evaluator = probe.evaluator
        evaluator.startRects = StartRects(session: probe)
        for name in ["slept", "covered", "hung", "swapped"] {
          let d = try #require(script.registry.diagnosis(name))
          let first = try evaluator.landing(tapping: d, input: input(hours: 6))
          let again = try evaluator.landing(tapping: d, input: input(hours: 9))
          let tapped = try Session(script: script, device: .ipad, orientation: orientation)
          try tapped.tap(name, input: input(hours: 6))
          #expect(first.contentRect == tapped.navigator.focusContentRect, "\(name) \(orientation)")
          #expect(again.contentRect == first.contentRect)
        }
        // Found by navigating the probe, which is back at the start afterwards.
        #expect(probe.stack == ["Psychologist"])  // an empty detail is left out
      }
      // The storyboard's numbers, iPad landscape: a form sheet, the popover's own size, the
      // detail right of the 320-point master and its divider, below the bars.
      let probe = try Session(script: script, device: .ipad, orientation: .landscape)
      let evaluator = probe.evaluator
      evaluator.startRects = StartRects(session: probe)
      for (name, size) in [
        ("covered", Size(width: 540, height: 620)), ("hung", Size(width: 300, height: 250)),
        ("swapped", Size(width: 703, height: 704)), ("slept", Size(width: 320, height: 704)),
      ] {
        let d = try #require(script.registry.diagnosis(name))
        let landing = try evaluator.landing(tapping: d, input: input(hours: 5))
        #expect(landing.contentRect?.size == size, "\(name)")
      }
    }
  }

  @Test func aCustomKindLandsWhereItsLuaPutsIt() throws {
    try loaded(
      Self.source + """
        segue_kind "fade" { perform = function(nav, scene, ctx) nav:present(scene) end }
        segue "faded" { kind = "fade", happiness = function(ctx) return ctx.diagnosis end }
        diagnosis "dim" { happiness = 15, segue = "faded" }
        """
    ) { script in
      let probe = try Session(script: script, device: .iphone, orientation: .portrait)
      let evaluator = probe.evaluator
      evaluator.startRects = StartRects(session: probe)
      let d = try #require(script.registry.diagnosis("dim"))
      let landing = try evaluator.landing(tapping: d, input: .map([:]))
      guard case .custom(let kind, _) = landing.kind else {
        Issue.record("kind \(landing.kind)")
        return
      }
      #expect(kind.name == "fade")
      #expect(landing.contentRect == nil)
      #expect(landing.happiness == 15)
      try probe.apply(landing)
      #expect(probe.navigator.focusRole == .modal)
    }
  }
}
