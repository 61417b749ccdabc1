import Face
import Files
import LuaHost
import Readable
import Storyboard

/// How a script runs: the device and orientation sessions start on, where snapshots go,
/// the plugins to load first, and the limits.
public struct ScriptOptions: Sendable {
  /// The device sessions and `show` use unless a script says otherwise.
  public var device: Device = .iphone
  /// The orientation they start in.
  public var orientation: Orientation = .portrait
  /// Where snapshots are written (they may not leave it).
  public var outputDirectory: String = "."
  /// Plugin files and folders, in load order (folders: their `*.lua` in name order).
  public var plugins: [String] = []
  /// Memory and time limits of the Lua state.
  public var limits: LuaLimits = .standard
  /// Validate only: sessions run but write no files (`Script.skippedSnapshots` lists
  /// what they would have written).
  public var dryRun = false
  /// What a session prints while the script loads is counted, not shown
  /// (`Script.skippedPrintedLines`): `show`, `list` and `check` run a script for what it
  /// declares, and only `run` shows a session's output.
  public var skipsSessionOutput = false
  /// Note the keys of the inputs diagnoses are given that nothing reads, from the start
  /// (`run`: the taps of its sessions); see `Script.inputReads`.
  public var notesUnreadInputs = false
  /// A named style for every face (`--style`).
  public var style: String?
  /// The theme the screens are drawn in (`--theme`; nil: `ios6`).
  public var theme: String?
  /// The script's own command-line arguments (`run SCRIPT -- a b`), or nil for none: as
  /// lua5.4 gives them, the global `arg` (`arg[0]` the script's path, `arg[1]`… the
  /// arguments) and `...` in the main chunk. Plugins see neither.
  public var arguments: [String]?
  /// Options as given.
  public init() {}
}

/// A loaded script: its Lua state, what it and its plugins declared, and the files involved.
public final class Script {
  /// The script's path as given.
  public let path: String
  /// The options it runs with.
  public let options: ScriptOptions
  /// Its Lua state (sandboxed).
  public let state: LuaState
  /// What was declared. Declarations change it through `declared`, which forgets the
  /// problems found before; no observer, so reading it (every tap) borrows, not copies.
  public private(set) var registry = Registry()
  /// The problems of the registry as it stands, by device: loading, `show` and every
  /// session (one per row in a batch) ask again, and the answer only changes with the
  /// registry.
  private var problemsByDevice: [Device: [Problem]] = [:]

  /// Changes the registry (a declaration), and forgets the problems found before.
  func declared(_ change: (inout Registry) -> Void) {
    change(&registry)
    problemsByDevice = [:]
  }
  /// Which keys of the inputs given to the script's diagnoses were read (off until a
  /// command that warns of unread keys turns it on).
  public let inputReads = InputReads()
  /// The text of every file the script ran, as loaded: where a field's line is found.
  public let texts = SourceTexts()
  /// The plugin file being loaded (nil while the script itself runs).
  var currentPlugin: String?
  /// Names given to a declaring global whose table never came (`diagnosis "x"` alone), by
  /// the order they were given: said at their lines once the file has run.
  var awaitingFields: [Int: (what: String, name: String, location: SourceLocation)] = [:]
  /// The key the next name awaiting its table gets.
  var nextAwaiting = 0
  /// Plugin files actually loaded, in order.
  public private(set) var pluginFiles: [String] = []
  /// Why each snapshot that could not be written was not (the run then exits 3, even when
  /// the script caught the error).
  public package(set) var unwritten: [String] = []
  /// The snapshots a dry run did not write, as paths under the output folder.
  public package(set) var skippedSnapshots: [String] = []
  /// The lines a dry run's sessions printed while the script loaded, not shown (see
  /// `SessionPrintGate`).
  public package(set) var skippedPrintedLines = 0
  /// Sessions the script started (`session {}`).
  public package(set) var sessionsStarted = 0
  /// Whether the script (or a plugin) is running its main chunk.
  public private(set) var isLoading = false
  /// The output folder, opened at the first snapshot and kept: every snapshot is written
  /// relative to it, whatever happens to the path afterwards.
  private var openedFolder: OutputDirectory?

