import Foundation
import PlayUI
import Psychologist
import Render
import Storyboard
import TestSupport
import Testing

/// `show --screen` (points, read back from its SVG with xmllint) and `play` (terminal cells)
/// must show the same chrome: the status text, the bars' titles and back titles, the
/// presented panes' borders and whether the screen under them is dimmed.
@Suite struct ChromeAgreementTests {
  static let script = """
    diagnosis "bite" { happiness = 70 }
    diagnosis "play" { happiness = 20, title = "Play time" }
    diagnosis "d1" { happiness = 21, title = "First of four" }
    diagnosis "d2" { happiness = 22 }
    diagnosis "d3" { happiness = 23, title = "Third of four" }
    diagnosis "d4" { happiness = 24 }
    segue "showDiagnosis" {
      kind = { iphone = "push", ipad = "replace" },
      happiness = function(ctx) return ctx.diagnosis end,
    }
    segue "peek" { kind = "push", happiness = 60, title = "Hi" }
    segue "teleplay" {
      kind = { iphone = "modal", ipad = "popover" }, happiness = 20,
      size = { width = 320, height = 320 },
    }
    segue "cartoon" { kind = "modal", happiness = 100 }
    """

  /// The states walked on every device and orientation: how to reach each from the menu.
  static let states: [(name: String, steps: [String])] = [
    ("menu", []), ("bite", ["bite"]), ("peek", ["peek"]), ("teleplay", ["teleplay"]),
    ("cartoon", ["cartoon"]), ("bite then teleplay", ["bite", "teleplay"]),
  ]

  /// Texts an XPath selects in `svg` (one a line, as xmllint prints text nodes).
  func texts(_ svg: String, _ xpath: String) throws -> [String] {
    let r = try run(["xmllint", "--xpath", xpath, "-"], input: Data(svg.utf8))
    // xmllint exits 10 when nothing matched.
    guard r.status == 0 else { return [] }
    return String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
  }

