// A navigation bar's items during a transition, as UINavigationBar on iOS 6 moved them when
// a push changed its items (docs/ios6.md, "Transitions"): the old title slides toward the
// back button's place while it fades, the new title slides in from the bar's right edge while
// it appears, the new back button grows out of the old title's place, the old back button
// slides a third of the bar away to the left and fades. All at once, so half-way both titles
// are half there, in different places; going back runs it backwards.
//
// Every renderer (SVG frames, the animated SVG, the HTML page's sampled tracks, `play`'s
// cells) reads these placements from `TransitionFrame.bar`, so none has a formula of its own.

import Geometry

/// A span across a bar: where an item's middle is and how wide it is, in screen points.
public struct BarSpan: Equatable, Sendable {
  /// The horizontal middle.
  public var centre: Double
  /// The width.
  public var width: Double

  /// A span from its middle and width.
  public init(centre: Double, width: Double) {
    self.centre = centre
    self.width = width
  }

  /// The left edge.
  public var left: Double { centre - width / 2 }
  /// The right edge.
  public var right: Double { centre + width / 2 }
}

/// Where a navigation bar's items rest, in screen points: what a transition slides.
public struct BarItems: Equatable, Sendable {
  /// The bar.
  public var bar: Rect
  /// The title as shown (nil: none, as the iPad's detail before anything is shown in it).
  public var title: BarSpan?
  /// The item at the bar's left: the back button, or the bar button that shows the master.
  public var left: BarSpan?

  /// A bar's items from their parts.
  public init(bar: Rect, title: BarSpan?, left: BarSpan?) {
    self.bar = bar
    self.title = title
    self.left = left
  }
}

/// One moment of the bar: each item's offset and opacity (a `Placement` whose `dx` and
/// `opacity` count), and how opaque each bar's background is.
public struct BarFrame: Equatable, Sendable {
  /// The presenting scene's bar background (it stays under the new one, which covers it,
  /// unless the new scene has no bar: then it fades out).
  public var fromChrome: Double = 1
  /// The presented scene's bar background (it fades in only where there was no bar before).
  public var toChrome: Double = 1
  /// The presenting scene's title.
  public var fromTitle = Placement.rest
  /// The presenting scene's back button or bar button.
  public var fromLeft = Placement.rest
  /// The presented scene's title.
  public var toTitle = Placement.rest
  /// The presented scene's back button or bar button.
  public var toLeft = Placement.rest

  /// A frame from its parts; the defaults are every item at rest and opaque.
  public init(
    fromChrome: Double = 1, toChrome: Double = 1, fromTitle: Placement = .rest,
    fromLeft: Placement = .rest, toTitle: Placement = .rest, toLeft: Placement = .rest
  ) {
    self.fromChrome = fromChrome
    self.toChrome = toChrome
    self.fromTitle = fromTitle
    self.fromLeft = fromLeft
    self.toTitle = toTitle
    self.toLeft = toLeft
  }
}

/// How the bar of the presenting scene turns into the presented scene's over a transition.
public struct BarMotion: Equatable, Sendable {
  /// The presenting scene's bar (nil: it has none).
  public var from: BarItems?
  /// The presented scene's bar (nil: it has none).
  public var to: BarItems?

  /// The least room between the two titles, in points (UINavigationBar's gap between a
  /// title and the items beside it, `ScreenChrome.titleGap`).
  public static let gap = 8.0
  /// How far the old left item slides, as a part of the bar's width: a third (the replica of
  /// UINavigationBar in Iconfactory's Chameleon moves its left view by 0.33 of the width).
  public static let leftSlide = 1.0 / 3

  /// A motion between two bars.
  public init(from: BarItems?, to: BarItems?) {
    self.from = from
    self.to = to
  }

  /// The bar at eased progress `e` of the forward transition (0: the presenting scene's bar
  /// at rest, 1: the presented one's). Both titles move along straight lines, so if they are
  /// clear of each other at both ends they are clear all the way: the old title's end is
  /// held left of the new title's place, the new title's start right of the old one's.
  public func frame(at e: Double) -> BarFrame {
    let e = min(max(e.isNaN ? 0 : e, 0), 1)
    var f = BarFrame()
    f.fromChrome = to == nil ? 1 - e : 1
    f.toChrome = from == nil ? e : 1
    let oldTitle = from?.title
    let newTitle = to?.title
    if let old = oldTitle {
      let bar = from!.bar
      var target = to?.left?.centre ?? old.centre - bar.width * BarMotion.leftSlide
      if let new = newTitle {
        target = min(target, new.left - BarMotion.gap - old.width / 2)
      }
      f.fromTitle = Placement(dx: (target - old.centre) * e, opacity: 1 - e)
    } else {
      f.fromTitle = Placement(opacity: 0)
    }
    if let new = newTitle {
      let bar = to!.bar
      var start = bar.maxX + new.width / 2
      if let old = oldTitle { start = max(start, old.right + BarMotion.gap + new.width / 2) }
      f.toTitle = Placement(dx: (start - new.centre) * (1 - e), opacity: e)
    }
    if from?.left != nil {
      f.fromLeft = Placement(dx: -from!.bar.width * BarMotion.leftSlide * e, opacity: 1 - e)
    } else {
      f.fromLeft = Placement(opacity: 0)
    }
    if let left = to?.left {
      // The new back button reads the old title: it grows out of where that title was.
      let start = oldTitle?.centre ?? left.centre
      f.toLeft = Placement(dx: (start - left.centre) * (1 - e), opacity: e)
    }
    return f
  }
}

extension PaneChrome {
  /// Where this pane's bar items rest (nil: the pane has no bar).
  public var barItems: BarItems? {
    guard let bar = navigationBar else { return nil }
    let title =
      shownTitle.isEmpty ? nil : BarSpan(centre: titleX ?? bar.midX, width: titleWidth)
    var left: BarSpan?
    if backTitle != nil {
      left = BarSpan(
        centre: bar.x + ScreenChrome<Content>.backInset + backWidth / 2, width: backWidth)
    } else if let button = barButton {
      left = BarSpan(centre: button.rect.midX, width: button.rect.width)
    }
    return BarItems(bar: bar, title: title, left: left)
  }
}
