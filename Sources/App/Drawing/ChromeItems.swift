// The chrome's pieces drawn in points from a `Theme`: the status bar, a navigation bar with
// its title and back button, a bordered bar button, a popover's frame and a rounded-rect
// button. `ScreenParts` puts them where the `ScreenChrome` says; nothing here decides a
// place or a title, only how each piece looks.

import Declarations
import Files
import Geometry
import Render
import Storyboard
import TextMetrics

/// Chrome pieces in one theme.
struct ChromeItems {
  /// The look.
  var theme: Theme

  /// A theme's chrome text, bold or not, centred on its point or from it.
  func text(
    _ string: String, at p: Point, size: Double, color: Color, bold: Bool, centred: Bool,
    opacity: Double = 1
  ) -> Item {
    Item(
      .text(string, at: p, size: size),
      paint: Paint(
        stroke: nil, fill: color, opacity: opacity, text: theme.text(bold: bold, centred: centred)))
  }

  /// Text with the theme's dark shadow one point above it (UIKit's bar text), when the theme
  /// has one: the shadow first, then the text.
  func shadowed(
    _ string: String, at p: Point, size: Double, color: Color, bold: Bool, centred: Bool
  ) -> [Item] {
    var items: [Item] = []
    if let shadow = theme.titleShadow {
      items.append(
        text(
          string, at: Point(p.x, p.y - 1), size: size, color: shadow, bold: bold,
          centred: centred))
    }
    items.append(text(string, at: p, size: size, color: color, bold: bold, centred: centred))
    return items
  }

  /// The status bar in `rect`: the carrier and the signal's five bars at the left, the
  /// clock centred, the battery at the right.
  package func statusBar(_ rect: Rect, clock: String, carrier: String, isPad: Bool) -> [Item] {
    let ink = theme.statusText
    let baseline = rect.y + rect.height / 2 + 4.5
    let color = theme.statusBarColor(isPad: isPad)
    // Tinted from the bar (iOS 6's default style): the bar's bottom colour, a gradient a
    // little lighter at the top as the grey bar it replaced was; a flat colour otherwise.
    let tinted = !isPad && theme.statusFromBar
    var items = [
      Item(
        .rect(rect),
        paint: Paint(
          stroke: nil, fill: color,
          gradient: tinted ? Gradient(top: ChromeItems.lighter(color), bottom: color) : nil
        ))
    ]
    // The signal: five bars rising from 3 to 11 points, 3 wide, a point apart.
    var bars: [Item] = []
    for i in 0..<5 {
      let h = 3 + 2 * Double(i)
      let x = rect.x + 6 + 4 * Double(i)
      bars.append(
        Item(
          .rect(Rect(x: x, y: baseline - h, width: 3, height: h)),
          paint: Paint(stroke: nil, fill: ink)))
    }
    items += bars
    items.append(
      text(
        carrier, at: Point(rect.x + 28, baseline), size: 12, color: ink, bold: true,
        centred: false))
    items.append(
      text(clock, at: Point(rect.midX, baseline), size: 12, color: ink, bold: true, centred: true))
    // The battery: a body 22 by 10 with a nub, charged full.
    let body = Rect(x: rect.maxX - 30, y: rect.midY - 5, width: 22, height: 10)
    items.append(Item(.roundedRect(body, radius: 2), paint: Paint(stroke: ink, lineWidth: 1)))
    items.append(
      Item(
        .rect(Rect(x: body.maxX, y: body.midY - 2, width: 2, height: 4)),
        paint: Paint(stroke: nil, fill: ink)))
    items.append(
      Item(
        .rect(Rect(x: body.x + 2, y: body.y + 2, width: body.width - 4, height: body.height - 4)),
        paint: Paint(stroke: nil, fill: ink)))
    return items
  }

  /// A navigation bar's background: the gradient (its flat bottom colour in the terminal),
  /// the highlight line along its top and the dark line along its bottom. In a popover
  /// (`dark`) the bar takes the popover's frame colours, as iOS 6's did.
  func barBackground(_ b: Rect, dark: Bool) -> [Item] {
    let (top, bottom) =
      dark ? (theme.popoverTop, theme.popoverBottom) : (theme.barTop, theme.barBottom)
    var items = [
      Item(
        .rect(b),
        paint: Paint(stroke: nil, fill: bottom, gradient: Gradient(top: top, bottom: bottom)))
    ]
    if let h = theme.barHighlight, !dark {
      items.append(
        Item(
          .line(Point(b.x, b.y + 0.5), Point(b.maxX, b.y + 0.5)),
          paint: Paint(stroke: h, lineWidth: 1)))
    }
    items.append(
      Item(
        .line(Point(b.x, b.maxY - 0.5), Point(b.maxX, b.maxY - 0.5)),
        paint: Paint(stroke: dark ? theme.popoverBottom : theme.barEdge, lineWidth: 1)))
    return items
  }

