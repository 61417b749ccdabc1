// The screen layout: every pane on screen with its frame, navigation bar and content rect.

import Geometry
import TextMetrics

/// What a pane of the screen is.
public enum PaneRole: String, CaseIterable, Sendable {
  /// The iPhone's navigation stack (its top scene, under a navigation bar).
  case navigation
  /// The iPad's master navigation stack (its top scene), on the left.
  case master
  /// The iPad's detail scene, right of the master, under its own navigation bar.
  case detail
  /// A modal scene: full screen below the status bar (iPhone) or a form sheet (iPad).
  case modal
  /// A popover (iPad).
  case popover

  /// Whether a pane of this role is presented over the others (a modal or a popover).
  public var isPresented: Bool { self == .modal || self == .popover }
}

/// One pane of the screen: a scene shown in a frame, under a navigation bar or not.
public struct Pane<Content> {
  /// What a pane is (the same as `PaneRole`).
  public typealias Role = PaneRole

  /// What this pane is.
  public var role: Role
  /// The whole pane, navigation bar included, in screen coordinates.
  public var frame: Rect
  /// The navigation bar at the top of the frame, or nil (modals and popovers have none).
  public var navigationBar: Rect?
  /// The title of the scene shown ("" for an iPad detail pane with no scene yet).
  public var title: String
  /// The title of the scene below on this navigation stack, when back can pop to it.
  public var backTitle: String?
  /// Where the scene's content (the face) is drawn: the frame less the navigation bar.
  public var contentRect: Rect
  /// The scene shown, so the host can draw its content (nil for an empty iPad detail).
  public var scene: Scene<Content>?
  /// Whether this pane shows the navigator's focus (the scene gestures apply to).
  public var isFocused: Bool
  /// The bar button at the left of the navigation bar that shows the master (the iPad's
  /// detail in portrait, as UISplitViewController's `barButtonItem`), else nil.
  public var barButton: BarButton?
  /// The arrow from a popover to the button it hangs from (a popover segue given an
  /// anchor), else nil.
  public var arrow: PopoverArrow?
  /// Whether this is the iPad's master in portrait: a full-height panel over the detail at
  /// the screen's left edge, framed as a popover without an arrow (UISplitViewController
  /// since iOS 5.1, docs/ios6.md), sliding in from that edge.
  public var isPanel: Bool

  /// A pane from its parts (`Navigator.layout()` makes them; hosts may build their own).
  public init(
    role: Role, frame: Rect, navigationBar: Rect?, title: String,
    backTitle: String?, contentRect: Rect, scene: Scene<Content>?,
    isFocused: Bool, barButton: BarButton? = nil, arrow: PopoverArrow? = nil,
    isPanel: Bool = false
  ) {
    self.isPanel = isPanel
    self.barButton = barButton
    self.arrow = arrow
    self.role = role
    self.frame = frame
    self.navigationBar = navigationBar
    self.title = title
    self.backTitle = backTitle
    self.contentRect = contentRect
    self.scene = scene
    self.isFocused = isFocused
  }
}

/// A button in a navigation bar: its title and where it is.
public struct BarButton: Equatable, Sendable {
  /// The title (the master's top scene's).
  public var title: String
  /// Where the button is, in screen points (inside the navigation bar).
  public var rect: Rect

  /// A bar button from its parts.
  public init(title: String, rect: Rect) {
    self.title = title
    self.rect = rect
  }

  /// The button's height (iOS's bordered bar button).
  public static let height = 30.0
  /// The button's distance from the bar's left edge.
  public static let inset = 6.0
  /// The space left and right of the title inside the button.
  public static let padding = 10.0
}

/// Everything needed to draw the whole screen.
public struct ScreenLayout<Content> {
  /// The screen, at (0, 0), in the current orientation.
  public var screen: Rect
  /// The status bar, 20 high at the top of the screen.
  public var statusBar: Rect
  /// The visible panes, back to front (draw them in order). Panes hidden entirely (under an
  /// iPhone's full-screen modal, or the iPad's master in portrait) are left out.
  public var panes: [Pane<Content>]
  /// The 1-point line between the iPad's master and detail in landscape, else nil.
  public var divider: Rect?
  /// Whether a form sheet is over the screen: everything under the form sheet is drawn
  /// dimmed (a popover dims nothing, as UIPopoverController on iOS 6 did not).
  public var dimmed: Bool

  /// A layout from its parts.
  public init(
    screen: Rect, statusBar: Rect, panes: [Pane<Content>],
    divider: Rect?, dimmed: Bool
  ) {
    self.screen = screen
    self.statusBar = statusBar
    self.panes = panes
    self.divider = divider
    self.dimmed = dimmed
  }

