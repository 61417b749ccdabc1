import Readable
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

/// Text read as a number: what Swift reads, except text holding a NUL byte, which Swift's
/// reading (a C string) would cut there (`"1\0junk"` read as 1).
@Test func textWithANulIsNoNumber() {
  #expect(readNumber("1.5") == 1.5 && readNumber("-2e3") == -2000)
  #expect(readNumber("1\u{0}junk") == nil && readNumber("2\u{0}") == nil)
  #expect(readNumber("\u{0}") == nil && readNumber("x") == nil)
}
