// The screen layout: every pane on screen with its frame, navigation bar and content rect.

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
}

/// One pane of the screen: a scene shown in a frame, under a navigation bar or not.
public struct Pane<Content> {
  /// What a pane is (the same as `PaneRole`).
  public typealias Role = PaneRole

  /// What this pane is.
  public var role: Role
  /// The whole pane, navigation bar included, in screen coordinates.
  public var frame: StoryboardRect
  /// The navigation bar at the top of the frame, or nil (modals and popovers have none).
  public var navigationBar: StoryboardRect?
  /// The title of the scene shown ("" for an iPad detail pane with no scene yet).
  public var title: String
  /// The title of the scene below on this navigation stack, when back can pop to it.
  public var backTitle: String?
  /// Where the scene's content (the face) is drawn: the frame less the navigation bar.
  public var contentRect: StoryboardRect
  /// The scene shown, so the host can draw its content (nil for an empty iPad detail).
  public var scene: Scene<Content>?
  /// Whether this pane shows the navigator's focus (the scene gestures apply to).
  public var isFocused: Bool

  /// A pane from its parts (`Navigator.layout()` makes them; hosts may build their own).
  public init(
    role: Role, frame: StoryboardRect, navigationBar: StoryboardRect?, title: String,
    backTitle: String?, contentRect: StoryboardRect, scene: Scene<Content>?,
    isFocused: Bool
  ) {
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

/// Everything needed to draw the whole screen.
public struct ScreenLayout<Content> {
  /// The screen, at (0, 0), in the current orientation.
  public var screen: StoryboardRect
  /// The status bar, 20 high at the top of the screen.
  public var statusBar: StoryboardRect
  /// The visible panes, back to front (draw them in order). Panes hidden entirely (under an
  /// iPhone's full-screen modal, or the iPad's master in portrait) are left out.
  public var panes: [Pane<Content>]
  /// The 1-point line between the iPad's master and detail in landscape, else nil.
  public var divider: StoryboardRect?
  /// Whether a form sheet or popover is over the screen: everything under the frontmost
  /// pane is drawn dimmed.
  public var dimmed: Bool

  /// A layout from its parts.
  public init(
    screen: StoryboardRect, statusBar: StoryboardRect, panes: [Pane<Content>],
    divider: StoryboardRect?, dimmed: Bool
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
  static var formSheetSize: StoryboardSize { StoryboardSize(width: 540, height: 620) }
  /// The popover's distance from the left edge and from the navigation bar.
  @inlinable
  static var popoverMargin: Double { 10 }

  /// Whether the iPad's master pane is on screen: always in landscape; in portrait only
  /// while the focus (below any presentation) is in it, sliding over the detail.
  @inlinable
  var masterIsShown: Bool {
    device.isPad && (orientation == .landscape || !(focusIsOnDetail && detail != nil))
  }

  /// The frame, navigation bar and content rect of a pane of `role` in the current
  /// device and orientation. `popoverSize` is the requested popover content size.
  @inlinable
  func geometry(
    _ role: PaneRole, popoverSize: StoryboardSize
  ) -> (frame: StoryboardRect, bar: StoryboardRect?, content: StoryboardRect) {
    let screen = device.size(in: orientation)
    let top = Device.statusBarHeight
    let barHeight = device.navigationBarHeight(in: orientation)
    let belowStatusBar = screen.height - top

    func barred(x: Double, width: Double)
      -> (frame: StoryboardRect, bar: StoryboardRect?, content: StoryboardRect)
    {
      (
        StoryboardRect(x: x, y: top, width: width, height: belowStatusBar),
        StoryboardRect(x: x, y: top, width: width, height: barHeight),
        StoryboardRect(x: x, y: top + barHeight, width: width, height: belowStatusBar - barHeight)
      )
    }
    func bare(_ frame: StoryboardRect)
      -> (frame: StoryboardRect, bar: StoryboardRect?, content: StoryboardRect)
    {
      (frame, nil, frame)
    }

    switch role {
    case .navigation:
      return barred(x: 0, width: screen.width)
    case .master:
      return barred(x: 0, width: Navigator.masterWidth)
    case .detail:
      // Landscape: right of the master and the 1-point divider; portrait: full width.
      let x = orientation == .landscape ? Navigator.masterWidth + 1 : 0
      return barred(x: x, width: screen.width - x)
    case .modal:
      guard device.isPad else {
        return bare(StoryboardRect(x: 0, y: top, width: screen.width, height: belowStatusBar))
      }
      let sheet = Navigator.formSheetSize
      return bare(
        StoryboardRect(
          x: (screen.width - sheet.width) / 2, y: (screen.height - sheet.height) / 2,
          width: sheet.width, height: sheet.height))
    case .popover:
      // Anchored at the top left, just under the navigation bar (where the master's bar
      // button would be), shrunk to fit the screen with the same margin.
      let margin = Navigator.popoverMargin
      let y = top + barHeight + margin
      return bare(
        StoryboardRect(
          x: margin, y: y, width: min(popoverSize.width, screen.width - 2 * margin),
          height: min(popoverSize.height, screen.height - y - margin)))
    }
  }

  /// Everything needed to draw the whole screen in the current orientation.
  @inlinable
  public func layout() -> ScreenLayout<Content> {
    let size = device.size(in: orientation)
    let screen = StoryboardRect(x: 0, y: 0, width: size.width, height: size.height)
    let statusBar = StoryboardRect(
      x: 0, y: 0, width: size.width, height: Device.statusBarHeight)
    let nothingPresented = presentations.isEmpty
    var panes: [Pane<Content>] = []
    var divider: StoryboardRect?

    func pane(
      _ role: PaneRole, _ scene: Scene<Content>?, back: String?, focused: Bool,
      popoverSize: StoryboardSize = Navigator.defaultPopoverSize
    ) {
      let g = geometry(role, popoverSize: popoverSize)
      panes.append(
        Pane(
          role: role, frame: g.frame, navigationBar: g.bar, title: scene?.title ?? "",
          backTitle: back, contentRect: g.content, scene: scene, isFocused: focused))
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
        divider = StoryboardRect(x: g.frame.maxX, y: g.frame.y, width: 1, height: g.frame.height)
        pane(.detail, detail, back: nil, focused: detailFocused)
      } else {
        pane(.detail, detail, back: nil, focused: detailFocused)
        if masterIsShown {
          pane(.master, top, back: backTitle, focused: nothingPresented && !detailFocused)
        }
      }
      for (index, presentation) in presentations.enumerated() {
        let focused = index == presentations.count - 1
        if let popoverSize = presentation.popoverSize {
          pane(
            .popover, presentation.scene, back: nil, focused: focused,
            popoverSize: popoverSize)
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
      dimmed: device.isPad && !nothingPresented)
  }
}
