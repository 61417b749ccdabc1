import Geometry
import Testing

@testable import Storyboard

/// The seed's scenes: the menu and a face of some happiness.
let menu = Scene(title: "Psychologist", content: 0)
func happiness(_ value: Int, _ title: String = "Happiness") -> Scene<Int> {
  Scene(title: title, content: value)
}
func rect(_ x: Double, _ y: Double, _ width: Double, _ height: Double) -> Rect {
  Rect(x: x, y: y, width: width, height: height)
}

@Test func iphonePushAndPop() throws {
  var nav = Navigator(device: .iphone, orientation: .portrait, root: menu)
  #expect(nav.stack == ["Psychologist"])
  #expect(nav.rootIsVisible && !nav.canGoBack)
  #expect(nav.focusContentRect == rect(0, 64, 320, 416))
  try nav.push(happiness(86))
  #expect(nav.stack == ["Psychologist", "Happiness"])
  #expect(nav.focus.content == 86)
  #expect(nav.focusRole == .navigation)
  #expect(nav.focusContentRect == rect(0, 64, 320, 416))
  #expect(!nav.rootIsVisible && nav.canGoBack)
  let went1 = nav.back()
  #expect(went1)
  #expect(nav.stack == ["Psychologist"])
  #expect(nav.focus.title == "Psychologist")
  let went2 = nav.back()
  #expect(!went2)
  let popped3 = nav.pop()
  #expect(!popped3)
  #expect(nav.stack == ["Psychologist"])
}

@Test func iphoneModalAndDismiss() throws {
  var nav = Navigator(device: .iphone, orientation: .portrait, root: menu)
  try nav.push(happiness(70))
  try nav.perform(.modal, happiness(100, "Cartoon"))
  #expect(nav.stack == ["Psychologist", "Happiness", "Cartoon"])
  #expect(nav.focus.content == 100 && nav.focusRole == .modal)
  #expect(nav.focusContentRect == rect(0, 20, 320, 460))
  #expect(nav.isPresentingModal && !nav.rootIsVisible)
  let popped4 = nav.pop()  // the stack is covered
  #expect(!popped4)
  #expect(throws: StoryboardError.coveredByModal(kind: .push, modal: "Cartoon")) {
    try nav.push(happiness(1))
  }
  let went5 = nav.back()  // dismisses the modal, not the pushed scene
  #expect(went5)
  #expect(nav.stack == ["Psychologist", "Happiness"])
  #expect(nav.focus.content == 70)
  let dismissed6 = nav.dismiss()
  #expect(dismissed6 == false)
  let went7 = nav.back()
  #expect(went7)
  let went8 = nav.back()
  #expect(went8 == false)
}

@Test func iphoneModalOverModal() throws {
  var nav = Navigator(device: .iphone5, orientation: .portrait, root: menu)
  try nav.present(happiness(1, "A"))
  try nav.present(happiness(2, "B"))
  #expect(nav.focusContentRect == rect(0, 20, 320, 548))
  let went9 = nav.back()
  #expect(went9 && nav.focus.title == "A")
  let went10 = nav.back()
  #expect(went10 && nav.focus.title == "Psychologist" && nav.rootIsVisible)
}

@Test func iphoneRefusesPopoverAndReplace() {
  var nav = Navigator(device: .iphone, orientation: .portrait, root: menu)
  let allowed: [SegueKind] = [.push, .modal, .custom]
  #expect(
    throws: StoryboardError.kindNotOnDevice(
      kind: "popover", device: .iphone, allowed: allowed)
  ) {
    try nav.perform(.popover, happiness(20))
  }
  #expect(
    throws: StoryboardError.kindNotOnDevice(
      kind: "replace", device: .iphone, allowed: allowed)
  ) {
    try nav.replace(happiness(20))
  }
  #expect(
    throws: StoryboardError.kindNotOnDevice(
      kind: "popover", device: .iphone, allowed: allowed)
  ) {
    try nav.popover(happiness(20), size: Size(width: 100, height: 100))
  }
  do {
    try nav.perform(.popover, happiness(20))
    Issue.record("a popover on an iPhone must fail")
  } catch {
    #expect(
      "\(error)"
        == "popover segues do not exist on an iphone (allowed: push, modal, or a custom kind)")
  }
  #expect(nav.stack == ["Psychologist"])
}

