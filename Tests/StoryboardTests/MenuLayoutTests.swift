import Testing

@testable import Storyboard

/// Paging through a menu by its pages shows every button exactly once, in order, each in
/// its own row, and every page says how many are hidden either way.
@Test(arguments: [0, 1, 2, 3, 5, 9, 40], [0, 1, 2, 3, 4, 7, 40, 41])
func everyButtonOnExactlyOnePage(count: Int, slots: Int) {
  var seen: [Int] = []
  let pages = MenuLayout(count: count, slots: slots).pages
  #expect(pages >= 1)
  for page in 0..<pages {
    let menu = MenuLayout(count: count, slots: slots, page: page)
    #expect(menu.page == page)
    seen += menu.shown
    var rows = Set<Int>()
    for i in menu.shown { rows.insert(menu.slot(of: i)) }
    if let a = menu.aboveSlot { rows.insert(a) }
    if let b = menu.belowSlot { rows.insert(b) }
    let used = menu.shown.count + (menu.aboveSlot == nil ? 0 : 1) + (menu.belowSlot == nil ? 0 : 1)
    #expect(rows.count == used, "rows collide: \(count) in \(slots), page \(page)")
    #expect(rows.allSatisfy { $0 >= 0 && $0 < slots }, "\(count) in \(slots), page \(page)")
    #expect(menu.hiddenAbove + menu.shown.count + menu.hiddenBelow == count)
    // Never cut silently: what is hidden is said, when there is a row to say it in.
    if slots >= 2, menu.hiddenBelow > 0 { #expect(menu.belowSlot != nil) }
    if slots >= 2, menu.hiddenAbove > 0 {
      #expect(menu.aboveSlot != nil || menu.moreText(above: false).contains("↑"))
    }
  }
  if slots > 0 { #expect(seen == Array(0..<count)) }
}

@Test func aMenuThatFitsHasOnePageAndNoMoreRows() {
  let menu = MenuLayout(count: 5, slots: 5, page: 3)
  #expect(menu.pages == 1 && menu.page == 0 && menu.shown == 0..<5)
  #expect(menu.aboveSlot == nil && menu.belowSlot == nil)
  #expect(menu.slot(of: 4) == 4)
}

@Test func fortyButtonsInSevenRows() {
  // Page 1: six buttons and "34 more ↓"; then five a page between two "more" rows.
  let first = MenuLayout(count: 40, slots: 7)
  #expect(first.shown == 0..<6 && first.belowSlot == 6 && first.aboveSlot == nil)
  #expect(first.moreText(above: false, keys: ("PgUp", "PgDn")) == "34 more ↓ (PgDn)")
  let second = MenuLayout(count: 40, slots: 7, page: 1)
  #expect(second.shown == 6..<11 && second.slot(of: 6) == 1 && second.aboveSlot == 0)
  #expect(second.moreText(above: true) == "6 more ↑")
  let last = MenuLayout(count: 40, slots: 7, page: 1000)
  #expect(last.page == 7 && last.shown == 36..<40 && last.belowSlot == nil)
  #expect(MenuLayout(count: 40, slots: 7, page: -5).page == 0)
}

@Test func aLongTitleIsCutWithAnEllipsisToItsRoom() {
  #expect(MenuLayout.fitted("bite", room: 4) == "bite")
  #expect(MenuLayout.fitted("flaying", room: 4) == "fla…")
  #expect(MenuLayout.fitted("flaying", room: 1) == "…")
  #expect(MenuLayout.fitted("flaying", room: 0) == "")
  // Wide characters take two units: 日本語 is six, cut to "日…" in four.
  let wide: (Unicode.Scalar) -> Int = { $0.value >= 0x3000 ? 2 : 1 }
  #expect(MenuLayout.fitted("日本語", room: 6, width: wide) == "日本語")
  #expect(MenuLayout.fitted("日本語", room: 4, width: wide) == "日…")
}
