import Glibc
import LuaHost

/// Numbers written as plain decimals (`-12`, `3.25`, `+.5`), converted without text:
/// the common case of both readers, CSV and JSON.
enum DecimalNumber {
  /// The value of `bytes` when they are an optional sign, digits and an optional point with
  /// digits, 15 digits at most, and no exponent: an integer without a point, else a float.
  /// Up to 15 digits the integer is exact, and so is a double made by dividing it by an
  /// exact power of ten, correctly rounded (Clinger's fast path): the same double the
  /// general conversion gives. Nil for anything else, which the caller converts as text.
  static func exact(_ bytes: UnsafeBufferPointer<UInt8>) -> LuaValue? {
    let n = bytes.count
    var i = 0
    let negative = n > 0 && bytes[0] == UInt8(ascii: "-")
    if negative || (n > 0 && bytes[0] == UInt8(ascii: "+")) { i = 1 }
    var mantissa: UInt64 = 0
    var significant = 0  // digits from the first that is not zero: at most 15 fit exactly
    // Reads a run of digits into the mantissa; how many there were.
    func run() -> Int {
      let start = i
      while i < n, bytes[i] &- 48 < 10 {
        mantissa = mantissa &* 10 &+ UInt64(bytes[i] &- 48)
        if mantissa != 0 { significant += 1 }
        i += 1
      }
      return i - start
    }
    var digits = run()
    guard i < n else {
      guard digits > 0, significant <= 15 else { return nil }
      return .integer(negative ? -Int(mantissa) : Int(mantissa))
    }
    guard bytes[i] == UInt8(ascii: ".") else { return nil }
    i += 1
    let decimals = run()
    digits += decimals
    guard i == n, digits > 0, significant <= 15, decimals < powersOfTen.count else { return nil }
    let d = Double(mantissa) / powersOfTen[decimals]
    return .number(negative ? -d : d)
  }

  /// 10^0 … 10^22, each exact in a double.
  private static let powersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }
}
