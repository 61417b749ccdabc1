import Batch
import LuaHost
import Options
import Psychologist
import Readable
import Render

/// `psychologist show SCRIPT NAME`: tap or perform NAME and draw where it leads.
enum ShowCommand: Command {
  /// The script.
  static let script = Positional("SCRIPT", completes: .files(["lua"]))
  /// A diagnosis (tapped) or a segue (performed); none: the app's first screen.
  static let tapped = OptionalPositional(
    "NAME", completes: .declared(["diagnoses", "segues"]))
  /// `--screen`.
  static let screen = Flag(
    "--screen", help: "draw the whole device screen: bars, split view, popovers")
  /// `--input`, repeatable: the tapped diagnosis's input.
  static let input = RepeatedOption<String>(
    "--input", value: "JSON|K=V",
    help:
      "what a computed diagnosis gets as input: one JSON object, or KEY=VALUE (numbers read as numbers)"
  )
  /// `--watch`.
  static let watch = Flag(
    "--watch", help: "redraw whenever the script or a file it requires changes")
  /// `--animate`.
  static let animate = Flag(
    "--animate",
    help:
      "the segue's transition from the menu: an animated SVG, or with -o NAME.gif, .mp4, .webm or .png a clip encoded by ffmpeg"
  )
  /// `--back`.
  static let back = Flag(
    "--back", help: "a clip goes back after the transition (tap, then back, as a loop)")
  /// `--frames`.
  static let frames = Option<Int>(
    "--frames", value: "N",
    help: "N still SVGs of the transition (frame-000.svg …) into --output-dir, 2 to 1000",
    wholeIn: 2...1000)

  static let name = "show"

  static let spec = CommandSpec(
    name, positionals: [script, tapped],
    summary:
      "Tap a diagnosis (or perform a segue) and draw the face of the scene it leads to; --screen with no NAME: the app's first screen.",
    options: SharedOptions.script + [
      screen, input, SharedOptions.format, SharedOptions.output, SharedOptions.color,
      SharedOptions.outputDirectory, watch, animate, frames,
    ] + SharedOptions.clip + [back],
    details: [
      "examples:",
      "  psychologist show examples/psychologist.lua bite",
      "  psychologist show examples/barista.lua --screen -o menu.png",
      "  psychologist show examples/psychologist.lua bite --screen --animate -o bite.svg",
      "  psychologist show examples/psychologist.lua bite --screen --frames 8 --output-dir frames",
      "  psychologist show examples/psychologist.lua bite --screen --animate -o push.gif",
      "  psychologist show examples/psychologist.lua cartoon --screen --animate --back --pixel-scale 2 -o modal.mp4",
      "  psychologist show examples/mood.lua mood --input sleep=7 -o mood.png",
      "  psychologist show examples/mood.lua mood --input '{\"sleep\": 7}'",
      "  psychologist show examples/ipad.lua cartoon --device ipad --orientation landscape --screen -o cartoon.svg",
      "",
      "A clip (--animate -o NAME.gif, .mp4, .webm or .png) is the transition drawn frame by frame",
      "at UIKit's duration and curve (PSYCHOLOGIST_SLOW_ANIMATIONS=N plays it N times slower), at",
      "--fps frames a second and --pixel-scale pixels a point, held --hold seconds at the end;",
      "--back goes back too, and the clip loops. Frames stream to Debian's ffmpeg (apt-get install",
      "ffmpeg): a GIF gets a palette made for the clip, an MP4 is H.264 in yuv420p, a WebM VP9, a",
      "PNG an animated PNG. Encoding counts against --time-limit; a clip is at most 10000 frames",
      "and 10 minutes, refused before anything is drawn.",
    ])

