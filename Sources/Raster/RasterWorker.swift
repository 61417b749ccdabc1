import CRaster

/// A child process that draws SVG documents into pixels one after another (a clip's
/// frames), each under its caller's deadline and all under one memory limit: librsvg and
/// cairo cannot be interrupted, and a frame a script made can keep them busy for seconds,
/// so the child is killed when a deadline passes, without a fork for every frame.
public final class RasterWorker {
  private let worker: OpaquePointer
  /// The memory limit it was started with (0: none), which a `.memory` error names.
  private let memory: Int

  /// A worker whose address space may grow by at most `memory` bytes (0: no limit) past
  /// this process's now.
  public init(memory: Int) throws(RasterError) {
    var message = [CChar](repeating: 0, count: 512)
    guard let w = psy_raster_worker_start(max(memory, 0), &message, message.count) else {
      throw PNG.unavailability() ?? .failed(PNG.text(message))
    }
    worker = w
    self.memory = memory
  }

  deinit { psy_raster_worker_stop(worker) }

  /// The document drawn as `RasterImage(svg:scale:opaque:)` draws it, in the worker, which
  /// is killed when `expired` says the deadline passed (`.timeLimit`); a worker that ran
  /// out of memory gives `.memory`. After either, it draws nothing more.
  public func image(svg: [UInt8], scale: Double, opaque: Bool, expired: () -> Bool)
    throws(RasterError) -> RasterImage
  {
    var image = psy_image(pixels: nil, width: 0, height: 0)
    var message = [CChar](repeating: 0, count: 512)
    let status = withLimits(memory: memory, expired: expired) { limits in
      svg.withUnsafeBufferPointer { s in
        psy_raster_worker_draw(
          worker, s.baseAddress, s.count, scale, opaque ? 1 : 0, limits, &image, &message,
          message.count)
      }
    }
    guard status == PSY_RASTER_OK, image.pixels != nil else {
      throw RasterError(status: status, message: message, memory: memory)
    }
    return RasterImage(taking: image)
  }
}
