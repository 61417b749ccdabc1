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
    var i = 0
    let n = bytes.count
    let negative = n > 0 && bytes[0] == UInt8(ascii: "-")
    if negative || (n > 0 && bytes[0] == UInt8(ascii: "+")) { i = 1 }
    var mantissa: UInt64 = 0
    var significant = 0  // digits from the first that is not zero
    var anyDigit = false
    var decimals: Int?  // digits after the point, once there is one
    while i < n {
      let c = bytes[i]
      i += 1
      if c == UInt8(ascii: "."), decimals == nil {
        decimals = 0
        continue
      }
      guard c >= 48, c <= 57 else { return nil }
      anyDigit = true
      if mantissa != 0 || c != 48 { significant += 1 }
      guard significant <= 15 else { return nil }
      mantissa = mantissa * 10 + UInt64(c - 48)
      if let d = decimals { decimals = d + 1 }
    }
    guard anyDigit else { return nil }
    guard let decimals else { return .integer(negative ? -Int(mantissa) : Int(mantissa)) }
    guard decimals < powersOfTen.count else { return nil }
    let d = Double(mantissa) / powersOfTen[decimals]
    return .number(negative ? -d : d)
  }

  /// 10^0 … 10^22, each exact in a double.
  private static let powersOfTen: [Double] = (0...22).map { pow(10, Double($0)) }
}
