import Testing

@testable import Storyboard

/// Scrolling a menu row by row from the top to the end shows every button, in order, each
/// in its own row, and the indicator says how much is shown and where.
@Test(arguments: [0, 1, 2, 3, 5, 9, 40], [0, 1, 2, 3, 4, 7, 40, 41])
func scrollingShowsEveryButtonInOrder(count: Int, slots: Int) {
  var seen = Set<Int>()
  var menu = MenuLayout(count: count, slots: slots)
  #expect(menu.offset == 0)
  while true {
    var rows = Set<Int>()
    for i in menu.shown { rows.insert(menu.slot(of: i)) }
    #expect(rows.count == menu.shown.count, "rows collide: \(count) in \(slots)")
    #expect(rows.allSatisfy { $0 >= 0 && $0 < slots }, "\(count) in \(slots)")
    #expect(menu.hiddenAbove + menu.shown.count + menu.hiddenBelow == count)
    // Every row is used while there are buttons below to fill it.
    if menu.hiddenBelow > 0 { #expect(menu.shown.count == slots) }
    // Never cut silently: a menu that does not fit has its indicator.
    #expect((menu.indicator != nil) == (count > slots && slots > 0))
    if let bar = menu.indicator {
      #expect(abs(bar.length - Double(slots) / Double(count)) < 1e-12)
      #expect(bar.start >= 0 && bar.start + bar.length <= 1 + 1e-12)
    }
    seen.formUnion(menu.shown)
    let next = menu.scrolled(by: 1)
    if next == menu { break }
    #expect(next.offset == menu.offset + 1)
    menu = next
  }
  if slots > 0 { #expect(seen == Set(0..<count)) }
}

@Test func aMenuThatFitsDoesNotScroll() {
  let menu = MenuLayout(count: 5, slots: 5, offset: 3)
  #expect(menu.offset == 0 && menu.shown == 0..<5 && menu.indicator == nil)
  #expect(menu.scrolled(by: 4) == menu)
  #expect(menu.slot(of: 4) == 4)
}

@Test func fortyButtonsInSevenRows() {
  // Seven rows from the top; scrolled by ten, buttons 10…16 in rows 0…6; never past the
  // last button in the last row, nor above the first.
  let first = MenuLayout(count: 40, slots: 7)
  #expect(first.shown == 0..<7 && first.hiddenBelow == 33)
  let ten = first.scrolled(by: 10)
  #expect(ten.shown == 10..<17 && ten.slot(of: 10) == 0 && ten.hiddenAbove == 10)
  let last = MenuLayout(count: 40, slots: 7, offset: 1000)
  #expect(last.offset == 33 && last.shown == 33..<40 && last.hiddenBelow == 0)
  #expect(MenuLayout(count: 40, slots: 7, offset: -5).offset == 0)
  // The indicator: 7/40 of the height, at the top, then at the bottom.
  #expect(first.indicator?.start == 0 && last.indicator.map { $0.start + $0.length } == 1)
}

@Test func aLongTitleIsCutWithAnEllipsisToItsRoom() {
  #expect(MenuLayout.fitted("bite", room: 4) == "bite")
  #expect(MenuLayout.fitted("flaying", room: 4) == "fla…")
  #expect(MenuLayout.fitted("flaying", room: 1) == "…")
  #expect(MenuLayout.fitted("flaying", room: 0) == "")
  // Wide characters take two columns: 日本語 is six, cut to "日…" in four.
  #expect(MenuLayout.fitted("日本語", room: 6) == "日本語")
  #expect(MenuLayout.fitted("日本語", room: 4) == "日…")
}
