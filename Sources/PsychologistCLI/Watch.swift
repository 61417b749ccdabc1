import CLISupport
import Glibc
import Options
import Psychologist
import Readable
import Render

/// `show --watch`: redraw whenever the script or a file it uses changes. A broken edit
/// shows its error under the last good face; fixing the file redraws. On a terminal, as
/// play's `watching` does, a line on stderr says after each change whether it redrew
/// (and how many times so far) or what failed and that the last good face stays.
func watchShowing(_ args: ParsedArguments, options: ScriptOptions) throws -> ExitCode {
  let path = args[ShowCommand.script]
  let name = args[ShowCommand.tapped]
  let tty = !args.given(SharedOptions.output) && isTerminal(1)
  let tells = isTerminal(2)
  let target = try args[SharedOptions.output].map { " into " + $0 } ?? ""
  var files = [path]
  var redrawn = 0
  while true {
    do {
      // A fresh Lua state every time: nothing of the old script survives.
      let script = try loadForDeclarations(path, options)
      files = script.files
      let drawing = try showDrawing(script, name, args, options)
      if tty { FileOutput.standard.write(TerminalControl.homeAndClear) }
      try emit(drawing, args, work: script.hostWork(showing: name ?? ""))
      redrawn += 1
      if tells {
        let drew = name.map { "'\($0)'" } ?? "the first screen"
        note(
          "watching \(path): drew \(drew)\(target) (\(plural(redrawn, "time"))); waiting for a change (Ctrl-C stops)"
        )
      }
    } catch let e as UsageError where !FileSystem.exists(path) {
      throw e
    } catch {
      report(describe(error))
      if tells {
        note(
          "watching \(path): not redrawn, \(redrawn == 0 ? "nothing drawn yet" : "the last good face stays"); fix it and save to redraw"
        )
      }
    }
    FileOutput.standard.flush()
    let seen = files.map { FileSystem.modificationTime($0) }
    while files.map({ FileSystem.modificationTime($0) }) == seen {
      usleep(500_000)
    }
  }
}