  /// The pane showing the focus.
  public var focusedPane: Pane<Content>? { panes.last { $0.isFocused } }
}

extension Pane: Sendable where Content: Sendable {}
extension ScreenLayout: Sendable where Content: Sendable {}

extension Navigator {
  /// The width of the iPad's master in landscape.
  @inlinable
  static var masterWidth: Double { 320 }
  /// The size of the iPad's modal form sheet.
  @inlinable
  static var formSheetSize: Size { Size(width: 540, height: 620) }
  /// The popover's distance from the left edge and from the navigation bar.
  @inlinable
  static var popoverMargin: Double { 10 }

  /// Whether the iPad's master pane is on screen: always in landscape; in portrait only
  /// while the focus (below any presentation) is in it, in its panel.
  @inlinable
  var masterIsShown: Bool {
    device.isPad && (orientation == .landscape || !(focusIsOnDetail && detail != nil))
  }

  /// Whether the iPad's master shows over the detail (portrait): in its panel from the left
  /// edge, as the detail's bar button (or a swipe) showed it since iOS 5.1. The name is
  /// older than the panel: before iOS 5.1 it was a popover hanging from that button.
  @inlinable
  public var masterIsInPopover: Bool {
    device.isPad && orientation == .portrait && detail != nil && !focusIsOnDetail
  }

  /// The detail's bar button that shows the master (iPad portrait with a detail), titled
  /// with the master's top scene's title; nil where there is none.
  @inlinable
  public var barButton: BarButton? {
    guard device.isPad, orientation == .portrait, detail != nil else { return nil }
    let title = navigationStack[navigationStack.count - 1].title
    let bar = geometry(.detail, popoverSize: Navigator.defaultPopoverSize).bar!
    // As wide as its bold 12-point title and the padding (UIBarButtonItem's bordered
    // style), never more than a third of the bar; the drawing cuts a longer title with "…".
    let text = TextWidth.of(title, size: ScreenChrome<Content>.backSize, weight: .bold)
    let width = min(text + 2 * BarButton.padding, bar.width / 3)
    return BarButton(
      title: title,
      rect: Rect(
        x: bar.x + BarButton.inset, y: bar.y + (bar.height - BarButton.height) / 2,
        width: width, height: BarButton.height))
  }

  /// The area popovers are kept in: the screen below the status bar, less a margin.
  @inlinable
  var popoverArea: Rect {
    let size = device.size(in: orientation)
    let m = PopoverPlacement.margin
    let top = Device.statusBarHeight
    return Rect(
      x: m, y: top + m, width: size.width - 2 * m, height: size.height - top - 2 * m)
  }

  /// The master's panel in portrait (its content: bar and scene), 320 wide: its frame,
  /// `popoverFrameInset` each side, stands at the screen's left edge from the status bar
  /// to the bottom (UISplitViewController since iOS 5.1: no arrow, full height).
  @inlinable
  var masterPanel: Rect {
    let size = device.size(in: orientation)
    let inset = popoverFrameInset
    let top = Device.statusBarHeight
    return Rect(
      x: inset, y: top + inset, width: Navigator.masterWidth,
      height: size.height - top - 2 * inset)
  }

  /// Where the topmost popover presentation is, when it hangs from an anchor.
  @inlinable
  func placement(size: Size, anchor: Rect?) -> PopoverPlacement? {
    anchor.map {
      PopoverPlacement.place(
        size: size, anchor: $0, in: popoverArea, arrowSize: popoverArrowSize,
        frameInset: popoverFrameInset)
    }
  }

