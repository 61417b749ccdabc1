// Reach's walk of every screen, driven with plain taps and backs (no drawing): a screen is
// what it shows, so menus in a ring are walked once, and each screen is visited once with
// its session where it was found.

import Foundation
import Geometry
import Readable
import Storyboard
import TestSupport
import Testing

@testable import App
@testable import Declarations
@testable import Psychologist

@Suite struct ReachScreensTests {
  /// Menus r1…r3 in a ring from the root's one button; r1 also holds a diagnosis.
  static let ring = """
    diagnosis "sad" { happiness = 10 }
    segue "showDiagnosis" { kind = "push" }
    segue "start" { kind = "push", menu = "r1" }
    menu "r1" { title = "Ring 1", buttons = { "go2", "sad" } }
    segue "go2" { kind = "push", menu = "r2" }
    menu "r2" { title = "Ring 2", buttons = { "go3" } }
    segue "go3" { kind = "push", menu = "r3" }
    menu "r3" { title = "Ring 3", buttons = { "go1" } }
    segue "go1" { kind = "push", menu = "r1" }
    """

  /// Walks the app from its start tapping every button of the front menu and going back,
  /// from each screen: the titles each screen shows, in the order visited, and how often
  /// each was visited.
  func walk(_ lua: String) throws -> (titles: [String], visits: [Int: Int]) {
    let (session, script, folder) = try barSession(lua)
    defer { removeFolder(folder) }
    defer { withExtendedLifetime(script) {} }
    let screens = Reach.Screens(work: HostWork(during: script.state, at: .init(file: "test")))
    var titles: [String] = []
    func id(_ s: Session) throws -> Int {
      try screens.id(of: s) { titles.append($0.navigator.focus.title) }
    }
    var visits: [Int: Int] = [:]
    #expect(try id(session) == 0)
    try screens.walk { screen in
      visits[screen.id, default: 0] += 1
      // The session is at the screen visited.
      #expect(screen.session.navigator.focus.title == titles[screen.id])
      let menu = screen.session.frontMenu.map { screen.session.menuButtons(of: $0.name) }
      for button in (menu ?? []).map(\.name) {
        screen.reset()
        try screen.session.tap(button)
        _ = try id(screen.session)
      }
      screen.reset()
      if screen.session.back() { _ = try id(screen.session) }
    }
    #expect(screens.count == titles.count)
    return (titles, visits)
  }

  /// The root, each menu of the ring, the first again with the last under it (its back
  /// button names another), and the face: six screens, each visited once, however many
  /// times round the ring a person goes.
  @Test func aRingOfMenusIsWalkedOnce() throws {
    let (titles, visits) = try walk(Self.ring)
    #expect(titles == ["Psychologist", "Ring 1", "Ring 2", "Happiness", "Ring 3", "Ring 1"])
    #expect(visits.count == titles.count)
    #expect(visits.values.allSatisfy { $0 == 1 })
  }

  /// A screen reached two ways that show it alike is one screen: C over B is the same
  /// whether B was reached through A or through X (what is below the top two scenes is
  /// not drawn, and back from it shows B either way), while B over A and B over X differ
  /// (their back buttons name different menus).
  @Test func aScreenIsWhatItShows() throws {
    let twoWays = """
      segue "start" { kind = "push", menu = "a" }
      segue "other" { kind = "push", menu = "x" }
      menu "a" { title = "A", buttons = { "toB" } }
      menu "x" { title = "X", buttons = { "toB" }, shared = true }
      segue "toB" { kind = "push", menu = "b" }
      menu "b" { title = "B", buttons = { "toC" } }
      segue "toC" { kind = "push", menu = "c" }
      menu "c" { title = "C", buttons = { "sad" } }
      diagnosis "sad" { happiness = 10 }
      segue "showDiagnosis" { kind = "push" }
      """
    let (titles, visits) = try walk(twoWays)
    #expect(titles.sorted() == ["A", "B", "B", "C", "Happiness", "Psychologist", "X"])
    #expect(visits.values.allSatisfy { $0 == 1 })
  }
}
