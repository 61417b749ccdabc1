// Plain geometry values shared by every renderer: points, sizes and rectangles in points,
// y growing downwards (as in UIKit, SVG and the terminal).

/// A position in points; `y` grows downwards.
public struct Point: Equatable, Sendable {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate (downwards).
  public var y: Double

  /// Creates a point at (`x`, `y`).
  @inlinable
  public init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }
}

/// A width and a height in points.
public struct Size: Equatable, Sendable {
  /// The horizontal extent.
  public var width: Double
  /// The vertical extent.
  public var height: Double

  /// Creates a size.
  @inlinable
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }
}

/// An axis-aligned rectangle: its top-left corner and its size.
public struct Rect: Equatable, Sendable {
  /// The left edge.
  public var x: Double
  /// The top edge.
  public var y: Double
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double

  /// Creates a rectangle from its top-left corner and size.
  @inlinable
  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The horizontal centre.
  @inlinable public var midX: Double { x + width / 2 }
  /// The vertical centre.
  @inlinable public var midY: Double { y + height / 2 }
  /// The right edge.
  @inlinable public var maxX: Double { x + width }
  /// The bottom edge.
  @inlinable public var maxY: Double { y + height }
}
