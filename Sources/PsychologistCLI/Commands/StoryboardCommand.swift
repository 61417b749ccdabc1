import Options
import Psychologist
import Raster

/// `psychologist storyboard SCRIPT`: the whole storyboard on one canvas.
enum StoryboardCommand: Command {
  /// The script.
  static let script = Positional("SCRIPT", completes: .files(["lua"]))
  /// `--format` of `storyboard`.
  static let format = Option<StoryboardFormat>(
    "--format", value: "F",
    help:
      "svg (default; FILE.png for PNG) or dot (the default for FILE.dot and FILE.gv): the graph in Graphviz's language, for your own tools (needs no dot)"
  )

  static let name = "storyboard"

  static let spec = CommandSpec(
    name, positionals: [script],
    summary: "Draw the whole storyboard on one canvas: every scene's screen, every segue's arrow.",
    options: SharedOptions.script + [format, SharedOptions.output],
    details: [
      "Every scene a person can reach (each menu, where each button leads, the scene of a",
      "manual segue) is drawn as `show --screen` draws it on --device and --orientation,",
      "scaled down, its title under it; an arrow comes into the initial scene (on an iPad,",
      "into the split view, whose master and detail hang from it). Each segue is an arrow",
      "from the button performing it (from the menu, for a manual segue) to its scene, with",
      "its kind's badge (push, modal, popover, replace, or a segue_kind's name; the device's",
      "for a per-device kind) and its identifier. Graphviz's dot lays the canvas out (Debian:",
      "graphviz). What check finds (a menu never shown, a segue nothing performs, a scene",
      "whose Lua fails) is drawn in red and said on stderr; the canvas is still written, and",
      "the command exits 1.",
      "",
      "examples:",
      "  psychologist storyboard examples/psychologist.lua -o board.svg",
      "  psychologist storyboard examples/barista.lua -o board.png",
      "  psychologist storyboard examples/ipad.lua --device ipad --orientation landscape -o ipad.png",
      "  psychologist storyboard examples/barista.lua --format dot | dot -Tpdf -o board.pdf",
    ])

  static func run(_ args: ParsedArguments) throws -> ExitCode {
    let options = try scriptOptions(args)
    let output = try args[SharedOptions.output]
    let format = try storyboardFormat(args, output: output)
    let script = try loadForDeclarations(args[Self.script], options)
    // The walk of the screens, dot's layout and the PNG end at one deadline: the time
    // limit, from now; what they hold counts against the memory limit.
    let work = script.hostWork(showing: "")
    let canvas = try script.storyboardCanvas(
      device: options.device, orientation: options.orientation, drawing: format == .svg,
      work: work)
    for p in canvas.problems { report(p.description) }
    // The canvas is written whole, problems in red; the status says them, as check's does.
    let status: ExitCode = canvas.problems.isEmpty ? .ok : .script
    guard format == .svg else {
      try write(Array(canvas.dot.utf8), to: output)
      return status
    }
    let svg: [UInt8]
    do { svg = try canvas.svg(seconds: work.secondsLeft(atMost: 30)) } catch .timeLimit
      where work.expired()
    {
      // dot's run is host work: stopped at the script's time limit, it is that limit's error.
      throw work.stopped()
    } catch {
      throw OutputError(description: "cannot draw the storyboard: \(error)")
    }
    guard let output, PNG.isPNGName(output) else {
      try write(svg, to: output)
      return status
    }
    do {
      try write(try fileBytes(svg: svg, name: output, drawing: work.png), to: output)
    } catch let e as RasterError {
      // As every command says it: no librsvg is the machine's, not the output's.
      let message = "cannot write \(output): \(pngProblem(output, e))"
      if case .unavailable = e { throw UsageError(message) }
      throw OutputError(description: message)
    }
    return status
  }
}

/// `--format`, else by -o's extension: `.dot` and `.gv` (Graphviz's own) are the graph,
/// the names every command writes (`.svg`, `.png`) the canvas.
private func storyboardFormat(_ args: ParsedArguments, output: String?) throws
  -> StoryboardFormat
{
  let given = try args[StoryboardCommand.format]
  guard let o = output, o != "-" else { return given ?? .svg }
  let ext = OutputName.extensionOf(o)
  if ext == ".dot" || ext == ".gv" {
    guard given ?? .dot == .dot else {
      throw UsageError(
        "-o '\(o)' writes the graph in dot's language; --format svg writes .svg or .png")
    }
    return .dot
  }
  do { try OutputName.check(o) } catch {
    throw UsageError("-o \(error); storyboard writes .dot and .gv too")
  }
  if ext == ".txt" {
    throw UsageError("-o '\(o)': storyboard draws no ASCII; it writes .svg, .png, .dot or .gv")
  }
  if given == .dot, ext != nil {
    throw UsageError("-o '\(o)': --format dot writes the graph as text, to FILE.dot or FILE.gv")
  }
  return given ?? .svg
}

/// What `storyboard` writes.
enum StoryboardFormat: String, CaseIterable, Sendable {
  /// The canvas as SVG (PNG when -o names a .png).
  case svg
  /// The graph in Graphviz's dot language.
  case dot
}
