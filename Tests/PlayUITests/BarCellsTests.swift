import Foundation
import PlayUI
import Psychologist
import Storyboard
import TestSupport
import Testing

/// `play`'s cells in the middle of a push and a pop read the bar's items from the same frame
/// as the points: half-way both titles show, each whole, in different columns (the old one
/// left of the new one); at a quarter only the title that is mostly there.
@Suite struct BarCellsTests {
  /// The characters of row `r` of `frame`.
  func row(_ frame: Frame, _ r: Int) -> String {
    String(
      String.UnicodeScalarView(
        frame.grid.characters[(r * frame.columns)..<((r + 1) * frame.columns)].map {
          Unicode.Scalar($0) ?? "?"
        }))
  }

  /// A tap of `name` in a script of `lua` on an iPhone, 100×30 cells: the session (and
  /// its script, which it does not keep alive), the frames before and after, the movie.
  struct Tapped {
    var script: Script
    var session: Session
    var before: Frame
    var after: Frame
    var movie: TransitionMovie
    var cells: TerminalTransition {
      TerminalTransition(
        movie: movie, before: before, after: after, afterLayout: session.navigator.layout())
    }
  }

  func tap(_ name: String, in lua: String) throws -> Tapped {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    try writeFile(folder + "/p.lua", lua)
    let script = try Script(path: folder + "/p.lua")
    try script.load()
    let session = try Session(script: script, device: .iphone, orientation: .portrait)
    let screen = PlayScreen(columns: 100, rows: 30, colors: .none)
    let before = try screen.compose(session)
    let navigator = session.navigator
    try session.tap(name)
    let movie = try session.transition(from: navigator, tapped: name)
    return Tapped(
      script: script, session: session, before: before, after: try screen.compose(session),
      movie: movie)
  }

  @Test func bothTitlesHalfWayInTheirOwnColumns() throws {
    let tapped = try tap("bite", in: "diagnosis \"bite\" { happiness = 70 }\n")
    defer { withExtendedLifetime(tapped.script) {} }
    let (session, menu, face, push) = (tapped.session, tapped.before, tapped.after, tapped.cells)
    func columns(_ text: String, in line: String) -> Range<Int>? {
      guard let r = line.range(of: text) else { return nil }
      let start = line.unicodeScalars.distance(
        from: line.unicodeScalars.startIndex, to: r.lowerBound)
      return start..<(start + text.unicodeScalars.count)
    }
    let half = row(try push.frame(at: 0.5), 0)
    let old = try #require(columns("Psychologist", in: half), "half-way: \(half)")
    let new = try #require(columns("Happiness", in: half), "half-way: \(half)")
    #expect(old.upperBound < new.lowerBound, "\(half)")
    // At rest the old title was centred: half-way it has gone left, the new one is right of
    // where it will rest.
    let restOld = try #require(columns("Psychologist", in: row(menu, 0)))
    let restNew = try #require(columns("Happiness", in: row(face, 0)))
    #expect(old.lowerBound < restOld.lowerBound && new.lowerBound > restNew.lowerBound)
    // A quarter in, the new title is too faint to show in cells; three quarters in, the old.
    let quarter = row(try push.frame(at: 0.25), 0)
    #expect(quarter.contains("Psychologist") && !quarter.contains("Happiness"), "\(quarter)")
    let late = row(try push.frame(at: 0.85), 0)
    #expect(late.contains("Happiness") && late.contains("[b]"), "\(late)")
    // Going back: the same, backwards.
    let faceNavigator = session.navigator
    #expect(session.back())
    let pop = TerminalTransition(
      movie: try session.transition(from: faceNavigator, tapped: nil), before: face,
      after: menu, afterLayout: session.navigator.layout())
    let back = row(try pop.frame(at: 0.5), 0)
    let returning = try #require(columns("Psychologist", in: back), "pop half-way: \(back)")
    let leaving = try #require(columns("Happiness", in: back), "pop half-way: \(back)")
    #expect(returning.upperBound < leaving.lowerBound, "\(back)")
  }

  /// A kind whose bars stay (the README's `drop`): the bar's row and rule stay put while the
  /// face drops below them, and the bar's titles move as a push's.
  @Test func aKindsBarStaysAndItsTitlesMove() throws {
    let tapped = try tap(
      "dropped",
      in: """
        segue_kind "drop" {
          perform = function(nav, scene) nav:push(scene) end,
          animate = { { t = 0, to = { y = -480 } }, { t = 0.8, to = { y = 20 } }, { t = 1, to = {} } },
        }
        segue "dropped" { kind = "drop", happiness = 30 }
        """)
    defer { withExtendedLifetime(tapped.script) {} }
    #expect(tapped.movie.movesScreens && tapped.movie.barsStay)
    let drop = tapped.cells
    let half = try drop.frame(at: 0.5)
    let bar = row(half, 0)
    let old = try #require(bar.range(of: "Psychologist"), "\(bar)")
    let new = try #require(bar.range(of: "Happiness"), "\(bar)")
    #expect(old.upperBound < new.lowerBound)
    // The rule under the bar is whole: nothing of the dropping face crosses it.
    #expect(row(half, 1).allSatisfy { $0 == "─" }, "\(row(half, 1))")
  }
}
