import CLISupport
import LuaHost
import Psychologist
import Raster
import Render

/// `show --animate` and `show --frames N`: the transition from the menu to NAME's scene, as
/// one animated SVG or as N still frames (the first the menu, the last `show --screen`).
func showAnimated(
  _ path: String, _ name: String, _ args: ParsedArguments, _ options: ScriptOptions
) throws -> ExitCode {
  if args.has("--animate") && args.has("--frames") {
    throw UsageError("--animate writes one animated SVG, --frames still ones: give one of them")
  }
  if args.has("--watch") { throw UsageError("--watch draws still screens: leave out --animate") }
  var count = 0
  if args.has("--frames") {
    guard let n = try number(args, "--frames", in: 2...1000, what: "a whole number from 2 to 1000"),
      Double(Int(n)) == n
    else {
      throw UsageError(
        "--frames must be a whole number from 2 to 1000, got '\(args.value("--frames") ?? "")'")
    }
    count = Int(n)
    if args.has("--output") {
      throw UsageError("--frames writes into --output-dir; -o is for --animate")
    }
  } else {
    if let f = args.value("--format"), f != "svg" {
      throw UsageError("--animate writes an animated SVG; --format \(f) cannot animate")
    }
    if let o = args.value("--output"), PNG.isPNGName(o) {
      throw UsageError("--animate writes an animated SVG; a PNG cannot animate (-o '\(o)')")
    }
  }
  let script = try loadScript(path, options)
  let (session, input) = try showSession(script, name, args, options)
  let movie = try session.tapAnimated(name, input: input)
  guard count > 0 else {
    try write(try movie.animatedSVG(), to: args.value("--output"))
    return .ok
  }
  let dir = args.value("--output-dir") ?? "."
  let folder: OutputDirectory
  do { folder = try OutputDirectory(dir) } catch {
    throw OutputError(description: "cannot write the frames: \(error)")
  }
  // One frame drawn and written at a time: memory stays that of one screen.
  try movie.eachFrame(count) { i, frame in
    let digits = String(i)
    let file = "frame-" + String(repeating: "0", count: max(0, 3 - digits.count)) + digits + ".svg"
    do { try folder.write(file, Array(SVGRenderer.render(frame).utf8)) } catch {
      throw OutputError(description: "cannot write \(error)")
    }
  }
  return .ok
}
