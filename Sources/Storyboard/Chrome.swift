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
  /// not fit beside the title), nil when there is no back button.
  public var backTitle: String?
  /// The back button's width in points (0 when there is none): an arrow-shaped bordered
  /// button around `backTitle`, at `ScreenChrome.backInset` from the bar's left edge.
  public var backWidth: Double = 0
  /// Where the bar's title is centred, horizontally, in screen points: the bar's middle, or
  /// just right of the back button when it would run into it there (as UINavigationBar
  /// moved a long title), nil when the pane has no bar.
  public var titleX: Double?
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
  /// What the status bar's clock says: `9:41 AM`, the time on every iPhone and iPad
  /// Apple showed (its keynotes' and marketing pictures').
  public var statusText: String
  /// What the status bar's left end says, beside the signal bars.
  public var carrier: String { "Carrier" }
  /// The panes, back to front, one for each of `layout.panes`.
  public var panes: [PaneChrome<Content>]
  /// The line between the iPad's master and detail (landscape), else nil.
  public var divider: Rect? { layout.divider }
  /// The shade over everything below the status bar when a form sheet is shown (drawn
  /// under the first presented pane), else nil. A popover dims nothing (UIPopoverController
  /// on iOS 6 left the screen behind it as it was).
  public var dim: Rect?
  /// The index in `panes` of the first presented pane; `panes.count` when none is.
  public var firstPresented: Int

  /// The width a character of a bar's 17-point text takes, about: what a bar button's and
  /// a menu button's room is measured with.
  public static var barCharacterWidth: Double { 9.5 }
  /// The back button's left inset in its bar (UIKit's 5 points).
  public static var backInset: Double { 5 }
  /// The bar title's size in a 44-point bar, and the back button's (iOS 6: bold 20 and 12).
  public static var titleSize: Double { 20 }
  public static var backSize: Double { 12 }
  /// The back button's arrow: how far its point stands left of its body, in a 44-point bar.
  public static var backArrow: Double { 10 }
  /// The space left and right of the back button's title.
  public static var backPadding: Double { 6 }
  /// The least space between the back button and the title.
  public static var titleGap: Double { 8 }

  /// The chrome of `layout` on `device` in `orientation`.
  public init(_ layout: ScreenLayout<Content>, device: Device, orientation: Orientation) {
    self.layout = layout
    statusText = "9:41 AM"
    let s = layout.screen
    let top = layout.statusBar.maxY
    dim =
      layout.dimmed
      ? Rect(x: 0, y: top, width: s.width, height: s.height - top) : nil
    var panes: [PaneChrome<Content>] = []
    var first: Int?
    for pane in layout.panes {
      if pane.role.isPresented && first == nil { first = panes.count }
      var chrome = PaneChrome(pane: pane, backTitle: pane.backTitle)
      if let bar = pane.navigationBar {
        let k = ScreenChrome.barScale(bar)
        var back = pane.backTitle
        if let b = back {
          back = ScreenChrome.shortened(back: b, title: pane.title, bar: bar)
          chrome.backWidth = ScreenChrome.backWidth(back ?? b, scale: k)
        }
        chrome.backTitle = back
        let left = bar.x + (back == nil ? 0 : ScreenChrome.backInset + chrome.backWidth)
        let half = ScreenChrome.textWidth(pane.title, size: ScreenChrome.titleSize * k) / 2
        // Centred, unless that runs into the back button: then just right of it.
        chrome.titleX = max(bar.midX, left + ScreenChrome.titleGap + half)
      }
      panes.append(chrome)
    }
    self.panes = panes
    firstPresented = first ?? panes.count
  }

  /// iOS's rule, one for every device and orientation: the back button reads the title of
  /// the scene below when, with the bar's title beside it (moved right of it if need be),
  /// both fit in the bar; else it reads "Back".
  public static func shortened(back: String, title: String, bar: Rect) -> String {
    let k = barScale(bar)
    let needed =
      backInset + backWidth(back, scale: k) + titleGap
      + textWidth(title, size: titleSize * k) + titleGap
    return needed > bar.width ? "Back" : back
  }

  /// A lower bar's text and buttons are smaller: 1 in a 44-point bar, 32/44 in an iPhone's
  /// landscape bar.
  public static func barScale(_ bar: Rect) -> Double {
    bar.height > 0 && bar.height < 44 ? bar.height / 44 : 1
  }

  /// The back button's width around `title`, in a bar of scale `k`: the arrow, the padding
  /// and the title's bold text.
  public static func backWidth(_ title: String, scale k: Double) -> Double {
    (backArrow + 2 * backPadding) * k + textWidth(title, size: backSize * k)
  }

  /// About how wide `text` is in bold Helvetica of `size` points: each character's share of
  /// the em by its kind (Helvetica Bold's advance widths, rounded: narrow letters and
  /// punctuation 0.3, capitals 0.72, m and w 0.89, others 0.58). The SVG's text is set by
  /// a real font; this decides only what fits.
  public static func textWidth(_ text: String, size: Double) -> Double {
    var ems = 0.0
    for c in text.unicodeScalars {
      switch c {
      case "i", "j", "l", "I", "!", ".", ",", ":", ";", "'", "|", " ", "f", "t", "r":
        ems += c == "f" || c == "t" || c == "r" || c == " " ? 0.33 : 0.28
      case "m", "w", "M", "W": ems += 0.89
      case "A"..."Z": ems += 0.72
      case "0"..."9": ems += 0.556
      default: ems += c.value < 0x80 ? 0.58 : 0.75
      }
    }
    return ems * size
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
