// What `play` shows: the session's screen laid out in terminal cells (navigation bars,
// the menu's buttons with their keys, faces drawn by the terminal renderer, popovers in a
// border, a status line), as lines of bytes; and the bytes that turn the previous frame
// into the next one. No I/O here, so the benchmark (Sources/bench) compiles this file too.

import Geometry
import Psychologist
import Readable
import Render
import Storyboard

/// One frame: a grid of cells (a character and a style each), the lines they encode to,
/// and the areas the mouse can hit.
package struct Frame {
  package let columns: Int
  package let rows: Int
  /// Unicode scalar values; `Frame.continuation` marks the right half of a wide character.
  package var glyphs: [UInt32]
  /// Indices into `styles`.
  package var cellStyles: [UInt16]
  /// SGR parameters by index; 0 is the terminal's default look.
  package var styles: [String] = [""]
  package var styleIndex: [String: UInt16] = ["": 0]
  /// Clickable areas, back to front.
  package var targets: [Target] = []
  /// The buttons the keys tap, in the order of `buttonKeys` (the menu's page on screen;
  /// none when the menu cannot be tapped).
  package var keyedButtons: [String] = []
  /// The menu's layout in cells, when the menu is on screen (its page and pages).
  package var menu: MenuLayout?
  /// Where each pane was drawn, back to front: a transition moves these regions.
  package var panes: [DrawnPane] = []

  package static let continuation: UInt32 = 0xFFFF_FFFF

  /// The menu's page `n` pages on from `page` (back when negative), within the pages this
  /// frame's menu has; nil when that changes nothing. (From the session's page, not the
  /// one shown: replaying a history after an edit turns the pages one by one.)
  package func menuPage(turnedBy n: Int, from page: Int) -> Int? {
    guard let menu, menu.pages > 1 else { return nil }
    let from = MenuLayout(count: menu.count, slots: menu.slots, page: page)
    let to = from.turned(by: n).page
    return to == from.page ? nil : to
  }

  package init(columns: Int, rows: Int) {
    self.columns = max(columns, 0)
    self.rows = max(rows, 0)
    glyphs = [UInt32](repeating: 0x20, count: self.columns * self.rows)
    cellStyles = [UInt16](repeating: 0, count: self.columns * self.rows)
  }

  /// The index of an SGR parameter string, added when new.
  package mutating func style(_ sgr: String) -> UInt16 {
    if let i = styleIndex[sgr] { return i }
    let i = UInt16(truncatingIfNeeded: styles.count)
    styles.append(sgr)
    styleIndex[sgr] = i
    return i
  }

  /// Fills a rectangle of cells with spaces in `style`.
  package mutating func clear(_ r: CellRect, style: UInt16 = 0) {
    let r = r.clipped(columns, rows)
    for row in r.top..<r.bottom {
      for column in r.left..<r.right {
        glyphs[row * columns + column] = 0x20
        cellStyles[row * columns + column] = style
      }
    }
  }

  /// Writes text from (column, row), cut at `limit` (exclusive); returns the column after it.
  @discardableResult
  package mutating func put(
    _ text: String, _ column: Int, _ row: Int, style: UInt16 = 0, limit: Int? = nil
  )
    -> Int
  {
    let limit = min(limit ?? columns, columns)
    var c = column
    guard row >= 0, row < rows else { return c }
    for scalar in text.unicodeScalars {
      var v = scalar.value
      let width = cellWidth(v)
      if width == 0 { continue }
      if isTerminalControl(v) { v = 0x20 }
      if c + width > limit { break }
      if c >= 0 {
        glyphs[row * columns + c] = v
        cellStyles[row * columns + c] = style
        if width == 2 {
          glyphs[row * columns + c + 1] = Frame.continuation
          cellStyles[row * columns + c + 1] = style
        }
      }
      c += width
    }
    return c
  }

  /// Makes every cell in `r` faint (what is under a popover or a form sheet).
  package mutating func dim(_ r: CellRect) {
    let r = r.clipped(columns, rows)
    var dimmed: [UInt16: UInt16] = [:]
    for row in r.top..<r.bottom {
      for column in r.left..<r.right {
        let i = row * columns + column
        let s = cellStyles[i]
        if let d = dimmed[s] {
          cellStyles[i] = d
        } else {
          let d = style(styles[Int(s)].isEmpty ? "2" : "2;" + styles[Int(s)])
          dimmed[s] = d
          cellStyles[i] = d
        }
      }
    }
  }

  /// Copies lines of the terminal renderer (with their colour codes) into `r`.
  package mutating func blit(_ lines: [String], into r: CellRect) {
    for (offset, line) in lines.enumerated() {
      let row = r.top + offset
      guard row < r.bottom, row < rows else { break }
      var column = r.left
      var current: UInt16 = 0
      var bytes = Array(line.utf8)
      var i = 0
      bytes.withUnsafeMutableBufferPointer { b in
        while i < b.count {
          let byte = b[i]
          if byte == 0x1B, i + 1 < b.count, b[i + 1] == 0x5B {
            var j = i + 2
            while j < b.count, b[j] != 0x6D { j += 1 }
            let sgr = String(decoding: b[(i + 2)..<min(j, b.count)], as: UTF8.self)
            current = sgr == "0" || sgr.isEmpty ? 0 : style(sgr)
            i = j + 1
            continue
          }
          var value: UInt32
          var length: Int
          if byte < 0x80 {
            value = UInt32(byte)
            length = 1
          } else if byte >= 0xF0, i + 3 < b.count {
            value =
              UInt32(byte & 0x07) << 18 | UInt32(b[i + 1] & 0x3F) << 12
              | UInt32(b[i + 2] & 0x3F) << 6 | UInt32(b[i + 3] & 0x3F)
            length = 4
          } else if byte >= 0xE0, i + 2 < b.count {
            value =
              UInt32(byte & 0x0F) << 12 | UInt32(b[i + 1] & 0x3F) << 6 | UInt32(b[i + 2] & 0x3F)
            length = 3
          } else if byte >= 0xC0, i + 1 < b.count {
            value = UInt32(byte & 0x1F) << 6 | UInt32(b[i + 1] & 0x3F)
            length = 2
          } else {
            value = 0x3F
            length = 1
          }
          i += length
          let width = value < 0x300 ? 1 : cellWidth(value)
          if column + width <= r.right, column + width <= columns, column >= 0 {
            let index = row * columns + column
            glyphs[index] = value
            cellStyles[index] = current
            if width == 2 {
              glyphs[index + 1] = Frame.continuation
              cellStyles[index + 1] = current
            }
          }
          column += width
        }
      }
      bytes.removeAll()
    }
  }

  /// Draws a box border along the edges of `r` (a popover, a form sheet), title on top.
  package mutating func box(_ r: CellRect, title: String, style s: UInt16) {
    guard r.right - r.left >= 2, r.bottom - r.top >= 2 else { return }
    for column in (r.left + 1)..<(r.right - 1) {
      put("─", column, r.top, style: s)
      put("─", column, r.bottom - 1, style: s)
    }
    for row in (r.top + 1)..<(r.bottom - 1) {
      put("│", r.left, row, style: s)
      put("│", r.right - 1, row, style: s)
    }
    put("┌", r.left, r.top, style: s)
    put("┐", r.right - 1, r.top, style: s)
    put("└", r.left, r.bottom - 1, style: s)
    put("┘", r.right - 1, r.bottom - 1, style: s)
    if !title.isEmpty {
      put(" \(title) ", r.left + 2, r.top, style: style("1"), limit: r.right - 2)
    }
  }

  /// The terminal bytes of every row: characters with SGR codes where the style changes,
  /// each row ending in the default style.
  package func lines() -> [[UInt8]] {
    var out: [[UInt8]] = []
    out.reserveCapacity(rows)
    let codes: [[UInt8]] = styles.map {
      $0.isEmpty ? Array("\u{1B}[0m".utf8) : Array("\u{1B}[0;\($0)m".utf8)
    }
    glyphs.withUnsafeBufferPointer { glyphs in
      cellStyles.withUnsafeBufferPointer { cellStyles in
        for row in 0..<rows {
          var line: [UInt8] = []
          line.reserveCapacity(columns * 3 + 32)
          var current: UInt16 = 0
          for column in 0..<columns {
            let i = row * columns + column
            let g = glyphs[i]
            if g == Frame.continuation { continue }
            let s = cellStyles[i]
            if s != current {
              line.append(contentsOf: codes[Int(s)])
              current = s
            }
            appendUTF8(g, &line)
          }
          if current != 0 { line.append(contentsOf: codes[0]) }
          out.append(line)
        }
      }
    }
    return out
  }
}

