import LuaHost
import Psychologist
import Render
import Storyboard

/// The output could not be written: exit status 3.
struct OutputError: Error, CustomStringConvertible {
  var description: String
}

/// An error as users read it: `FILE:LINE: message`.
func describe(_ error: Error) -> String {
  switch error {
  case let e as LuaError: return e.description
  case let e as Problem: return e.description
  // One report a problem: each line is its own error.
  case let e as ProblemList:
    return e.problems.map(\.description).joined(separator: "\npsychologist: error: ")
  default: return String(describing: error)
  }
}

func device(_ args: ParsedArguments) throws(UsageError) -> Device {
  guard let v = args.value("--device") else { return .iphone }
  guard let d = Device(rawValue: v) else {
    throw UsageError(
      "--device must be iphone, iphone5 or ipad, got '\(v)'\(suggestion(v, Device.allCases.map(\.rawValue)))"
    )
  }
  return d
}

func orientation(_ args: ParsedArguments) throws(UsageError) -> Orientation {
  guard let v = args.value("--orientation") else { return .portrait }
  guard let o = Orientation(rawValue: v) else {
    throw UsageError("--orientation must be portrait or landscape, got '\(v)'")
  }
  return o
}

/// A finite number option within a range, or a usage error naming it.
func number(_ args: ParsedArguments, _ name: String, in range: ClosedRange<Double>, what: String)
  throws(UsageError) -> Double?
{
  guard let v = args.value(name) else { return nil }
  guard let d = Double(v), d.isFinite, range.contains(d) else {
    throw UsageError("\(name) must be \(what), got '\(v)'")
  }
  return d
}

/// The plugin path: --plugin entries, then PSYCHOLOGIST_PATH, then the user's config folder.
func pluginPath(_ args: ParsedArguments, env: [String: String]) -> [String] {
  var path = args.values("--plugin")
  if let p = env["PSYCHOLOGIST_PATH"] {
    path += p.split(separator: ":").map(String.init).filter { !$0.isEmpty }
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

/// ScriptOptions from the command line.
func scriptOptions(_ args: ParsedArguments) throws(UsageError) -> ScriptOptions {
  var o = ScriptOptions()
  o.device = try device(args)
  o.orientation = try orientation(args)
  o.plugins = pluginPath(args, env: environment())
  o.style = args.value("--style")
  if let dir = args.value("--output-dir") {
    guard FileSystem.isDirectory(dir) else {
      throw UsageError("--output-dir '\(dir)' is not a folder")
    }
    o.outputDirectory = dir
  }
  if let s = try number(args, "--time-limit", in: 0.001...86400, what: "seconds above 0") {
    o.limits.seconds = s
  }
  if let m = try number(args, "--memory-limit", in: 1...65536, what: "MiB from 1 to 65536") {
    o.limits.memory = Int(m) << 20
  }
  for p in o.plugins where !FileSystem.exists(p) {
    throw UsageError("--plugin '\(p)' does not exist")
  }
  return o
}

/// The output format: --format, else by -o's extension, else terminal on a TTY.
func outputFormat(_ args: ParsedArguments) throws(UsageError) -> OutputFormat {
  if let f = args.value("--format") {
    guard let format = OutputFormat(rawValue: f) else {
      throw UsageError("--format must be svg, terminal or ascii, got '\(f)'")
    }
    return format
  }
  if let o = args.value("--output") { return o.hasSuffix(".txt") ? .ascii : .svg }
  return isTerminal(1) ? .terminal : .svg
}

/// Colours for terminal output.
func colorMode(_ args: ParsedArguments, env: [String: String]) throws(UsageError) -> ColorMode {
  let choice = args.value("--color") ?? "auto"
  guard ["always", "never", "auto"].contains(choice) else {
    throw UsageError("--color must be always, never or auto, got '\(choice)'")
  }
  let tty = args.value("--output") == nil && isTerminal(1)
  return ColorMode.detect(isTTY: tty, environment: env, choice: choice)
}

/// Renders a drawing as the command line asks and writes it to -o or stdout.
func emit(_ drawing: Drawing, _ args: ParsedArguments) throws {
  let env = environment()
  let format = try outputFormat(args)
  let colors = try colorMode(args, env: env)
  var (columns, rows) = TerminalRenderer.terminalSize(environment: env)
  if args.value("--output") == nil && isTerminal(1) { rows = max(rows - 1, 4) }
  let bytes = render(
    drawing, format: format, columns: columns, rows: rows,
    colors: format == .terminal ? colors : .none)
  try write(bytes, to: args.value("--output"))
}

/// Writes to a file atomically (exit 3 when it cannot) or to stdout.
func write(_ bytes: [UInt8], to path: String?) throws {
  guard let path, path != "-" else {
    FileOutput.standard.write(bytes)
    return
  }
  do { try FileSystem.writeAtomically(path, bytes) } catch {
    throw OutputError(description: "cannot write \(error)")
  }
}

/// Text from a script made safe for a terminal: control characters (ESC above all, which
/// could recolour, retitle or clear the user's terminal) shown as escapes like `\x1b`.
/// Newlines and tabs stay when `lines` is true.
func visible(_ text: String, lines: Bool = false) -> String {
  var out = ""
  for scalar in text.unicodeScalars {
    let v = scalar.value
    if lines && (v == 0x0A || v == 0x09) || v >= 0x20 && v != 0x7F && !(0x80...0x9F).contains(v) {
      out.unicodeScalars.append(scalar)
    } else if v == 0x0A {
      out += "\\n"
    } else {
      let hex = String(v, radix: 16)
      out += "\\x" + (hex.count < 2 ? "0" + hex : hex)
    }
  }
  return out
}
