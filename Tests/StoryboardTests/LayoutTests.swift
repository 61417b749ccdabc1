import Geometry
import Testing

@testable import Storyboard

@Test func iphoneLayout() throws {
  var nav = Navigator(device: .iphone, orientation: .portrait, root: menu)
  try nav.push(happiness(86))
  let layout = nav.layout()
  #expect(layout.screen == rect(0, 0, 320, 480))
  #expect(layout.statusBar == rect(0, 0, 320, 20))
  #expect(layout.divider == nil && !layout.dimmed)
  #expect(layout.panes.count == 1)
  let pane = layout.panes[0]
  #expect(pane.role == .navigation)
  #expect(pane.frame == rect(0, 20, 320, 460))
  #expect(pane.navigationBar == rect(0, 20, 320, 44))
  #expect(pane.contentRect == rect(0, 64, 320, 416))
  #expect(pane.title == "Happiness" && pane.backTitle == "Psychologist")
  #expect(pane.scene?.content == 86 && pane.isFocused)
  #expect(nav.layout().focusedPane?.contentRect == nav.focusContentRect)

  let went = nav.back()
  #expect(went)
  #expect(nav.layout().panes[0].backTitle == nil)
}

@Test func iphoneModalCoversTheScreen() throws {
  var nav = Navigator(device: .iphone, orientation: .landscape, root: menu)
  try nav.push(happiness(50))
  #expect(nav.layout().panes[0].navigationBar == rect(0, 20, 480, 32))
  #expect(nav.layout().panes[0].contentRect == rect(0, 52, 480, 268))
  try nav.present(happiness(100, "Cartoon"))
  let layout = nav.layout()
  #expect(layout.panes.map(\.role) == [.modal])
  #expect(layout.panes[0].navigationBar == nil && layout.panes[0].backTitle == nil)
  #expect(layout.panes[0].contentRect == rect(0, 20, 480, 300))
  #expect(!layout.dimmed)
}

@Test func ipadLandscapeLayout() throws {
  var nav = Navigator(
    device: .ipad, orientation: .landscape, root: menu, detail: happiness(50))
  try nav.push(happiness(1, "Movie"))
  try nav.replace(happiness(86))
  let layout = nav.layout()
  #expect(layout.screen == rect(0, 0, 1024, 768))
  #expect(layout.statusBar == rect(0, 0, 1024, 20))
  #expect(layout.panes.map(\.role) == [.master, .detail])
  let master = layout.panes[0]
  let detail = layout.panes[1]
  #expect(master.frame == rect(0, 20, 320, 748))
  #expect(master.navigationBar == rect(0, 20, 320, 44))
  #expect(master.contentRect == rect(0, 64, 320, 704))
  #expect(master.title == "Movie" && master.backTitle == "Psychologist")
  #expect(!master.isFocused)
  #expect(layout.divider == rect(320, 20, 1, 748))
  #expect(detail.frame == rect(321, 20, 703, 748))
  #expect(detail.navigationBar == rect(321, 20, 703, 44))
  #expect(detail.contentRect == rect(321, 64, 703, 704))
  #expect(detail.title == "Happiness" && detail.backTitle == nil)
  #expect(detail.scene?.content == 86 && detail.isFocused)
  #expect(!layout.dimmed)
}

@Test func ipadPortraitLayout() throws {
  var nav = Navigator(
    device: .ipad, orientation: .portrait, root: menu, detail: happiness(50))
  var layout = nav.layout()
  #expect(layout.screen == rect(0, 0, 768, 1024))
  #expect(layout.panes.map(\.role) == [.detail])  // the master is hidden
  #expect(layout.divider == nil)
  #expect(layout.panes[0].frame == rect(0, 20, 768, 1004))
  #expect(layout.panes[0].contentRect == rect(0, 64, 768, 960))
  #expect(layout.panes[0].isFocused)

  // A push in the master shows it in its panel while the focus is in it: 320 wide, inside
  // an 8-point frame at the screen's left edge from the status bar to the bottom (iOS 5.1's
  // UISplitViewController), its own navigation bar on top.
  try nav.push(happiness(1, "Movie"))
  layout = nav.layout()
  #expect(layout.panes.map(\.role) == [.detail, .master])
  #expect(layout.panes[1].frame == rect(8, 28, 320, 988))
  #expect(layout.panes[1].navigationBar == rect(8, 28, 320, 44))
  #expect(layout.panes[1].contentRect == rect(8, 72, 320, 944))
  #expect(layout.panes[1].isFocused && !layout.panes[0].isFocused)
  try nav.replace(happiness(20))
  #expect(nav.layout().panes.map(\.role) == [.detail])
}

@Test func ipadEmptyDetail() {
  let nav = Navigator(device: .ipad, orientation: .landscape, root: menu)
  let layout = nav.layout()
  #expect(layout.panes.map(\.role) == [.master, .detail])
  #expect(layout.panes[1].scene == nil && layout.panes[1].title == "")
  #expect(layout.panes[0].isFocused)
}

@Test func ipadPresentationsOverADimmedScreen() throws {
  var nav = Navigator(
    device: .ipad, orientation: .landscape, root: menu, detail: happiness(50))
  try nav.present(happiness(100, "Cartoon"))
  var layout = nav.layout()
  #expect(layout.dimmed)
  #expect(layout.panes.map(\.role) == [.master, .detail, .modal])
  #expect(layout.panes[2].frame == rect(242, 74, 540, 620))
  #expect(layout.panes[2].contentRect == rect(242, 74, 540, 620))
  #expect(layout.panes[2].navigationBar == nil)
  #expect(layout.panes.map(\.isFocused) == [false, false, true])

  try nav.popover(happiness(20, "Teleplay"), size: Size(width: 300, height: 200))
  layout = nav.layout()
  #expect(layout.panes.map(\.role) == [.master, .detail, .modal, .popover])
  #expect(layout.panes[3].contentRect == rect(10, 74, 300, 200))
  #expect(layout.focusedPane?.title == "Teleplay")
  #expect(layout.panes[2].frame == rect(242, 74, 540, 620))  // not resized by the popover
}
