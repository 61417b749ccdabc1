import App
import Declarations
import Files
import Geometry
import LuaHost
import Render
import Storyboard

/// One scene of the storyboard drawn as `show --screen` draws it, with where its buttons
/// are (a segue's arrow leaves from its button), or why it could not be drawn.
public struct StoryboardScreen {
  /// The whole device screen.
  public var drawing: Drawing
  /// The scene's title, as its bar reads it.
  public var title: String
  /// Each button of the menu shown, by name, in screen points.
  public var buttons: [String: Rect]
  /// Why the screen is not the scene's (its Lua failed): drawn in red.
  public var failure: String?
}

extension Session {
  /// The screen of `node` as a person reaches it: from the start, the buttons leading to
  /// it tapped (a diagnosis with its first example), on an iPad in portrait through the
  /// bar button that shows the master. A scene no person reaches is shown as code
  /// performs it; a scene whose Lua fails is the screen before, with the failure.
  func storyboardScreen(of node: StoryboardGraph.Node) -> StoryboardScreen {
    restart()
    var failure: String?
    var drawn: Drawing
    do {
      try reach(node)
      drawn = try drawing(screen: true)
    } catch {
      failure = "\(error)"
      drawn = failedScreen()
    }
    var buttons: [String: Rect] = [:]
    if case .menu(let name) = node.role, failure == nil {
      for b in menuButtons(of: name) {
        if let r = anchor(ofButton: b.name) { buttons[b.name] = r }
      }
    }
    let title: String
    switch node.role {
    case .menu, .detail, .splitView: title = node.title
    case .manual: title = failure == nil ? sceneTitle : node.title
    case .destination(let button):
      // Several buttons lead to scenes of one title (the seed's "Happiness"): the caption
      // says which.
      let scene = failure == nil ? sceneTitle : node.title
      title = scene == button || scene == node.title ? scene : "\(scene) · \(button)"
    }
    return StoryboardScreen(drawing: drawn, title: title, buttons: buttons, failure: failure)
  }

  /// A screen in place of one whose Lua failed: blank, a red cross over it (the failure
  /// itself is the canvas's note under it).
  private func failedScreen() -> Drawing {
    let size = device.size(in: orientation)
    let red = Paint(stroke: Color(r: 208, g: 2, b: 27), lineWidth: 6)
    let (w, h) = (size.width, size.height)
    return Drawing(
      width: w, height: h, title: "failed", background: Color(r: 253, g: 236, b: 238),
      items: [
        Item(.line(Point(w * 0.3, h * 0.35), Point(w * 0.7, h * 0.65)), paint: red),
        Item(.line(Point(w * 0.7, h * 0.35), Point(w * 0.3, h * 0.65)), paint: red),
      ])
  }

  /// Navigates from the start to `node`'s scene.
  private func reach(_ node: StoryboardGraph.Node) throws {
    let registry = script.registry
    if device.isPad && orientation == .portrait { try showMaster() }
    switch node.role {
    case .menu(nil), .splitView, .detail: return
    case .menu(let name?):
      if let path = registry.menuPaths()[name] {
        for step in path { try tap(step, input: firstExample(step)) }
      } else {
        // No button leads to it: pushed as the segues showing it would push it (the
        // first one's kind), or as a push when none does.
        let shower =
          registry.segues.first { $0.menu == name }
          ?? Segue(identifier: name, kind: .same("push"), location: "", menu: name)
        try navigate(to: evaluator.landing(shower, from: nil, diagnosis: nil, expression: nil))
      }
    case .destination(let button):
      let input = firstExample(button)
      if let d = registry.diagnosis(button) { scaleColumns(of: d, over: inputs(of: d)) }
      if node.reachable {
        try reachMenu(of: button)
        try tap(button, input: input)
      } else if let d = registry.diagnosis(button) {
        try navigate(to: evaluator.landing(tapping: d, input: input))
      } else if let s = registry.segue(button) {
        try navigate(to: evaluator.landing(s, from: nil, diagnosis: nil, expression: nil))
      }
    case .manual(let segue):
      try perform(segue)
    }
  }

  /// What `check` taps diagnosis `d` with: its examples, else `{}`.
  private func inputs(of d: Diagnosis) -> [LuaValue] {
    d.examples.isEmpty ? [.map([:])] : d.examples
  }

  /// The input a tap of button `name` gets: a diagnosis's first example, else `{}`.
  private func firstExample(_ name: String) -> LuaValue {
    script.registry.diagnosis(name)?.examples.first ?? .map([:])
  }
}
