// Moving items as one layer: an offset, a scale about an anchor and an opacity applied to
// every item, clipped to a window. Still frames of a transition are drawn this way.

import Geometry

/// An offset, a scale about `anchor` and an opacity, applied to a layer of items.
public struct Placing: Equatable, Sendable {
  /// Horizontal offset in points.
  public var dx: Double
  /// Vertical offset in points.
  public var dy: Double
  /// Scale about `anchor`.
  public var scale: Double
  /// The point that stays put when scaling.
  public var anchor: Point
  /// Multiplies every item's opacity.
  public var opacity: Double

  /// A placing; the defaults change nothing.
  public init(
    dx: Double = 0, dy: Double = 0, scale: Double = 1, anchor: Point = Point(0, 0),
    opacity: Double = 1
  ) {
    self.dx = dx
    self.dy = dy
    self.scale = scale
    self.anchor = anchor
    self.opacity = opacity
  }

  /// Whether it changes nothing.
  public var isIdentity: Bool { dx == 0 && dy == 0 && scale == 1 && opacity == 1 }

  /// `p` moved: scaled about the anchor, then offset.
  @inlinable public func apply(_ p: Point) -> Point {
    Point(anchor.x + (p.x - anchor.x) * scale + dx, anchor.y + (p.y - anchor.y) * scale + dy)
  }

  /// `r` moved (a scale below 0 never happens: placements are checked).
  public func apply(_ r: Rect) -> Rect {
    let o = apply(Point(r.x, r.y))
    return Rect(x: o.x, y: o.y, width: r.width * scale, height: r.height * scale)
  }

  /// The items moved and faded, each clipped to its own moved clip and to `window`.
  /// Items wholly outside the window are left out (they would draw nothing).
  public func apply(_ items: [Item], window: Rect?) -> [Item] {
    var out: [Item] = []
    out.reserveCapacity(items.count)
    for item in items {
      var moved = item
      moved.shape = apply(item.shape)
      moved.paint.opacity = item.paint.opacity * opacity
      moved.paint.lineWidth = item.paint.lineWidth * scale
      var clip = item.clip.map(apply)
      if let window {
        clip = clip.map { $0.intersection(window) } ?? window
      }
      if let c = clip, c.width <= 0 || c.height <= 0 { continue }
      moved.clip = clip
      if moved.paint.opacity <= 0 { continue }
      out.append(moved)
    }
    return out
  }

  func apply(_ s: Shape) -> Shape {
    switch s {
    case .circle(let c, let r): return .circle(center: apply(c), radius: r * scale)
    case .ellipse(let c, let rx, let ry):
      return .ellipse(center: apply(c), rx: rx * scale, ry: ry * scale)
    case .line(let a, let b): return .line(apply(a), apply(b))
    case .cubic(let a, let b, let c, let d): return .cubic(apply(a), apply(b), apply(c), apply(d))
    case .polyline(let points): return .polyline(points.map(apply))
    case .rect(let r): return .rect(apply(r))
    case .roundedRect(let r, let radius): return .roundedRect(apply(r), radius: radius * scale)
    case .polygon(let points): return .polygon(points.map(apply))
    case .text(let text, let at, let size): return .text(text, at: apply(at), size: size * scale)
    }
  }
}
