import Face
import LuaHost
import Readable
import Testing

@testable import StoryboardCanvas
@testable import PrototypeExport
@testable import LuaBindings
@testable import Files
@testable import Declarations
@testable import App
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

/// Two neighbouring subnormals halve to one number: the range's width is then 0, and the
/// scale was 0 / 0 = NaN (the SVG writer drew it as 0: a face at the plot's left edge).
@Test(arguments: [
  (0.0, 0.0), (Double.leastNonzeroMagnitude, 1.0), (2 * Double.leastNonzeroMagnitude, 1.0),
  (-1.0, 0.0),
])
func unitOfARangeOfNeighbouringSubnormals(_ x: Double, _ expected: Double) {
  // 5e-324, the smallest subnormal (as a literal the compiler warns it loses precision).
  let t = ColumnRange(low: 0, high: .leastNonzeroMagnitude).unit(x)
  #expect(t == expected, "0…5e-324 at \(x): \(t)")
}

/// Of several bad values a `channels` function returns, the one said is the first in
/// channel order, whatever order the table gives them in (Lua's changes from run to run,
/// and so did the message: smile one run, face_color the next). A Swift dictionary's order
/// is its hashes': over every pair of channels it cannot follow channel order by chance.
@Test func theChannelProblemSaidIsTheFirstInChannelOrder() {
  let names = Channel.allNames
  for i in names.indices {
    for j in names.indices where j > i {
      let returned = LuaValue.map([
        .text(names[j]): .number(.nan), .text(names[i]): .number(.nan),
        .text("nosuch"): .number(0.5),
      ])
      do {
        _ = try ChannelMapping.channels(
          returned: returned, what: "channels", at: Readable.SourceLocation(file: "f.lua", line: 1))
        Issue.record("NaN channels were accepted")
      } catch {
        #expect("\(error)".contains(": \(names[i]) must be"), "\(names[i]), \(names[j]): \(error)")
      }
    }
  }
}

/// The value a fraction of the way across a range (the legend's key faces) is finite and
/// inside it, where `low + (high − low) × t` overflowed to infinity.
@Test(arguments: [0.0, 0.25, 0.5, 1.0])
func valueAcrossTheWidestRange(_ t: Double) {
  let m = Double.greatestFiniteMagnitude
  let v = ColumnRange(low: -m, high: m).value(at: t)
  #expect(v.isFinite && v >= -m && v <= m, "\(t): \(v)")
  #expect(abs(v - m * (2 * t - 1)) <= m * 1e-15, "\(t): \(v)")
  #expect(ColumnRange(low: 2, high: 6).value(at: t) == 2 + 4 * t)
}
