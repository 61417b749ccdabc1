import Geometry
import Render
import Storyboard

/// One pane of a drawn screen, in parts a transition moves separately.
struct PaneParts {
  /// What the pane is.
  var role: PaneRole
  /// The whole pane.
  var frame: Rect
  /// Where its scene's content is drawn.
  var content: Rect
  /// The pane's background, border, navigation bar and the bar's bottom line.
  var chrome: [Item]
  /// The bar's title and back button (a push cross-fades them).
  var bar: [Item]
  /// The scene's content: the face and its features, or the menu's buttons.
  var body: [Item]

  /// Everything, in drawing order.
  var items: [Item] { chrome + bar + body }
}

/// A drawn screen in parts: what `show --screen` draws, so a transition can move the panes
/// that change and keep the rest.
struct ScreenParts {
  /// The screen's size in points.
  var width: Double
  var height: Double
  /// The document's title.
  var title: String
  /// The status bar.
  var statusBar: [Item]
  /// The panes, back to front.
  var panes: [PaneParts]
  /// The iPad's master/detail divider, drawn before the first presented pane.
  var divider: [Item]
  /// The shade over the screen under a form sheet or popover (empty when not dimmed).
  var dim: [Item]
  /// The index in `panes` of the first presented pane (modal or popover).
  var firstPresented: Int

  /// Everything in drawing order: the screen as `show --screen` draws it.
  var items: [Item] {
    var out = statusBar
    for (i, pane) in panes.enumerated() {
      if i == firstPresented { out += divider + dim }
      out += pane.items
    }
    if firstPresented >= panes.count { out += divider }
    return out
  }

  /// The whole screen as one drawing.
  var drawing: Drawing {
    Drawing(width: width, height: height, title: title, background: .white, items: items)
  }

  /// The pane of `role`, if shown.
  func pane(_ role: PaneRole) -> PaneParts? { panes.last { $0.role == role } }
}

extension Session {
  /// The screen of `navigator` (this session's, or one it had) drawn in parts: its chrome
  /// (one description, `ScreenChrome`, which `play` draws in cells too) in points.
  /// `layout` is the navigator's, when the caller has it already.
  func screenParts(
    _ navigator: Navigator<SceneContent>, layout: ScreenLayout<SceneContent>? = nil
  ) throws -> ScreenParts {
    let chrome = ScreenChrome(
      layout ?? navigator.layout(), device: navigator.device, orientation: navigator.orientation)
    let layout = chrome.layout
    let s = layout.screen
    let barFill = Color(r: 247, g: 247, b: 247)
    let line = Color(r: 178, g: 178, b: 178)
    let dark = Color(r: 30, g: 30, b: 30)
    let statusBar = [
      Item(.rect(layout.statusBar), paint: Paint(stroke: nil, fill: dark)),
      Item(
        .text(chrome.statusText, at: Point(6, 15), size: 12),
        paint: Paint(stroke: nil, fill: .white)),
    ]
    var divider: [Item] = []
    if let d = chrome.divider {
      // A stroke, not a filled rect: the terminal draws fills as background (they clear
      // what lies below), so a filled 1-point divider vanished there.
      let x = d.x + d.width / 2
      divider.append(
        Item(
          .line(Point(x, d.y), Point(x, d.y + d.height)),
          paint: Paint(stroke: line, lineWidth: d.width)))
    }
    let dim =
      chrome.dim.map {
        [Item(.rect($0), paint: Paint(stroke: nil, fill: .black, opacity: 0.4))]
      } ?? []
    var panes: [PaneParts] = []
    for pane in chrome.panes {
      let frame = pane.frame
      let border: Color? = pane.isBordered ? dark : nil
      var chromeItems = [
        Item(.rect(frame), paint: Paint(stroke: border, lineWidth: 2, fill: .white))
      ]
      var bar: [Item] = []
      if let navigationBar = pane.navigationBar {
        let b = navigationBar
        chromeItems.append(Item(.rect(b), paint: Paint(stroke: nil, fill: barFill)))
        chromeItems.append(
          Item(
            .line(Point(b.x, b.maxY), Point(b.maxX, b.maxY)),
            paint: Paint(stroke: line, lineWidth: 1)))
        let titleWidth = ScreenChrome<SceneContent>.titleWidth(pane.title)
        bar.append(
          Item(
            .text(pane.title, at: Point(b.midX - titleWidth / 2, b.midY + 6), size: 17),
            paint: Paint(stroke: nil, fill: .black)))
        if let back = pane.backTitle {
          bar.append(
            Item(
              .text(
                "‹ " + back, at: Point(b.x + ScreenChrome<SceneContent>.backInset, b.midY + 6),
                size: 17),
              paint: Paint(stroke: nil, fill: .tint)))
        }
        if let button = pane.barButton { bar += barButtonItems(button) }
      }
      if let arrow = pane.arrow {
        // Over the border, so the arrow and the body read as one shape.
        let points = [arrow.baseStart, arrow.tip, arrow.baseEnd].map { Point($0.x, $0.y) }
        chromeItems.append(
          Item(.polyline(points), paint: Paint(stroke: dark, lineWidth: 2, fill: dark)))
      }
      let content = pane.contentRect
      let body = try pane.pane.scene.map { try contentItems($0, in: content) } ?? []
      panes.append(
        PaneParts(
          role: pane.role, frame: frame, content: content, chrome: chromeItems, bar: bar, body: body
        ))
    }
    return ScreenParts(
      width: s.width, height: s.height, title: title(of: navigator.focus), statusBar: statusBar,
      panes: panes, divider: divider, dim: dim, firstPresented: chrome.firstPresented)
  }

  /// The bar button that shows the master: a bordered button, its title tinted, cut to
  /// what fits (the storyboard gives it at most a third of the bar).
  func barButtonItems(_ button: BarButton) -> [Item] {
    let tint = Color.tint
    let r = button.rect
    let fits = Int(
      (r.width - 2 * BarButton.padding) / ScreenChrome<SceneContent>.barCharacterWidth)
    let title =
      button.title.count <= fits
      ? button.title : String(button.title.prefix(max(fits - 1, 0))) + "…"
    return [
      Item(.rect(r), paint: Paint(stroke: tint, lineWidth: 1)),
      Item(
        .text(title, at: Point(r.x + BarButton.padding, r.midY + 6), size: 17),
        paint: Paint(stroke: nil, fill: tint)),
    ]
  }
}

extension Color {
  /// UIKit's default tint: a back button's, a bar button's and the menu's titles.
  static let tint = Color(r: 0, g: 122, b: 255)
}
