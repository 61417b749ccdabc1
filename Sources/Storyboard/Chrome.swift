// The screen's chrome, described once: what the status bar says, each pane's navigation bar
// (title, back title as iOS shortens it), which panes are presented in a border, the iPad's
// divider and the shade under a form sheet or popover. `show --screen` (points, SVG) and
// `play` (terminal cells) both draw from this description, so they cannot disagree on what
// the screen shows; each only decides how it looks in its medium.

import Geometry
import TextMetrics

/// One pane's chrome: the layout's pane with what its bar and border show.
public struct PaneChrome<Content> {
  /// The pane as the navigator laid it out (frame, content rect, scene, focus).
  public var pane: Pane<Content>
  /// The scene's title: on a presented pane's border, and in the navigation bar as
  /// `shownTitle` shows it.
  public var title: String { pane.title }
  /// The bar's title as drawn: whole, or cut with "…" where it does not fit between the
  /// back button and the bar's right edge (UINavigationBar's truncation).
  public var shownTitle: String = ""
  /// The back button's title as shown (the scene below's title, else the localized "Back"
  /// when that would not fit beside the title, else "" for the arrow alone), nil when there
  /// is no back button.
  public var backTitle: String?
  /// The back button's width in points (0 when there is none): an arrow-shaped bordered
  /// button around `backTitle`, at `ScreenChrome.backInset` from the bar's left edge.
  public var backWidth: Double = 0
  /// The localized "Back" of the app's language (返回), for a medium with less room (the
  /// terminal) to fall back to as the points do.
  public var backFallback: String = "Back"
  /// Where the bar's title is centred, horizontally, in screen points: the bar's middle, or
  /// moved right of the back button when it would run into it there (as UINavigationBar
  /// moved a long title), nil when the pane has no bar.
  public var titleX: Double?
  /// The shown title's width in points (0 when the pane has no bar).
  public var titleWidth: Double = 0
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
  /// Whether the pane is drawn in a popover's frame: a popover, or the iPad's master in its
  /// panel (which keeps its navigation bar inside the frame).
  public var isInPopoverFrame: Bool { role == .popover || pane.arrow != nil || pane.isPanel }
  /// Whether the pane is drawn in a border: a presented pane, or one in a popover's frame.
  public var isBordered: Bool { isPresented || isInPopoverFrame }
}

/// The whole screen's chrome, computed once from a `ScreenLayout`. Drawers walk `panes` back
/// to front and draw `divider` and `dim` just before the pane at `firstPresented` (or after
/// the last pane when nothing is presented): that is the one drawing order.
public struct ScreenChrome<Content> {
  /// The layout this chrome was computed from.
  public var layout: ScreenLayout<Content>
  /// What the status bar's clock says: 9:41, the time on every iPhone and iPad Apple
  /// showed (its keynotes' and marketing pictures'), as iOS 6 wrote it in the app's language
  /// (`9:41 AM`, `上午9:41`).
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

  /// The back button's left inset in its bar (UIKit's 5 points).
  public static var backInset: Double { 5 }
  /// The bar title's size in a 44-point bar, and the back button's (iOS 6: bold 20 and 12).
  public static var titleSize: Double { 20 }
  /// The back button's title size in a 44-point bar (bold 12).
  public static var backSize: Double { 12 }
  /// The back button's arrow: how far its point stands left of its body, in a 44-point bar.
  public static var backArrow: Double { 10 }
  /// The space left and right of the back button's title.
  public static var backPadding: Double { 6 }
  /// The least space between the back button and the title.
  public static var titleGap: Double { 8 }

