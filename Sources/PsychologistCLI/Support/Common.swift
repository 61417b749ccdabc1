import CLISupport
import LuaHost
import Options
import Psychologist
import Raster
import Readable
import Render
import Storyboard

/// The output could not be written: exit status 3.
struct OutputError: Error, CustomStringConvertible {
  var description: String
}

/// An error as users read it: `FILE:LINE: message`.
func describe(_ error: Error) -> String {
  switch error {
  case let e as LuaError:
    // The script's frames that led to it, unless --traceback off.
    let frames = showsTraceback ? e.scriptFrames : []
    return ([e.description] + frames.map { "  " + $0 }).joined(separator: "\n")
  case let e as Problem:
    // A problem met running the script keeps its frames, shown as an error's are.
    let frames = showsTraceback ? e.traceback : []
    return ([e.description] + frames.map { "  " + $0 }).joined(separator: "\n")
  // One report a problem: each line is its own error.
  case let e as ProblemList:
    return e.problems.map(\.description).joined(separator: "\npsychologist: error: ")
  default: return String(describing: error)
  }
}

/// Whether errors show the script's frames (`--traceback`, on unless turned off); set once
/// from the command line before anything runs.
nonisolated(unsafe) var showsTraceback = true

/// `--device`, iPhone when not given.
func device(_ args: ParsedArguments) throws(UsageError) -> Device {
  try args[SharedOptions.device] ?? .iphone
}

/// `--orientation`, portrait when not given.
func orientation(_ args: ParsedArguments) throws(UsageError) -> Orientation {
  try args[SharedOptions.orientation] ?? .portrait
}