  /// The output folder, opened once.
  package func outputFolder() throws(FileError) -> OutputDirectory {
    if let openedFolder { return openedFolder }
    let folder = try OutputDirectory(options.outputDirectory)
    openedFolder = folder
    return folder
  }

  /// Prepares a state with the DSL; nothing runs until `load()`.
  /// `print` goes to `output`, or to standard output when none is given (an embedding
  /// program needs no print target of its own).
  /// `bindings` registers the Lua classes that live above the declarations (the sessions):
  /// the loader (`Psychologist`) passes them, so nothing here calls up into them.
  public init(
    path: String, options: ScriptOptions = ScriptOptions(), output: LuaPrintTarget? = nil,
    bindings: (Script) throws -> Void
  ) throws {
    self.path = path
    self.options = options
    let gate = output.map(SessionPrintGate.init)
    state = try LuaState(libraries: .sandbox, limits: options.limits, output: gate)
    gate?.script = self
    inputReads.isOn = options.notesUnreadInputs
    try registerDeclarations()
    try bindings(self)
  }

  /// Every file the script depends on (itself, plugins, required modules), for `--watch`.
  public var files: [String] { [path] + pluginFiles + state.requiredFiles }

  /// Loads the plugins, then runs the script. Throws `LuaError` (with file:line) or
  /// `FileError`.
  public func load() throws {
    isLoading = true
    defer { isLoading = false }
    try loadPlugins()
    var values: [LuaValue] = []
    if let arguments = options.arguments {
      values = arguments.map { .string(Array($0.utf8)) }
      var arg: [LuaValue: LuaValue] = [.integer(0): .string(Array(path.utf8))]
      for (i, value) in values.enumerated() { arg[.integer(i + 1)] = value }
      try state.setGlobal("arg", .map(arg))
    }
    try run(file: path, arguments: values)
  }

  /// Loads the plugins only: what `face` draws with (no script runs).
  public func loadPlugins() throws {
    let plugins = try expandPlugins(options.plugins)
    var folders = [FileSystem.directory(of: path).isEmpty ? "." : FileSystem.directory(of: path)]
    for p in options.plugins {
      let dir = FileSystem.isDirectory(p) ? p : FileSystem.directory(of: p)
      let folder = dir.isEmpty ? "." : dir
      if !folders.contains(folder) { folders.append(folder) }
    }
    try state.setRequirePath(folders)
    for plugin in plugins {
      currentPlugin = plugin
      pluginFiles.append(plugin)
      try run(file: plugin)
    }
    currentPlugin = nil
  }

  private func run(file: String, arguments: [LuaValue] = []) throws {
    let source: [UInt8]
    do { source = try FileSystem.read(file) } catch {
      throw LuaError(kind: .file, location: nil, message: "cannot read \(error)")
    }
    texts.record(file, source)
    defer { recordRequiredTexts() }
    try state.run(source, chunkName: "@" + file, arguments: arguments)
    noteDeclarationsWithoutFields()
  }

  /// The modules `require` loaded (in C, from their files) while a file ran: their text
  /// is read once now, beside the script's, for their fields' lines.
  private func recordRequiredTexts() {
    for file in state.requiredFiles where !texts.has(file) {
      if let bytes = try? FileSystem.read(file) { texts.record(file, bytes) }
    }
  }

  /// Files first as given; folders expand to their `*.lua` in name order (not subfolders:
  /// they hold modules for `require`). A file met twice on the path (a folder both in
  /// --plugin and PSYCHOLOGIST_PATH) loads once, else it would conflict with itself.
  private func expandPlugins(_ entries: [String]) throws -> [String] {
    var files: [String] = []
    var seen: Set<String> = []
    func add(_ file: String) {
      if seen.insert(FileSystem.realPath(file) ?? file).inserted { files.append(file) }
    }
    for entry in entries {
      if FileSystem.isDirectory(entry) {
        for name in try FileSystem.list(entry) where name.hasSuffix(".lua") {
          let file = entry.hasSuffix("/") ? entry + name : entry + "/" + name
          if !FileSystem.isDirectory(file) { add(file) }
        }
      } else {
        add(entry)
      }
    }
    return files
  }

