import App
import Declarations
import Files
import Geometry
import LuaHost
import Readable
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
  /// `reach` walks this session's menus; a limit of the walk (its deadline, the memory cap)
  /// is thrown, not drawn.
  func storyboardScreen(of node: StoryboardGraph.Node, reach: Reach) throws -> StoryboardScreen {
    var failure: String?
    var drawn: Drawing
    do {
      try self.reach(node, with: reach)
      drawn = try drawing(screen: true)
    } catch let e as LuaError where e.kind == .timeLimit || e.kind == .memory {
      throw e
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
  private func reach(_ node: StoryboardGraph.Node, with reach: Reach) throws {
    let registry = script.registry
    // A limit met on the way names the declaration of the scene walked to.
    let place: SourceLocation
    switch node.role {
    case .menu(let name?): place = registry.menu(name)?.location ?? .nowhere
    case .destination(let button):
      place = registry.diagnosis(button)?.location ?? registry.segue(button)?.location ?? .nowhere
    case .manual(let segue): place = registry.segue(segue)?.location ?? .nowhere
    case .menu(nil), .splitView, .detail: place = .nowhere
    }
    switch node.role {
    case .menu(nil), .splitView, .detail: try reach.show(menu: nil, at: place)
    case .menu(let name?):
      if registry.menuPath(to: name, ways: reach.ways) != nil {
        try reach.show(menu: name, at: place)
      } else {
        try reach.show(menu: nil, at: place)
        // No button leads to it: pushed as the segues showing it would push it (the
        // first one's kind), or as a push when none does.
        let shower =
          registry.segues.first { $0.menu == name }
          ?? Segue(identifier: name, kind: .same("push"), location: .nowhere, menu: name)
        try navigate(to: evaluator.landing(shower, from: nil, diagnosis: nil, expression: nil))
      }
    case .destination(let button):
      let input = firstExample(button)
      if let d = registry.diagnosis(button) { scaleColumns(of: d, over: inputs(of: d)) }
      if node.reachable {
        try reach.start(atMenuOf: button, at: place)
        try tap(button, input: input)
      } else if let d = registry.diagnosis(button) {
        try reach.show(menu: nil, at: place)
        try navigate(to: evaluator.landing(tapping: d, input: input))
      } else if let s = registry.segue(button) {
        try reach.show(menu: nil, at: place)
        try navigate(to: evaluator.landing(s, from: nil, diagnosis: nil, expression: nil))
      }
    case .manual(let segue):
      try reach.show(menu: nil, at: place)
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