@inline(__always)
package func appendUTF8(_ v: UInt32, _ out: inout [UInt8]) {
  switch v {
  case 0..<0x80: out.append(UInt8(v))
  case 0x80..<0x800:
    out.append(UInt8(0xC0 | (v >> 6)))
    out.append(UInt8(0x80 | (v & 0x3F)))
  case 0x800..<0x10000:
    out.append(UInt8(0xE0 | (v >> 12)))
    out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
    out.append(UInt8(0x80 | (v & 0x3F)))
  case 0x10000..<0x110000:
    out.append(UInt8(0xF0 | (v >> 18)))
    out.append(UInt8(0x80 | ((v >> 12) & 0x3F)))
    out.append(UInt8(0x80 | ((v >> 6) & 0x3F)))
    out.append(UInt8(0x80 | (v & 0x3F)))
  default: out.append(0x3F)
  }
}

/// Cells a character takes, as the terminal renderer counts them.
package func cellWidth(_ v: UInt32) -> Int { terminalCellWidth(v) }

/// A rectangle of cells, half-open: columns left..<right, rows top..<bottom.
package struct CellRect: Equatable {
  package var left: Int
  package var top: Int
  package var right: Int
  package var bottom: Int

  package var width: Int { max(right - left, 0) }
  package var height: Int { max(bottom - top, 0) }

  package func contains(_ column: Int, _ row: Int) -> Bool {
    column >= left && column < right && row >= top && row < bottom
  }

  package func clipped(_ columns: Int, _ rows: Int) -> CellRect {
    let l = min(max(left, 0), columns), t = min(max(top, 0), rows)
    return CellRect(
      left: l, top: t, right: max(min(right, columns), l), bottom: max(min(bottom, rows), t))
  }

  package func inset(_ n: Int) -> CellRect {
    CellRect(left: left + n, top: top + n, right: right - n, bottom: bottom - n)
  }
}

