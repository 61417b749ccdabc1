// What `play` shows: the session's screen laid out in terminal cells (navigation bars,
// the menu's buttons with their keys, faces drawn by the terminal renderer and placed in
// the screen's cells, popovers in a border, a status line). No I/O here, so the benchmark
// (Benchmarks/PsyBench) runs the code play runs.

import App
import Geometry
import Readable
import Render
import Storyboard
import TextMetrics

/// Lays a session's screen out in cells: the device's screen below its status bar maps
/// onto every row but the last, which is the status line.
package struct PlayScreen {
  package var columns: Int
  package var rows: Int
  package var colors: ColorMode
  /// An error or a note shown above the status line (a broken edit under --watch).
  package var message: String?
  /// A short note at the end of the status line (e.g. "watching").
  package var note: String = ""

  /// A screen of `columns`×`rows` cells drawn with `colors`.
  package init(
    columns: Int, rows: Int, colors: ColorMode, message: String? = nil, note: String = ""
  ) {
    self.columns = columns
    self.rows = rows
    self.colors = colors
    self.message = message
    self.note = note
  }

  /// The frame for `session` (nil: nothing loaded yet, only the message).
  package func compose(_ session: Session?) throws -> Frame {
    var frame = Frame(columns: columns, rows: rows, colors: colors)
    guard columns >= 20, rows >= 6 else {
      frame.grid.write("terminal too small", 0, 0)
      return frame
    }
    let area = rows - 1
    let chrome = session?.navigator.chrome(language: session?.script.registry.language ?? "en")
    let styles = ChromeCells(
      &frame.grid, theme: session?.theme, isPad: session?.navigator.device.isPad ?? false,
      colors: colors)
    if let session, let chrome {
      try drawScreen(session, chrome, styles, into: &frame, rows: area)
    }
    if let message, !message.isEmpty {
      drawMessage(message, into: &frame, above: area)
    }
    drawStatus(
      session, chrome?.statusText, paging: !(frame.menu?.fits ?? true), status: styles.status,
      into: &frame, row: rows - 1)
    return frame
  }

  /// Draws the session's screen from its chrome (`ScreenChrome`, the description `show
  /// --screen` draws in points): barred panes get a one-row bar and a rule, presented panes
  /// a box with their title; the divider and the shade come just before the first
  /// presented pane, as in points.
  private func drawScreen(
    _ session: Session, _ chrome: ScreenChrome<SceneContent>, _ styles: ChromeCells,
    into frame: inout Frame, rows area: Int
  ) throws {
    let map = CellMapping(chrome.layout, columns: columns, area: area)
    let dividerColumn = chrome.divider.map { map.column($0.x) }
    func drawDivider(_ frame: inout Frame) {
      guard let c = dividerColumn, let d = chrome.divider else { return }
      let r = map.cells(d)
      for y in max(r.top, 0)..<min(max(r.bottom, r.top), area) {
        frame.grid.write("│", c, y, style: styles.border)
      }
    }
    for (i, pane) in chrome.panes.enumerated() {
      if i == chrome.firstPresented {
        drawDivider(&frame)
        if chrome.dim != nil {
          frame.grid.dim(CellRect(left: 0, top: 0, right: columns, bottom: area))
        }
      }
      var (r, arrowEdge) = paneCells(
        pane, session, chrome, map, frame, divider: dividerColumn, area: area)
      frame.grid.clear(r)
      let box: CellRect, content: CellRect
      if pane.isPresented {
        // Keep a border even when the pane would fill the screen.
        r = CellRect(
          left: max(r.left, 1), top: max(r.top, 0), right: min(r.right, columns - 1),
          bottom: min(r.bottom, area))
        frame.grid.clear(r)
        frame.box(r, title: pane.title, style: styles.border)
        (box, content) = (r, r.inset(1))
      } else {
        box = r
        content = drawBarredPane(pane, r, map, styles, into: &frame, area: area)
      }
      frame.panes.append(
        DrawnPane(
          role: pane.pane.role, region: box,
          bar: pane.isPresented
            ? nil
            : CellRect(
              left: content.left, top: content.top - 2, right: content.right, bottom: content.top)))
      if let arrow = pane.arrow, let edge = arrowEdge {
        drawArrow(arrow, edge: edge, box: box, map, into: &frame, style: styles.border)
      }
      try drawContent(pane, session, map, content, tint: styles.tint, into: &frame)
    }
    if chrome.firstPresented >= chrome.panes.count { drawDivider(&frame) }
  }

  /// Where a pane goes in cells: its frame in points mapped, a detail right of the
  /// divider, a popover moved clear of its button (with the edge its arrow then stands on).
  private func paneCells(
    _ pane: PaneChrome<SceneContent>, _ session: Session, _ chrome: ScreenChrome<SceneContent>,
    _ map: CellMapping, _ frame: Frame, divider: Int?, area: Int
  ) -> (CellRect, ArrowEdge?) {
    var r = map.cells(pane.frame)
    if pane.role == .detail, let d = divider { r.left = d + 1 }
    guard let edge = pane.arrow?.edge, let button = anchorCells(session, chrome, frame) else {
      return (r, pane.arrow?.edge)
    }
    let (moved, movedEdge) = PlayScreen.moved(
      r, offOf: button, edge: edge, columns: columns, rows: area)
    return (moved, movedEdge)
  }

  /// A pane under a navigation bar (in a border when it is the master's popover): the
  /// bar's title, its back button and bar button with their keys, the rule under it.
  /// Returns the cells left for the content.
  private func drawBarredPane(
    _ pane: PaneChrome<SceneContent>, _ region: CellRect, _ map: CellMapping,
    _ styles: ChromeCells, into frame: inout Frame, area: Int
  ) -> CellRect {
    var r = region
    if pane.isBordered {
      // The master's popover: a box, its navigation bar inside.
      frame.box(r, title: "", style: styles.border)
      r = r.inset(1)
    }
    let barRow = r.top
    let bar = pane.isBordered ? styles.darkBar : styles.bar
    if let bar {
      frame.grid.clear(
        CellRect(left: r.left, top: barRow, right: r.right, bottom: min(barRow + 2, area)),
        style: bar.blank)
    }
    // The left item's labels, longest first, and where it starts: the back button (its
    // title, the localized "Back", the arrow alone) or the iPad's bar button.
    var labels: [BarLabel] = []
    var labelLeft = r.left + 1
    if let back = pane.backTitle {
      labels = [back, pane.backFallback, ""].map { BarLabel.back($0, styles, bar) }
    } else if let button = pane.barButton {
      labelLeft = max(map.column(button.rect.x), r.left + 1)
      labels = [button.title, "☰"].map { BarLabel.barButton($0, styles, bar) }
    }
    // The bar's title by UINavigationBar's rule in columns (BarTitle.place), beside the
    // longest label that leaves it whole, else beside the shortest and cut with "…".
    let right = Double(r.right - 1)
    func placed(_ label: BarLabel?) -> PlacedBarTitle {
      let left =
        label.map { Double(labelLeft + TerminalCells.of($0.text) + 1) } ?? Double(r.left + 1)
      return BarTitle.place(
        pane.title, middle: Double(r.left) + Double(r.width) / 2, left: left, right: right
      ) { Double(TerminalCells.of($0)) }
    }
    var label = labels.last
    var title = placed(label)
    for candidate in labels {
      let p = placed(candidate)
      if p.text == pane.title {
        (label, title) = (candidate, p)
        break
      }
    }
    let titleLeft = Int((title.centre - title.width / 2).rounded(.down))
    let titleStyle =
      bar.map { pane.pane.isFocused ? $0.focusedTitle : $0.title }
      ?? (pane.pane.isFocused ? styles.bold : 0)
    frame.grid.write(title.text, titleLeft, barRow, style: titleStyle, limit: r.right)
    if let label {
      var end = labelLeft
      for run in label.runs {
        end = frame.grid.write(run.text, end, barRow, style: run.style, limit: r.right)
      }
      let isBack = pane.backTitle != nil
      frame.targets.append(
        Target(
          rect: CellRect(
            left: isBack ? r.left : labelLeft, top: barRow, right: end, bottom: barRow + 1),
          kind: isBack ? .back : .barButton))
    }
    if barRow + 1 < area {
      // The bar's foot: a thin line in its edge colour with colour, else a blue rule.
      let (rule, style) = bar.map { ("▁", $0.rule) } ?? ("─", styles.border)
      for c in r.left..<min(r.right, columns) {
        frame.grid.write(rule, c, barRow + 1, style: style)
      }
    }
    return CellRect(left: r.left, top: barRow + 2, right: r.right, bottom: r.bottom)
  }

  /// What a pane's scene shows in `content`: its menu or its face.
  private func drawContent(
    _ pane: PaneChrome<SceneContent>, _ session: Session, _ map: CellMapping,
    _ content: CellRect, tint: UInt16, into frame: inout Frame
  ) throws {
    guard let scene = pane.pane.scene, content.width > 0, content.height > 0 else { return }
    switch scene.content {
    case .empty: break
    case .menu(let name):
      drawMenu(
        session, name, pane.contentRect, map,
        keys: session.reachableMenus.contains { $0 == name }, into: &frame, content, tint: tint)
    case .face:
      try drawFace(scene, of: pane, session, in: content, into: &frame)
    }
  }

  /// The scene's face drawn by the terminal renderer into `content`'s cells; the focused
  /// face is a target a drag pans.
  private func drawFace(
    _ scene: Scene<SceneContent>, of pane: PaneChrome<SceneContent>, _ session: Session,
    in content: CellRect, into frame: inout Frame
  ) throws {
    let dotsW = Double(content.width * 2), dotsH = Double(content.height * 4)
    let cr = pane.contentRect
    guard cr.width > 0, cr.height > 0 else { return }
    // Square dots, and the pane's own shape fitted in the cells, centred: the face has the
    // room around it that `show --screen` gives it (a hat's crown above the head stays on
    // screen), and turning the device changes the face as it changes the pane.
    let pointsPerDot = max(cr.width / dotsW, cr.height / dotsH)
    let w = dotsW * pointsPerDot, h = dotsH * pointsPerDot
    let items = try session.contentItems(
      scene,
      in: Rect(x: (w - cr.width) / 2, y: (h - cr.height) / 2, width: cr.width, height: cr.height))
    let face = TerminalRenderer.cells(
      Drawing(width: w, height: h, items: items), columns: content.width, rows: content.height,
      ascii: false, paintsBackgrounds: colors != .none)
    // Resolved first: the face's blank cells take the colour in force beside its dots, as
    // they would on the face's own lines, wherever the screen then moves them.
    frame.grid.place(face.resolved(), in: content)
    if pane.pane.isFocused {
      frame.targets.append(Target(rect: content, kind: .face(pointsPerRow: 4 * pointsPerDot)))
    }
  }

  /// A popover's arrow in cells: a triangle on its box's edge, at the column (or row) of
  /// the tip, pointing at the button it hangs from.
  private func drawArrow(
    _ arrow: PopoverArrow, edge: ArrowEdge, box: CellRect, _ map: CellMapping,
    into frame: inout Frame, style: UInt16
  ) {
    var c = min(max(map.column(arrow.tip.x), box.left + 1), box.right - 2)
    let r = min(max(map.row(arrow.tip.y), box.top + 1), box.bottom - 2)
    if edge == .top, box.top >= 0, box.top < frame.rows {
      // The box's title sits on its top edge: the arrow goes on the nearest bare edge.
      let line = 0x2500 as UInt32
      let base = box.top * frame.columns
      let bare = ((box.left + 1)..<(box.right - 1)).filter {
        $0 >= 0 && $0 < frame.columns && frame.grid.characters[base + $0] == line
      }
      if let nearest = bare.min(by: { abs($0 - c) < abs($1 - c) }) { c = nearest }
    }
    switch edge {
    case .top: frame.grid.write("▲", c, box.top, style: style)
    case .bottom: frame.grid.write("▼", c, box.bottom - 1, style: style)
    case .left: frame.grid.write("◀", max(box.left, 1), r, style: style)
    case .right: frame.grid.write("▶", min(box.right, columns - 1) - 1, r, style: style)
    }
  }

  /// Where the button the popover hangs from is drawn in cells (drawn already: it is
  /// behind the popover). The popover is placed in points, beside the button's row there;
  /// the cells' rows are spaced for the terminal and need not fall where the points' do.
  private func anchorCells(
    _ session: Session, _ chrome: ScreenChrome<SceneContent>, _ frame: Frame
  ) -> CellRect? {
    guard let anchor = session.navigator.popoverAnchor else { return nil }
    let name = anchor == chrome.pane(.detail)?.barButton?.rect ? nil : session.popoverButton
    return frame.targets.last {
      switch $0.kind {
      case .barButton: return name == nil
      case .button(let b): return b == name
      default: return false
      }
    }?.rect
  }

  /// `box` moved just clear of `button` when it would cover it (the terminal's rows may
  /// not fall where the points' do): on the side its arrow says, else the other side when
  /// that side has no room; with the edge its arrow then stands on.
  static func moved(
    _ box: CellRect, offOf button: CellRect, edge: ArrowEdge, columns: Int, rows: Int
  ) -> (box: CellRect, edge: ArrowEdge) {
    let covers =
      box.left < button.right && button.left < box.right && box.top < button.bottom
      && button.top < box.bottom
    guard covers else { return (box, edge) }
    var b = box
    var edge = edge
    switch edge {
    case .top, .bottom:
      let below = button.bottom, above = button.top - box.height
      let goBelow = edge == .top ? below + box.height <= rows || above < 0 : above < 0
      edge = goBelow ? .top : .bottom
      b.top = max(goBelow ? below : above, 0)
      b.bottom = min(b.top + box.height, rows)
    case .left, .right:
      let right = button.right, left = button.left - box.width
      let goRight = edge == .left ? right + box.width <= columns || left < 0 : left < 0
      edge = goRight ? .left : .right
      b.left = max(goRight ? right : left, 0)
      b.right = min(b.left + box.width, columns)
    }
    return (b, edge)
  }

  /// Menu `name` in `r` (nil: the root), scrolled: one button a row (every other row when
  /// they all fit so), each with its key when it can be tapped (numbered on from the keys
  /// of a menu drawn before, so two menus on screen never share one), and the scroll
  /// indicator at the right when they do not all fit.
  private func drawMenu(
    _ session: Session, _ name: String?, _ points: Rect, _ map: CellMapping, keys: Bool,
    into frame: inout Frame, _ r: CellRect, tint: UInt16
  ) {
    let buttons = session.menuButtons(of: name)
    // Where `show --screen` puts each row, when the terminal has a row of cells for each:
    // then play shows the same page, and a popover placed beside a button in points is
    // beside it here too.
    let rect = points
    let inPoints = session.menuLayout(height: points.height, count: buttons.count)
    var pointRows = (0..<min(inPoints.slots, buttonKeyCount + 1)).map {
      map.row(Session.menuRow($0, in: rect).midY)
    }
    // As evenly spaced as the points are: rows rounded one by one fall one or two apart.
    if let first = pointRows.first, let last = pointRows.last, pointRows.count > 1 {
      let step = max(Int((Double(last - first) / Double(pointRows.count - 1)).rounded()), 1)
      pointRows = pointRows.indices.map { first + $0 * step }
    }
    let followsPoints =
      inPoints.slots <= buttonKeyCount && pointRows.allSatisfy { $0 >= r.top && $0 < r.bottom }
      && zip(pointRows, pointRows.dropFirst()).allSatisfy { $0 < $1 }
    let step = r.height >= buttons.count * 2 ? 2 : 1
    // No more rows than keys: every button shown can be tapped by its key.
    let menu =
      followsPoints
      ? inPoints
      : MenuLayout(
        count: buttons.count, slots: min(r.height / step, buttonKeyCount),
        offset: session.menuScroll)
    frame.menu = menu
    func row(_ slot: Int) -> Int {
      followsPoints ? pointRows[slot] : r.top + slot * step + (step == 2 ? 1 : 0)
    }
    let keyed = frame.keyedButtons.count
    let keyList = Array(buttonKeys(keyed + menu.shown.count).dropFirst(keyed))
    for (k, i) in menu.shown.enumerated() {
      let y = row(menu.slot(of: i))
      var c = r.left + 2
      if keys, k < keyList.count {
        c = frame.grid.write("[\(keyList[k])]", c, y, style: tint, limit: r.right) + 1
        frame.keyedButtons.append(buttons[i].name)
      }
      let title = MenuLayout.fitted(buttons[i].title, room: r.right - c)
      frame.grid.write(title, c, y, limit: r.right)
      frame.targets.append(
        Target(
          rect: CellRect(left: r.left, top: y, right: r.right, bottom: y + 1),
          kind: .button(buttons[i].name)))
    }
    // The scroll indicator, in the menu's last column: a grey bar over the rows it spans,
    // as the points draw it at the pane's right edge.
    if let bar = menu.indicator, r.right > r.left + 2 {
      let grey = frame.grid.style(CellStyle(foreground: .basic(8)))
      let top = row(0)
      let height = max(row(max(menu.slots - 1, 0)) - top + 1, 1)
      let length = max(Int((bar.length * Double(height)).rounded()), 1)
      let first =
        top + Int((bar.start / max(1 - bar.length, 1e-9) * Double(height - length)).rounded())
      for y in first..<min(first + length, top + height) {
        frame.grid.write("┃", r.right - 1, y, style: grey, limit: r.right)
      }
    }
  }

  private func drawMessage(_ message: String, into frame: inout Frame, above area: Int) {
    let width = columns - 2
    var lines: [String] = []
    for paragraph in message.split(separator: "\n", omittingEmptySubsequences: false) {
      var rest = Substring(paragraph)
      repeat {
        lines.append(String(rest.prefix(width)))
        rest = rest.dropFirst(width)
      } while !rest.isEmpty
    }
    lines = Array(lines.prefix(max(min(4, area - 2), 1)))
    // White on red; without colour, reverse video.
    let style = frame.grid.style(
      colors == .none
        ? CellStyle(reverse: true)
        : CellStyle(foreground: .basic(7), background: .basic(1), bold: true))
    let top = area - lines.count
    frame.grid.clear(CellRect(left: 0, top: top, right: columns, bottom: area), style: style)
    for (i, line) in lines.enumerated() { frame.grid.write(line, 1, top + i, style: style) }
  }

  private func drawStatus(
    _ session: Session?, _ statusText: String?, paging: Bool, status: UInt16?,
    into frame: inout Frame, row: Int
  ) {
    // The status bar's colours with colour (the theme's), else reverse video.
    let style = status ?? frame.grid.style(CellStyle(reverse: true))
    frame.grid.clear(CellRect(left: 0, top: row, right: columns, bottom: row + 1), style: style)
    var text = " happiness – · scale –"
    if let f = session?.focusedFace?.face {
      text = " happiness \(happinessLabel(f.happiness)) · scale \(twoDecimals(f.scale))"
    }
    if let statusText { text += "  │ " + statusText }
    // The device's way up: in cells a turned pane often looks the same, so `r` says it here.
    if let session { text += " · " + session.navigator.orientation.rawValue }
    if !note.isEmpty { text += "  │ \(note)" }
    let end = frame.grid.write(text, 0, row, style: style)
    let help = PlayScreen.keyHints(paging: paging, room: columns - end - 2)
    frame.grid.write(help, columns - TerminalCells.of(help), row, style: style)
  }
}

