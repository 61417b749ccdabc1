import Declarations
import Files
import Geometry
import Render
import Storyboard

/// One pane of a drawn screen, in parts a transition moves separately.
package struct PaneParts {
  /// What the pane is.
  package var role: PaneRole
  /// The whole pane.
  package var frame: Rect
  /// Where its scene's content is drawn.
  package var content: Rect
  /// The pane's background and border (a popover's frame).
  package var chrome: [Item]
  /// Its navigation bar's background and bottom line.
  package var barChrome: [Item] = []
  /// The bar's title (a transition slides and fades it, `BarMotion`).
  package var title: [Item] = []
  /// The bar's back button or bar button (slid and faded apart from the title).
  package var left: [Item] = []
  /// The scene's content: the face and its features, or the menu's buttons.
  package var body: [Item]
  /// The navigation bar, the window its title and back button move in (nil: none).
  package var barRect: Rect? = nil
  /// Where the bar's items rest, for their motion in a transition (nil: no bar).
  package var barItems: BarItems? = nil
  /// Whether this is the iPad's master panel in portrait (it slides in from the left).
  package var isPanel = false

  /// The bar's title and left item.
  package var bar: [Item] { title + left }

  /// Everything, in drawing order.
  package var items: [Item] { chrome + barChrome + bar + body }
}

/// A drawn screen in parts: what `show --screen` draws, so a transition can move the panes
/// that change and keep the rest.
package struct ScreenParts {
  /// The screen's size in points.
  package var width: Double
  package var height: Double
  /// The document's title.
  package var title: String
  /// The status bar.
  package var statusBar: [Item]
  /// The panes, back to front.
  package var panes: [PaneParts]
  /// The iPad's master/detail divider, drawn before the first presented pane.
  package var divider: [Item]
  /// The shade over the screen under a form sheet or popover (empty when not dimmed).
  package var dim: [Item]
  /// The index in `panes` of the first presented pane (modal or popover).
  package var firstPresented: Int

  /// Everything in drawing order: the screen as `show --screen` draws it.
  package var items: [Item] { statusBar + sceneItems }

  /// Everything but the status bar, in drawing order: what a segue kind's animation moves.
  package var sceneItems: [Item] { sceneItems(withBars: true) }

  /// Everything but the status bar, and without the navigation bars unless `withBars`.
  package func sceneItems(withBars: Bool) -> [Item] {
    var out: [Item] = []
    for (i, pane) in panes.enumerated() {
      if i == firstPresented { out += divider + dim }
      out += withBars ? pane.items : pane.chrome + pane.body
    }
    if firstPresented >= panes.count { out += divider }
    return out
  }

  /// The whole screen as one drawing.
  package var drawing: Drawing {
    Drawing(width: width, height: height, title: title, background: .white, items: items)
  }

  /// The pane of `role`, if shown.
  package func pane(_ role: PaneRole) -> PaneParts? { panes.last { $0.role == role } }
}

extension Session {
  /// The screen of `navigator` (this session's, or one it had) drawn in parts: its chrome
  /// (one description, `ScreenChrome`, which `play` draws in cells too) in points.
  /// `layout` is the navigator's, when the caller has it already.
  package func screenParts(
    _ navigator: Navigator<SceneContent>, layout: ScreenLayout<SceneContent>? = nil
  ) throws -> ScreenParts {
    let chrome = ScreenChrome(
      layout ?? navigator.layout(), device: navigator.device, orientation: navigator.orientation,
      language: script.registry.language)
    let layout = chrome.layout
    let s = layout.screen
    let theme = self.theme
    let look = ChromeItems(theme: theme)
    let dark = Color(r: 30, g: 30, b: 30)
    let statusBar = look.statusBar(
      layout.statusBar, clock: chrome.statusText, carrier: chrome.carrier,
      isPad: navigator.device.isPad)
    var divider: [Item] = []
    if let d = chrome.divider {
      // A stroke, not a filled rect: the terminal draws fills as background (they clear
      // what lies below), so a filled 1-point divider vanished there.
      let x = d.x + d.width / 2
      divider.append(
        Item(
          .line(Point(x, d.y), Point(x, d.y + d.height)),
          paint: Paint(stroke: theme.divider, lineWidth: d.width)))
    }
    let dim =
      chrome.dim.map {
        [Item(.rect($0), paint: Paint(stroke: nil, fill: .black, opacity: theme.dim))]
      } ?? []
    let fullScreen = Rect(
      x: 0, y: layout.statusBar.maxY, width: s.width, height: s.height - layout.statusBar.maxY)
    var panes: [PaneParts] = []
    for pane in chrome.panes {
      let frame = pane.frame
      let inPopover = pane.isInPopoverFrame
      var chromeItems: [Item]
      if inPopover {
        chromeItems = look.popoverFrame(frame, arrow: pane.arrow)
      } else {
        // A form sheet has its edge; a full-screen modal is the screen, with no frame.
        let border: Color? = pane.isBordered && frame != fullScreen ? dark : nil
        chromeItems = [
          Item(.rect(frame), paint: Paint(stroke: border, lineWidth: 1, fill: theme.background))
        ]
      }
      var title: [Item] = []
      var left: [Item] = []
      var barChrome: [Item] = []
      if let b = pane.navigationBar {
        barChrome = look.barBackground(b, dark: inPopover)
        title = look.barTitle(pane.shownTitle, x: pane.titleX ?? b.midX, in: b)
        if let back = pane.backTitle { left += look.backButton(back, width: pane.backWidth, in: b) }
        if let button = pane.barButton { left += look.barButton(button) }
      }
      let content = pane.contentRect
      let body = try pane.pane.scene.map { try contentItems($0, in: content) } ?? []
      panes.append(
        PaneParts(
          role: pane.role, frame: frame, content: content, chrome: chromeItems,
          barChrome: barChrome, title: title, left: left, body: body,
          barRect: pane.navigationBar, barItems: pane.barItems, isPanel: pane.pane.isPanel))
    }
    return ScreenParts(
      width: s.width, height: s.height, title: title(of: navigator.focus), statusBar: statusBar,
      panes: panes, divider: divider, dim: dim, firstPresented: chrome.firstPresented)
  }
}

extension Color {
  /// UIKit's default tint: a back button's, a bar button's and the menu's titles.
  package static let tint = Color(r: 0, g: 122, b: 255)
}