/// Where a pane was drawn in cells: its whole region (a border included), and the rows
/// of its navigation bar (title and rule), if it has one.
package struct DrawnPane {
  package var role: PaneRole
  package var region: CellRect
  package var bar: CellRect?
}

/// Something the mouse can hit.
package struct Target {
  package enum Kind {
    case button(String)
    case back
    /// The detail's bar button that shows the master's popover (iPad portrait).
    case barButton
    /// The focused face: a drag of one row pans by `pointsPerRow`.
    case face(pointsPerRow: Double)
  }
  package var rect: CellRect
  package var kind: Kind
}

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
    var frame = Frame(columns: columns, rows: rows)
    guard columns >= 20, rows >= 6 else {
      frame.put("terminal too small", 0, 0)
      return frame
    }
    let area = rows - 1
    let chrome = session?.navigator.chrome()
    if let session, let chrome {
      try drawScreen(session, chrome, into: &frame, rows: area)
    }
    if let message, !message.isEmpty {
      drawMessage(message, into: &frame, above: area)
    }
    drawStatus(
      session, chrome?.statusText, paging: (frame.menu?.pages ?? 1) > 1, into: &frame,
      row: rows - 1)
    return frame
  }

  /// Draws the session's screen from its chrome (`ScreenChrome`, the description `show
  /// --screen` draws in points): barred panes get a one-row bar and a rule, presented panes
  /// a box with their title; the divider and the shade come just before the first
  /// presented pane, as in points.
  private func drawScreen(
    _ session: Session, _ chrome: ScreenChrome<SceneContent>, into frame: inout Frame,
    rows area: Int
  ) throws {
    let map = CellMapping(chrome.layout, columns: columns, area: area)
    let tint = frame.style(colors == .none ? "1" : "1;34")
    let border = frame.style(colors == .none ? "" : "34")
    let bold = frame.style("1")
    let canTap = session.menuIsTappable
    let dividerColumn = chrome.divider.map { map.column($0.x) }
    func drawDivider(_ frame: inout Frame) {
      guard let c = dividerColumn, let d = chrome.divider else { return }
      let r = map.cells(d)
      for y in max(r.top, 0)..<min(max(r.bottom, r.top), area) {
        frame.put("│", c, y, style: border)
      }
    }
    for (i, pane) in chrome.panes.enumerated() {
      if i == chrome.firstPresented {
        drawDivider(&frame)
        if chrome.dim != nil { frame.dim(CellRect(left: 0, top: 0, right: columns, bottom: area)) }
      }
      var r = map.cells(pane.frame)
      if pane.role == .detail, let d = dividerColumn { r.left = d + 1 }
      var arrowEdge = pane.arrow?.edge
      if let edge = arrowEdge, let button = anchorCells(session, chrome, frame) {
        (r, arrowEdge) = PlayScreen.moved(
          r, offOf: button, edge: edge, columns: columns, rows: area)
      }
      frame.clear(r)
      var content: CellRect
      var box = r
      if pane.isPresented {
        // Keep a border even when the pane would fill the screen.
        r = CellRect(
          left: max(r.left, 1), top: max(r.top, 0), right: min(r.right, columns - 1),
          bottom: min(r.bottom, area))
        frame.clear(r)
        frame.box(r, title: pane.title, style: border)
        box = r
        content = r.inset(1)
      } else {
        if pane.isBordered {
          // The master's popover: a box, its navigation bar inside.
          frame.box(r, title: "", style: border)
          r = r.inset(1)
        }
        let barRow = r.top
        let w = r.width
        let title = String(pane.title.prefix(max(w - 2, 0)))
        let titleLeft = r.left + max((w - title.count) / 2, 0)
        frame.put(
          title, titleLeft, barRow, style: pane.pane.isFocused ? bold : 0, limit: r.right)
        if let back = pane.backTitle {
          // The chrome's back title, with the key that goes back; when a narrow terminal
          // has no room for it before the title, the key alone.
          var label = "‹ \(back) [b]"
          if r.left + 1 + label.count >= (title.isEmpty ? r.right : titleLeft) {
            label = "‹ [b]"
          }
          let end = frame.put(label, r.left + 1, barRow, style: tint, limit: r.right)
          frame.targets.append(
            Target(
              rect: CellRect(left: r.left, top: barRow, right: end, bottom: barRow + 1), kind: .back
            ))
        }
        if let button = pane.barButton {
          // Left in the bar, with the key that taps it: "Psychologist [m]".
          let left = max(map.column(button.rect.x), r.left + 1)
          var label = "\(button.title) [m]"
          if left + label.count >= titleLeft - 1 { label = "☰ [m]" }
          let end = frame.put(label, left, barRow, style: tint, limit: r.right)
          frame.targets.append(
            Target(
              rect: CellRect(left: left, top: barRow, right: end, bottom: barRow + 1),
              kind: .barButton))
        }
        if barRow + 1 < area {
          for c in r.left..<min(r.right, columns) { frame.put("─", c, barRow + 1, style: border) }
        }
        content = CellRect(left: r.left, top: barRow + 2, right: r.right, bottom: r.bottom)
      }
      frame.panes.append(
        DrawnPane(
          role: pane.pane.role, region: box,
          bar: pane.isPresented
            ? nil
            : CellRect(
              left: content.left, top: content.top - 2, right: content.right, bottom: content.top)))
      if let arrow = pane.arrow, let edge = arrowEdge {
        drawArrow(arrow, edge: edge, box: box, map, into: &frame, style: border)
      }
      guard let scene = pane.pane.scene, content.width > 0, content.height > 0 else { continue }
      switch scene.content {
      case .empty: break
      case .menu:
        drawMenu(
          session, pane.contentRect, map, keys: canTap, into: &frame, content, tint: tint)
      case .face:
        let dotsW = Double(content.width * 2), dotsH = Double(content.height * 4)
        let cr = pane.contentRect
        // Square dots, as many points a dot as the storyboard's rect has on average: the
        // face fills the pane and its line width keeps its proportion.
        let pointsPerDot = (cr.width * cr.height / (dotsW * dotsH)).squareRoot()
        let w = dotsW * pointsPerDot, h = dotsH * pointsPerDot
        let items = try session.contentItems(
          scene, in: Rect(x: 0, y: 0, width: w, height: h))
        let drawing = Drawing(width: w, height: h, items: items)
        frame.blit(
          TerminalRenderer.lines(
            drawing, columns: content.width, rows: content.height, colors: colors, ascii: false),
          into: content)
        if pane.pane.isFocused {
          frame.targets.append(Target(rect: content, kind: .face(pointsPerRow: 4 * pointsPerDot)))
        }
      }
    }
    if chrome.firstPresented >= chrome.panes.count { drawDivider(&frame) }
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
        $0 >= 0 && $0 < frame.columns && frame.glyphs[base + $0] == line
      }
      if let nearest = bare.min(by: { abs($0 - c) < abs($1 - c) }) { c = nearest }
    }
    switch edge {
    case .top: frame.put("▲", c, box.top, style: style)
    case .bottom: frame.put("▼", c, box.bottom - 1, style: style)
    case .left: frame.put("◀", max(box.left, 1), r, style: style)
    case .right: frame.put("▶", min(box.right, columns - 1) - 1, r, style: style)
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

  /// The menu's page in `r`: one button a row (every other row when they all fit so), each
  /// with its key when it can be tapped, and a line for the buttons hidden above or below
  /// naming the key that shows them.
  private func drawMenu(
    _ session: Session, _ points: Rect, _ map: CellMapping, keys: Bool,
    into frame: inout Frame, _ r: CellRect, tint: UInt16
  ) {
    let buttons = session.menuButtons
    // Where `show --screen` puts each row, when the terminal has a row of cells for each:
    // then play shows the same page, and a popover placed beside a button in points is
    // beside it here too.
    let rect = points
    let inPoints = session.menuLayout(height: points.height, count: buttons.count)
    let pointRows = (0..<min(inPoints.slots, buttonKeyCount + 1)).map {
      map.row(Session.menuRow($0, in: rect).midY)
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
        page: session.menuPage)
    frame.menu = menu
    func row(_ slot: Int) -> Int {
      followsPoints ? pointRows[slot] : r.top + slot * step + (step == 2 ? 1 : 0)
    }
    let keyList = buttonKeys(menu.shown.count)
    for (k, i) in menu.shown.enumerated() {
      let y = row(menu.slot(of: i))
      var c = r.left + 2
      if keys, k < keyList.count {
        c = frame.put("[\(keyList[k])]", c, y, style: tint, limit: r.right) + 1
        frame.keyedButtons.append(buttons[i].name)
      }
      let title = MenuLayout.fitted(buttons[i].title, room: r.right - c) {
        cellWidth($0.value)
      }
      frame.put(title, c, y, limit: r.right)
      frame.targets.append(
        Target(
          rect: CellRect(left: r.left, top: y, right: r.right, bottom: y + 1),
          kind: .button(buttons[i].name)))
    }
    let grey = frame.style(colors == .none ? "" : "90")
    for (slot, above) in [(menu.aboveSlot, true), (menu.belowSlot, false)] {
      guard let slot else { continue }
      let text = menu.moreText(above: above, keys: ("PgUp", "PgDn"))
      frame.put(text, r.left + 2, row(slot), style: grey, limit: r.right)
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
    let style = frame.style(colors == .none ? "7" : "1;37;41")
    let top = area - lines.count
    frame.clear(CellRect(left: 0, top: top, right: columns, bottom: area), style: style)
    for (i, line) in lines.enumerated() { frame.put(line, 1, top + i, style: style) }
  }

  private func drawStatus(
    _ session: Session?, _ statusText: String?, paging: Bool, into frame: inout Frame,
    row: Int
  ) {
    let style = frame.style("7")
    frame.clear(CellRect(left: 0, top: row, right: columns, bottom: row + 1), style: style)
    var text = " happiness – · scale –"
    if let f = session?.focusedFace?.face {
      text = " happiness \(happinessLabel(f.happiness)) · scale \(twoDecimals(f.scale))"
    }
    if let statusText { text += "  │ " + statusText }
    if !note.isEmpty { text += "  │ \(note)" }
    let end = frame.put(text, 0, row, style: style)
    let help = (paging ? "PgUp PgDn page  " : "") + "↑↓ pan  +- pinch  r rotate  b back  q quit "
    if end + 2 + help.count <= columns {
      frame.put(help, columns - help.count, row, style: style)
    }
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

/// The bytes that turn the terminal from `old` lines into `new` ones: each changed row
/// rewritten whole from its first column (rows always hold exactly the frame's width).
package func update(from old: [[UInt8]], to new: [[UInt8]]) -> [UInt8] {
  var out: [UInt8] = []
  for (row, line) in new.enumerated() where row >= old.count || old[row] != line {
    out.append(contentsOf: Array("\u{1B}[\(row + 1);1H".utf8))
    out.append(contentsOf: line)
  }
  return out
}
