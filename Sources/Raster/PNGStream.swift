import CRaster

/// A PNG written a band of rows at a time: an image taller than any one drawing (a contact
/// sheet of thousands of faces) is drawn band by band into one file, and only a band's
/// pixels and what zlib holds are in memory at once.
public final class PNGStream {
  private let stream: OpaquePointer
  private let emit: ([UInt8]) throws -> Void

  /// Starts a PNG of `width` × `height` pixels, RGB when `opaque` (every pixel will be,
  /// as on a sheet's white ground) else RGBA, handing its bytes to `emit` as they are made.
  public init(
    width: Int, height: Int, opaque: Bool, emit: @escaping ([UInt8]) throws -> Void
  ) throws(RasterError) {
    var message = [CChar](repeating: 0, count: 512)
    guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max),
      let s = psy_png_stream_begin(
        UInt32(width), UInt32(height), opaque ? 1 : 0, &message, message.count)
    else {
      throw .failed(width > 0 && height > 0 ? PNG.text(message) : "an image of no pixels")
    }
    stream = s
    self.emit = emit
  }

  deinit { psy_png_stream_free(stream) }

  /// Has every block of a megabyte or more mapped and unmapped on its own from now on, for
  /// the whole process: a program drawing many bands keeps its memory that of one band
  /// (glibc would serve later bands from a heap that grows with each).
  public static func mapLargeBlocks() { psy_raster_map_large_blocks() }

  /// Adds the rows of `band`, as wide as the PNG, under those added before.
  public func add(_ band: RasterImage) throws {
    var message = [CChar](repeating: 0, count: 512)
    var image = band.raw
    guard psy_png_stream_rows(stream, &image, &message, message.count) == PSY_RASTER_OK else {
      throw RasterError.failed(PNG.text(message))
    }
    try drain()
  }

  /// Ends the PNG: every row must have been added.
  public func finish() throws {
    var message = [CChar](repeating: 0, count: 512)
    guard psy_png_stream_finish(stream, &message, message.count) == PSY_RASTER_OK else {
      throw RasterError.failed(PNG.text(message))
    }
    try drain()
  }

  private func drain() throws {
    var count: UnsafeMutablePointer<Int>? = nil
    guard let bytes = psy_png_stream_output(stream, &count), let count, count.pointee > 0 else {
      return
    }
    let made = Array(UnsafeBufferPointer(start: bytes, count: count.pointee))
    count.pointee = 0
    try emit(made)
  }
}
