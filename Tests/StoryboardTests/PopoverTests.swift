import Geometry
import Testing

@testable import Storyboard

// The iPad's popovers: placed beside the button that opened them, never over it, on
// screen, with an arrow touching it; and the master's panel from the bar button in
// portrait (UISplitViewController since iOS 5.1: full height at the left edge, no arrow).

/// The menu's rows as the host draws them in a content rect: 40 high every 48 points from
/// 16 below its top, 16 in from each side, as many as fit.
func menuRows(in r: Rect) -> [Rect] {
  var rows: [Rect] = []
  var y = r.y + 16
  while y + 40 <= r.maxY {
    rows.append(Rect(x: r.x + 16, y: y, width: r.width - 32, height: 40))
    y += 48
  }
  return rows
}

/// Whether `p` lies on the boundary of `r` (within a rounding error).
func onEdge(_ p: Point, of r: Rect) -> Bool {
  let e = 1e-9
  let insideX = p.x >= r.x - e && p.x <= r.maxX + e
  let insideY = p.y >= r.y - e && p.y <= r.maxY + e
  return insideX && insideY
    && (abs(p.x - r.x) < e || abs(p.x - r.maxX) < e || abs(p.y - r.y) < e
      || abs(p.y - r.maxY) < e)
}

/// Checks a placed popover against its anchor and the screen, with geometry written here.
func expectWellPlaced(
  _ frame: Rect, _ arrow: PopoverArrow, anchor: Rect,
  screen: Size, _ what: String
) {
  #expect(!frame.intersects(anchor), "\(what): \(frame) covers its button \(anchor)")
  #expect(
    frame.x >= 0 && frame.y >= Device.statusBarHeight && frame.maxX <= screen.width
      && frame.maxY <= screen.height, "\(what): \(frame) leaves the screen")
  #expect(frame.width > 0 && frame.height > 0, "\(what): \(frame) is empty")
  #expect(onEdge(arrow.tip, of: anchor), "\(what): tip \(arrow.tip) is not on \(anchor)")
  // The base stands on the named edge of the frame drawn 8 around the body (iOS 6's
  // content inset), and the tip is outside it.
  let edgeLine: Double
  let (a, b) = (arrow.baseStart, arrow.baseEnd)
  switch arrow.edge {
  case .top: edgeLine = frame.y - 8
  case .bottom: edgeLine = frame.maxY + 8
  case .left: edgeLine = frame.x - 8
  case .right: edgeLine = frame.maxX + 8
  }
  let vertical = arrow.edge == .top || arrow.edge == .bottom
  let baseOnEdge =
    vertical ? a.y == edgeLine && b.y == edgeLine : a.x == edgeLine && b.x == edgeLine
  #expect(baseOnEdge, "\(what): the arrow's base is off the \(arrow.edge) edge")
  let baseInside =
    vertical
    ? a.x >= frame.x && b.x <= frame.maxX : a.y >= frame.y && b.y <= frame.maxY
  #expect(baseInside, "\(what): the arrow's base overhangs the body")
  let tipDistance =
    vertical ? abs(arrow.tip.y - edgeLine) : abs(arrow.tip.x - edgeLine)
  #expect(tipDistance == 19, "\(what): the arrow is \(tipDistance) tall, not iOS 6's 19")
  #expect(
    abs(vertical ? b.x - a.x : b.y - a.y) == 37, "\(what): the arrow's base is not iOS 6's 37")
}

@Test(arguments: Orientation.allCases)
func aPopoverFromEveryMenuRowStaysBesideIt(_ orientation: Orientation) throws {
  let screen = Device.ipad.size(in: orientation)
  // Where the menu shows: the master pane (landscape) or the master's popover (portrait).
  var master = Navigator(
    device: .ipad, orientation: orientation, root: menu, detail: happiness(50))
  master.showMaster()
  let content = try #require(master.layout().panes.first { $0.role == .master }).contentRect
  let rows = menuRows(in: content)
  #expect(rows.count >= 10)
  let area = Rect(
    x: 10, y: 30, width: screen.width - 20, height: screen.height - 40)
  let sizes = [
    Size(width: 320, height: 320), Size(width: 200, height: 150),
    Size(width: 600, height: 700), Size(width: 4096, height: 4096),
  ]
  for (i, row) in rows.enumerated() {
    for size in sizes {
      let p = PopoverPlacement.place(size: size, anchor: row, in: area)
      expectWellPlaced(p.frame, p.arrow, anchor: row, screen: screen, "row \(i) \(size)")
      if size.width <= 320 && size.height <= 320 {
        #expect(p.frame.size == size, "row \(i): a small popover keeps its size")
      }
    }
  }
  // A low row's popover goes above it (no room below), a high row's below it.
  #expect(PopoverPlacement.place(size: sizes[0], anchor: rows[0], in: area).arrow.edge == .top)
  #expect(
    PopoverPlacement.place(size: sizes[0], anchor: rows[rows.count - 1], in: area).arrow.edge
      == .bottom)
}

@Test func aPopoverSegueHangsFromItsButtonInLandscape() throws {
  var nav = Navigator(device: .ipad, orientation: .landscape, root: menu, detail: happiness(50))
  let rows = menuRows(in: nav.layout().panes[0].contentRect)
  for row in rows {
    try nav.perform(.popover, happiness(7, "Teleplay"), anchor: row)
    let layout = nav.layout()
    let pane = try #require(layout.panes.last)
    #expect(pane.role == .popover)
    let arrow = try #require(pane.arrow)
    expectWellPlaced(
      pane.frame, arrow, anchor: row, screen: Size(width: 1024, height: 768), "\(row)")
    #expect(nav.focusContentRect == pane.contentRect)
    let went = nav.back()
    #expect(went)
  }
  // Without an anchor: the old place, no arrow.
  try nav.popover(happiness(7))
  #expect(nav.layout().panes.last?.arrow == nil)
  #expect(nav.layout().panes.last?.frame == rect(10, 74, 320, 320))
}