  /// The frame, navigation bar and content rect of a pane of `role` in the current
  /// device and orientation, and the arrow to what its popover hangs from (nil for a pane
  /// that is none). `popoverSize` is the requested popover content size and `anchor` the
  /// button it hangs from.
  @inlinable
  func geometry(
    _ role: PaneRole, popoverSize: Size, anchor: Rect? = nil
  ) -> (
    frame: Rect, bar: Rect?, content: Rect, arrow: PopoverArrow?
  ) {
    let screen = device.size(in: orientation)
    let top = Device.statusBarHeight
    let barHeight = device.navigationBarHeight(in: orientation)
    let belowStatusBar = screen.height - top

    func barred(x: Double, width: Double)
      -> (
        frame: Rect, bar: Rect?, content: Rect, arrow: PopoverArrow?
      )
    {
      (
        Rect(x: x, y: top, width: width, height: belowStatusBar),
        Rect(x: x, y: top, width: width, height: barHeight),
        Rect(x: x, y: top + barHeight, width: width, height: belowStatusBar - barHeight),
        nil
      )
    }
    func bare(_ frame: Rect, arrow: PopoverArrow? = nil)
      -> (
        frame: Rect, bar: Rect?, content: Rect, arrow: PopoverArrow?
      )
    {
      (frame, nil, frame, arrow)
    }

    switch role {
    case .navigation:
      return barred(x: 0, width: screen.width)
    case .master:
      if orientation == .portrait {
        // The master's navigation bar heads its panel.
        let f = masterPanel
        return (
          f, Rect(x: f.x, y: f.y, width: f.width, height: barHeight),
          Rect(x: f.x, y: f.y + barHeight, width: f.width, height: f.height - barHeight),
          nil
        )
      }
      return barred(x: 0, width: Navigator.masterWidth)
    case .detail:
      // Landscape: right of the master and the 1-point divider; portrait: full width.
      let x = orientation == .landscape ? Navigator.masterWidth + 1 : 0
      return barred(x: x, width: screen.width - x)
    case .modal:
      guard device.isPad else {
        return bare(Rect(x: 0, y: top, width: screen.width, height: belowStatusBar))
      }
      let sheet = Navigator.formSheetSize
      return bare(
        Rect(
          x: (screen.width - sheet.width) / 2, y: (screen.height - sheet.height) / 2,
          width: sheet.width, height: sheet.height))
    case .popover:
      if let p = placement(size: popoverSize, anchor: anchor) {
        return bare(p.frame, arrow: p.arrow)
      }
      // Without an anchor:  at the top left, just under the navigation bar (where the master's bar
      // button would be), shrunk to fit the screen with the same margin.
      let margin = Navigator.popoverMargin
      let y = top + barHeight + margin
      return bare(
        Rect(
          x: margin, y: y, width: min(popoverSize.width, screen.width - 2 * margin),
          height: min(popoverSize.height, screen.height - y - margin)))
    }
  }

  /// Everything needed to draw the whole screen in the current orientation.
  @inlinable
  public func layout() -> ScreenLayout<Content> {
    let size = device.size(in: orientation)
    let screen = Rect(x: 0, y: 0, width: size.width, height: size.height)
    let statusBar = Rect(
      x: 0, y: 0, width: size.width, height: Device.statusBarHeight)
    let nothingPresented = presentations.isEmpty
    var panes: [Pane<Content>] = []
    var divider: Rect?

    func pane(
      _ role: PaneRole, _ scene: Scene<Content>?, back: String?, focused: Bool,
      popoverSize: Size = Navigator.defaultPopoverSize, anchor: Rect? = nil,
      barButton: BarButton? = nil
    ) {
      let g = geometry(role, popoverSize: popoverSize, anchor: anchor)
      panes.append(
        Pane(
          role: role, frame: g.frame, navigationBar: g.bar, title: scene?.title ?? "",
          backTitle: back, contentRect: g.content, scene: scene, isFocused: focused,
          barButton: barButton, arrow: g.arrow,
          isPanel: role == .master && orientation == .portrait))
    }

    let top = navigationStack[navigationStack.count - 1]
    let backTitle =
      navigationStack.count > 1
      ? navigationStack[navigationStack.count - 2].title : nil
    if device.isPad {
      let detailFocused = nothingPresented && focusIsOnDetail && detail != nil
      if orientation == .landscape {
        pane(.master, top, back: backTitle, focused: nothingPresented && !detailFocused)
        let g = geometry(.master, popoverSize: Navigator.defaultPopoverSize)
        divider = Rect(x: g.frame.maxX, y: g.frame.y, width: 1, height: g.frame.height)
        pane(.detail, detail, back: nil, focused: detailFocused)
      } else {
        pane(.detail, detail, back: nil, focused: detailFocused, barButton: barButton)
        if masterIsShown {
          pane(.master, top, back: backTitle, focused: nothingPresented && !detailFocused)
        }
      }
      for (index, presentation) in presentations.enumerated() {
        let focused = index == presentations.count - 1
        if let popoverSize = presentation.popoverSize {
          pane(
            .popover, presentation.scene, back: nil, focused: focused,
            popoverSize: popoverSize, anchor: presentation.anchor)
        } else {
          pane(.modal, presentation.scene, back: nil, focused: focused)
        }
      }
    } else if let modal = presentations.last {
      // Full screen below the status bar: what is under it is not seen.
      pane(.modal, modal.scene, back: nil, focused: true)
    } else {
      pane(.navigation, top, back: backTitle, focused: true)
    }
    return ScreenLayout(
      screen: screen, statusBar: statusBar, panes: panes, divider: divider,
      // A form sheet dims the screen behind it; a popover does not (iOS 6).
      dimmed: device.isPad && presentations.contains { $0.popoverSize == nil })
  }
}
