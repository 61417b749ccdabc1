import Declarations
import Geometry
import LuaHost
import Raster
import Readable
import Render
import Storyboard

/// One part of a clip: a transition played at its real duration and curve, then its last
/// screen held, with a caption under the screen when given.
public struct ClipSegment {
  /// The transition (its frames are `TransitionMovie.frame(at:)`, as `--frames` draws them).
  public var movie: TransitionMovie
  /// The words in a band under the screen (the reel names each segue and its kind).
  public var caption: String?
  /// How long the screen after is held, in seconds.
  public var hold: Double

  /// A segment of `movie`, held `hold` seconds.
  public init(movie: TransitionMovie, caption: String? = nil, hold: Double) {
    self.movie = movie
    self.caption = caption
    self.hold = hold
  }
}

/// Transitions as a moving picture: their frames sampled at a frame rate over UIKit's
/// duration (times a slow-down, as the Simulator's Slow Animations), drawn through the PNG
/// path (librsvg and cairo) at a pixel scale, one frame at a time.
public struct TransitionClip {
  /// The parts, played in order.
  public var segments: [ClipSegment]
  /// Frames a second.
  public var fps: Int
  /// How many times slower than UIKit the transitions play (1: real time).
  public var slow: Double
  /// Pixels a point (2 for a retina screen's sharpness).
  public var pixelScale: Int

  /// The most frames a clip may have: refused before anything is drawn.
  public static let maxFrames = 10_000
  /// The longest a clip may play, in seconds.
  public static let maxSeconds = 600.0
  /// The height of the band a caption is written in, in points.
  static let captionBand = 32.0

  /// A clip of `segments`.
  public init(segments: [ClipSegment], fps: Int, slow: Double, pixelScale: Int) {
    self.segments = segments
    self.fps = fps
    self.slow = slow
    self.pixelScale = pixelScale
  }

  /// The seconds one transition plays.
  public var transitionSeconds: Double { Transition.duration * slow }

  /// The frames one transition takes, each shown 1/fps seconds, so that they last the
  /// transition's duration within half a frame: the first the screen before, the last the
  /// screen after exactly, the ones between evenly apart in time (as `--frames N` samples).
  public var transitionFrames: Int {
    max(Int((transitionSeconds * Double(fps)).rounded()), 2)
  }

  /// The frames `seconds` of holding take.
  func holdFrames(_ seconds: Double) -> Int { Int((seconds * Double(fps)).rounded()) }

  /// The frames of the whole clip.
  public var frameCount: Int {
    segments.reduce(0) { $0 + transitionFrames + holdFrames($1.hold) }
  }

  /// Why a clip of `segments` segments, each held `hold` seconds, at this clip's rate and
  /// pace would be too long (past `maxFrames` or `maxSeconds`), nil when it would not:
  /// counted before any segment is made or drawn.
  public func tooLong(segments: Int, hold: Double) -> String? {
    let (total, over) = (transitionFrames + holdFrames(hold)).multipliedReportingOverflow(
      by: segments)
    return refusal(frames: over ? Int.max : total)
  }

  /// The refusal of a clip of `frames` frames, nil when it is within the bounds.
  private func refusal(frames: Int) -> String? {
    let seconds = Double(frames) / Double(fps)
    guard frames > Self.maxFrames || seconds > Self.maxSeconds else { return nil }
    return
      "the clip would be \(frames) frames (\(formatNumber((seconds * 10).rounded() / 10)) s); a clip is made of at most \(Self.maxFrames) frames and \(formatNumber(Self.maxSeconds / 60)) minutes"
  }

  /// The size of each frame in points (the screen, and the caption's band when any segment
  /// has a caption).
  public func size() throws -> Size {
    guard let first = segments.first else { return Size(width: 1, height: 1) }
    let screen = try first.movie.last
    let band = segments.contains { $0.caption != nil } ? Self.captionBand : 0
    return Size(width: screen.width, height: screen.height + band)
  }

  /// The size of each frame in pixels.
  public func pixelSize() throws -> (width: Int, height: Int) {
    let s = try size()
    let scale = Double(pixelScale)
    // Rounded up, as the rasteriser rounds a fractional side.
    return (Int((s.width * scale).rounded(.up)), Int((s.height * scale).rounded(.up)))
  }

  /// The drawing of segment `segment` at progress `t` ∈ [0, 1] of its transition, with its
  /// caption's band when the clip has one.
  public func drawing(_ segment: ClipSegment, at t: Double) throws -> Drawing {
    var frame = try segment.movie.frame(at: t)
    let size = try self.size()
    guard size.height > frame.height else { return frame }
    let top = frame.height
    frame.height = size.height
    frame.background = frame.background ?? .white
    frame.items.append(
      Item(
        .rect(Rect(x: 0, y: top, width: size.width, height: Self.captionBand)),
        paint: Paint(stroke: nil, fill: Color(r: 34, g: 34, b: 34))))
    if let caption = segment.caption {
      frame.items.append(
        Item(
          .text(caption, at: Point(size.width / 2, top + Self.captionBand / 2 + 5), size: 14),
          paint: Paint(
            stroke: nil, fill: .white,
            text: TextStyle(
              bold: true, families: ["Helvetica", "Arial", "Liberation Sans", "sans-serif"],
              anchor: .middle))))
    }
    return frame
  }

  /// A producer of the clip's frames as pixels (cairo's ARGB32 rows, opaque), nil after
  /// the last: each frame drawn when asked for (a held screen once), so memory is that of
  /// one frame whatever the clip's length. Drawing is host work held to `work`: frames are
  /// drawn in a child process (`HostWork.rasterWorker`) killed when the deadline passes,
  /// even mid-frame, held to what the memory limit leaves; a frame's pixels are charged.
  public func frames(work: HostWork) -> () throws -> [UInt8]? {
    var segment = 0
    var index = 0
    var held: [UInt8]?
    var worker: RasterWorker?
    let transition = transitionFrames
    return {
      while segment < self.segments.count {
        let s = self.segments[segment]
        let hold = self.holdFrames(s.hold)
        guard index < transition + hold else {
          segment += 1
          index = 0
          held = nil
          continue
        }
        defer { index += 1 }
        if index >= transition - 1, let held { return held }
        try work.check()
        let t = Double(index) / Double(transition - 1)
        let drawing = try self.drawing(s, at: t)
        if worker == nil { worker = try work.rasterWorker() }
        let pixels = try self.pixels(drawing, work: work, in: worker!)
        if index >= transition - 1 { held = pixels }
        return pixels
      }
      return nil
    }
  }

  /// One drawing as opaque pixels at the clip's scale, drawn in `worker`, its bytes
  /// charged while it is drawn.
  func pixels(_ drawing: Drawing, work: HostWork, in worker: RasterWorker) throws -> [UInt8] {
    let svg = Array(SVGRenderer.render(drawing).utf8)
    let (w, h) = try pixelSize()
    let bytes = w * h * 4 + svg.count
    try work.state.charge(bytes, at: work.place)
    defer { work.state.uncharge(bytes) }
    let image = try work.image(svg, scale: Double(pixelScale), opaque: true, in: worker)
    guard image.width == w, image.height == h else {
      throw RasterError.failed(
        "a frame was drawn \(image.width)×\(image.height) pixels, not \(w)×\(h)")
    }
    return image.withPixels { Array(UnsafeRawBufferPointer($0)) }
  }
}