@Test func customIsResolvedByTheHost() {
  var nav = Navigator(device: .ipad, orientation: .landscape, root: menu)
  #expect(throws: StoryboardError.customSegueUnresolved) {
    try nav.perform(.custom, happiness(20))
  }
  #expect(nav.stack == ["Psychologist"])
}

@Test func iphoneLandscapeAndRotation() throws {
  var nav = Navigator(device: .iphone, orientation: .portrait, root: menu)
  try nav.push(happiness(50))
  #expect(nav.focusContentRect == rect(0, 64, 320, 416))
  nav.rotate()
  #expect(nav.orientation == .landscape)
  #expect(nav.stack == ["Psychologist", "Happiness"])
  #expect(nav.focusContentRect == rect(0, 52, 480, 268))
  nav.rotate()
  #expect(nav.focusContentRect == rect(0, 64, 320, 416))
  nav.orientation = .landscape
  try nav.present(happiness(3))
  #expect(nav.focusContentRect == rect(0, 20, 480, 300))
}

@Test func ipadReplaceSwapsTheDetailOnly() throws {
  var nav = Navigator(
    device: .ipad, orientation: .landscape, root: menu, detail: happiness(50))
  #expect(nav.focus.content == 50 && nav.focusRole == .detail)
  try nav.push(happiness(1, "Movie"))
  #expect(nav.focus.title == "Movie" && nav.focusRole == .master)
  #expect(nav.focusContentRect == rect(0, 64, 320, 704))
  try nav.perform(.replace, happiness(86))
  #expect(nav.stack == ["Psychologist", "Movie", "Happiness"])
  #expect(nav.navigationStack.map(\.title) == ["Psychologist", "Movie"])
  #expect(nav.detail?.content == 86)
  #expect(nav.focus.content == 86)
  #expect(nav.focusContentRect == rect(321, 64, 703, 704))
  // No back for replace: back pops the master's stack (never the root).
  let went11 = nav.back()
  #expect(went11)
  #expect(nav.stack == ["Psychologist", "Happiness"])
  #expect(nav.focus.title == "Psychologist")
  let went12 = nav.back()
  #expect(went12 == false)
  #expect(nav.detail?.content == 86)
}

@Test func ipadWithoutDetailStartsOnTheRoot() throws {
  var nav = Navigator(device: .ipad, orientation: .landscape, root: menu)
  #expect(nav.focus.title == "Psychologist" && nav.detail == nil)
  #expect(nav.stack == ["Psychologist"])
  try nav.replace(happiness(20))
  #expect(nav.stack == ["Psychologist", "Happiness"])
  let went13 = nav.back()
  #expect(nav.canGoBack == false && went13 == false)
  #expect(nav.rootIsVisible)
}

@Test func ipadPopoverOverTheCurrentScreen() throws {
  var nav = Navigator(
    device: .ipad, orientation: .landscape, root: menu, detail: happiness(50))
  try nav.perform(.popover, happiness(20, "Teleplay"))
  #expect(nav.stack == ["Psychologist", "Happiness", "Teleplay"])
  #expect(nav.isShowingPopover && !nav.isPresentingModal)
  #expect(nav.focus.title == "Teleplay" && nav.focusRole == .popover)
  #expect(nav.focusContentRect == rect(10, 74, 320, 320))
  #expect(nav.rootIsVisible)  // a tap outside dismisses the popover
  let went14 = nav.back()
  #expect(went14)
  #expect(nav.stack == ["Psychologist", "Happiness"])
  #expect(nav.focus.content == 50)
  let went15 = nav.back()
  #expect(went15 == false)
}

