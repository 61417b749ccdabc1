import LuaHost
import Batch
import CLISupport
import Psychologist
import Render
import Storyboard

/// Loads a script for a command; a missing file is a usage error, a snapshot that could not
/// be written an output error (even when the script caught it), anything else a script error.
func loadScript(_ path: String, _ options: ScriptOptions, output: LuaPrintTarget? = nil)
  throws -> Script
{
  guard FileSystem.exists(path) else { throw UsageError("no such script: \(path)") }
  let script = try Script(path: path, options: options, output: output ?? printTarget())
  do { try script.load() } catch {
    if !script.unwritten.isEmpty { throw OutputError(description: describe(error)) }
    // A session refused the declarations naming the first problem: say them all.
    let problems = script.problems(on: options.device)
    if script.isRefusal(error), !problems.isEmpty { throw ProblemList(problems) }
    throw error
  }
  if let last = script.unwritten.last {
    for message in script.unwritten.dropLast() { report(message) }
    throw OutputError(description: last)
  }
  try refuseCommandLineProblems(script, on: options.device)
  return script
}

/// A problem with no place in a script came from the command line (say, --style).
func refuseCommandLineProblems(_ script: Script, on device: Device) throws {
  if let p = script.problems(on: device).first(where: { $0.location.isEmpty }) {
    throw UsageError(p.message)
  }
}

/// Fails with every problem the declarations have on the device (or returns quietly).
func requireValid(_ script: Script, on device: Device) throws {
  let problems = script.problems(on: device)
  if !problems.isEmpty { throw ProblemList(problems) }
}

/// `psychologist show SCRIPT NAME`: tap or perform NAME and draw where it leads.
func showCommand(_ args: ParsedArguments) throws -> ExitCode {
  // The frames' folder is made as run and batch make theirs.
  if args.has("--frames"), let dir = args.value("--output-dir") { try makeOutputFolder(dir) }
  let options = try scriptOptions(args)
  let path = args.positionals[0]
  let name = args.positionals[1]
  _ = try outputFormat(args)
  if args.has("--watch") {
    return try watch(args, options: options)
  }
  if args.has("--animate") || args.has("--frames") {
    return try showAnimated(path, name, args, options)
  }
  let script = try loadScript(path, options)
  try emit(try showDrawing(script, name, args, options), args)
  return .ok
}

/// NAME's scene of a loaded script, drawn as the command line asks.
func showDrawing(
  _ script: Script, _ name: String, _ args: ParsedArguments, _ options: ScriptOptions
)
  throws -> Drawing
{
  let (session, input) = try showSession(script, name, args, options)
  try session.tap(name, input: input)
  return try session.drawing(screen: args.has("--screen"))
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
  let input = try TapInput.parse(args.values("--input"))
  if args.has("--input") {
    guard let d = registry.diagnosis(name) else {
      throw UsageError(
        "--input is for a diagnosis; '\(name)' is a segue, whose happiness function gets ctx, not an input"
      )
    }
    guard d.readsInput else {
      throw UsageError(
        "--input: diagnosis '\(name)' (\(d.location)) reads no input: neither its happiness nor its expression is a function"
      )
    }
  }
  let session = try Session(
    script: script, device: options.device, orientation: options.orientation)
  return (session, input)
}

/// `psychologist run SCRIPT`: runs a session script; its declarations must be valid on the
/// device it runs for, even when it starts no session.
func runCommand(_ args: ParsedArguments) throws -> ExitCode {
  if let dir = args.value("--output-dir") { try makeOutputFolder(dir) }
  let options = try scriptOptions(args)
  let script = try loadScript(args.positionals[0], options)
  try requireValid(script, on: options.device)
  return .ok
}

/// `psychologist check SCRIPT...`: every problem of every script, as FILE:LINE: message.
func checkCommand(_ args: ParsedArguments) throws -> ExitCode {
  var options = try scriptOptions(args)
  options.dryRun = true
  var status = ExitCode.ok
  // Every device and orientation unless the command line names one.
  let devices = args.value("--device") == nil ? Device.allCases : [options.device]
  let orientations =
    args.value("--orientation") == nil ? Orientation.allCases : [options.orientation]
  for path in args.positionals {
    guard FileSystem.exists(path) else { throw UsageError("no such script: \(path)") }
    let script = try Script(path: path, options: options, output: printTarget())
    var problems: [String] = []
    do {
      try script.load()
      problems = script.checkProblems(devices: devices, orientations: orientations)
        .map(\.description)
    } catch {
      // What did load stands: its declarations' problems still say what else is wrong.
      if !script.isRefusal(error) { problems.append(describe(error)) }
      // A file that cannot be read is a wrong argument, as in every command.
      if let e = error as? LuaError, e.kind == .file { status = status.worst(.usage) }
      problems += script.problems(on: options.device).map(\.description)
    }
    if problems.isEmpty {
      let r = script.registry
      FileOutput.standard.write(
        "\(visible(path)): ok (\(plural(r.diagnoses.count, "diagnosis", "diagnoses")), \(plural(r.segues.count, "segue")), \(plural(r.kinds.count, "segue kind")), \(plural(r.features.count, "feature")))\n"
      )
    } else {
      status = status.worst(.script)
      for p in problems { report(p) }
    }
  }
  return status
}
