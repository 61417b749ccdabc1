// The plain geometry every module below the host shares: points, sizes and rectangles in
// points, y growing downwards (UIKit, SVG and the terminal agree). Render draws with them,
// Storyboard lays screens out with them, and nothing converts between the two.

import Readable

/// A position in points; `y` grows downwards.
public struct Point: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate (downwards).
  public var y: Double

  /// The point (`x`, `y`).
  @inlinable
  public init(_ x: Double, _ y: Double) {
    self.x = x
    self.y = y
  }

  /// The point (`x`, `y`), with labels where they read better.
  @inlinable
  public init(x: Double, y: Double) {
    self.init(x, y)
  }

  /// `"(x, y)"`.
  public var description: String { "(\(formatNumber(x)), \(formatNumber(y)))" }
}

/// A width and a height in points.
public struct Size: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The horizontal extent.
  public var width: Double
  /// The vertical extent.
  public var height: Double

  /// A size of `width` × `height` points.
  @inlinable
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The same size with width and height exchanged (a quarter turn).
  @inlinable public var swapped: Size { Size(width: height, height: width) }

  /// `"320×480"`.
  public var description: String { "\(formatNumber(width))×\(formatNumber(height))" }
}

/// An axis-aligned rectangle: its top-left corner and its size.
public struct Rect: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The left edge.
  public var x: Double
  /// The top edge.
  public var y: Double
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double

  /// A rectangle with its top-left corner at (`x`, `y`).
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
  /// The rectangle's size.
  @inlinable public var size: Size { Size(width: width, height: height) }

  /// Whether the two rectangles share inner points (touching edges do not count).
  @inlinable public func intersects(_ other: Rect) -> Bool {
    x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
  }

  /// The part of this rectangle inside `other` (zero-sized where they do not meet).
  public func intersection(_ other: Rect) -> Rect {
    let x0 = Swift.max(x, other.x)
    let y0 = Swift.max(y, other.y)
    let x1 = Swift.min(maxX, other.maxX)
    let y1 = Swift.min(maxY, other.maxY)
    return Rect(x: x0, y: y0, width: Swift.max(x1 - x0, 0), height: Swift.max(y1 - y0, 0))
  }

  /// Whether every coordinate is finite.
  @inlinable public var isFinite: Bool {
    x.isFinite && y.isFinite && width.isFinite && height.isFinite
  }

  /// `"(x, y) w×h"`, e.g. `"(0, 64) 320×416"`.
  public var description: String {
    "(\(formatNumber(x)), \(formatNumber(y))) \(formatNumber(width))×\(formatNumber(height))"
  }
}
