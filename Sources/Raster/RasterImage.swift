import CRaster

/// An SVG document drawn into pixels (as `PNG.fromSVG` draws it, not yet encoded): for
/// putting several drawings into one PNG (`PNGStream`) and for checking pixels.
public final class RasterImage {
  private var image: psy_image

  /// The document drawn at its own size, transparent where it draws nothing.
  public convenience init(svg: [UInt8]) throws(RasterError) {
    try self.init(svg: svg, scale: 1, opaque: false)
  }

  /// The document drawn `scale` times its size (as `rsvg-convert --zoom` draws it), over
  /// white when `opaque` (a video's frame), else transparent where it draws nothing.
  public init(svg: [UInt8], scale: Double, opaque: Bool) throws(RasterError) {
    var image = psy_image(pixels: nil, width: 0, height: 0)
    var message = [CChar](repeating: 0, count: 512)
    let status = svg.withUnsafeBufferPointer { s in
      psy_svg_to_image_scaled(
        s.baseAddress, s.count, scale, opaque ? 1 : 0, &image, &message, message.count)
    }
    guard status == PSY_RASTER_OK, image.pixels != nil else {
      let why = PNG.text(message)
      switch status {
      case PSY_RASTER_UNAVAILABLE: throw .unavailable(why)
      case PSY_RASTER_MEMORY: throw .memory(0)
      default: throw .failed(why)
      }
    }
    self.image = image
  }

  /// An image drawn elsewhere (a `RasterWorker`), which it now owns.
  init(taking image: psy_image) { self.image = image }

  deinit { psy_image_free(&image) }

  /// Its width in pixels.
  public var width: Int { Int(image.width) }
  /// Its height in pixels.
  public var height: Int { Int(image.height) }

  /// The pixel at (x, y) as cairo holds it: alpha in the top byte, then red, green, blue,
  /// each premultiplied by alpha. Nil outside the image.
  public func argb(_ x: Int, _ y: Int) -> UInt32? {
    guard x >= 0, y >= 0, x < width, y < height else { return nil }
    return image.pixels[y * width + x]
  }

  /// Calls `body` with every pixel, row after row (as `argb` gives them): reading a large
  /// image without a call a pixel.
  public func withPixels<R>(_ body: (UnsafeBufferPointer<UInt32>) throws -> R) rethrows -> R {
    try body(UnsafeBufferPointer(start: image.pixels, count: width * height))
  }

  /// The C image, for `PNGStream`.
  var raw: psy_image { image }
}
