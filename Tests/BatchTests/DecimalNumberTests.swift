import LuaHost
@testable import Rows
import Testing

@testable import Batch

/// The readers' exact decimal conversion agrees with the standard library's text
/// conversion (strtod), which it skips for the common case.
struct DecimalNumberTests {
  /// What the general path makes of `text`: an integer when it reads as one, else a double.
  func general(_ text: String) -> LuaValue? {
    let t = text.hasPrefix("+") ? String(text.dropFirst()) : text
    if let i = Int(t) { return .integer(i) }
    return Double(t).map { .number($0) }
  }

  func exact(_ text: String) -> LuaValue? {
    Array(text.utf8).withUnsafeBufferPointer(DecimalNumber.exact)
  }

  @Test func agreesWithTheGeneralConversionOnRandomDecimals() {
    var rng = SystemRandomNumberGenerator()
    var converted = 0
    for _ in 0..<200_000 {
      let whole = String(UInt64.random(in: 0...999_999_999_999, using: &rng))
      let places = Int.random(in: 0...8, using: &rng)
      let fraction = String((0..<places).map { _ in "0123456789".randomElement(using: &rng)! })
      let sign = ["", "-", "+"].randomElement(using: &rng)!
      let point = places > 0 || Bool.random(using: &rng) ? "." : ""
      let text =
        sign + whole.prefix(Int.random(in: 1...whole.count, using: &rng)) + point + fraction
      guard let mine = exact(text) else { continue }
      converted += 1
      let theirs = general(text)
      // Same value and same kind; -0.0 and 0.0 compare equal, so their signs are checked too.
      #expect(mine == theirs, "\(text)")
      if case .number(let a) = mine, case .number(let b) = theirs {
        #expect(a.sign == b.sign, "\(text)")
      }
    }
    #expect(converted > 150_000)
  }

  @Test func leavesWhatItCannotConvertExactlyToText() {
    for text in [
      "", "-", "+", ".", "-.", "1e5", "1.5e-3", "0x10", "1..2", "12a", " 1", "inf",
      "1234567890123456", "0.12345678901234567",
    ] {
      #expect(exact(text) == nil, "\(text)")
    }
    #expect(exact("007") == .integer(7))
    #expect(exact("-0") == .integer(0))
    #expect(exact("1.") == .number(1))
    #expect(exact("-.5") == .number(-0.5))
    #expect(exact("000000000000000000000.25") == .number(0.25))
  }
}
