import LuaHost
import Options
import Psychologist
import Raster
import Render

/// `show --animate` and `show --frames N`: the transition from the menu to NAME's scene, as
/// one animated SVG or as N still frames (the first the menu, the last `show --screen`).
func showAnimated(
  _ path: String, _ name: String, _ args: ParsedArguments, _ options: ScriptOptions
) throws -> ExitCode {
  let count = try frameCount(args)
  let script = try loadForDeclarations(path, options)
  let (session, input) = try showSession(script, name, args, options)
  let movie = try session.tapAnimated(name, input: input)
  // The frames or the animated document of a busy screen are long host work: they end at
  // the script's time limit.
  let work = script.hostWork(showing: name)
  guard count > 0 else {
    try write(try movie.animatedSVG(work: work), to: try args[SharedOptions.output])
    return .ok
  }
  let dir = try args[SharedOptions.outputDirectory] ?? "."
  let folder: OutputDirectory
  do { folder = try OutputDirectory(dir) } catch {
    throw OutputError(description: "cannot write the frames: \(error)")
  }
  // One frame drawn and written at a time: memory stays that of one screen.
  try movie.eachFrame(count) { i, frame in
    try work.check()
    let digits = String(i)
    let file = "frame-" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits + ".svg"
    do { try folder.write(file, Array(SVGRenderer.render(frame).utf8)) } catch {
      throw OutputError(description: "cannot write \(error)")
    }
  }
  return .ok
}

/// Refuses `--watch` beside `--animate` or `--frames`: a watch redraws still screens, so it
/// would otherwise win silently (an animation never written, or written still forever).
func refuseWatchingAnimation(_ args: ParsedArguments) throws(UsageError) {
  guard args[ShowCommand.watch] else { return }
  if args[ShowCommand.animate] {
    throw UsageError("--watch draws still screens: leave out --animate")
  }
  if args.given(ShowCommand.frames) {
    throw UsageError("--watch draws still screens: leave out --frames")
  }
}

/// `--frames N`, or 0 for `--animate`, once the options agree with either.
private func frameCount(_ args: ParsedArguments) throws(UsageError) -> Int {
  let output = try args[SharedOptions.output]
  if args[ShowCommand.animate] && args.given(ShowCommand.frames) {
    throw UsageError("--animate writes one animated SVG, --frames still ones: give one of them")
  }
  if let count = try args[ShowCommand.frames] {
    if output != nil { throw UsageError("--frames writes into --output-dir; -o is for --animate") }
    return count
  }
  if let f = try args[SharedOptions.format], f != .svg {
    throw UsageError("--animate writes an animated SVG; --format \(f.rawValue) cannot animate")
  }
  if let o = output, PNG.isPNGName(o) {
    throw UsageError("--animate writes an animated SVG; a PNG cannot animate (-o '\(o)')")
  }
  return 0
}
