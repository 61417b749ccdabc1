import Declarations
import Face
import Files
import Render

/// `psychologist face` with plugins: the face alone, as any scene's face is drawn.
extension Script {
  /// The face for `happiness` filling a `width`×`height` view, in the style `--style`
  /// names (else the global one) and with the features that go on every face, so a style
  /// or feature plugin applies to `face` as to every other command. `scale` nil: the
  /// style's. Call after `loadPlugins()`; the declarations must be valid.
  public func faceDrawing(
    happiness: Double, scale: Double?, width: Double, height: Double, title: String
  ) throws -> Drawing {
    try requireValid(on: options.device)
    guard let style = registry.style(options.style) else {
      throw sessionError("unknown style '\(options.style ?? "")'")
    }
    let face = try FaceState(happiness: happiness, scale: scale ?? style.scale)
    return try Painter(script: self).drawing(
      FaceScene(face: face, style: style, features: []), title: title, width: width,
      height: height)
  }
}
