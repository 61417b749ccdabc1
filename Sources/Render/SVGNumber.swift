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
    let floor = scaled.rounded(.down)
    let fraction = scaled - floor
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
        if error > 0 || (error == 0 && floor.truncatingRemainder(dividingBy: 2) != 0) { n += 1 }
      }
      // fraction < 0.5 (by at most an ulp): error <= ulp/2 cannot lift it past one half.
    }
    let magnitude = Int64(n)
    return value < 0 ? -magnitude : magnitude
  }

  /// Appends the number's SVG text (see `string`) to `out`.
  @inlinable
  public static func append(_ value: Double, to out: inout [UInt8]) {
    let h = hundredths(value)
    if h == 0 {
      out.append(0x30)
      return
    }
    var m = UInt64(h.magnitude)
    if h < 0 { out.append(0x2D) }
    let fraction = Int(m % 100)
    m /= 100
    appendInteger(m, to: &out)
    if fraction != 0 {
      out.append(0x2E)
      out.append(UInt8(truncatingIfNeeded: 0x30 + fraction / 10))
      let last = fraction % 10
      if last != 0 { out.append(UInt8(truncatingIfNeeded: 0x30 + last)) }
    }
  }

  /// Appends a non-negative integer's decimal digits.
  @inlinable
  static func appendInteger(_ value: UInt64, to out: inout [UInt8]) {
    if value < 10 {
      out.append(UInt8(truncatingIfNeeded: 0x30 + value))
    } else if value < 100 {
      let v = UInt32(truncatingIfNeeded: value)
      out.append(UInt8(truncatingIfNeeded: 0x30 + v / 10))
      out.append(UInt8(truncatingIfNeeded: 0x30 + v % 10))
    } else if value < 1000 {
      let v = UInt32(truncatingIfNeeded: value)
      out.append(UInt8(truncatingIfNeeded: 0x30 + v / 100))
      out.append(UInt8(truncatingIfNeeded: 0x30 + (v / 10) % 10))
      out.append(UInt8(truncatingIfNeeded: 0x30 + v % 10))
    } else {
      var power: UInt64 = 1000
      while power <= value / 10 { power *= 10 }
      var rest = value
      while power > 0 {
        out.append(UInt8(truncatingIfNeeded: 0x30 + rest / power))
        rest %= power
        power /= 10
      }
    }
  }
}
