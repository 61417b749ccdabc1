// A fast, exact number formatter for SVG attributes: at most two decimals, no trailing
// zeros, never an exponent, NaN or infinity. It rounds the exact binary value to the
// nearest hundredth, ties to even, exactly as C's printf("%.2f") does, so its output
// matches a C program that prints "%.2f" and trims zeros.

/// Formats numbers for SVG: `12.5`, `3`, `-0.25`; never `3.00`, `-0`, `1e-05` or `nan`.
public enum SVGNumber {
  /// The largest magnitude printed; larger finite values are clamped to it (±10^13).
  public static let limit: Double = 1e13

  /// The number as SVG text: rounded to hundredths, trailing zeros and a trailing dot
  /// dropped, `-0` printed as `0`; NaN prints `0`, infinities and values beyond
  /// ±`limit` print as ±`limit`.
  public static func string(_ value: Double) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(24)
    append(value, to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// The number rounded to the nearest hundredth, as an integer count of hundredths
  /// (ties to even on the exact binary value), after clamping as `string` does.
  @inlinable
  public static func hundredths(_ value: Double) -> Int64 {
    if value.isNaN { return 0 }
    var v = value.magnitude
    if v > limit { v = limit }
    let scaled = v * 100  // < 2^53, so its integer and fractional parts are exact
    // Truncation is the floor here (scaled is not negative), without a call to floor().
    let floor = Int64(scaled)
    let fraction = scaled - Double(floor)
    var n = floor
    // The product was rounded; when its fraction is within one ulp of one half, look at
    // the exact product (scaled + error, from a fused multiply-add) to decide.
    if (fraction - 0.5).magnitude > scaled.ulp {
      if fraction > 0.5 { n += 1 }
    } else {
      let error = (-scaled).addingProduct(v, 100)  // exact: v*100 - scaled
      if fraction > 0.5 {
        n += 1
      } else if fraction == 0.5 {
        if error > 0 || (error == 0 && floor & 1 != 0) { n += 1 }
      }
      // fraction < 0.5 (by at most an ulp): error <= ulp/2 cannot lift it past one half.
    }
    return value < 0 ? -n : n
  }

  /// The most bytes one number takes: clamping keeps the longest at 17
  /// ("-9999999999999.99"); one more is room to spare.
  static var maxLength: Int { 18 }

  /// Appends the number's SVG text (see `string`) to `out`.
  public static func append(_ value: Double, to out: inout [UInt8]) {
    appendBytes(to: &out, atMost: maxLength) { $0.number(value) }
  }
}

/// Appends at most `bound` bytes to `out`, written by `body` through a cursor.
///
/// The capacity is reserved once and the bytes go straight to memory: appending them one
/// `Array.append` at a time checked uniqueness and capacity for every byte or literal,
/// which cost more than producing the text. `body` must write no more than `bound` bytes;
/// debug builds check each write, release builds trap right after an overrun.
@inline(__always)
func appendBytes(to out: inout [UInt8], atMost bound: Int, _ body: (inout ByteCursor) -> Void) {
  out.append(addingCapacity: bound) { span in
    span.withUnsafeMutableBufferPointer { buffer, count in
      let start = buffer.baseAddress.unsafelyUnwrapped + count
      var cursor = ByteCursor(start: start, end: start + (buffer.count - count))
      body(&cursor)
      let written = cursor.position - start
      precondition(written <= buffer.count - count, "SVG text overran its reserved room")
      count += written
    }
  }
}

/// A write position in memory reserved by `appendBytes(to:atMost:_:)`.
struct ByteCursor {
  /// The most bytes `integer` writes: UInt64.max has 20 digits.
  static var maxIntegerLength: Int { 20 }

  /// Where the next byte goes.
  private(set) var position: UnsafeMutablePointer<UInt8>
  /// The end of the reserved room, checked before every write (a wrong bound must stop
  /// the program, never write past the array).
  private let end: UnsafeMutablePointer<UInt8>

  init(start: UnsafeMutablePointer<UInt8>, end: UnsafeMutablePointer<UInt8>) {
    position = start
    self.end = end
  }

  /// Writes one byte.
  @inline(__always)
  mutating func byte(_ value: UInt8) {
    precondition(position < end, "SVG text overran its reserved room")
    position.initialize(to: value)
    position += 1
  }

  /// Writes a literal. Its length is a constant once inlined, so the copy is a few moves.
  @inline(__always)
  mutating func put(_ text: StaticString) {
    bytes(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }

  /// Writes `source`'s bytes.
  @inline(__always)
  mutating func bytes(_ source: UnsafeBufferPointer<UInt8>) {
    precondition(source.count <= end - position, "SVG text overran its reserved room")
    guard let base = source.baseAddress else { return }
    position.initialize(from: base, count: source.count)
    position += source.count
  }

  /// Writes a non-negative integer's decimal digits (at most `maxIntegerLength`).
  mutating func integer(_ value: UInt64) {
    // The digits are filled in from the last, two at a time from a table of "00" to "99":
    // one division per pair, and no reversal.
    var count = 1
    var rest = value
    while rest >= 100 {
      count += 2
      rest /= 100
    }
    if rest >= 10 { count += 1 }
    precondition(count <= end - position, "SVG text overran its reserved room")
    let pairs = ByteCursor.digitPairs.utf8Start
    var p = position + count
    position = p
    rest = value
    while rest >= 100 {
      let pair = Int(truncatingIfNeeded: rest % 100)
      rest /= 100
      p -= 2
      p.initialize(from: pairs + 2 * pair, count: 2)
    }
    if rest >= 10 {
      (p - 2).initialize(from: pairs + 2 * Int(truncatingIfNeeded: rest), count: 2)
    } else {
      (p - 1).initialize(to: 0x30 &+ UInt8(truncatingIfNeeded: rest))
    }
  }

  /// "00", "01", ... "99" end to end: the digits of every pair.
  static var digitPairs: StaticString {
    """
    00010203040506070809101112131415161718192021222324252627282930313233343536373839\
    40414243444546474849505152535455565758596061626364656667686970717273747576777879\
    8081828384858687888990919293949596979899
    """
  }

  /// Writes a number's SVG text (see `SVGNumber.string`; at most `SVGNumber.maxLength`).
  mutating func number(_ value: Double) {
    let h = SVGNumber.hundredths(value)
    if h < 0 { byte(0x2D) }  // "-"; zero has no sign, so "-0" cannot happen
    let magnitude = h.magnitude
    integer(magnitude / 100)
    let fraction = UInt8(truncatingIfNeeded: magnitude % 100)
    if fraction != 0 {
      byte(0x2E)  // "."
      byte(0x30 &+ fraction / 10)
      let last = fraction % 10
      if last != 0 { byte(0x30 &+ last) }
    }
  }
}
