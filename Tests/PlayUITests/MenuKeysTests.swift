import Foundation
import PlayUI
import Psychologist
import Storyboard
import TestSupport
import Testing

/// `play`'s keys go to the buttons a tap reaches, by the one rule `s:tap` follows: two menus
/// on screen share no key, and a menu a pushed face covers has none.
@Suite struct MenuKeysTests {
  static let script = """
    app { title = "Barista" }
    diagnosis "order" { happiness = 60 }
    menu "drinks" { title = "Drinks", buttons = { "espresso", "latte" } }
    segue "drinks" { kind = { iphone = "push", ipad = "replace" }, menu = "drinks" }
    diagnosis "espresso" { happiness = 90 }
    diagnosis "latte" { happiness = 75 }
    segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
    """

  /// A session of the script on `device` in landscape, for `body`.
  func withSession(_ device: Device, _ body: (Session) throws -> Void) throws {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    try writeFile(folder + "/b.lua", MenuKeysTests.script)
    let script = try Script(path: folder + "/b.lua")
    try script.load()
    try body(try Session(script: script, device: device, orientation: .landscape))
  }

  /// The frame `play` shows of `session`, 100×40 cells.
  func frame(_ session: Session) throws -> Frame {
    try PlayScreen(columns: 100, rows: 40, colors: .none).compose(session)
  }

  @Test func twoMenusOnScreenAreKeyedOneAfterTheOther() throws {
    try withSession(.ipad) { session in
      try session.tap("drinks")  // the drinks menu replaces the detail; the root stays
      let keyed = try frame(session).keyedButtons
      #expect(Set(keyed) == ["order", "drinks", "espresso", "latte"], "\(keyed)")
      #expect(keyed.count == 4, "a button keyed twice: \(keyed)")
      // Each key taps what its menu says: the keys are the buttons' in drawing order.
      #expect(Set(keyed) == Set(session.buttons))
    }
  }

  @Test(arguments: [Device.iphone, .ipad])
  func aMenuUnderAPushedFaceHasNoKeys(device: Device) throws {
    try withSession(device) { session in
      #expect(try frame(session).keyedButtons == ["order", "drinks"])
      try session.tap("order")  // pushed: onto the iPad's master too
      #expect(try frame(session).keyedButtons == [])
      #expect(!session.menuIsTappable)
    }
  }
}