  /// The chrome of `layout` on `device` in `orientation`, its words in `language` (a BCP 47
  /// tag: the back button's "Back", the clock).
  public init(
    _ layout: ScreenLayout<Content>, device: Device, orientation: Orientation,
    language: String = "en"
  ) {
    self.layout = layout
    let words = IOS6Words(language: language)
    statusText = words.time(hour: 9, minute: 41)
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
      chrome.shownTitle = pane.title
      chrome.backFallback = words.back
      if let bar = pane.navigationBar {
        let k = ScreenChrome.artworkScale(bar)
        var back = pane.backTitle
        if let b = back {
          back = ScreenChrome.shortened(back: b, title: pane.title, bar: bar, back: words.back)
          chrome.backWidth = ScreenChrome.backWidth(back ?? b, scale: k)
        }
        chrome.backTitle = back
        let left = bar.x + (back == nil ? 0 : ScreenChrome.backInset + chrome.backWidth)
        let size = ScreenChrome.titleSize
        let placed = BarTitle.place(
          pane.title, middle: bar.midX, left: left + ScreenChrome.titleGap,
          right: bar.maxX - ScreenChrome.titleGap
        ) { TextWidth.em($0, weight: .bold) * size }
        chrome.shownTitle = placed.text
        chrome.titleX = placed.centre
        chrome.titleWidth = placed.width
      }
      panes.append(chrome)
    }
    self.panes = panes
    firstPresented = first ?? panes.count
  }

  /// iOS's rule, one for every device and orientation: the back button reads the title of
  /// the scene below when, with the bar's title beside it (moved right of it if need be),
  /// both fit in the bar; else it reads `back` (the localized "Back") when that leaves the
  /// title room for a few characters; else the arrow alone ("").
  public static func shortened(
    back previous: String, title: String, bar: Rect, back: String = "Back"
  ) -> String {
    let k = artworkScale(bar)
    let titleWidth = TextWidth.of(title, size: titleSize, weight: .bold)
    func fits(_ b: String, _ need: Double) -> Bool {
      backInset + backWidth(b, scale: k) + titleGap + need + titleGap <= bar.width
    }
    if fits(previous, titleWidth) { return previous }
    // The localized word while the title keeps at least three characters and "…".
    let least = min(titleWidth, TextWidth.of("MMM…", size: titleSize, weight: .bold))
    return fits(back, least) ? back : ""
  }

  /// The back button's height in a bar: 30 points, or 24 in an iPhone's 32-point landscape
  /// bar (iOS 6's landscape artwork of its own, docs/ios6.md).
  public static func backHeight(_ bar: Rect) -> Double {
    bar.height > 0 && bar.height < 44 ? backHeightLandscape : backHeightPortrait
  }
  /// The back button's height in a 44-point bar.
  public static var backHeightPortrait: Double { 30 }
  /// The back button's height in an iPhone's 32-point landscape bar.
  public static var backHeightLandscape: Double { 24 }

  /// How the back button's artwork (its arrow's point, its corners) is sized in a bar: 1 in
  /// a 44-point bar, 24/30 in the landscape bar's lower button. Text is never scaled: iOS 6
  /// set the title and the button's title in the same fonts in both bars (docs/ios6.md).
  public static func artworkScale(_ bar: Rect) -> Double {
    backHeight(bar) / backHeightPortrait
  }

  /// The back button's width around `title`, its artwork at scale `k`: the arrow, the
  /// padding and the title's bold 12-point text (the arrow and padding alone for "").
  public static func backWidth(_ title: String, scale k: Double) -> Double {
    backArrow * k + 2 * backPadding + TextWidth.of(title, size: backSize, weight: .bold)
  }

  /// The pane of `role`, frontmost, if shown.
  public func pane(_ role: PaneRole) -> PaneChrome<Content>? { panes.last { $0.role == role } }
}

extension PaneChrome: Sendable where Content: Sendable {}
extension ScreenChrome: Sendable where Content: Sendable {}

extension Navigator {
  /// The chrome of the screen as it is now (its layout, described for drawing), its words
  /// in `language`.
  public func chrome(language: String = "en") -> ScreenChrome<Content> {
    ScreenChrome(layout(), device: device, orientation: orientation, language: language)
  }
}
