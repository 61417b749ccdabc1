import LuaHost
import Options
import Psychologist
import Readable
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
  if let p = script.problems(on: device).first(where: { $0.location.isNowhere }) {
    throw UsageError(p.message)
  }
}

/// Fails with every problem the declarations have on the device (or returns quietly).
func requireValid(_ script: Script, on device: Device) throws {
  let problems = script.problems(on: device)
  if !problems.isEmpty { throw ProblemList(problems) }
}

/// A script loaded for what it declares (`show`, `list`): its sessions run, but their
/// snapshots write nothing and what they print is not shown, and the command says once what
/// it skipped. Only `run` runs a session's side effects.
func loadForDeclarations(_ path: String, _ options: ScriptOptions) throws -> Script {
  var options = options
  options.dryRun = true
  options.skipsSessionOutput = true
  let script = try loadScript(path, options)
  noteSkipped(script)
  return script
}

/// `psychologist: note: walk.lua: skipped 1 snapshot (mood.svg) and 3 printed lines: …`,
/// when a dry run skipped anything.
func noteSkipped(_ script: Script) {
  var parts: [String] = []
  let snaps = script.skippedSnapshots
  if !snaps.isEmpty {
    let names = snaps.prefix(3).joined(separator: ", ") + (snaps.count > 3 ? ", …" : "")
    parts.append("\(plural(snaps.count, "snapshot")) (\(names))")
  }
  let printed = script.skippedPrintedLines
  if printed > 0 { parts.append(plural(printed, "printed line")) }
  guard !parts.isEmpty else { return }
  note(
    "\(script.path): skipped \(parts.joined(separator: " and ")): only `psychologist run \(script.path)` does what its sessions do"
  )
}

/// Says which inputs given to the script's diagnoses nothing read, each once.
func warnUnreadInputs(_ script: Script) {
  // A row's `id` names its face file in a batch: an example or an input may carry it.
  for w in script.inputReads.unreadWarnings(in: script.state, except: ["id"]) {
    warn(w.place.isNowhere ? w.message : "\(w.place): \(w.message)")
  }
}
