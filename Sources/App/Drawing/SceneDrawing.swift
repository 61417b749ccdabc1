import Declarations
import Face
import Files
import Geometry
import Render
import Storyboard

/// Everything the session shows, drawn into Render's model: one scene's content, or the
/// whole device screen (status bar, navigation bars, split view, presented scenes). Faces
/// are the session's painter's to draw; the menu and the screen's chrome are the session's.
extension Session {
  /// The focused scene in its content rect (`screen: false`) or the whole device screen.
  public func drawing(screen: Bool) throws -> Drawing {
    try painter.charging { try unchargedDrawing(screen: screen) }
  }

  private func unchargedDrawing(screen: Bool) throws -> Drawing {
    if screen { return try screenDrawing() }
    let r = navigator.focusContentRect
    let bounds = Rect(x: 0, y: 0, width: r.width, height: r.height)
    return Drawing(
      width: r.width, height: r.height, title: title(of: navigator.focus), background: nil,
      items: try contentItems(navigator.focus, in: bounds))
  }

  /// The focused face's geometry at its content rect (nil when no face is focused).
  public func geometry() throws -> FaceGeometry? {
    guard let f = focusedFace else { return nil }
    let r = navigator.focusContentRect
    return try faceGeometry(
      state: f.face, style: f.style, bounds: Rect(x: 0, y: 0, width: r.width, height: r.height))
  }

  /// A title for the document: the scene and its happiness.
  func title(of scene: Scene<SceneContent>) -> String {
    if case .face(let f) = scene.content { return faceDocumentTitle(scene.title, f) }
    return scene.title
  }

  /// A scene's content inside `rect`: its face and features, or the menu's buttons (for a
  /// host that lays the screen out itself, as `play` does in the terminal).
  public func contentItems(_ scene: Scene<SceneContent>, in rect: Rect) throws
    -> [Item]
  {
    switch scene.content {
    case .empty: return []
    case .menu(let name): return menuItems(of: name, in: rect)
    case .face(let f): return try painter.items(f, in: rect)
    }
  }

  // MARK: The whole screen

  func screenDrawing() throws -> Drawing {
    try screenParts(navigator).drawing
  }
}
