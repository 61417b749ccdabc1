import CLISupport
import Glibc
import Options
import Psychologist
import Render

/// `show --watch`: redraw whenever the script or a file it uses changes. A broken edit
/// shows its error under the last good face; fixing the file redraws.
func watchShowing(_ args: ParsedArguments, options: ScriptOptions) throws -> ExitCode {
  let path = args[ShowCommand.script]
  let name = args[ShowCommand.tapped]
  let tty = !args.given(SharedOptions.output) && isTerminal(1)
  var files = [path]
  while true {
    do {
      // A fresh Lua state every time: nothing of the old script survives.
      let script = try loadForDeclarations(path, options)
      files = script.files
      let drawing = try showDrawing(script, name, args, options)
      if tty { FileOutput.standard.write(TerminalControl.homeAndClear) }
      try emit(drawing, args)
    } catch let e as UsageError where !FileSystem.exists(path) {
      throw e
    } catch {
      report(describe(error))
    }
    FileOutput.standard.flush()
    let seen = files.map { FileSystem.modificationTime($0) }
    while files.map({ FileSystem.modificationTime($0) }) == seen {
      usleep(500_000)
    }
  }
}
