// How a new scene appears: the placements of the two scenes of a segue over its progress
// t ∈ [0, 1], as UIKit on iOS 5/6 animated them (README, "Transitions: how the new page
// appears"): a push slides both scenes by the full width (iOS 7 moved the old one a third
// and dimmed it), a modal covers vertically, a popover fades in (UIPopoverController), and a
// replace is a cut (UIStoryboardReplaceSegue set the split view's view controllers, which
// UISplitViewController does not animate).
//
// "from" is always the presenting side and "to" the presented side of the forward segue;
// going back (pop, dismiss, a tap outside a popover) runs the same frames backwards, so the
// host draws the state after going back as "from" and the state before as "to".

import Geometry

/// Where one scene is drawn during a transition, relative to where it rests: an offset in
/// points, a scale about the centre of its pane, and an opacity.
public struct Placement: Equatable, Sendable {
  /// Horizontal offset in points (right is positive).
  public var dx: Double
  /// Vertical offset in points (down is positive).
  public var dy: Double
  /// Scale about the centre of the scene's pane (1 = its size at rest).
  public var scale: Double
  /// Opacity from 0 (invisible) to 1.
  public var opacity: Double

  /// A placement; the defaults are the scene at rest.
  public init(dx: Double = 0, dy: Double = 0, scale: Double = 1, opacity: Double = 1) {
    self.dx = dx
    self.dy = dy
    self.scale = scale
    self.opacity = opacity
  }

  /// The scene where it rests.
  public static let rest = Placement()

  /// The largest offset, either way, in points: far beyond any screen (an iPad is 1024).
  public static let maxOffset = 10_000.0
  /// The largest scale: a scene a hundred times its size covers any screen.
  public static let maxScale = 100.0
}

/// One moment of a transition: both scenes' placements, the navigation bar's titles and
/// back buttons (each slid and faded) and how far the dimming of what lies below has come.
/// The one description every renderer draws a transition from: SVG frames, the animated
/// SVG, the HTML page (sampled) and `play`'s cells.
public struct TransitionFrame: Equatable, Sendable {
  /// The presenting scene.
  public var from: Placement
  /// The presented scene.
  public var to: Placement
  /// The navigation bar's items: where each title and back button is, and how opaque
  /// (`BarMotion`, the push's bar animation, for every kind that changes a bar in place).
  public var bar: BarFrame
  /// How dark a shade over the presenting scene is, 0…1 (iOS 6 dimmed nothing a push moved
  /// away: 0 for every built-in kind).
  public var shade: Double
  /// How far a form sheet's or popover's dimming of the screen has come, 0…1.
  public var dim: Double

  /// A frame from its parts.
  public init(
    from: Placement, to: Placement, bar: BarFrame = BarFrame(), shade: Double = 0,
    dim: Double = 1
  ) {
    self.from = from
    self.to = to
    self.bar = bar
    self.shade = shade
    self.dim = dim
  }
}

/// How a transition moves the scenes (the built-in kinds' animations).
public enum TransitionStyle: String, CaseIterable, Sendable {
  /// Push: both scenes slide together by the pane's full width, the new one in from the
  /// right edge, the old one out to the left, nothing dimmed; in the bar the new title
  /// slides in from the right and the old one toward the back button's place, fading.
  case push
  /// Modal (cover vertical): the new scene covers from the bottom edge.
  case cover
  /// Popover: the panel, arrow and all, fades in where it hangs from its button; the screen
  /// stays put.
  case popover
  /// Custom kinds that say nothing: a cross-fade.
  case crossFade
  /// Replace: the detail changes at once (UIStoryboardReplaceSegue set the split view's
  /// view controllers, which UISplitViewController does not animate).
  case cut
}

/// A transition: its style, direction and the size it moves over.
public struct Transition: Equatable, Sendable {
  /// How the scenes move.
  public var style: TransitionStyle
  /// Whether it runs backwards (pop, dismiss, a tap outside a popover).
  public var isBack: Bool
  /// The width a push slides over (the pane's width).
  public var width: Double
  /// The distance a cover travels up (from the screen's bottom edge to the pane's top).
  public var travel: Double
  /// The bar of the pane that changes, before and after (a push's and a cross-fade's).
  public var bars: BarMotion
  /// UIKit's duration of a navigation or presentation transition, in seconds: a push took
  /// about 0.35 s (as measured in Stack Overflow question 7108771, "pushViewController /
  /// popViewController animation duration"), eased in and out (`easeInOut` below).
  public static let duration = 0.35
  /// The dimming of a pushed-away scene at the end of a push: none on iOS 6 (iOS 7 dims).
  public static let pushShade = 0.0

  /// A transition of `style`, moving over `width` (push) or `travel` points (cover), the
  /// changing pane's bar moving as `bars` says.
  public init(
    _ style: TransitionStyle, isBack: Bool = false, width: Double, travel: Double,
    bars: BarMotion = BarMotion(from: nil, to: nil)
  ) {
    self.style = style
    self.isBack = isBack
    self.width = width
    self.travel = travel
    self.bars = bars
  }

  /// The frame at progress `t` (clamped to 0…1), eased in and out as UIKit eased it.
  public func frame(at t: Double) -> TransitionFrame {
    let clamped = t.isNaN ? 0 : min(max(t, 0), 1)
    let e = easeInOut(isBack ? 1 - clamped : clamped)
    switch style {
    case .push:
      // Both scenes by the full width together; the bar's items slide and fade at once
      // (`BarMotion`): half-way both titles are half there, in different places.
      return TransitionFrame(
        from: Placement(dx: -width * e), to: Placement(dx: width * (1 - e)),
        bar: bars.frame(at: e), shade: Transition.pushShade * e, dim: 0)
    case .cover:
      return TransitionFrame(from: .rest, to: Placement(dy: travel * (1 - e)), dim: e)
    case .popover:
      return TransitionFrame(from: .rest, to: Placement(opacity: e), dim: e)
    case .crossFade:
      return TransitionFrame(from: .rest, to: Placement(opacity: e), bar: bars.frame(at: e), dim: e)
    case .cut:
      let shown: Double = e > 0 ? 1 : 0
      return TransitionFrame(
        from: .rest, to: Placement(opacity: shown), bar: bars.frame(at: shown), dim: shown)
    }
  }
}

/// UIKit's ease-in-out timing (`kCAMediaTimingFunctionEaseInEaseOut`, the cubic Bézier
/// (0.42, 0) (0.58, 1)): the eased progress at time `t` ∈ [0, 1]. Symmetric:
/// `easeInOut(1 - t) == 1 - easeInOut(t)`, and `easeInOut(0.5) == 0.5`.
public func easeInOut(_ t: Double) -> Double {
  if !(t > 0) { return 0 }
  if t >= 1 { return 1 }
  // x(s) = 3(1−s)²s·0.42 + 3(1−s)s²·0.58 + s³ is increasing: bisect for s with x(s) = t.
  func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
    let u = 1 - s
    return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
  }
  var lo = 0.0
  var hi = 1.0
  for _ in 0..<40 {
    let mid = (lo + hi) / 2
    if bezier(mid, 0.42, 0.58) < t { lo = mid } else { hi = mid }
  }
  return bezier((lo + hi) / 2, 0, 1)
}
