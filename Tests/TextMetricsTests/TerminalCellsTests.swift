// Terminal columns against Python's unicodedata (another implementation of the Unicode
// tables: East Asian Width W/F two columns, marks and format characters none), and the
// truncation's promises: never past its room, never inside a grapheme cluster.

import Foundation
import TestSupport
import Testing

@testable import TextMetrics

@Suite struct TerminalCellsTests {
  /// Characters from every script the issue names, and the blocks around them.
  static let samples: [UInt32] =
    Array(0x20...0x7E) + Array(0xC0...0x17F) + Array(0x300...0x36F) + Array(0x5B0...0x5EA)
    + Array(0x610...0x65F) + Array(0x900...0x97F) + Array(0xE01...0xE4E)
    + Array(stride(from: 0x3041, through: 0x30FF, by: 3))
    + Array(stride(from: 0x4E00, through: 0x9FA5, by: 97))
    + Array(stride(from: 0xAC00, through: 0xD7A3, by: 89))
    + [0x2615, 0x2B50, 0x1F680, 0x1F950, 0x1F600, 0x1F436, 0x200B, 0x200D, 0xFE0F, 0xFF01, 0xFF5E]

  @Test func columnsAgreeWithPythonsUnicodeData() throws {
    let program = """
      import sys, unicodedata
      for line in sys.stdin:
          c = chr(int(line))
          if unicodedata.category(c) == "Cn": print(-1)
          elif unicodedata.category(c) in ("Mn", "Me", "Cf"): print(0)
          elif unicodedata.east_asian_width(c) in ("W", "F"): print(2)
          else: print(1)
      """
    let input = Self.samples.map(String.init).joined(separator: "\n") + "\n"
    let result = try run(["python3", "-c", program], input: Data(input.utf8))
    #expect(result.status == 0, "\(result.stderr)")
    let expected = result.out.split(separator: "\n").compactMap { Int($0) }
    try #require(expected.count == Self.samples.count)
    var wrong: [String] = []
    // Unassigned characters (-1) are left out: the two tables may date from different
    // versions of Unicode.
    for (v, e) in zip(Self.samples, expected) where e >= 0 && TerminalCells.of(scalar: v) != e {
      wrong.append(String(v, radix: 16) + ": \(TerminalCells.of(scalar: v)) not \(e)")
    }
    #expect(wrong.isEmpty, "\(wrong)")
  }

  @Test func theIssuesTextCountsAsTmuxShowsIt() {
    // ☕ ⭐ 🚀 🥐 take two columns; Hebrew points, Arabic harakat and Thai vowel signs none.
    #expect(TerminalCells.of("☕⭐🚀🥐") == 8)
    #expect(TerminalCells.of("שָׁלוֹם") == 4)
    #expect(TerminalCells.of("مَرْحَبًا") == 5)
    #expect(TerminalCells.of("กินข้าว") == 5)
    #expect(TerminalCells.of("宠物诊所") == 8)
    #expect(TerminalCells.of("e\u{301}") == 1)
    #expect(TerminalCells.of("👨‍👩‍👧") == 2)
  }

  @Test(arguments: [4, 7, 10, 15])
  func cuttingNeverPassesItsRoomNorSplitsACluster(room: Int) {
    for title in generatedTitles(300, longest: 14) {
      let cut = Truncation.truncatingTail(title, columns: room)
      #expect(TerminalCells.of(cut) <= room, "\(title) → \(cut)")
      if cut == title { continue }
      #expect(cut.last == "…")
      // What is kept is whole clusters of the title, in order.
      let kept = cut.dropLast()
      #expect(title.starts(with: kept), "\(title) → \(cut)")
      #expect(Array(title).starts(with: Array(kept)), "split a cluster: \(title) → \(cut)")
    }
  }

  @Test func cuttingInPointsLeavesRoomForTheEllipsis() {
    let room = 100.0
    for title in generatedTitles(300, longest: 14) {
      let cut = Truncation.truncatingTail(title, toFit: room, size: 15, weight: .bold)
      #expect(TextWidth.of(cut, size: 15, weight: .bold) <= room + 0.01, "\(cut)")
      #expect(Array(title).starts(with: Array(cut == title ? cut : String(cut.dropLast()))))
    }
  }
}