  /// The bar's title, centred on `x` (nothing for an empty one: the iPad's detail before
  /// anything is shown in it).
  func barTitle(_ title: String, x: Double, in b: Rect) -> [Item] {
    guard !title.isEmpty else { return [] }
    // The same font in a landscape bar as in a portrait one (docs/ios6.md).
    let size = theme.titleSize
    return shadowed(
      title, at: Point(x, b.midY + size * 0.35), size: size, color: theme.title,
      bold: theme.titleBold, centred: true)
  }

  /// The back button of `width` at the bar's left: an arrow-shaped bordered button with its
  /// title centred (iOS 6), or a plain tinted "‹ title" (a theme whose back is not bordered).
  func backButton(_ title: String, width: Double, in b: Rect) -> [Item] {
    let x0 = b.x + ScreenChrome<SceneContent>.backInset
    guard theme.backBordered else {
      let size = 17.0
      return [
        text(
          "‹ " + title, at: Point(x0, b.midY + size * 0.35), size: size, color: theme.backText,
          bold: false, centred: false)
      ]
    }
    // Its own landscape artwork in an iPhone's lower bar: a lower button, the same text.
    let landscape = ScreenChrome<SceneContent>.backHeight(b) < 30
    let h = landscape ? theme.backHeightLandscape : theme.backHeight
    let k = ScreenChrome<SceneContent>.artworkScale(b)
    let body = Rect(x: x0, y: b.midY - h / 2, width: width, height: h)
    let arrow = ScreenChrome<SceneContent>.backArrow * k
    let shape = ChromeItems.arrowShape(body, arrow: arrow, radius: theme.backRadius * k)
    let size = ScreenChrome<SceneContent>.backSize
    return [
      Item(
        .polygon(shape),
        paint: Paint(
          stroke: theme.backBorder, lineWidth: 1, fill: theme.backBottom,
          gradient: Gradient(top: theme.backTop, bottom: theme.backBottom)))
    ]
      + shadowed(
        title, at: Point((body.x + arrow + body.maxX) / 2, body.midY + size * 0.35), size: size,
        color: theme.backText, bold: true, centred: true)
  }

  /// A bordered bar button (the iPad's master button in portrait): the back button's look
  /// without the arrow, its title cut to fit.
  func barButton(_ button: BarButton) -> [Item] {
    let r = button.rect
    let size = ScreenChrome<SceneContent>.backSize
    let room = r.width - 2 * ScreenChrome<SceneContent>.backPadding
    let title = Truncation.truncatingTail(button.title, toFit: room, size: size, weight: .bold)
    return [
      Item(
        .roundedRect(r, radius: theme.backRadius),
        paint: Paint(
          stroke: theme.backBorder, lineWidth: 1, fill: theme.backBottom,
          gradient: Gradient(top: theme.backTop, bottom: theme.backBottom)))
    ]
      + shadowed(
        title, at: Point(r.midX, r.midY + size * 0.35), size: size, color: theme.backText,
        bold: true, centred: true)
  }

  /// The outline of an arrow-shaped button: a point at the left middle of `body`, straight
  /// sides to the body's top and bottom `arrow` points in, rounded corners at the right.
  static func arrowShape(_ body: Rect, arrow: Double, radius: Double) -> [Point] {
    let r = min(radius, body.height / 2, max(body.width - arrow, 0) / 2)
    var points = [Point(body.x, body.midY), Point(body.x + arrow, body.y)]
    // The top right and bottom right corners: quarter circles in four steps of 22.5°
    // (their cosines), from straight up round to the right, then round to straight down.
    let steps = [0, 0.3827, 0.7071, 0.9239, 1]
    for i in 0..<5 {
      points.append(Point(body.maxX - r + r * steps[i], body.y + r - r * steps[4 - i]))
    }
    for i in 0..<5 {
      points.append(Point(body.maxX - r + r * steps[4 - i], body.maxY - r + r * steps[i]))
    }
    points.append(Point(body.x + arrow, body.maxY))
    return points
  }

