import CLISupport
import LuaHost
import Options
import Psychologist
import Readable
import Storyboard

/// `psychologist check SCRIPT...`: every problem of every script, as FILE:LINE: message.
enum CheckCommand: Command {
  /// The scripts, one or more.
  static let scripts = Positionals("SCRIPT", completes: .files(["lua"]))

  static let name = "check"

  static let spec = CommandSpec(
    name, positionals: [scripts],
    summary: "Validate scripts: report every problem as FILE:LINE: message; nothing is written.",
    options: SharedOptions.script.map { key in
      switch key.declaration.name {
      case SharedOptions.device.declaration.name:
        SharedOptions.device.helping(
          "only this device: iphone (320×480), iphone5 (320×568) or ipad (768×1024); default every device"
        )
      case SharedOptions.orientation.declaration.name:
        SharedOptions.orientation.helping(
          "only this orientation: portrait or landscape; default both")
      default: key
      }
    },
    details: [
      "Runs what the other commands would, under the same limits, on every device and",
      "orientation (or those --device and --orientation name): each diagnosis tapped with",
      "each of its `examples` (else {}) and its screen drawn, each segue of the menu, each",
      "segue_kind and feature nothing else ran, each named style; then every screen that",
      "`export` would put in its page, reached by clicking from the start. A menu no button",
      "leads to and a manual segue no diagnosis performs are problems too: no person reaches",
      "their scenes (`storyboard` draws them in red).",
    ])

  static func run(_ args: ParsedArguments) throws -> ExitCode {
    var options = try scriptOptions(args)
    options.dryRun = true
    options.skipsSessionOutput = true
    var status = ExitCode.ok
    // Every device and orientation unless the command line names one.
    let devices = args.given(SharedOptions.device) ? [options.device] : Device.allCases
    let orientations =
      args.given(SharedOptions.orientation) ? [options.orientation] : Orientation.allCases
    for path in args[scripts] {
      guard FileSystem.exists(path) else { throw UsageError("no such script: \(path)") }
      // A session's output is run's to show: check says once what it skipped.
      let script = try Script(path: path, options: options, output: printTarget())
      var problems: [String] = []
      var stoppedAt: SourceLocation?
      do {
        try script.load()
        script.inputReads.isOn = true
        // The walks (every declaration run, then every screen export reaches) end at one
        // deadline: the time limit, from now.
        let work = script.hostWork(showing: "")
        problems = script.checkProblems(devices: devices, orientations: orientations, work: work)
          .map(describe)
        // What export would meet: every screen a click reaches, walked as the page is made.
        if problems.isEmpty {
          problems = try Prototype.problems(
            script, devices: Prototype.devices(of: script, given: options.device),
            orientation: options.orientation, work: work)
        }
        noteSkipped(script)
        // A segue's title that no tap can show is likely a surprise: said, not refused.
        for p in script.registry.hiddenSegueTitles() { note(p.description) }
        // An example that a problem stopped was not read through: its keys would be said
        // unread for nothing.
        if problems.isEmpty { warnUnreadInputs(script) }
      } catch {
        // A file that cannot be read is a wrong argument, as in every command.
        if let e = error as? LuaError, e.kind == .file { status = status.worst(.usage) }
        if script.isRefusal(error) {
          problems += script.problems(on: options.device).map(\.description)
        } else {
          // Loading stopped at the error: what did load stands, and its declarations' own
          // fields still say what else is wrong; but a name declared after the stop was never
          // read, and is no problem of its own ("'emergency' is no diagnosis"): said once.
          problems.append(describe(error))
          problems += script.registry.problems.map(\.description)
          if let e = error as? LuaError, let at = e.location, e.kind != .file {
            stoppedAt = at
          }
        }
      }
      if problems.isEmpty {
        FileOutput.standard.write("\(visible(path)): ok (\(counts(script.registry)))\n")
      } else {
        status = status.worst(.script)
        for p in problems { report(p) }
        if let stoppedAt {
          note("loading stopped at \(stoppedAt); declarations after it were not read")
        }
      }
    }
    return status
  }

  /// `1 diagnosis, 2 segues, 0 segue kinds, 0 features`, and `1 menu` besides the root
  /// when a script declares any.
  private static func counts(_ r: Registry) -> String {
    ([
      plural(r.diagnoses.count, "diagnosis", "diagnoses"), plural(r.segues.count, "segue"),
      plural(r.kinds.count, "segue kind"), plural(r.features.count, "feature"),
    ] + (r.menus.isEmpty ? [] : [plural(r.menus.count, "menu")])).joined(separator: ", ")
  }
}
