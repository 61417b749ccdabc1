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
