import Batch
import LuaHost
import Options
import Psychologist
import Raster

/// `show --animate -o NAME.gif|.mp4|.webm|.png`: the clip to write and its format; nil for
/// any other output, once the clip's options are refused where no clip is written.
func clipOutput(_ args: ParsedArguments) throws(UsageError) -> (String, ClipFormat)? {
  let output = try args[SharedOptions.output]
  if args[ShowCommand.animate], let o = output, let format = ClipFormat.of(o) {
    if let f = try args[SharedOptions.format] {
      throw UsageError(
        "-o '\(o)' writes a clip (\(format.rawValue)); --format \(f.rawValue) is for a still screen"
      )
    }
    if args.given(ShowCommand.frames) {
      throw UsageError("--animate writes one clip, --frames still SVGs: give one of them")
    }
    return (o, format)
  }
  let clipOnly: [any OptionKey] = SharedOptions.clip + [ShowCommand.back]
  for key in clipOnly where args.given(key) {
    throw UsageError(
      "\(key.declaration.name) is for a clip: --animate -o NAME with \(ClipFormat.extensions)")
  }
  return nil
}

/// The clip's frame rate, pixel scale and hold from the command line.
func clipSettings(_ args: ParsedArguments) throws(UsageError) -> (
  fps: Int, pixelScale: Int, hold: Double
) {
  (
    try args[SharedOptions.fps] ?? 30, try args[SharedOptions.pixelScale] ?? 1,
    try args[SharedOptions.hold] ?? 1
  )
}

/// Refuses before any work a clip that cannot be written: no ffmpeg (exit 3: the file is
/// not written, and nothing on the command line can change that), no librsvg.
func refuseUnencodableClip(_ output: String) throws {
  guard ClipEncoder.isAvailable else {
    throw OutputError(description: "cannot write \(output): \(ClipError.ffmpegMissing)")
  }
  if let e = PNG.unavailability() {
    throw UsageError("cannot write \(output): \(pngProblem(output, e))")
  }
}

/// `show SCRIPT NAME --animate -o CLIP`: NAME's transition (and back, with `--back`) as a clip.
func showClip(
  _ path: String, _ name: String, _ args: ParsedArguments, _ options: ScriptOptions,
  _ output: String, _ format: ClipFormat
) throws -> ExitCode {
  try refuseUnencodableClip(output)
  let settings = try clipSettings(args)
  let script = try loadForDeclarations(path, options)
  let (session, input) = try showSession(script, name, args, options)
  let goesBack = args[ShowCommand.back]
  var clip = TransitionClip(
    segments: [], fps: settings.fps, slow: slowAnimations(), pixelScale: settings.pixelScale)
  // Counted before anything is tapped or drawn.
  if let why = clip.tooLong(segments: goesBack ? 2 : 1, hold: settings.hold) {
    throw UsageError(why)
  }
  let movie = try session.tapAnimated(name, input: input)
  // The screens are drawn now, while the session shows them.
  _ = try movie.last
  clip.segments.append(ClipSegment(movie: movie, hold: settings.hold))
  if goesBack {
    let before = session.navigator
    guard session.back() else {
      throw UsageError(
        "--back: '\(name)' leads to a scene with no way back (a replace swaps the detail for good)"
      )
    }
    let back = try session.transition(from: before, tapped: nil)
    _ = try back.last
    clip.segments.append(ClipSegment(movie: back, hold: settings.hold))
  }
  return try writeClip(clip, to: output, format: format, work: script.hostWork(showing: name))
}

/// Ctrl-C while a clip is encoded: stops it between two frames.
private struct ClipInterrupted: Error {}

/// Encodes `clip` into `output` under `work`'s limits: the encoder's run and the drawing of
/// the frames end at the time limit (the script's error), a file not written is exit 3.
/// Ctrl-C (or SIGTERM, SIGHUP) stops it with nothing written: exit 130.
func writeClip(_ clip: TransitionClip, to output: String, format: ClipFormat, work: HostWork)
  throws -> ExitCode
{
  let (width, height) = try clip.pixelSize()
  BatchInterrupt.flag.store(false, ordering: .relaxed)
  BatchInterrupt.install()
  defer { BatchInterrupt.restore() }
  do {
    try ClipEncoder.encode(
      to: output, format: format, width: width, height: height, fps: clip.fps,
      seconds: work.secondsLeft(atMost: 86_400)
    ) {
      let next = clip.frames(work: work)
      return {
        if BatchInterrupt.raised { throw ClipInterrupted() }
        return try next()
      }
    }
    return .ok
  } catch is ClipInterrupted {
    report("interrupted: \(output) not written")
    return .interrupted
  } catch ClipError.encoder(.timeLimit) {
    throw work.stopped()
  } catch let e as ClipError {
    throw OutputError(description: "cannot write \(output): \(e)")
  } catch let e as FileError {
    throw OutputError(description: "cannot write \(e)")
  } catch let e as RasterError {
    throw OutputError(description: "cannot write \(output): \(pngProblem(output, e))")
  }
}