/// The plugin path: --plugin entries, then PSYCHOLOGIST_PATH, then the user's config folder.
func pluginPath(_ args: ParsedArguments, env: Environment) throws(UsageError) -> [String] {
  var path = try args[SharedOptions.plugin]
  for entry in (env["PSYCHOLOGIST_PATH"] ?? "").split(separator: ":").map(String.init) {
    // Set once in a profile, the path outlives the folders it names: a stale entry is
    // worth a word, not a refusal (a missing --plugin, typed just now, is refused).
    if FileSystem.realPath(entry) != nil {
      path.append(entry)
    } else {
      warn("PSYCHOLOGIST_PATH entry '\(entry)' does not exist")
    }
  }
  let config =
    env["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 }
    ?? env["HOME"].map { $0 + "/.config" }
  if let config, FileSystem.isDirectory(config + "/psychologist/plugins") {
    path.append(config + "/psychologist/plugins")
  }
  return path
}

/// Creates `--output-dir` when missing (exit 3 when it cannot), as `run` and `batch` do.
func makeOutputFolder(_ dir: String) throws {
  do { try FileSystem.makeDirectories(dir) } catch {
    throw OutputError(description: "cannot create the output folder \(error)")
  }
}

/// ScriptOptions from the command line: `SharedOptions.script`, and the folder snapshots go
/// into when the command takes one (`outputFolder`).
func scriptOptions(_ args: ParsedArguments, outputFolder: Option<String>? = nil)
  throws(UsageError) -> ScriptOptions
{
  var o = ScriptOptions()
  if args.takes(SharedOptions.traceback) {
    showsTraceback = try args[SharedOptions.traceback] ?? .on == .on
  }
  o.device = try device(args)
  o.orientation = try orientation(args)
  o.plugins = try pluginPath(args, env: environment())
  o.style = try args[SharedOptions.style]
  // A batch's faces have no chrome: it does not take --theme.
  if args.takes(SharedOptions.theme) { o.theme = try args[SharedOptions.theme] }
  if let outputFolder, let dir = try args[outputFolder] {
    guard FileSystem.isDirectory(dir) else {
      throw UsageError("\(outputFolder.declaration.name) '\(dir)' is not a folder")
    }
    o.outputDirectory = dir
  }
  if let s = try args[SharedOptions.timeLimit] { o.limits.seconds = s }
  if let m = try args[SharedOptions.memoryLimit] { o.limits.memory = Int(m) << 20 }
  for p in o.plugins where !FileSystem.exists(p) {
    throw UsageError("--plugin '\(p)' does not exist")
  }
  return o
}

/// The output format: --format, else by -o's extension, else terminal on a TTY.
func outputFormat(_ args: ParsedArguments) throws(UsageError) -> OutputFormat {
  let output = try args[SharedOptions.output]
  if let o = output, o != "-" {
    do { try OutputName.check(o) } catch { throw UsageError("-o \(error)") }
  }
  if let format = try args[SharedOptions.format] {
    if let o = output, PNG.isPNGName(o), format != .svg {
      throw UsageError(
        "-o '\(o)' writes PNG, drawn from SVG; --format \(format.rawValue) cannot be a PNG")
    }
    return format
  }
  if let o = output { return OutputName.extensionOf(o) == ".txt" ? .ascii : .svg }
  return isTerminal(1) ? .terminal : .svg
}

/// Colours for terminal output: `--color`, and whether stdout is a terminal the output goes
/// to (not when `-o` names a file; `batch`, which has no `-o`, draws its sheet on stdout).
func colorMode(_ args: ParsedArguments, env: Environment) throws(UsageError) -> ColorMode {
  let choice = try args[SharedOptions.color] ?? .auto
  let toFile = args.takes(SharedOptions.output) && args.given(SharedOptions.output)
  return colorMode(isTTY: !toFile && isTerminal(1), environment: env, choice: choice)
}

/// Renders a drawing as the command line asks and writes it to -o or stdout; a script's
/// drawing (`work`) is drawn as PNG or terminal cells under the script's limits.
func emit(_ drawing: Drawing, _ args: ParsedArguments, work: HostWork? = nil) throws {
  let env = environment()
  let format = try outputFormat(args)
  let colors = try colorMode(args, env: env)
  let output = try args[SharedOptions.output]
  var (columns, rows) = TerminalWindow.size(columns: env["COLUMNS"], lines: env["LINES"])
  if output == nil && isTerminal(1) { rows = max(rows - 1, 4) }
  let bytes: [UInt8]
  if let work, format != .svg {
    bytes = try work.terminal(
      drawing, columns: columns, rows: rows, colors: format == .terminal ? colors : .none,
      ascii: format == .ascii)
  } else {
    bytes = render(
      drawing, format: format, columns: columns, rows: rows,
      colors: format == .terminal ? colors : .none)
  }
  guard let output, PNG.isPNGName(output) else { return try write(bytes, to: output) }
  do {
    try write(try fileBytes(svg: bytes, name: output, drawing: work?.png), to: output)
  } catch let e as RasterError {
    let message = "cannot write \(output): \(pngProblem(output, e))"
    if case .unavailable = e { throw UsageError(message) }
    throw OutputError(description: message)
  }
}

/// Writes to a file atomically (exit 3 when it cannot) or to stdout.
func write(_ bytes: [UInt8], to path: String?) throws {
  // /dev/stdout is standard output whatever it is (in a pipe, the symlink leads to a
  // FIFO, which a file name is never written into).
  guard let path, path != "-", path != "/dev/stdout" else {
    FileOutput.standard.write(bytes)
    return
  }
  do { try FileSystem.writeAtomically(path, bytes) } catch {
    // A FIFO or a device is refused, never replaced; writing into one is a redirect away.
    let hint =
      error.reason.hasSuffix("refusing to replace it") ? " (-o - > \(path) writes into it)" : ""
    throw OutputError(description: "cannot write \(error)\(hint)")
  }
}

/// Text from a script, a data file or the command line made safe for a terminal (see
/// `terminalSafe`): everything printed to stderr or a terminal goes through it.
func visible(_ text: String, lines: Bool = false) -> String { terminalSafe(text, lines: lines) }

/// Lua's `print` on a terminal: what a script prints is its own business in a file or a
/// pipe (an SVG, data), but on a terminal it is shown, never obeyed.
final class TerminalPrint: LuaPrintTarget {
  func write(_ bytes: UnsafeRawBufferPointer) {
    FileOutput.standard.write(visible(String(decoding: bytes, as: UTF8.self), lines: true))
  }
}

/// Where a script's `print` goes: stdout, escaped when it is a terminal.
func printTarget() -> LuaPrintTarget { isTerminal(1) ? TerminalPrint() : FileOutput.standard }
