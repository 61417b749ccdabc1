import Testing

@testable import Psychologist

/// Scaling a column to 0…1 stays a number at the edges of Double: a range as wide as
/// -1e308…1e308 overflows `x - low` unless the arithmetic is halved first.
@Test(arguments: [
  (-1e308, 1e308, 1e308, 1.0), (-1e308, 1e308, -1e308, 0.0), (-1e308, 1e308, 0, 0.5),
  (0, 10, 5, 0.5), (0, 10, -1e308, 0.0), (0, 10, 1e308, 1.0), (3, 3, 3, 0.5),
])
func unitAtTheEdges(_ low: Double, _ high: Double, _ x: Double, _ expected: Double) {
  let t = ColumnRange(low: low, high: high).unit(x)
  #expect(!t.isNaN && abs(t - expected) < 1e-12, "\(low)…\(high) at \(x): \(t)")
}
