// What a paint may carry besides flat colours: a vertical gradient for an area (a bar's
// sheen, a button's) and the look of text (bold, a named family, centred on its point).
// SVG draws both as they are; the terminal draws a gradient's area in its flat `fill`
// colour (as a cell background, where colours are on) and centres text in cells.

/// A colour at a place along a gradient, 0 (top) to 1 (bottom).
public struct GradientStop: Hashable, Sendable {
  /// Where, from 0 (the shape's top) to 1 (its bottom).
  public var offset: Double
  /// The colour there.
  public var color: Color

  /// A stop at `offset` of `color`.
  public init(_ offset: Double, _ color: Color) {
    self.offset = offset
    self.color = color
  }
}

/// A linear gradient from a shape's top to its bottom, through its stops.
public struct Gradient: Hashable, Sendable {
  /// The stops, top to bottom.
  public var stops: [GradientStop]

  /// A gradient through `stops`.
  public init(_ stops: [GradientStop]) { self.stops = stops }

  /// A gradient from `top` to `bottom`.
  public init(top: Color, bottom: Color) {
    stops = [GradientStop(0, top), GradientStop(1, bottom)]
  }
}

/// Where a text's point is: its start or its middle (SVG's `text-anchor`).
public enum TextAnchor: Sendable {
  /// The baseline starts at the point.
  case start
  /// The baseline is centred on the point.
  case middle
}

/// How text is set: weight, family and anchor. The plain style is what every text drawn
/// before chrome had styles was: regular, `sans-serif`, from its start.
public struct TextStyle: Hashable, Sendable {
  /// Bold (`font-weight="bold"`).
  public var bold: Bool
  /// The font families, best first (`font-family`); empty: `sans-serif`.
  public var families: [String]
  /// Where the point is.
  public var anchor: TextAnchor

  /// A text style; the defaults are the plain one.
  public init(bold: Bool = false, families: [String] = [], anchor: TextAnchor = .start) {
    self.bold = bold
    self.families = families
    self.anchor = anchor
  }
}
