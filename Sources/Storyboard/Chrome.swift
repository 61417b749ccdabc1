// The screen's chrome, described once: what the status bar says, each pane's navigation bar
// (title, back title as iOS shortens it), which panes are presented in a border, the iPad's
// divider and the shade under a form sheet or popover. `show --screen` (points, SVG) and
// `play` (terminal cells) both draw from this description, so they cannot disagree on what
// the screen shows; each only decides how it looks in its medium.

import Geometry

/// One pane's chrome: the layout's pane with what its bar and border show.
public struct PaneChrome<Content> {
  /// The pane as the navigator laid it out (frame, content rect, scene, focus).
  public var pane: Pane<Content>
  /// The title shown: in the navigation bar, or on a presented pane's border.
  public var title: String { pane.title }
  /// The back button's title as shown (the scene below's title, or "Back" when that would
  /// run into the title), nil when there is no back button.
  public var backTitle: String?
  /// Whether the pane is presented over the others in a border (a modal or a popover).
  public var isPresented: Bool { role.isPresented }

  /// What the pane is.
  public var role: PaneRole { pane.role }
  /// The whole pane in screen points.
  public var frame: Rect { pane.frame }
  /// The navigation bar (nil for presented panes).
  public var navigationBar: Rect? { pane.navigationBar }
  /// Where the scene's content is drawn.
  public var contentRect: Rect { pane.contentRect }
  /// The bar button at the left of the navigation bar that shows the master (the iPad's
  /// detail in portrait), nil when there is none.
  public var barButton: BarButton? { pane.barButton }
  /// The arrow from a popover to the button it hangs from, nil when it has none.
  public var arrow: PopoverArrow? { pane.arrow }
  /// Whether the pane is drawn in a border: a presented pane, or the iPad's master in its
  /// popover (which keeps its navigation bar inside the border).
  public var isBordered: Bool { isPresented || pane.arrow != nil }
}

/// The whole screen's chrome, computed once from a `ScreenLayout`. Drawers walk `panes` back
/// to front and draw `divider` and `dim` just before the pane at `firstPresented` (or after
/// the last pane when nothing is presented): that is the one drawing order.
public struct ScreenChrome<Content> {
  /// The layout this chrome was computed from.
  public var layout: ScreenLayout<Content>
  /// What the status bar says, e.g. `"ipad landscape"`.
  public var statusText: String
  /// The panes, back to front, one for each of `layout.panes`.
  public var panes: [PaneChrome<Content>]
  /// The line between the iPad's master and detail (landscape), else nil.
  public var divider: Rect? { layout.divider }
  /// The shade over everything below the status bar when a form sheet or popover is shown
  /// (drawn under the first presented pane), else nil.
  public var dim: Rect?
  /// The index in `panes` of the first presented pane; `panes.count` when none is.
  public var firstPresented: Int

  /// The width a character of a bar's 17-point text takes, about: what the back title's
  /// shortening measures with (the SVG's text is not measured by a font here).
  public static var barCharacterWidth: Double { 9.5 }
  /// The back button's left inset in its bar.
  public static var backInset: Double { 8 }

  /// The chrome of `layout` on `device` in `orientation`.
  public init(_ layout: ScreenLayout<Content>, device: Device, orientation: Orientation) {
    self.layout = layout
    statusText = "\(device.rawValue) \(orientation.rawValue)"
    let s = layout.screen
    let top = layout.statusBar.maxY
    dim =
      layout.dimmed
      ? Rect(x: 0, y: top, width: s.width, height: s.height - top) : nil
    var panes: [PaneChrome<Content>] = []
    var first: Int?
    for pane in layout.panes {
      if pane.role.isPresented && first == nil { first = panes.count }
      var back = pane.backTitle
      if let b = back, let bar = pane.navigationBar {
        back = ScreenChrome.shortened(back: b, title: pane.title, barWidth: bar.width)
      }
      panes.append(
        PaneChrome(pane: pane, backTitle: back))
    }
    self.panes = panes
    firstPresented = first ?? panes.count
  }

  /// iOS's rule: a back title that would run into the centred title reads "Back".
  public static func shortened(back: String, title: String, barWidth: Double) -> String {
    // "‹ " and the inset before it, against the free half of the bar left of the title.
    return Double(back.count + 2) * barCharacterWidth + 2 * backInset
      > barWidth / 2 - titleWidth(title) / 2
      ? "Back" : back
  }

  /// The width the bar's title takes, centred in its bar.
  public static func titleWidth(_ title: String) -> Double {
    Double(title.count) * barCharacterWidth
  }

  /// The pane of `role`, frontmost, if shown.
  public func pane(_ role: PaneRole) -> PaneChrome<Content>? { panes.last { $0.role == role } }
}

extension PaneChrome: Sendable where Content: Sendable {}
extension ScreenChrome: Sendable where Content: Sendable {}

extension Navigator {
  /// The chrome of the screen as it is now (its layout, described for drawing).
  public func chrome() -> ScreenChrome<Content> {
    ScreenChrome(layout(), device: device, orientation: orientation)
  }
}
