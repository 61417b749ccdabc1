import Foundation
import PlayUI
import Psychologist
import Storyboard
import TestSupport
import Testing

/// What a new author saw wrong in `play` (issue 36): a hat's crown cut at the face's top,
/// the iPad's popover menu spaced unevenly, key hints gone while a modal shows, a turn of
/// the device that changed nothing on screen.
@Suite struct PlayCellsSeenTests {
  /// A hat: its crown's top a straight line 0.35 of the head's radius above the head, which
  /// `show --screen` has room for on an iPhone (the face's pane is taller than wide).
  static let script = """
    feature "hat" {
      draw = function(face, pen)
        pen:width(3)
        pen:move(-0.9, -1.0) pen:line(0.9, -1.0)
        pen:move(-0.5, -1.0) pen:line(-0.5, -1.35) pen:line(0.5, -1.35) pen:line(0.5, -1.0)
      end,
    }
    diagnosis "flaying" { happiness = 86 }
    diagnosis "bite" { happiness = 70, features = { "hat" } }
    diagnosis "play" { happiness = 20 }
    diagnosis "d4" { happiness = 24 }
    diagnosis "d5" { happiness = 25 }
    segue "showDiagnosis" {
      kind = { iphone = "push", ipad = "replace" },
      happiness = function(ctx) return ctx.diagnosis end,
    }
    segue "cartoon" { kind = "modal", happiness = 100 }
    """

  func loaded() throws -> (Script, String) {
    let folder = try temporaryFolder()
    try writeFile(folder + "/seen.lua", PlayCellsSeenTests.script)
    let script = try Script(path: folder + "/seen.lua")
    try script.load()
    return (script, folder)
  }

  /// The characters of row `r`.
  func row(_ frame: Frame, _ r: Int) -> [Unicode.Scalar] {
    frame.grid.characters[(r * frame.columns)..<((r + 1) * frame.columns)].map {
      Unicode.Scalar($0) ?? "?"
    }
  }

  func isBraille(_ s: Unicode.Scalar) -> Bool { (0x2801...0x28FF).contains(s.value) }

  /// The rows holding braille dots, and each one's dotted columns.
  func dots(_ frame: Frame) -> [(row: Int, columns: [Int])] {
    (0..<frame.rows).compactMap { r in
      let columns = row(frame, r).indices.filter { isBraille(row(frame, r)[$0]) }
      return columns.isEmpty ? nil : (r, columns)
    }
  }

  @Test(arguments: [(100, 40), (80, 24), (160, 50)])
  func aHatKeepsItsCrown(columns: Int, rows: Int) throws {
    let (script, folder) = try loaded()
    defer { removeFolder(folder) }
    let session = try Session(script: script, device: .iphone, orientation: .portrait)
    try session.tap("bite")
    let frame = try PlayScreen(columns: columns, rows: rows, colors: .none).compose(session)
    let drawn = dots(frame)
    let top = try #require(drawn.first)
    let head = drawn.flatMap(\.columns)
    let width = Double(head.max()! - head.min()! + 1)
    // The crown's top is one unbroken line half as wide as the head; cut off, the top row
    // held only the crown's two sides, far apart.
    let span = top.columns.max()! - top.columns.min()! + 1
    #expect(
      top.columns.count == span, "\(columns)×\(rows): the top row's dots at \(top.columns)")
    #expect(
      Double(span) > 0.3 * width && Double(span) < 0.7 * width,
      "\(columns)×\(rows): the crown's top \(span) columns of a face \(width) wide")
    // The bar's two rows are above it.
    #expect(top.row >= 2)
  }

  @Test func turningTheDeviceShows() throws {
    let (script, folder) = try loaded()
    defer { removeFolder(folder) }
    let session = try Session(script: script, device: .iphone, orientation: .portrait)
    try session.tap("play")
    let screen = PlayScreen(columns: 100, rows: 40, colors: .none)
    func text(_ frame: Frame) -> [String] {
      (0..<frame.rows).map { String(String.UnicodeScalarView(row(frame, $0))) }
    }
    let portrait = text(try screen.compose(session))
    session.rotate()
    let landscape = text(try screen.compose(session))
    #expect(portrait != landscape, "r changed nothing on screen")
    #expect(portrait.last!.contains("portrait") && landscape.last!.contains("landscape"))
    #expect(!portrait.last!.contains("landscape"))
  }

  @Test(arguments: [(100, 40), (120, 50), (90, 36)])
  func thePopoverMenuIsEvenlySpaced(columns: Int, rows: Int) throws {
    let (script, folder) = try loaded()
    defer { removeFolder(folder) }
    let session = try Session(script: script, device: .ipad, orientation: .portrait)
    try session.showMaster()
    let frame = try PlayScreen(columns: columns, rows: rows, colors: .none).compose(session)
    let keyRows = (0..<frame.rows).filter {
      String(String.UnicodeScalarView(row(frame, $0))).contains("│  [")
    }
    #expect(keyRows.count == 6, "\(columns)×\(rows): rows \(keyRows)")
    let gaps = Set(zip(keyRows, keyRows.dropFirst()).map { $1 - $0 })
    #expect(gaps.count == 1, "\(columns)×\(rows): buttons at rows \(keyRows)")
  }

  @Test(arguments: [80, 72, 100])
  func keyHintsStayWhileAModalShows(columns: Int) throws {
    let (script, folder) = try loaded()
    defer { removeFolder(folder) }
    for device in [Device.iphone, .ipad] {
      let session = try Session(script: script, device: device, orientation: .portrait)
      if device.isPad { try session.showMaster() }
      try session.tap("cartoon")
      let frame = try PlayScreen(columns: columns, rows: 30, colors: .none).compose(session)
      let status = String(String.UnicodeScalarView(row(frame, frame.rows - 1)))
      #expect(status.contains("happiness 100"), "\(device) \(columns): \(status)")
      // Quitting and going back are always named; the rest as room allows.
      #expect(
        status.contains("q quit") && status.contains("b back"), "\(device) \(columns): \(status)")
      #expect(status.hasSuffix("q quit "), "\(device) \(columns): \(status)")
    }
  }
}
