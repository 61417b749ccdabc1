import Glibc
import LuaHost

/// A moving picture's file format, by the name's extension: what the places people post to
/// take (blog platforms, chat apps, slides, issue trackers), where an animated SVG is
/// stripped or does not play.
public enum ClipFormat: String, CaseIterable, Sendable {
  /// An animated GIF, its palette made for the clip.
  case gif
  /// MP4, H.264 in yuv420p: plays in every browser and phone.
  case mp4
  /// WebM, VP9.
  case webm
  /// An animated PNG (APNG), full colour.
  case apng

  /// The format a file name asks for (`.gif`, `.mp4`, `.webm`, `.png`), nil for another.
  public static func of(_ name: String) -> ClipFormat? {
    switch OutputName.extensionOf(name) {
    case ".gif": .gif
    case ".mp4": .mp4
    case ".webm": .webm
    case ".png": .apng
    default: nil
    }
  }

  /// The extensions a clip may be written as, as messages list them.
  public static let extensions = ".gif, .mp4, .webm, .png (animated)"

  /// What ffmpeg is told after its inputs to encode this format (GIF's palette filter
  /// apart): codec, pixel format, container.
  var encoding: [String] {
    switch self {
    case .gif: ["-loop", "0", "-f", "gif"]
    case .mp4:
      // yuv420p halves the chroma: an odd side is padded by one white column or row.
      [
        "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2:color=white", "-c:v", "libx264", "-pix_fmt",
        "yuv420p", "-preset", "medium", "-crf", "18", "-movflags", "+faststart", "-f", "mp4",
      ]
    case .webm:
      [
        "-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2:color=white", "-c:v", "libvpx-vp9", "-pix_fmt",
        "yuv420p", "-b:v", "0", "-crf", "30", "-deadline", "good", "-cpu-used", "4",
        "-row-mt", "1", "-f", "webm",
      ]
    case .apng: ["-c:v", "apng", "-pix_fmt", "rgb24", "-plays", "0", "-f", "apng"]
    }
  }
}

/// Why a clip was not encoded (the machine's or the encoder's, not the script's).
public enum ClipError: Error, CustomStringConvertible {
  /// ffmpeg is not installed.
  case ffmpegMissing
  /// ffmpeg failed or was stopped (what the child runner says).
  case encoder(ChildProcessError)

  /// One line for a person.
  public var description: String {
    switch self {
    case .ffmpegMissing:
      "a GIF, MP4, WebM or animated PNG is encoded by ffmpeg, which is not installed (Debian: apt-get install ffmpeg; scripts/bootstrap installs it); --animate -o NAME.svg writes an animated SVG without it"
    case .encoder(let e): "encoding with ffmpeg failed: \(e)"
    }
  }
}

/// Frames streamed to Debian's `ffmpeg` as raw pixels on its standard input (no folder of
/// images: memory stays that of one frame whatever the clip's length), encoded into a file
/// that ffmpeg writes through a descriptor of a temporary file beside the target, renamed
/// only once ffmpeg has finished: the clip is whole or absent.
public enum ClipEncoder {
  /// Whether ffmpeg is on PATH: asked before any frame is drawn.
  public static var isAvailable: Bool { ChildProcess.find("ffmpeg") != nil }

  /// Encodes the frames `frames` makes into `path` as `format`. Each call of `frames`
  /// starts the clip from its first frame and returns a producer of the frames' pixels
  /// (cairo's ARGB32 rows, `width`×`height`, opaque), nil after the last; a GIF calls it
  /// twice, once to make its palette from every frame and once to encode. The encoder's
  /// run ends when `seconds` have passed (the script's time limit).
  public static func encode(
    to path: String, format: ClipFormat, width: Int, height: Int, fps: Int, seconds: Double,
    frames: () throws -> () throws -> [UInt8]?
  ) throws {
    guard isAvailable else { throw ClipError.ffmpegMissing }
    // A folder that is not there, or a symlink or a folder at the name, is said before any
    // frame is drawn.
    let file = LaterFile(path)
    if let refusal = file.refusal { throw refusal }
    let deadline = monotonicSeconds() + seconds
    // cairo's ARGB32 in memory on a little-endian machine is B, G, R, A.
    let input = [
      "-hide_banner", "-loglevel", "error", "-nostats", "-f", "rawvideo", "-pix_fmt", "bgra",
      "-video_size", "\(width)x\(height)", "-framerate", "\(fps)", "-i", "pipe:0",
    ]
    var palette: [UInt8] = []
    if format == .gif {
      // Every frame's colours counted once, for a palette of this clip alone: the bar's
      // gradient keeps its steps.
      palette = try encoder {
        try ChildProcess.stream(
          "ffmpeg",
          input + [
            "-vf", "palettegen=stats_mode=full:reserve_transparent=0", "-f", "rawvideo",
            "-pix_fmt", "rgba", "pipe:1",
          ], seconds: left(deadline), outputCap: paletteBytes, produce: try frames())
      }
      guard palette.count == paletteBytes else {
        throw ClipError.encoder(
          .failed("ffmpeg", 0, "its palette has \(palette.count) bytes, not \(paletteBytes)"))
      }
    }
    try file.write(descriptor: { output in
      var sideData: [Int32] = [-1, -1]
      defer { for fd in sideData where fd >= 0 { close(fd) } }
      var arguments = input
      var descriptors: [Int32: Int32] = [4: output]
      if format == .gif {
        // The palette goes in on a pipe of its own (its 1 KiB fits the pipe's buffer).
        guard pipe(&sideData) == 0 else {
          throw ClipError.encoder(.cannotStart("ffmpeg", "no pipe"))
        }
        for fd in sideData { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        guard palette.withUnsafeBytes({ FileSystem.writeAll(sideData[1], $0) }) else {
          throw ClipError.encoder(.cannotStart("ffmpeg", "cannot hand it the palette"))
        }
        close(sideData[1])
        sideData[1] = -1
        descriptors[3] = sideData[0]
        arguments += [
          "-f", "rawvideo", "-pix_fmt", "rgba", "-video_size", "16x16", "-i", "pipe:3",
          "-lavfi", "[0:v][1:v]paletteuse=dither=sierra2_4a:diff_mode=rectangle",
        ]
      }
      // ffmpeg opens the temporary file again through its descriptor: a file it may seek
      // in (an MP4 writes its index last), never a name someone could swap meanwhile.
      arguments += format.encoding + ["-y", "file:/dev/fd/4"]
      _ = try encoder {
        try ChildProcess.stream(
          "ffmpeg", arguments, seconds: left(deadline), outputCap: 1 << 16,
          descriptors: descriptors, produce: try frames())
      }
    })
  }

  /// The bytes of a GIF palette as ffmpeg's palettegen gives it: 16×16 RGBA.
  static let paletteBytes = 16 * 16 * 4

  /// The seconds left before `deadline`.
  private static func left(_ deadline: Double) -> Double {
    max(deadline - monotonicSeconds(), 0)
  }

  /// Runs `body`, its child's failures said as the encoder's.
  private static func encoder<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch let e as ChildProcessError {
      if case .notFound = e { throw ClipError.ffmpegMissing }
      throw ClipError.encoder(e)
    }
  }
}
