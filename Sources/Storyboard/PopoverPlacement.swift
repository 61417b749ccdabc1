// Where a popover goes: beside the button that opened it, never over it, on screen, with
// an arrow from its edge to the button, as UIPopoverController placed it on iOS 5/6.

import Geometry

/// The edge of a popover its arrow stands on.
public enum ArrowEdge: String, CaseIterable, Sendable {
  /// The popover is below the button; the arrow points up.
  case top
  /// The popover is above the button; the arrow points down.
  case bottom
  /// The popover is right of the button; the arrow points left.
  case left
  /// The popover is left of the button; the arrow points right.
  case right
}

/// A popover's arrow: a triangle standing on the outer edge of one side of the popover's
/// frame, its tip on the edge of the button that opened it.
public struct PopoverArrow: Equatable, Sendable {
  /// The point touching the button.
  public var tip: Point
  /// The edge of the popover the arrow stands on.
  public var edge: ArrowEdge
  /// The first corner of the arrow's base, on that edge of the frame (left or top).
  public var baseStart: Point
  /// The other corner of the base (right or bottom).
  public var baseEnd: Point

  /// How far the tip stands out from the popover's frame: 19 points, the height of UIKit's
  /// iOS 6 popover arrow artwork (as GIKPopoverBackgroundView's replica measures it,
  /// docs/ios6.md).
  public static let height = 19.0
  /// The width of the arrow's base: 37 points (the same artwork).
  public static let baseWidth = 37.0
  /// The least distance from the base to a corner of the popover: its 7-point rounded corner.
  public static let cornerInset = 7.0
  /// iOS 6's arrow: `baseWidth` wide, `height` tall.
  public static let ios6Size = Size(width: baseWidth, height: height)

  /// An arrow from its parts.
  public init(
    tip: Point, edge: ArrowEdge, baseStart: Point, baseEnd: Point
  ) {
    self.tip = tip
    self.edge = edge
    self.baseStart = baseStart
    self.baseEnd = baseEnd
  }
}

/// A popover's frame and arrow, placed beside its anchor.
public struct PopoverPlacement: Equatable, Sendable {
  /// The popover's body (without the arrow).
  public var frame: Rect
  /// The arrow from the body to the anchor.
  public var arrow: PopoverArrow

  /// The margin kept from the screen's edges and from the status bar.
  public static let margin = 10.0
  /// How far the popover's content sits inside its frame on every side: 8 points, UIKit's
  /// iOS 6 `contentViewInsets` (docs/ios6.md). The frame is drawn around the content.
  public static let contentInset = 8.0

  /// Places a popover of content `size` beside `anchor` inside `area` (the screen below the
  /// status bar, less the margin): below the anchor when it fits there, else above, else
  /// right, else left; when it fits nowhere, on the side with the most room, shrunk to fit.
  /// The body never overlaps the anchor (the anchor is first clamped into `area`) and the
  /// arrow (`arrowSize`: its base's width and its height) stands on the frame drawn
  /// `frameInset` around the body, its tip on the anchor's facing edge.
  public static func place(
    size: Size, anchor given: Rect, in area: Rect, arrowSize: Size = PopoverArrow.ios6Size,
    frameInset: Double = contentInset
  ) -> PopoverPlacement {
    let inset = max(frameInset, 0)
    // The body keeps the arrow and the frame between itself and the anchor.
    let h = max(arrowSize.height, 0) + inset
    // An anchor partly off the area is clamped into it, so the arrow points at what shows.
    let ax = min(max(given.x, area.x), area.maxX)
    let ay = min(max(given.y, area.y), area.maxY)
    let anchor = Rect(
      x: ax, y: ay, width: max(min(given.maxX, area.maxX) - ax, 0),
      height: max(min(given.maxY, area.maxY) - ay, 0))
    let rooms: [(ArrowEdge, Double)] = [
      (.top, area.maxY - anchor.maxY - h), (.bottom, anchor.y - h - area.y),
      (.left, area.maxX - anchor.maxX - h), (.right, anchor.x - h - area.x),
    ]
    func vertical(_ e: ArrowEdge) -> Bool { e == .top || e == .bottom }
    func need(_ e: ArrowEdge) -> Double { vertical(e) ? size.height : size.width }
    func shown(_ e: ArrowEdge, _ room: Double) -> Size {
      vertical(e)
        ? Size(width: min(size.width, area.width), height: min(size.height, room))
        : Size(width: min(size.width, room), height: min(size.height, area.height))
    }
    let chosen =
      rooms.first { $0.1 >= need($0.0) }
      ?? rooms.max { a, b in
        let sa = shown(a.0, max(a.1, 0)), sb = shown(b.0, max(b.1, 0))
        return sa.width * sa.height < sb.width * sb.height
      }!
    let edge = chosen.0
    let s = shown(edge, max(chosen.1, 0))
    func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double { max(lo, min(v, hi)) }
    let frame: Rect
    switch edge {
    case .top, .bottom:
      let x = clamp(anchor.midX - s.width / 2, area.x, area.maxX - s.width)
      let y = edge == .top ? anchor.maxY + h : anchor.y - h - s.height
      frame = Rect(x: x, y: y, width: s.width, height: s.height)
    case .left, .right:
      let y = clamp(anchor.midY - s.height / 2, area.y, area.maxY - s.height)
      let x = edge == .left ? anchor.maxX + h : anchor.x - h - s.width
      frame = Rect(x: x, y: y, width: s.width, height: s.height)
    }
    // The tip: the anchor's middle, moved along its edge to where the body can hold the base.
    let half = max(arrowSize.width, 0) / 2
    let keep = half + PopoverArrow.cornerInset
    func along(_ mid: Double, _ aLo: Double, _ aHi: Double, _ fLo: Double, _ fHi: Double)
      -> Double
    {
      let lo = max(aLo, fLo + keep)
      let hi = min(aHi, fHi - keep)
      return lo <= hi ? clamp(mid, lo, hi) : clamp((aLo + aHi) / 2, fLo, fHi)
    }
    let arrow: PopoverArrow
    switch edge {
    case .top, .bottom:
      let x = along(anchor.midX, anchor.x, anchor.maxX, frame.x, frame.maxX)
      let baseY = edge == .top ? frame.y - inset : frame.maxY + inset
      let tipY = edge == .top ? anchor.maxY : anchor.y
      arrow = PopoverArrow(
        tip: Point(x: x, y: tipY), edge: edge,
        baseStart: Point(x: x - half, y: baseY),
        baseEnd: Point(x: x + half, y: baseY))
    case .left, .right:
      let y = along(anchor.midY, anchor.y, anchor.maxY, frame.y, frame.maxY)
      let baseX = edge == .left ? frame.x - inset : frame.maxX + inset
      let tipX = edge == .left ? anchor.maxX : anchor.x
      arrow = PopoverArrow(
        tip: Point(x: tipX, y: y), edge: edge,
        baseStart: Point(x: baseX, y: y - half),
        baseEnd: Point(x: baseX, y: y + half))
    }
    return PopoverPlacement(frame: frame, arrow: arrow)
  }
}
