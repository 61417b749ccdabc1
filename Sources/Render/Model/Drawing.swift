// The drawing model: a list of stroked (and optionally filled) shapes on a canvas of
// points. Renderers (SVG, terminal) read it; nothing here knows what is being drawn.

import Geometry

/// One shape, in the drawing's points (y downwards).
public enum Shape: Equatable, Sendable {
  /// A circle.
  case circle(center: Point, radius: Double)
  /// An axis-aligned ellipse with radii `rx` (horizontal) and `ry` (vertical).
  case ellipse(center: Point, rx: Double, ry: Double)
  /// A straight segment.
  case line(Point, Point)
  /// A cubic Bézier curve: start, control 1, control 2, end.
  case cubic(Point, Point, Point, Point)
  /// An open path through the points.
  case polyline([Point])
  /// An axis-aligned rectangle.
  case rect(Rect)
  /// An axis-aligned rectangle whose corners are quarter circles of `radius`.
  case roundedRect(Rect, radius: Double)
  /// A closed path through the points (the last joined to the first).
  case polygon([Point])
  /// Text whose baseline starts at `at`, `size` points high.
  case text(String, at: Point, size: Double)
}

/// How a shape is painted: an optional stroke of a width, an optional fill, an opacity.
public struct Paint: Equatable, Sendable {
  /// The stroke colour, or nil for no stroke.
  public var stroke: Color?
  /// The stroke width in points.
  public var lineWidth: Double
  /// The fill colour, or nil for no fill.
  public var fill: Color?
  /// Opacity from 0 (invisible) to 1 (opaque).
  public var opacity: Double
  /// The gradient and text style, when either is not the plain one: the chrome's few items
  /// have them, a face's many strokes do not, and kept apart they cost those strokes no
  /// reference counting when copied and compared.
  @usableFromInline var extras: PaintExtras?

  /// A gradient SVG fills with instead of `fill` (the terminal keeps `fill`), when given.
  public var gradient: Gradient? {
    get { extras?.gradient }
    set { extras = PaintExtras.make(gradient: newValue, text: text) }
  }
  /// How text is set (ignored by other shapes).
  public var text: TextStyle {
    get { extras?.text ?? TextStyle() }
    set { extras = PaintExtras.make(gradient: gradient, text: newValue) }
  }

  /// Creates a paint; the default is a black stroke 1 point wide, no fill, opaque.
  @inlinable
  public init(
    stroke: Color? = .black, lineWidth: Double = 1, fill: Color? = nil, opacity: Double = 1,
    gradient: Gradient? = nil, text: TextStyle? = nil
  ) {
    self.stroke = stroke
    self.lineWidth = lineWidth
    self.fill = fill
    self.opacity = opacity
    self.extras =
      gradient == nil && text == nil ? nil : PaintExtras.make(gradient: gradient, text: text)
  }

  /// Equal when they paint alike.
  public static func == (a: Paint, b: Paint) -> Bool {
    a.stroke == b.stroke && a.lineWidth == b.lineWidth && a.fill == b.fill
      && a.opacity == b.opacity
      && (a.extras === b.extras || a.extras?.gradient == b.extras?.gradient && a.text == b.text)
  }
}

/// A paint's rare parts, shared between its copies.
public final class PaintExtras: Sendable {
  /// See `Paint.gradient`.
  let gradient: Gradient?
  /// See `Paint.text`.
  let text: TextStyle

  init(gradient: Gradient?, text: TextStyle) {
    self.gradient = gradient
    self.text = text
  }

  /// The extras for these parts, nil when both are the plain ones.
  @usableFromInline
  static func make(gradient: Gradient?, text: TextStyle?) -> PaintExtras? {
    let text = text ?? TextStyle()
    if gradient == nil && text == TextStyle() { return nil }
    return PaintExtras(gradient: gradient, text: text)
  }
}

/// A shape with its paint and an optional clip rectangle.
public struct Item: Equatable, Sendable {
  /// What is drawn.
  public var shape: Shape
  /// How it is painted.
  public var paint: Paint
  /// Only the part of the shape inside this rectangle is drawn, when given.
  public var clip: Rect?

  /// Creates an item.
  @inlinable
  public init(_ shape: Shape, paint: Paint = Paint(), clip: Rect? = nil) {
    self.shape = shape
    self.paint = paint
    self.clip = clip
  }
}

/// A canvas of `width`×`height` points with items drawn in order (later on top).
public struct Drawing: Equatable, Sendable {
  /// The canvas width in points.
  public var width: Double
  /// The canvas height in points.
  public var height: Double
  /// A title (SVG `<title>`), if any.
  public var title: String?
  /// A colour filling the whole canvas first, if any.
  public var background: Color?
  /// The items, drawn first to last.
  public var items: [Item]

  /// Creates a drawing.
  @inlinable
  public init(
    width: Double, height: Double, title: String? = nil, background: Color? = nil,
    items: [Item] = []
  ) {
    self.width = width
    self.height = height
    self.title = title
    self.background = background
    self.items = items
  }
}
