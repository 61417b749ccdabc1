import CLISupport
import Glibc
import LuaHost
import Options
import Psychologist
import Readable

/// Exit statuses: the one table of causes every command uses (README, "Exit status").
/// When several causes meet, the highest ranked wins: output (3), then usage (2), then
/// script (1); an interrupted batch is 130 whatever else happened.
enum ExitCode: Int32 {
  /// Everything asked for was done and written.
  case ok = 0
  /// A script failed: syntax, runtime, validation, a time or memory limit; a batch row that
  /// could not be drawn (malformed, too long, an error in the diagnosis).
  case script = 1
  /// The command line cannot be carried out: an unknown option or value, a script or
  /// input that is missing, not a file (a folder) or unreadable (a closed stdin), `play`
  /// without a terminal. Thrown as `UsageError`.
  case usage = 2
  /// Output was not written: `-o`, `--sheet`, a snapshot, a batch face, the output folder,
  /// standard output (closed, full, a broken pipe). Thrown as `OutputError`.
  case output = 3
  /// A batch stopped by Ctrl-C, SIGTERM or SIGHUP (128 + SIGINT); every file written is
  /// whole.
  case interrupted = 130

  /// The status when both this and `other` happened.
  func worst(_ other: ExitCode) -> ExitCode {
    // The raw values rank the cases already: 0, 1, 2, 3, 130.
    other.rawValue > rawValue ? other : self
  }
}

/// A closed standard descriptor (`<&-`, `>&-`) would be handed to the next file opened:
/// the output folder would be read as a closed stdin, a face written to a closed stdout's
/// number. Each is taken by /dev/null opened the other way round, so reading a closed
/// stdin or writing a closed stdout fails (EBADF) as it must, touching nothing else.
func occupyClosedStandardDescriptors() {
  for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) < 0 {
    let taken = open("/dev/null", (fd == 0 ? O_WRONLY : O_RDONLY) | O_CLOEXEC)
    if taken >= 0 && taken != fd { close(taken) }
  }
}

/// Prints `psychologist: error: …` on stderr, after whatever stdout holds.
func report(_ message: String) { tell("error", message) }

/// Prints `psychologist: warning: …` on stderr: worth knowing, but the command goes on.
func warn(_ message: String) { tell("warning", message) }

/// Prints `psychologist: note: …` on stderr: what a command chose not to do.
func note(_ message: String) { tell("note", message) }

private func tell(_ kind: String, _ message: String) {
  FileOutput.standard.flush()
  let line = "psychologist: \(kind): \(visible(message, lines: true))\n"
  var bytes = Array(line.utf8)
  _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
}

/// `psychologist help [COMMAND]`: the top-level help, or COMMAND's as `COMMAND --help` prints
/// it; `psychologist help lua [NAME]`: the Lua API's reference.
func help(_ arguments: [String]) throws(UsageError) -> ExitCode {
  guard let name = arguments.first, name != "--help", name != "-h" else {
    FileOutput.standard.write(mainHelp)
    return .ok
  }
  if name == "lua" { return try luaHelp(Array(arguments.dropFirst())) }
  let spec = try command(named: name).spec
  if arguments.count > 1 {
    throw UsageError(
      "help: unexpected argument '\(arguments[1])' (usage: psychologist help [COMMAND])")
  }
  FileOutput.standard.write(spec.help)
  return .ok
}

/// Runs the command line and returns the exit status.
func main(_ arguments: [String]) -> ExitCode {
  if arguments.isEmpty {
    // No command is a usage error (as for any Unix tool): the usage goes where errors go.
    var bytes = Array(mainHelp.utf8)
    _ = bytes.withUnsafeMutableBytes { write(2, $0.baseAddress, $0.count) }
    return .usage
  }
  if arguments == ["--help"] || arguments == ["-h"] {
    FileOutput.standard.write(mainHelp)
    return .ok
  }
  if arguments == ["--version"] || arguments == ["-V"] {
    FileOutput.standard.write(versionLine)
    return .ok
  }
  do {
    if arguments.first == "help" { return try help(Array(arguments.dropFirst())) }
    let chosen = try command(named: arguments[0])
    let args = try parseArguments(arguments.dropFirst(), for: chosen.spec)
    if args.wantsHelp {
      FileOutput.standard.write(chosen.spec.help)
      return .ok
    }
    return try chosen.run(args)
  } catch let e as UsageError {
    report(e.description)
    return .usage
  } catch let e as OutputError {
    report(e.description)
    return .output
  } catch let e as LuaError where e.kind == .file {
    // A script or plugin that cannot be read (a FIFO, a folder, too large) is a wrong
    // argument, as a missing one is.
    report(e.description)
    return .usage
  } catch {
    report(describe(error))
    return .script
  }
}

occupyClosedStandardDescriptors()
// A reader that goes away (`| head`) must not kill us silently with SIGPIPE: the write fails
// with EPIPE instead, and the command says so and exits 3, as for any output not written.
signal(SIGPIPE, SIG_IGN)
exit(finished(main(Array(CommandLine.arguments.dropFirst()))).rawValue)

/// The command's status once standard output is flushed: a write that failed there is the
/// worse status.
func finished(_ status: ExitCode) -> ExitCode {
  FileOutput.standard.flush()
  guard let failure = FileOutput.standard.failure else { return status }
  report("cannot write standard output: \(failure)")
  return status.worst(.output)
}

/// `psychologist help lua [NAME]`: the whole Lua API reference (what docs/lua-api.md holds),
/// or the entries NAME names (`diagnosis`, `Pen:color`, `color`, `SessionOptions`).
func luaHelp(_ arguments: [String]) throws(UsageError) -> ExitCode {
  let reference = LuaAPIReference(definitions: luaAPIDefinitions)
  guard let name = arguments.first else {
    FileOutput.standard.write(reference.markdown)
    return .ok
  }
  if arguments.count > 1 {
    throw UsageError(
      "help lua: unexpected argument '\(arguments[1])' (usage: psychologist help lua [NAME])")
  }
  let found = reference.entries(named: name)
  // Two edits turn any short name into another ('hat' into 'Nav'): a guess there misleads.
  let hint = name.count >= 4 ? reference.suggestion(for: name) : ""
  guard !found.isEmpty else {
    throw UsageError(
      "help lua: nothing is named '\(name)'\(hint) (psychologist help lua lists everything; what a script declares, a feature or a diagnosis, is its own)"
    )
  }
  FileOutput.standard.write(
    found.map { reference.render($0).joined(separator: "\n") }.joined(separator: "\n\n") + "\n")
  return .ok
}