@Test func portraitHasABarButtonThatShowsTheMasterInAPanel() throws {
  var nav = Navigator(device: .ipad, orientation: .portrait, root: menu, detail: happiness(50))
  var layout = nav.layout()
  #expect(layout.panes.map(\.role) == [.detail])
  let button = try #require(layout.panes[0].barButton)
  #expect(button.title == "Psychologist")
  let bar = try #require(layout.panes[0].navigationBar)
  #expect(button.rect.x > bar.x && button.rect.y > bar.y && button.rect.maxY < bar.maxY)
  #expect(button.rect.maxX < bar.midX)  // left, clear of the centred title
  #expect(!nav.canGoBack)

  let shown = nav.showMaster()
  #expect(shown)
  layout = nav.layout()
  #expect(layout.panes.map(\.role) == [.detail, .master])
  let master = layout.panes[1]
  #expect(master.isFocused && master.scene?.title == "Psychologist" && nav.rootIsVisible)
  // The panel: 320 wide, 8 (its frame) in from the left edge, the status bar and the
  // bottom, no arrow; its bar at its top.
  #expect(master.arrow == nil && master.isPanel)
  #expect(master.frame == Rect(x: 8, y: 28, width: 320, height: 988))
  #expect(master.navigationBar == Rect(x: 8, y: 28, width: 320, height: 44))
  #expect(!layout.dimmed)
  #expect(nav.focusContentRect == master.contentRect)
  #expect(nav.canGoBack)

  // A push inside the popover keeps it; the bar button takes the new top's title.
  try nav.push(happiness(1, "Movie"))
  #expect(nav.masterIsInPopover)
  #expect(nav.layout().panes[1].backTitle == "Psychologist")
  #expect(nav.layout().panes[0].barButton?.title == "Movie")
  // Back pops inside the popover, then a tap outside (back) dismisses it.
  let popped = nav.back()
  #expect(popped && nav.masterIsInPopover && nav.navigationStack.count == 1)
  let dismissed = nav.back()
  #expect(dismissed && !nav.masterIsInPopover)
  #expect(nav.layout().panes.map(\.role) == [.detail])
  let nothing = nav.back()
  #expect(!nothing)

  // Showing a diagnosis in the detail dismisses the popover, as iOS 5/6 did.
  nav.showMaster()
  try nav.replace(happiness(86))
  #expect(nav.layout().panes.map(\.role) == [.detail] && nav.focus.content == 86)
}

@Test func rotatingShowsOrHidesTheMaster() throws {
  var nav = Navigator(device: .ipad, orientation: .portrait, root: menu, detail: happiness(50))
  nav.showMaster()
  try nav.push(happiness(1, "Movie"))
  nav.rotate()  // landscape: both panes, no popover, no bar button
  var layout = nav.layout()
  #expect(layout.panes.map(\.role) == [.master, .detail])
  #expect(layout.panes.allSatisfy { $0.arrow == nil && $0.barButton == nil })
  #expect(layout.panes[0].frame == rect(0, 20, 320, 748))
  let again = nav.showMaster()
  #expect(!again)  // nothing to show: it is on screen
  nav.rotate()  // portrait: the master hides, the focus is on the detail
  layout = nav.layout()
  #expect(layout.panes.map(\.role) == [.detail] && nav.focusRole == .detail)
  #expect(nav.stack == ["Psychologist", "Movie", "Happiness"])
  #expect(layout.panes[0].barButton?.title == "Movie")
  let reshown = nav.showMaster()
  #expect(reshown && nav.focus.content == 1)
}

@Test func aPopoverFromTheMastersPopoverHangsFromTheBarButton() throws {
  var nav = Navigator(device: .ipad, orientation: .portrait, root: menu, detail: happiness(50))
  let button = try #require(nav.barButton).rect
  nav.showMaster()
  let row = menuRows(in: nav.layout().panes[1].contentRect)[5]
  try nav.perform(.popover, happiness(7, "Teleplay"), anchor: row)
  let layout = nav.layout()
  #expect(layout.panes.map(\.role) == [.detail, .popover])
  let pane = layout.panes[1]
  expectWellPlaced(
    pane.frame, try #require(pane.arrow), anchor: button,
    screen: Size(width: 768, height: 1024), "popover")
  let back = nav.back()
  #expect(back && nav.focusRole == .detail)
}

@Test func noBarButtonOnAnIPhoneOrWithoutADetail() {
  let phone = Navigator(device: .iphone, orientation: .portrait, root: menu)
  #expect(phone.barButton == nil && phone.layout().panes[0].barButton == nil)
  var pad = Navigator(device: .ipad, orientation: .portrait, root: menu)
  let shown = pad.showMaster()
  #expect(pad.barButton == nil && !shown)
  // With no detail to show instead, the master stays on screen, no popover.
  #expect(pad.layout().panes.map(\.role) == [.detail, .master])
  #expect(pad.layout().panes[1].arrow == nil)
}

@Test func aPopoverFadesInWhereItHangs() {
  // iOS 6's popover fades in at its place, arrow and all: it neither moves nor grows.
  let t = Transition(.popover, width: 0, travel: 0)
  for step in 0...10 {
    let f = t.frame(at: Double(step) / 10)
    #expect(f.to.dx == 0 && f.to.dy == 0 && f.to.scale == 1 && f.from == .rest)
  }
  #expect(t.frame(at: 0).to.opacity == 0)
  #expect(t.frame(at: 1).to == .rest)
  #expect(abs(t.frame(at: 0.5).to.opacity - 0.5) < 1e-6)
}
