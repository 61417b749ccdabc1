import CRaster

/// Why an SVG document did not become a PNG.
public enum RasterError: Error, CustomStringConvertible, Sendable {
  /// librsvg or cairo could not be loaded: PNG cannot be written on this machine at all.
  case unavailable(String)
  /// The libraries are there, but this document could not be drawn.
  case failed(String)

  /// The reason, in words.
  public var description: String {
    switch self {
    case .unavailable(let why): "PNG needs librsvg and cairo (Debian: librsvg2-2): \(why)"
    case .failed(let why): why
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
  private static func text(_ message: [CChar]) -> String {
    String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// How to make the PNG by hand from an SVG: the hint a refusal ends with.
  public static func conversionHint(_ png: String) -> String {
    let svg = (isPNGName(png) ? String(png.dropLast(4)) : png) + ".svg"
    return "write SVG and convert it: rsvg-convert -o \(png) \(svg)"
  }
}