  static func run(_ args: ParsedArguments) throws -> ExitCode {
    try refuseWatchingAnimation(args)
    // The frames' folder is made as run and batch make theirs.
    if args.given(frames), let dir = try args[SharedOptions.outputDirectory] {
      try makeOutputFolder(dir)
    }
    let options = try scriptOptions(args, outputFolder: SharedOptions.outputDirectory)
    if let (output, format) = try clipOutput(args) {
      guard let name = args[tapped] else {
        throw UsageError(
          "show: --animate draws the transition to NAME: name a diagnosis or a segue")
      }
      return try showClip(args[Self.script], name, args, options, output, format)
    }
    _ = try outputFormat(args)
    if args[tapped] == nil && !args[screen] {
      throw UsageError(
        "show: missing NAME, a diagnosis or segue to show (or --screen alone for the app's first screen)"
      )
    }
    if args[watch] {
      return try watchShowing(args, options: options)
    }
    if args[animate] || args.given(frames) {
      guard let name = args[tapped] else {
        throw UsageError(
          "show: --animate and --frames draw the transition to NAME: name a diagnosis or a segue")
      }
      return try showAnimated(args[Self.script], name, args, options)
    }
    let script = try loadForDeclarations(args[Self.script], options)
    let drawing = try showDrawing(script, args[tapped], args, options)
    warnUnreadInputs(script)
    try emit(drawing, args, work: script.hostWork(showing: args[tapped] ?? ""))
    return .ok
  }
}

/// NAME's scene of a loaded script, drawn as the command line asks; with no NAME (and
/// `--screen`), the app's first screen as a person opens it.
func showDrawing(
  _ script: Script, _ name: String?, _ args: ParsedArguments, _ options: ScriptOptions
)
  throws -> Drawing
{
  guard let name else {
    try requireValid(script, on: options.device)
    if args.given(ShowCommand.input) {
      throw UsageError("--input is for a diagnosis tapped: name one (show SCRIPT NAME --input …)")
    }
    let session = try Session(
      script: script, device: options.device, orientation: options.orientation)
    return try session.drawing(screen: args[ShowCommand.screen])
  }
  let (session, input) = try showSession(script, name, args, options)
  script.inputReads.isOn = true
  try session.tapOrPerform(name, input: input)
  return try session.drawing(screen: args[ShowCommand.screen])
}

/// A session for `show` and the input NAME gets, once the script and the command line agree.
func showSession(
  _ script: Script, _ name: String, _ args: ParsedArguments, _ options: ScriptOptions
) throws -> (Session, LuaValue) {
  try requireValid(script, on: options.device)
  let registry = script.registry
  guard registry.diagnosis(name) != nil || registry.segue(name) != nil else {
    let names = registry.diagnoses.map(\.name) + registry.segues.map(\.identifier)
    throw UsageError(
      "\(script.path): no diagnosis or segue named '\(name)'\(suggestion(name, names)) \(listing("names", names, none: "it declares no diagnosis or segue"))"
    )
  }
  let input = try tapInput(args)
  if args.given(ShowCommand.input) {
    guard let d = registry.diagnosis(name) else {
      throw UsageError(
        "--input is for a diagnosis; '\(name)' is a segue, whose happiness function gets ctx, not an input"
      )
    }
    // A feature drawn on every face reads `face.input` too.
    guard d.readsInput || registry.features.contains(where: registry.drawsEverywhere) else {
      throw UsageError(
        "--input: diagnosis '\(name)' (\(d.location)) reads no input: neither its happiness nor its expression is a function, it maps no channels and no feature draws on its face"
      )
    }
  }
  let session = try Session(
    script: script, device: options.device, orientation: options.orientation)
  // A button on another menu is tapped there: the menus leading to it are tapped first.
  try session.reachMenu(of: name)
  return (session, input)
}

/// The table `--input` gives; a malformed one is a usage error.
private func tapInput(_ args: ParsedArguments) throws(UsageError) -> LuaValue {
  let texts = try args[ShowCommand.input]
  do { return try TapInput.parse(texts) } catch { throw UsageError(error.description) }
}
