// Small geometry types of the storyboard: points, y growing downwards (as UIKit does).
// Storyboard does not depend on Render, so it has its own rect and size; their numbers
// read as every number of the program does (`formatNumber`).

import Readable

/// A width and a height in points.
public struct StoryboardSize: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The width in points.
  public var width: Double
  /// The height in points.
  public var height: Double

  /// A size of `width` × `height` points.
  @inlinable public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The same size with width and height exchanged (a quarter turn).
  @inlinable public var swapped: StoryboardSize { StoryboardSize(width: height, height: width) }

  /// `"320×480"`.
  public var description: String { "\(formatNumber(width))×\(formatNumber(height))" }
}

/// A rectangle in screen points: origin at the top left, y growing downwards.
public struct StoryboardRect: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The left edge.
  public var x: Double
  /// The top edge.
  public var y: Double
  /// The width.
  public var width: Double
  /// The height.
  public var height: Double

  /// A rectangle with its top left corner at (`x`, `y`).
  @inlinable public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The right edge, `x + width`.
  @inlinable public var maxX: Double { x + width }
  /// The bottom edge, `y + height`.
  @inlinable public var maxY: Double { y + height }
  /// The size of the rectangle.
  @inlinable public var size: StoryboardSize { StoryboardSize(width: width, height: height) }
  /// The horizontal centre.
  @inlinable public var midX: Double { x + width / 2 }
  /// The vertical centre.
  @inlinable public var midY: Double { y + height / 2 }

  /// Whether the two rectangles share inner points (touching edges do not count).
  @inlinable public func intersects(_ other: StoryboardRect) -> Bool {
    x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
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

/// A point in screen points: y grows downwards.
public struct StoryboardPoint: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// The horizontal coordinate.
  public var x: Double
  /// The vertical coordinate.
  public var y: Double

  /// The point (`x`, `y`).
  @inlinable public init(x: Double, y: Double) {
    self.x = x
    self.y = y
  }

  /// `"(x, y)"`.
  public var description: String { "(\(formatNumber(x)), \(formatNumber(y)))" }
}
