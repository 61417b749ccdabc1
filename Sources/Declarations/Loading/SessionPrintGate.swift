import Files
import LuaHost

/// Where a script's `print` goes when a command runs it for what it declares (`show`,
/// `list`, `check`: `ScriptOptions.skipsSessionOutput`): what it prints once it has started a session,
/// while it loads, is the session's output, which only `run` shows; it is counted
/// (`Script.skippedPrintedLines`) and dropped. Anything else (a plugin's word before any
/// session, a kind's `print` while `show` draws) goes on to the target.
final class SessionPrintGate: LuaPrintTarget {
  let target: LuaPrintTarget
  weak var script: Script?

  init(_ target: LuaPrintTarget) { self.target = target }

  func write(_ bytes: UnsafeRawBufferPointer) {
    guard let script, script.options.skipsSessionOutput, script.isLoading,
      script.sessionsStarted > 0
    else {
      return target.write(bytes)
    }
    script.skippedPrintedLines += bytes.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
  }

  func warn(_ line: String) { target.warn(line) }
}