  func number(_ svg: String, _ xpath: String) throws -> Int {
    let r = try run(["xmllint", "--xpath", "count(\(xpath))", "-"], input: Data(svg.utf8))
    return Int(
      String(decoding: r.stdout, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
      ?? -1
  }

  @Test(arguments: Device.allCases, Orientation.allCases)
  func pointsAndCellsShowTheSameChrome(device: Device, orientation: Orientation) throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    let path = folder + "/chrome.lua"
    try writeFile(path, ChromeAgreementTests.script)
    let script = try Script(path: path)
    try script.load()
    for state in ChromeAgreementTests.states {
      let session = try Session(script: script, device: device, orientation: orientation)
      // An iPhone's modal covers the menu: the second tap is the iPad's alone.
      guard state.steps.count < 2 || device.isPad else { continue }
      for step in state.steps {
        try session.tap(step)
      }
      let what = "\(device) \(orientation) \(state.name)"
      let svg = SVGRenderer.render(try session.drawing(screen: true))
      let frame = try PlayScreen(columns: 200, rows: 60, colors: .none).compose(session)
      // The characters of each row, one a column (no wide characters on these screens).
      let rows = (0..<frame.rows).map { r in
        String(
          String.UnicodeScalarView(
            frame.grid.characters[(r * frame.columns)..<((r + 1) * frame.columns)].map {
              Unicode.Scalar($0) ?? "?"
            }))
      }
      func isDim(_ column: Int, _ row: Int) -> Bool {
        frame.grid.style(column, row).dim
      }

      // The status bar's clock (centred; the carrier is at its left), at the end of play's
      // status line.
      let status = try texts(
        svg, "//*[local-name()='text'][@font-size='12'][@text-anchor='middle'][.='9:41 AM']/text()")
      #expect(status.count == 1, "\(what)")
      #expect(rows[59].contains("│ " + (status.first ?? "?")), "\(what): \(rows[59])")

      // Back titles: an arrow-shaped button (a polygon, its title's shadow right after it)
      // in points, "‹ X [b]" in cells, the same X (or none at all).
      let svgBack = try texts(
        svg,
        "//*[local-name()='text'][preceding-sibling::*[1][local-name()='polygon']]/text()")
      var cellBack: [String] = []
      for row in rows {
        var rest = Substring(row)
        while let open = rest.range(of: "‹ ") {
          rest = rest[open.upperBound...]
          guard let close = rest.range(of: " [b]") else { break }
          cellBack.append(String(rest[..<close.lowerBound]))
          rest = rest[close.upperBound...]
        }
      }
      #expect(svgBack.sorted() == cellBack.sorted(), "\(what)")

      // Bar titles: each on a row of cells right above a rule.
      let dimmed = try number(svg, "//*[local-name()='rect'][@opacity='0.4']")
      // Bar titles: bold white, larger than the back button's and the status bar's 12.
      let titles = try texts(
        svg, "//*[local-name()='text'][@fill='white'][number(@font-size) > 13]/text()")
      for title in titles {
        let row = rows.firstIndex { $0.contains(" \(title) ") || $0.hasSuffix(" \(title)") }
        let r = try #require(row, "\(what): no bar shows '\(title)'")
        #expect(rows[r + 1].contains("───"), "\(what): '\(title)' has no rule under it")
        // Under a form sheet or popover the bars are dimmed, as the SVG's shade is.
        let scalars = Array(rows[r].unicodeScalars)
        let n = title.unicodeScalars.count
        let c = try #require(
          (0..<scalars.count).first {
            String(String.UnicodeScalarView(scalars[$0..<min($0 + n, scalars.count)])) == title
          })
        #expect(isDim(c, r) == (dimmed == 1), "\(what): '\(title)' dimmed in cells?")
      }
      #expect(dimmed <= 1, "\(what)")

      // The menu, where it shows: both start with the same button, by its title, and
      // either shows every button (9) or the first rows; the SVG is the menu at rest, with
      // no scroll indicator (docs/ios6.md), where play keeps its indicator column.
      // The iPad's bar button in portrait reads the master's title in both, "[m]" in cells.
      let barButton = session.navigator.barButton?.title
      // (The master's panel, when shown, covers it, as iOS 5.1's did.)
      if let barButton, !session.navigator.masterIsInPopover {
        #expect(rows.contains { $0.contains("\(barButton) [m]") }, "\(what): no bar button")
      }
      let svgButtons = try texts(svg, "//*[local-name()='text'][@fill='#324f85']/text()")
        .filter { $0 != barButton }
      #expect(svgButtons.count == (barButton == nil ? svgButtons.count : 0), "\(what)")
      let svgMore = try number(svg, "//*[local-name()='rect'][@width='3'][@opacity='0.5']") == 1
      let cellButtons = rows.compactMap { row -> String? in
        guard !row.contains("‹"), let key = row.range(of: "] ") else { return nil }
        let rest = row[key.upperBound...]
        let end = rest.range(of: "  ")?.lowerBound ?? rest.range(of: "│")?.lowerBound
        return String(rest[..<(end ?? rest.endIndex)])
      }
      let cellMore = rows.contains { $0.contains("┃") }
      if !svgButtons.isEmpty {
        #expect(svgButtons.first == "bite" && svgButtons.contains("Play time"), "\(what)")
        // All nine, or the first rows of them; no indicator at rest.
        #expect(svgButtons.count <= 9 && !svgMore, "\(what): \(svgButtons)")
      }
      let menuShown = session.navigator.layout().panes.contains {
        if case .menu? = $0.scene?.content { return true }
        return false
      }
      #expect(menuShown == !svgButtons.isEmpty, "\(what)")
      // play keys the buttons while the menu can be tapped (the cells under a popover or
      // a form sheet are covered; the SVG keeps them under the shade).
      let covered = session.navigator.layout().panes.contains {
        $0.role == .modal || $0.role == .popover
      }
      if menuShown && session.menuIsTappable && !covered {
        #expect(cellButtons.first == "bite" && cellButtons.contains("Play time"), "\(what)")
        #expect(cellButtons.count == 9 || cellMore, "\(what): \(cellButtons)")
        #expect(svgButtons.isEmpty == cellButtons.isEmpty, "\(what)")
      }

      // Presented panes: a dark border (a form sheet) or a popover's dark frame in points, a
      // box in cells; never dimmed. A full-screen modal has no frame in points (iOS 6 drew
      // none) and a box in cells, whose edge carries its title.
      let borders =
        try number(svg, "//*[local-name()='rect'][@stroke='#1e1e1e']")
        + number(svg, "//*[local-name()='rect'][@rx][starts-with(@fill, 'url(#g-3a465c')]")
      let layout = session.navigator.layout()
      let fullScreen = layout.panes.filter {
        $0.role == .modal && $0.frame.width == layout.screen.width
      }.count
      let boxes = rows.reduce(0) { $0 + $1.filter { $0 == "┌" }.count }
      #expect(borders + fullScreen == boxes, "\(what): \(borders) borders, \(boxes) boxes")
      for (r, row) in rows.enumerated() {
        for (c, ch) in row.unicodeScalars.enumerated() where ch == "┌" {
          #expect(!isDim(c, r), "\(what): a presented pane is dimmed")
        }
      }
    }
  }
}