  /// Every problem in the declarations, for `device`: the fields' own, then the links
  /// between declarations (kinds, segues, styles, features).
  public func problems(on device: Device) -> [Problem] {
    if let known = problemsByDevice[device] { return known }
    let problems = findProblems(on: device)
    problemsByDevice[device] = problems
    return problems
  }

  private func findProblems(on device: Device) -> [Problem] {
    var problems = registry.problems
    // Thousands of declarations must not make checking quadratic: look names up in sets,
    // offer a few suggestions only (each costs an edit distance per candidate), and list
    // at most 20 kinds.
    let segueIDs = registry.segues.map(\.identifier)
    let declaredSegues = Set(segueIDs + [Registry.showDiagnosis.identifier])
    let featureNames = registry.features.map(\.name)
    let declaredFeatures = Set(featureNames)
    let declaredStyles = Set(registry.styles.compactMap(\.name))
    let kinds = KnownKinds(registry)
    var suggestionsLeft = 20
    func suggest(_ word: String, _ candidates: [String]) -> String {
      guard suggestionsLeft > 0 else { return "" }
      suggestionsLeft -= 1
      return suggestion(word, candidates)
    }
    for segue in registry.segues {
      if let p = kindProblem(of: segue, on: device, kinds, suggest: suggest) { problems.append(p) }
      if let style = segue.style, !declaredStyles.contains(style) {
        problems.append(unknownStyle(style, segue.location))
      }
    }
    for d in registry.diagnoses {
      if !declaredSegues.contains(d.segue) {
        problems.append(
          Problem(
            d.location,
            "diagnosis '\(d.name)' performs segue '\(d.segue)', which is not declared\(suggest(d.segue, segueIDs))"
          ))
      }
      if let style = d.style, !declaredStyles.contains(style) {
        problems.append(unknownStyle(style, d.location))
      }
      for f in d.features where !declaredFeatures.contains(f) {
        problems.append(
          Problem(
            d.location,
            "diagnosis '\(d.name)' uses feature '\(f)', which is not declared\(suggest(f, featureNames))"
          ))
      }
    }
    problems += themeAndStyleProblems()
    problems += registry.menuProblems(suggest: suggest)
    return problems
  }

  /// The kinds a segue can name: the built-in ones but `custom`, then the declared ones.
  private struct KnownKinds {
    /// Every name, built-in first.
    let names: [String]
    /// The declared kinds by name (the first of a name).
    let byName: [String: CustomKind]
    /// At most 20 names, as a message lists them.
    let list: String

    init(_ registry: Registry) {
      names =
        SegueKind.allCases.filter { $0 != .custom }.map(\.rawValue) + registry.kinds.map(\.name)
      var byName: [String: CustomKind] = [:]
      for k in registry.kinds where byName[k.name] == nil { byName[k.name] = k }
      self.byName = byName
      list = names.prefix(20).joined(separator: ", ") + (names.count > 20 ? ", …" : "")
    }
  }

  /// What is wrong with the kind `segue` names on `device`, if anything: none given, a bare
  /// `custom`, a built-in kind the device lacks, a kind declared for other devices, or an
  /// unknown name.
  private func kindProblem(
    of segue: Segue, on device: Device, _ kinds: KnownKinds,
    suggest: (String, [String]) -> String
  ) -> Problem? {
    let at = segue.location
    let id = segue.identifier
    guard let kind = segue.kind.name(on: device) else {
      return Problem(at, "segue '\(id)' gives no kind for \(device.rawValue)")
    }
    if let builtin = SegueKind(rawValue: kind) {
      if builtin == .custom {
        return Problem(
          at,
          "segue '\(id)': kind 'custom' needs a name: declare segue_kind \"name\" { perform = … } and use that name"
        )
      }
      return device.allows(builtin)
        ? nil : Problem(at, "segue '\(id)': \(kindMissing(kind, on: device))")
    }
    if let custom = kinds.byName[kind] {
      guard let devices = custom.devices, !devices.contains(device) else { return nil }
      return Problem(
        at,
        "segue '\(id)': kind '\(kind)' does not exist on an \(device.rawValue) (declared at \(custom.location) \(devices.isEmpty ? "with devices = {}, so on no device" : "for " + devices.map(\.rawValue).joined(separator: ", ")))"
      )
    }
    return Problem(
      at,
      "segue '\(id)': unknown kind '\(kind)'\(suggest(kind, kinds.names)) (kinds: \(kinds.list))")
  }

