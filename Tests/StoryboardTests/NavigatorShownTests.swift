import Testing

@testable import Storyboard

/// `Navigator.shown`: what a screen shows and one click changes, whatever the way to it,
/// so a walk of screens (the exported page's) closes a cycle of menus.
@Suite struct NavigatorShownTests {
  func scene(_ title: String) -> Scene<Int> { Scene(title: title, content: 0) }

  @Test func aStackRoundACycleShowsWhatItsFirstRoundShowed() throws {
    var once = Navigator(device: .iphone, orientation: .portrait, root: scene("Root"))
    try once.push(scene("A"))
    try once.push(scene("B"))
    var thrice = once
    for _ in 0..<2 {
      try thrice.push(scene("A"))
      try thrice.push(scene("B"))
    }
    #expect(thrice.stack.count == 7)
    // The scene shown and the one its back button names, and no more.
    #expect(thrice.shown.stack == ["A", "B"])
    #expect(once.shown.stack == ["A", "B"])
    #expect(String(describing: thrice.shown) == String(describing: once.shown))
    // Going back from either shows the same screen.
    var back = thrice.shown
    let went = back.back()
    #expect(went)
    #expect(back.focus.title == "A" && back.stack == ["A"])
    // A stack of two is kept whole: the root shows no back button, a scene above it one.
    var two = Navigator(device: .iphone, orientation: .portrait, root: scene("Root"))
    try two.push(scene("A"))
    #expect(two.shown.stack == ["Root", "A"])
  }

  @Test func modalsBeyondTheTopTwoAreDropped() throws {
    var nav = Navigator(device: .iphone, orientation: .portrait, root: scene("Root"))
    for title in ["M1", "M2", "M3"] { try nav.present(scene(title)) }
    let shown = nav.shown
    #expect(shown.presented.map(\.title) == ["M2", "M3"])
    #expect(shown.isPresentingModal && shown.focus.title == "M3")
    #expect(shown.stack == ["Root", "M2", "M3"])
  }
}
