import LuaHost
import Options
import Psychologist
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