@Test func ipadPopoverSizes() throws {
  var nav = Navigator(device: .ipad, orientation: .portrait, root: menu)
  try nav.perform(.popover, happiness(1), popoverSize: Size(width: 200, height: 150))
  #expect(nav.focusContentRect == rect(10, 74, 200, 150))
  // A second popover replaces the first.
  try nav.popover(happiness(2), size: Size(width: 5000, height: 5000))
  #expect(nav.presented.map(\.content) == [2])
  #expect(nav.focusContentRect == rect(10, 74, 748, 940))
  #expect(throws: StoryboardError.invalidPopoverSize(width: 0, height: 10)) {
    try nav.popover(happiness(3), size: Size(width: 0, height: 10))
  }
  let error = #expect(throws: StoryboardError.self) {
    try nav.popover(happiness(3), size: Size(width: .nan, height: 10))
  }
  guard case .invalidPopoverSize(let width, 10) = error else {
    Issue.record("expected invalidPopoverSize, got \(String(describing: error))")
    return
  }
  #expect(width.isNaN)
  #expect(nav.presented.map(\.content) == [2])
}

@Test func ipadOperationsDismissThePopoverFirst() throws {
  var nav = Navigator(
    device: .ipad, orientation: .landscape, root: menu, detail: happiness(50))
  try nav.popover(happiness(1, "Pop"))
  try nav.replace(happiness(86))
  #expect(nav.stack == ["Psychologist", "Happiness"])
  try nav.popover(happiness(1, "Pop"))
  try nav.push(happiness(2, "Pushed"))
  #expect(nav.stack == ["Psychologist", "Pushed", "Happiness"])
  try nav.popover(happiness(1, "Pop"))
  try nav.present(happiness(3, "Sheet"))
  #expect(nav.stack == ["Psychologist", "Pushed", "Happiness", "Sheet"])
  // A popover may be shown over a form sheet; back dismisses it, then the sheet.
  try nav.popover(happiness(1, "Pop"))
  #expect(nav.stack.last == "Pop")
  let went16 = nav.back()
  #expect(went16 && nav.focus.title == "Sheet")
  let went17 = nav.back()
  #expect(went17 && nav.focus.title == "Pushed")
}

@Test func ipadFormSheet() throws {
  var nav = Navigator(
    device: .ipad, orientation: .landscape, root: menu, detail: happiness(50))
  try nav.perform(.modal, happiness(100, "Cartoon"))
  #expect(nav.focusRole == .modal)
  #expect(nav.focusContentRect == rect(242, 74, 540, 620))
  #expect(!nav.rootIsVisible)
  #expect(throws: StoryboardError.coveredByModal(kind: .replace, modal: "Cartoon")) {
    try nav.replace(happiness(1))
  }
  nav.rotate()
  #expect(nav.focusContentRect == rect(114, 202, 540, 620))
  let dismissed18 = nav.dismiss()
  #expect(dismissed18)
  #expect(nav.focus.content == 50)
  #expect(nav.rootIsVisible)
}

@Test func ipadRotationKeepsTheState() throws {
  var nav = Navigator(
    device: .ipad, orientation: .landscape, root: menu, detail: happiness(50))
  try nav.push(happiness(1, "Movie"))
  try nav.replace(happiness(86))
  #expect(nav.focusContentRect == rect(321, 64, 703, 704))
  nav.rotate()
  #expect(nav.stack == ["Psychologist", "Movie", "Happiness"])
  #expect(nav.focusContentRect == rect(0, 64, 768, 960))
  let went19 = nav.back()  // pops the master, which now shows in its panel
  #expect(went19)
  #expect(nav.focusRole == .master)
  #expect(nav.focusContentRect == rect(8, 72, 320, 944))
}

@Test func updateFocusChangesTheFocusedScene() throws {
  var nav = Navigator(
    device: .ipad, orientation: .landscape, root: menu, detail: happiness(50))
  nav.updateFocus { $0.content += 10 }
  #expect(nav.detail?.content == 60)
  try nav.push(happiness(1, "Movie"))
  nav.updateFocus { $0.content = 7 }
  #expect(nav.navigationStack.last?.content == 7)
  try nav.popover(happiness(2))
  nav.updateFocus { $0.title = "Renamed" }
  #expect(nav.presented.map(\.title) == ["Renamed"])
  #expect(nav.detail?.content == 60)
  let went20 = nav.back()
  #expect(went20 && nav.focus.content == 7)
}
