@testable import Readable
import Render
import Testing

/// The one formatter of numbers for people: whole numbers lose `.0` (the sign of zero
/// kept), the rest read as written in a script.
@Test(arguments: [
  (70.0, "70"), (-3.0, "-3"), (-0.0, "-0"), (0.5, "0.5"), (1e20, "1e+20"),
  (Double.nan, "nan"), (-Double.infinity, "-inf"), (999_999_999_999_999, "999999999999999"),
])
func numbersReadAsWritten(value: Double, text: String) {
  #expect(formatNumber(value) == text)
}

/// Whole numbers and tenths are written from integers (a batch's every title): the text is
/// Swift's own (less a trailing `.0`), checked against it for every tenth to ±2,000 and for
/// 200,000 random values of every kind, including those near the fast path's edges.
@Test func tenthsAreWrittenAsSwiftWritesThem() {
  func swift(_ d: Double) -> String {
    let t = String(d)
    return t.hasSuffix(".0") ? String(t.dropLast(2)) : t
  }
  for q in -20_000...20_000 {
    let d = Double(q) / 10
    #expect(formatNumber(d) == swift(d), "\(d)")
  }
  var g = SystemRandomNumberGenerator()
  var fast = 0
  for k in 0..<200_000 {
    let d: Double
    switch k % 5 {
    case 0: d = Double(Int.random(in: -10_000_000...10_000_000, using: &g)) / 10
    case 1: d = Double.random(in: -1e6...1e6, using: &g)
    case 2: d = (Double(Int.random(in: -10_000...10_000, using: &g)) / 10).nextUp
    case 3: d = Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &g))
    default: d = Double(Int.random(in: -999_999...999_999, using: &g)) + 0.05
    }
    if tenthsText(d) != nil { fast += 1 }
    #expect(formatNumber(d) == swift(d), "\(d) (\(d.bitPattern))")
  }
  // The random tenths take the fast path, and so the test tests it.
  #expect(fast >= 40_000)
  #expect(tenthsText(-0.0) == nil && formatNumber(-0.0) == "-0")
}

/// Text read as a number: what Swift reads, except text holding a NUL byte, which Swift's
/// reading (a C string) would cut there (`"1\0junk"` read as 1).
@Test func textWithANulIsNoNumber() {
  #expect(readNumber("1.5") == 1.5 && readNumber("-2e3") == -2000)
  #expect(readNumber("1\u{0}junk") == nil && readNumber("2\u{0}") == nil)
  #expect(readNumber("\u{0}") == nil && readNumber("x") == nil)
}
