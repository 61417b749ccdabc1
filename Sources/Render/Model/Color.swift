// Colours: 8-bit RGB, parsed from CSS-like names or hex, printed deterministically.

/// An opaque 8-bit RGB colour.
public struct Color: Hashable, Sendable {
  /// Red, 0...255.
  public var r: UInt8
  /// Green, 0...255.
  public var g: UInt8
  /// Blue, 0...255.
  public var b: UInt8

  /// Creates a colour from its components.
  @inlinable
  public init(r: UInt8, g: UInt8, b: UInt8) {
    self.r = r
    self.g = g
    self.b = b
  }

  /// Pure blue, the face's colour in the seed (`#0000ff`).
  public static let blue = Color(r: 0, g: 0, b: 255)
  /// Black.
  public static let black = Color(r: 0, g: 0, b: 0)
  /// White.
  public static let white = Color(r: 255, g: 255, b: 255)
  /// CSS gray (`#808080`).
  public static let gray = Color(r: 128, g: 128, b: 128)

  /// Parses a colour: one of the CSS colour names (`cssNames`, any letter case), or
  /// `#rgb` / `#rrggbb`. Surrounding spaces are ignored; anything else gives nil.
  public init?(parsing text: String) {
    var bytes = Array(text.utf8)
    while let last = bytes.last, last == 0x20 || last == 0x09 { bytes.removeLast() }
    var start = 0
    while start < bytes.count, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
    bytes.removeFirst(start)
    if bytes.first == UInt8(ascii: "#") {
      var digits: [UInt8] = []
      for byte in bytes.dropFirst() {
        guard let value = Color.hexValue(byte) else { return nil }
        digits.append(value)
      }
      switch digits.count {
      case 3:
        self.init(r: digits[0] * 17, g: digits[1] * 17, b: digits[2] * 17)
      case 6:
        self.init(
          r: digits[0] << 4 | digits[1], g: digits[2] << 4 | digits[3],
          b: digits[4] << 4 | digits[5])
      default:
        return nil
      }
      return
    }
    let lower = String(decoding: bytes.map { $0 >= 65 && $0 <= 90 ? $0 + 32 : $0 }, as: UTF8.self)
    guard let color = Color.named(lower) else { return nil }
    self = color
  }

  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case 48...57: return byte - 48
    case 97...102: return byte - 87
    case 65...70: return byte - 55
    default: return nil
    }
  }

  /// The colour as SVG writes it: the CSS name for 15 basic colours ("gray" for
  /// gray/grey, "cyan" for aqua), otherwise `#rrggbb` in lower case.
  public var svg: String {
    var out: [UInt8] = []
    appendSVG(to: &out)
    return String(decoding: out, as: UTF8.self)
  }

  /// Appends `svg`'s bytes to `out` without building a String.
  @usableFromInline
  func appendSVG(to out: inout [UInt8]) {
    let key = UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b)
    let name: StaticString
    switch key {
    case 0x000000: name = "black"
    case 0xffffff: name = "white"
    case 0xff0000: name = "red"
    case 0x008000: name = "green"
    case 0x0000ff: name = "blue"
    case 0xffff00: name = "yellow"
    case 0xffa500: name = "orange"
    case 0x800080: name = "purple"
    case 0xffc0cb: name = "pink"
    case 0xa52a2a: name = "brown"
    case 0x808080: name = "gray"
    case 0x00ffff: name = "cyan"
    case 0xff00ff: name = "magenta"
    case 0x000080: name = "navy"
    case 0x008080: name = "teal"
    default:
      let hex: [UInt8] = Array("0123456789abcdef".utf8)
      out.append(UInt8(ascii: "#"))
      for c in [r, g, b] {
        out.append(hex[Int(c >> 4)])
        out.append(hex[Int(c & 15)])
      }
      return
    }
    out.append(
      contentsOf: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
  }
}
