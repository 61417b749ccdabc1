import Glibc
import Psychologist

/// Exit statuses, as the README promises them.
enum ExitCode: Int32 {
  case ok = 0
  case script = 1
  case usage = 2
  case output = 3
}

/// Prints `psychologist: error: …` on stderr, after whatever stdout holds.
func report(_ message: String) { tell("error", message) }

/// Prints `psychologist: warning: …` on stderr: worth knowing, but the command goes on.
func warn(_ message: String) { tell("warning", message) }

private func tell(_ kind: String, _ message: String) {
  FileOutput.standard.flush()
  let line = "psychologist: \(kind): \(visible(message, lines: true))\n"
  var bytes = Array(line.utf8)
  _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}

/// Runs the command line and returns the exit status.
func main(_ arguments: [String]) -> ExitCode {
  if arguments.isEmpty {
    // No command is a usage error (as for any Unix tool): the usage goes where errors go.
    var bytes = Array(mainHelp.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    return .usage
  }
  if arguments == ["--help"] || arguments == ["-h"] || arguments == ["help"] {
    FileOutput.standard.write(mainHelp)
    return .ok
  }
  if arguments == ["--version"] || arguments == ["-V"] {
    FileOutput.standard.write(version + " (Lua 5.4)\n")
    return .ok
  }
  do {
    let args = try parseArguments(arguments, commands: commands)
    if args.wantsHelp {
      FileOutput.standard.write(commands.first { $0.name == args.command }!.help)
      return .ok
    }
    switch args.command {
    case "face": return try faceCommand(args)
    case "show": return try showCommand(args)
    case "run": return try runCommand(args)
    case "check": return try checkCommand(args)
    case "list": return try listCommand(args)
    case "batch": return try batchCommand(args)
    case "play": return try playCommand(args)
    default: throw UsageError("unknown command '\(args.command)'")
    }
  } catch let e as UsageError {
    report(e.description)
    return .usage
  } catch let e as OutputError {
    report(e.description)
    return .output
  } catch {
    report(describe(error))
    return .script
  }
}

let status = main(Array(CommandLine.arguments.dropFirst()))
FileOutput.standard.flush()
if FileOutput.standard.failed && status == .ok { exit(ExitCode.output.rawValue) }
exit(status.rawValue)