  /// The app's theme and the command line's `--theme` and `--style`, when they name none
  /// declared.
  private func themeAndStyleProblems() -> [Problem] {
    var problems: [Problem] = []
    let themes = themeNames.joined(separator: ", ")
    if let app = registry.app, let theme = app.theme, self.theme(named: theme) == nil {
      problems.append(
        Problem(
          app.location,
          "app: theme '\(theme)' is not declared\(suggestion(theme, themeNames)) (themes: \(themes))"
        ))
    }
    if let theme = options.theme, self.theme(named: theme) == nil {
      problems.append(
        Problem(
          .nowhere,
          "--theme names an unknown theme '\(theme)'\(suggestion(theme, themeNames)) (themes: \(themes))"
        ))
    }
    if let style = options.style, registry.style(style) == nil {
      let names = registry.styles.compactMap(\.name)
      let known =
        names.isEmpty ? "no named styles are declared" : "styles: " + names.joined(separator: ", ")
      let hint = suggestion(style, names)
      problems.append(
        Problem(.nowhere, "--style names an unknown style '\(style)'\(hint) (\(known))"))
    }
    return problems
  }

  /// Whether `error`, thrown by `load()`, is a session refusing the declarations (it names
  /// the first problem on its device): the problems say it then, each once.
  public func isRefusal(_ error: Error) -> Bool {
    guard let e = error as? LuaError else { return false }
    return Device.allCases.contains { device in
      guard let first = problems(on: device).first else { return false }
      return (e.location == first.location || first.location.isNowhere)
        && e.message.hasPrefix(first.message)
    }
  }

  /// Throws the first problem on `device`, naming how many more there are.
  package func requireValid(on device: Device) throws {
    let problems = problems(on: device)
    if let first = problems.first {
      let more =
        problems.count > 1 ? " (and \(plural(problems.count - 1, "more problem")); run check)" : ""
      throw LuaError(
        kind: .runtime, location: first.location.isNowhere ? nil : first.location,
        message: first.message + more)
    }
  }

  private func unknownStyle(_ name: String, _ location: SourceLocation) -> Problem {
    let names = registry.styles.compactMap(\.name)
    return Problem(location, "unknown style '\(name)'\(suggestion(name, names))")
  }
}

/// Why a device has no segues of a built-in kind, and what it has instead. `custom` is not
/// offered as a kind to write (`kind = "custom"` is itself an error): a custom kind is one
/// the script declares. Every device that lacks the kind is named, so the iphone's and the
/// iphone5's problem read the same and are said once.
package func kindMissing(_ kind: String, on device: Device) -> String {
  let builtins = device.allowedKinds.filter { $0 != .custom }.map(\.rawValue)
  let builtin = SegueKind(rawValue: kind)
  let lacking = Device.allCases.filter { d in
    builtin.map { !d.allows($0) } ?? false && d.allowedKinds == device.allowedKinds
  }
  let devices = (lacking.isEmpty ? [device] : lacking).map(\.rawValue).joined(separator: " or ")
  // The usual fix for an iPad-only kind is a kind per device, as the seed's storyboards
  // have: say it with the device's nearest kind (a popover's sheet is a modal).
  var fix = ""
  if let other = Device.allCases.first(where: { $0.isPad != device.isPad }),
    let builtin, other.allows(builtin)
  {
    let instead = builtin == .popover ? "modal" : "push"
    fix =
      "; to keep it where it exists, give a kind per device: kind = { \(device.isPad ? "ipad" : "iphone") = \"\(instead)\", \(other.rawValue) = \"\(kind)\" }"
  }
  return
    "\(kind) segues do not exist on an \(devices) (allowed: \(builtins.joined(separator: ", ")), or a custom kind declared with segue_kind \"name\" { perform = function(nav, scene) … end } and named as the kind\(fix))"
}