  /// A popover's dark frame around `frame` (the pane), with its arrow: its soft drop shadow,
  /// a rounded gradient panel `popoverFrame` points larger each side, the arrow in the
  /// frame's colour nearest it, then the content's rounded white area.
  func popoverFrame(_ frame: Rect, arrow: PopoverArrow?) -> [Item] {
    let f = theme.popoverFrame
    let outer = Rect(
      x: frame.x - f, y: frame.y - f, width: frame.width + 2 * f, height: frame.height + 2 * f)
    var items = popoverShadow(outer)
    items += [
      Item(
        .roundedRect(outer, radius: theme.popoverRadius),
        paint: Paint(
          stroke: nil, fill: theme.popoverBottom,
          gradient: Gradient(top: theme.popoverTop, bottom: theme.popoverBottom)))
    ]
    if let arrow {
      let color = arrow.edge == .top ? theme.popoverTop : theme.popoverBottom
      items.append(
        Item(
          .polygon([arrow.baseStart, arrow.tip, arrow.baseEnd].map { Point($0.x, $0.y) }),
          paint: Paint(stroke: nil, fill: color)))
    }
    items.append(
      Item(
        .roundedRect(frame, radius: max(theme.popoverRadius - f, 0)),
        paint: Paint(stroke: nil, fill: theme.background)))
    return items
  }

  /// A rounded-rect button in `frame` reading `title` (already fitted to its room).
  func button(_ title: String, in frame: Rect) -> [Item] {
    let size = theme.buttonSize
    let at =
      theme.buttonCentred
      ? Point(frame.midX, frame.midY + size * 0.35) : Point(frame.x + 14, frame.midY + size * 0.35)
    return [
      Item(
        .roundedRect(frame, radius: theme.buttonRadius),
        paint: Paint(stroke: theme.buttonBorder, lineWidth: 1, fill: theme.buttonFill)),
      text(
        title, at: at, size: size, color: theme.buttonText, bold: theme.buttonBold,
        centred: theme.buttonCentred),
    ]
  }
}

extension ChromeItems {
  /// A popover's soft drop shadow under its frame `outer`: layers of black, each a little
  /// larger and lower than the frame, whose opacities add up to `popoverShadow` under the
  /// frame and fade out over `popoverShadowBlur` points (UIKit's popover artwork had its
  /// shadow drawn in, about 20 points soft and 10 down: GIKPopoverBackgroundView's iOS 5
  /// stand-in for it, docs/ios6.md). Shapes, not a filter: librsvg, Chromium and the
  /// terminal (which skips translucent fills) all draw them alike.
  func popoverShadow(_ outer: Rect) -> [Item] {
    let blur = theme.popoverShadowBlur
    guard theme.popoverShadow > 0, blur > 0 else { return [] }
    let steps = 8
    // Each layer's opacity, so that the 8 of them over one another reach the total: the
    // eighth root of what shows through, three square roots.
    let each = 1 - (1 - theme.popoverShadow).squareRoot().squareRoot().squareRoot()
    let drop = blur / 2
    var items: [Item] = []
    for i in 0..<steps {
      // Each layer its own paint (a shade apart from black): the SVG writer puts a run of
      // one paint under one group opacity, which would not add up.
      let ink = Color(r: UInt8(i), g: UInt8(i), b: UInt8(i))
      let grow = blur * Double(steps - i) / Double(steps)
      let r = Rect(
        x: outer.x - grow / 2, y: outer.y + drop - grow / 2, width: outer.width + grow,
        height: outer.height + grow)
      items.append(
        Item(
          .roundedRect(r, radius: theme.popoverRadius + grow / 2),
          paint: Paint(stroke: nil, fill: ink, opacity: each)))
    }
    return items
  }

  /// `c` a fifth of the way to white: the top of the tinted status bar's gradient.
  static func lighter(_ c: Color) -> Color {
    func up(_ v: UInt8) -> UInt8 { UInt8((Double(v) + (255 - Double(v)) * 0.2).rounded()) }
    return Color(r: up(c.r), g: up(c.g), b: up(c.b))
  }

  /// The scroll indicator of a menu in `rect` while it scrolls (a drawn screen at rest shows
  /// none; the page shows it as the menu moves): a thin dark rounded bar inset at its right
  /// edge, `bar` giving where it starts and how long it is as parts of the height
  /// (UIScrollView's default indicator: black at half opacity, about 3 points wide).
  func scrollIndicator(_ bar: (start: Double, length: Double), in rect: Rect) -> Item {
    let room = rect.height - 6
    let length = max(bar.length * room, 12)
    let top = rect.y + 3 + bar.start * (room - length) / max(1 - bar.length, 1e-9)
    return Item(
      .roundedRect(Rect(x: rect.maxX - 6, y: top, width: 3, height: length), radius: 1.5),
      paint: Paint(stroke: nil, fill: .black, opacity: 0.5))
  }
}

extension Session {
  /// The look the screen is drawn in: the session's theme, else the script's, else iOS 6's
  /// (a name nobody declared is refused before a session draws).
  package var theme: Theme {
    script.theme(
      named: themeName ?? script.options.theme ?? script.registry.app?.theme ?? Theme.ios6.name)
      ?? .ios6
  }
}