extension PlayScreen {
  /// The keys' hints at the status line's right end, in at most `room` columns: those that
  /// fit, the most needed kept first (quit, back, then scrolling, rotating, panning and
  /// pinching), in their usual order, so a long status (a modal's, a face's) never hides
  /// them all.
  static func keyHints(paging: Bool, room: Int) -> String {
    let hints = [
      (paging ? "PgUp PgDn scroll" : nil, 2), ("↑↓ pan", 4), ("+- pinch", 5), ("r rotate", 3),
      ("b back", 1), ("q quit", 0),
    ].compactMap { hint, rank in hint.map { (hint: $0, rank: rank) } }
    var kept = hints
    func text() -> String { kept.map(\.hint).joined(separator: "  ") + " " }
    while TerminalCells.of(text()) > room,
      let least = kept.indices.max(by: { kept[$0].rank < kept[$1].rank })
    {
      kept.remove(at: least)
    }
    return kept.isEmpty ? "" : text()
  }
}

/// Happiness as the status line shows it: whole numbers plainly, else one decimal.
package func happinessLabel(_ h: Double) -> String {
  let tenths = Int((h * 10).rounded())
  return tenths % 10 == 0 ? String(tenths / 10) : "\(tenths / 10).\(abs(tenths % 10))"
}

/// `0.90`: two decimals, rounded.
package func twoDecimals(_ x: Double) -> String {
  guard x.isFinite, abs(x) < 1e12 else { return String(x) }
  let hundredths = Int((abs(x) * 100).rounded())
  let fraction = hundredths % 100
  return (x < 0 && hundredths != 0 ? "-" : "") + "\(hundredths / 100)." + (fraction < 10 ? "0" : "")
    + "\(fraction)"
}
