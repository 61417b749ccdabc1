import CRaster

/// Why an SVG document did not become a PNG.
public enum RasterError: Error, CustomStringConvertible, Sendable {
  /// librsvg or cairo could not be loaded: PNG cannot be written on this machine at all.
  case unavailable(String)
  /// The libraries are there, but this document could not be drawn.
  case failed(String)
  /// The drawing was stopped at its caller's deadline.
  case timeLimit
  /// The drawing needed more memory than its limit allowed (the limit's bytes).
  case memory(Int)

  /// The reason, in words.
  public var description: String {
    switch self {
    case .unavailable(let why): "PNG needs librsvg and cairo (Debian: librsvg2-2): \(why)"
    case .failed(let why): why
    case .timeLimit: "the time limit passed while the PNG was drawn"
    case .memory(let bytes):
      "not enough memory to draw the PNG (it may use \(bytes >> 20) MiB, what the memory limit leaves)"
    }
  }
}

/// PNG images drawn from SVG documents by librsvg and cairo, which are opened only when the
/// first PNG is asked for: a run that writes no PNG never loads them.
public enum PNG {
  /// The eight bytes every PNG file starts with.
  public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// Whether a file name asks for PNG (`.png`, in any case).
  public static func isPNGName(_ path: String) -> Bool {
    path.utf8.count > 4 && path.lowercased().hasSuffix(".png")
  }

  /// The SVG document drawn at its own size, transparent where it draws nothing (as
  /// `rsvg-convert` draws it), as PNG bytes.
  public static func fromSVG(_ svg: [UInt8]) throws(RasterError) -> [UInt8] {
    var png = psy_png(bytes: nil, count: 0)
    var message = [CChar](repeating: 0, count: 512)
    let status = svg.withUnsafeBufferPointer { s in
      psy_svg_to_png(s.baseAddress, s.count, &png, &message, message.count)
    }
    defer { psy_raster_free(&png) }
    guard status == PSY_RASTER_OK, let bytes = png.bytes else {
      throw status == PSY_RASTER_UNAVAILABLE ? .unavailable(text(message)) : .failed(text(message))
    }
    return Array(UnsafeBufferPointer(start: bytes, count: png.count))
  }

  /// The SVG document drawn as PNG (see `fromSVG(_:)`) in a child process that may use at
  /// most `memory` more bytes (0: no limit) and is stopped as soon as `expired` (asked every
  /// few milliseconds) says its caller's deadline has passed: librsvg and cairo cannot be
  /// interrupted, and a document a script made can keep them busy for seconds.
  public static func fromSVG(_ svg: [UInt8], memory: Int, expired: () -> Bool)
    throws(RasterError) -> [UInt8]
  {
    var png = psy_png(bytes: nil, count: 0)
    var message = [CChar](repeating: 0, count: 512)
    let status = withLimits(memory: memory, expired: expired) { limits in
      svg.withUnsafeBufferPointer { s in
        psy_svg_to_png_limited(s.baseAddress, s.count, limits, &png, &message, message.count)
      }
    }
    defer { psy_raster_free(&png) }
    guard status == PSY_RASTER_OK, let bytes = png.bytes else {
      throw RasterError(status: status, message: message, memory: memory)
    }
    return Array(UnsafeBufferPointer(start: bytes, count: png.count))
  }

  /// Whether librsvg and cairo can be loaded (loading them if not yet done); nil when they
  /// can, else the reason. Lets a command refuse before it does any work; draws nothing.
  public static func unavailability() -> RasterError? {
    var message = [CChar](repeating: 0, count: 512)
    guard psy_raster_available(&message, message.count) == PSY_RASTER_OK else {
      return .unavailable(text(message))
    }
    return nil
  }

  /// A reason C wrote into `message`, up to its NUL.
  static func text(_ message: [CChar]) -> String {
    String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// How to make the PNG by hand from an SVG: the hint a refusal ends with.
  public static func conversionHint(_ png: String) -> String {
    let svg = (isPNGName(png) ? String(png.dropLast(4)) : png) + ".svg"
    return "write SVG and convert it: rsvg-convert -o \(png) \(svg)"
  }
}

extension RasterError {
  /// The error a limited drawing's C status says (with `memory`, the limit it had).
  init(status: Int32, message: [CChar], memory: Int) {
    switch status {
    case PSY_RASTER_UNAVAILABLE: self = .unavailable(PNG.text(message))
    case PSY_RASTER_TIME: self = .timeLimit
    case PSY_RASTER_MEMORY: self = .memory(memory)
    default: self = .failed(PNG.text(message))
    }
  }
}

/// Calls `body` with C's limits of `memory` bytes and the deadline `expired` tells.
func withLimits<R>(
  memory: Int, expired: () -> Bool, _ body: (UnsafePointer<psy_raster_limits>) -> R
) -> R {
  withoutActuallyEscaping(expired) { expired in
    let box = Unmanaged.passRetained(ExpiryBox(expired))
    defer { box.release() }
    var limits = psy_raster_limits(
      memory: memory, expired: { $0.map { ExpiryBox.of($0).expired() } ?? false ? 1 : 0 },
      context: box.toOpaque())
    return body(&limits)
  }
}

/// The caller's deadline test, held for C's callback while one limited drawing runs.
private final class ExpiryBox {
  let expired: () -> Bool
  init(_ expired: @escaping () -> Bool) { self.expired = expired }
  static func of(_ p: UnsafeMutableRawPointer) -> ExpiryBox {
    Unmanaged<ExpiryBox>.fromOpaque(p).takeUnretainedValue()
  }
}
