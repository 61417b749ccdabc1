import Declarations
import Face
import Files
import Geometry
import LuaHost
import Readable
import Render

/// Draws faces into Render's model: the face's geometry from its state, style, expression
/// and channels, then the features the script declares for it (their Lua
/// `draw(face, pen)`). The pen's strokes live in Swift, so they are charged to the script's
/// memory limit as they are made; the painter gives the charge back when its outermost
/// drawing is done (a feature may draw a face, through a session, while one is drawn).
public final class Painter {
  /// The script whose features draw and whose memory limit the strokes count against
  /// (unowned: a session's painter must not keep its script alive).
  unowned let script: Script
  /// Bytes of pen strokes charged by the drawing being made, and how deeply drawings nest.
  private var strokeCharge = 0
  private var depth = 0

  /// A painter of `script`'s faces.
  public init(script: Script) {
    self.script = script
  }

  /// Runs `body`, then gives back the memory its pen strokes were charged, once the
  /// outermost drawing is done with them (its caller renders right away).
  public func charging<T>(_ body: () throws -> T) rethrows -> T {
    depth += 1
    defer {
      depth -= 1
      if depth == 0, strokeCharge > 0 {
        script.state.uncharge(strokeCharge)
        strokeCharge = 0
      }
    }
    return try body()
  }

  /// A face alone as a document `width`×`height` points: what a batch row writes and
  /// `show` draws of a face's scene.
  public func drawing(
    _ face: FaceScene, title: String, width: Double, height: Double
  ) throws -> Drawing {
    let items = try items(face, in: Rect(x: 0, y: 0, width: width, height: height))
    return Drawing(width: width, height: height, title: title, background: nil, items: items)
  }

  /// A face and its features drawn in `rect`.
  public func items(_ face: FaceScene, in rect: Rect) throws -> [Item] {
    try charging { try unchargedItems(face, in: rect) }
  }

  /// A face and its features drawn in `rect`, the strokes charged until the enclosing
  /// `charging` ends.
  func unchargedItems(_ f: FaceScene, in rect: Rect) throws -> [Item] {
    let g: FaceGeometry
    do { g = try faceGeometry(state: f.face, style: f.style, bounds: rect) } catch {
      throw sessionError("cannot draw the face: \(error)")
    }
    var items = g.items()
    let features = script.registry.features
    guard !features.isEmpty else { return items }
    // Strokes live in Swift, outside the Lua memory cap: bound them per face too, or
    // thousands of features could each draw their 10000.
    var strokesLeft = Pen.maxStrokesPerFace
    for feature in features
    where script.registry.drawsEverywhere(feature) || f.features.contains(feature.name) {
      let drawn = try draw(feature, f, g, clip: rect, limit: strokesLeft)
      strokesLeft -= drawn.count
      items += drawn
    }
    return items
  }

  /// Runs a feature's Lua `draw(face, pen)` and returns what it drew, clipped to the view.
  func draw(
    _ feature: Feature, _ f: FaceScene, _ g: FaceGeometry, clip: Rect,
    limit: Int = Pen.maxStrokes
  ) throws -> [Item] {
    guard let draw = feature.draw else { return [] }
    let state = script.state
    let pen = Pen(geometry: g, clip: clip, limit: limit) { try state.charge($0, at: nil) }
    let penValue = try state.userdata(pen)
    defer {
      strokeCharge += pen.charged
      // Lua keeps the pen's userdata until its collector runs, and the collector sees a
      // few bytes, not the strokes: a closed pen that kept them would keep every row's
      // strokes alive for as long (a batch of large faces grew by a face a row).
      pen.closed = true
      pen.items = []
    }
    do {
      _ = try script.state.call(
        draw, [Painter.faceValue(f, g), penValue], declaredAt: feature.location)
    } catch var e as LuaError {
      // A feature that draws a face drawing itself would otherwise say so once a level.
      let prefix = "feature '\(feature.name)': "
      if !e.message.hasPrefix(prefix) { e.message = prefix + e.message }
      throw e
    }
    return pen.items
  }

  /// The `face` table a feature's `draw` reads: size, happiness, smile, scale, expression
  /// and the row (`input`) the diagnosis was given.
  static func faceValue(_ f: FaceScene, _ g: FaceGeometry) -> LuaValue {
    let expression: LuaValue =
      f.face.expression.map { e in
        .map([
          "mouth": e.mouth.map { .number($0) } ?? .nil, "eyes": .number(e.eyes),
          "brows": e.brows.map { .number($0) } ?? .nil,
        ])
      } ?? .map(["eyes": 1])
    return .map([
      "size": .number(g.size), "happiness": .number(f.face.happiness),
      "smile": .number(f.face.smile), "scale": .number(f.face.scale), "expression": expression,
      "input": f.input,
    ])
  }
}

/// A face's document title: its scene's title and its happiness. Concatenated, not
/// interpolated: a batch titles every row's document.
func faceDocumentTitle(_ sceneTitle: String, _ face: FaceScene) -> String {
  sceneTitle + ": happiness " + formatNumber(face.face.happiness)
}
