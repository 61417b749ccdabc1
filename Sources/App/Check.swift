import Channels
import Declarations
import Face
import Files
import Geometry
import LuaHost
import Readable
import Render
import Storyboard

/// `check`: what the other commands would run, run on every device and orientation, so
/// that a script `check` passes is one `show`, `run`, `batch` and `play` accept.
extension Script {
  /// Every problem of the loaded script: the declarations' own on each device, then what
  /// running them meets, on each device and orientation given (under the script's limits):
  /// each diagnosis tapped with each of its `examples` (or `{}`), from its menu, and the
  /// screen it leads to drawn (happiness and expression functions, its segue, its kind's
  /// `perform`, features); each button segue performed from its menu and drawn; each `segue_kind` no segue uses performed;
  /// each feature no face draws drawn on its own; each named style drawn. A problem met on
  /// some devices only says where; the list is in file, then line order. The walk ends at
  /// `work`'s deadline, with the time limit's problem at the declaration it had reached.
  public func checkProblems(
    devices: [Device] = Device.allCases, orientations: [Orientation] = Orientation.allCases,
    work: HostWork? = nil
  ) -> [Problem] {
    var found = ProblemsByPlace()
    let everywhere = devices.count * orientations.count
    // A declaration that hit the time or memory limit once is not run again: six runs of
    // a runaway function would cost six limits.
    var limited: Set<SourceLocation> = []
    let unperformed = registry.unperformedSegueProblems()
    var stopped = false
    for device in devices where !stopped {
      let declared = problems(on: device) + unperformed
      let faulty = Set(declared.map(\.location))
      for orientation in orientations where !stopped {
        for p in declared { found.add(p, on: device, orientation) }
        let skipped = faulty.union(limited)
        let walked = runDeclarations(on: device, orientation, skipping: skipped, work: work)
        stopped = walked.stopped
        for (p, limitAt) in walked.problems {
          if let limitAt {
            limited.insert(limitAt)
            found.addOnce(p)
          } else {
            found.add(p, on: device, orientation)
          }
        }
      }
    }
    return found.sorted(everywhere: everywhere)
  }

  /// Runs every declaration without a problem of its own on one device and orientation;
  /// a limit hit says at which declaration's run.
  private func runDeclarations(
    on device: Device, _ orientation: Orientation, skipping faulty: Set<SourceLocation>,
    work: HostWork?
  ) -> (problems: [(Problem, limitAt: SourceLocation?)], stopped: Bool) {
    let r = registry
    let session = Session(checking: self, device: device, orientation: orientation)
    // On an iPad in portrait the menu is reached as a person reaches it: the detail's bar
    // button shows the master's popover, and the button is tapped there.
    let reach = Reach(
      session: session, showingMaster: Reach.showsMaster(on: device, orientation), work: work)
    var problems: [(Problem, limitAt: SourceLocation?)] = []
    // Once the walk's own deadline has passed, what is left is not run: its time limit is
    // said once, at the declaration reached.
    var stopped = false
    // While a diagnosis's examples run: what they already said. A feature with a wrong
    // colour fails alike on every example, and was said once per example.
    var saidByExamples: Set<String>? = nil
    func attempt(_ location: SourceLocation, _ suffix: String = "", _ body: () throws -> Void) {
      guard !stopped else { return }
      do {
        try work?.check(at: location)
        try body()
      } catch {
        if let e = error as? LuaError, e.kind == .timeLimit, work?.expired() == true {
          stopped = true
        }
        var p = problemOf(error, at: location)
        if saidByExamples != nil, !saidByExamples!.insert(p.description).inserted { return }
        p.message += suffix
        if let e = error as? LuaError, e.kind == .timeLimit || e.kind == .memory {
          problems.append((p, location))
        } else {
          problems.append((p, nil))
        }
      }
    }
    func show() throws { _ = try session.drawing(screen: true) }
    func kindIsFine(_ segue: Segue) -> Bool {
      guard !faulty.contains(segue.location), let name = segue.kind.name(on: device) else {
        return false
      }
      return r.kind(name).map { !faulty.contains($0.location) } ?? true
    }
    // Diagnoses, with each example input.
    for d in r.diagnoses where !faulty.contains(d.location) && reach.canReachMenu(of: d.name) {
      guard let segue = r.segue(d.segue), kindIsFine(segue) else { continue }
      let computed: Bool
      switch (d.happiness, d.expression) {
      case (.function?, _), (_, .function?): computed = true
      default: computed = d.channels != nil
      }
      let inputs = d.examples.isEmpty ? [LuaValue.map([:])] : d.examples
      if let mapping = d.channels, !d.examples.isEmpty {
        // The examples stand for the data: a column none of them has is misspelt, or
        // missing from them as it would be from the data.
        var names: [String] = []
        for example in d.examples {
          for key in example.entries.compactMap(\.key.text).sorted() where !names.contains(key) {
            names.append(key)
          }
        }
        for p in mapping.absentColumns(from: names, input: "the examples", at: d.location) {
          problems.append((p, nil))
        }
      }
      session.scaleColumns(of: d, over: inputs)
      saidByExamples = []
      defer { saidByExamples = nil }
      for (i, input) in inputs.enumerated() {
        let which =
          d.examples.isEmpty ? "" : "example \(i + 1) of \(d.examples.count), "
        let suffix = computed ? " (tapped with \(which)input \(luaText(input)))" : ""
        attempt(d.location, suffix) {
          try reach.start(atMenuOf: d.name, at: d.location)
          do { try session.tap(d.name, input: input) } catch is DroppedRow {
            return  // missing = "drop" leaves such a row out, as asked
          }
          try show()
        }
      }
    }
    // Segues on a menu, each from its own. Manual ones (showDiagnosis too) run when the
    // diagnoses naming them are tapped, with the value they diagnose.
    for segue in r.segues
    where r.isButton(segue) && kindIsFine(segue) && reach.canReachMenu(of: segue.identifier) {
      attempt(segue.location) {
        try reach.start(atMenuOf: segue.identifier, at: segue.location)
        try session.perform(segue.identifier)
        try show()
      }
    }
    // Kinds that no segue on this device performs.
    let usedKinds = Set(r.segues.compactMap { $0.kind.name(on: device) })
    for kind in r.kinds
    where !usedKinds.contains(kind.name) && !faulty.contains(kind.location)
      && kind.devices.map({ $0.contains(device) }) ?? true
    {
      attempt(kind.location) {
        session.restart()
        try session.perform(kind: kind)
      }
    }
    for kind in r.kinds where !faulty.contains(kind.location) {
      attempt(kind.location) { try session.checkAnimation(of: kind) }
    }
    // Features that no tap above drew, and named styles: each on a face of its own.
    let listed = Set(r.diagnoses.flatMap(\.features))
    let tapped = !r.diagnoses.isEmpty || r.segues.contains(where: r.isButton)
    for feature in r.features where !faulty.contains(feature.location) {
      guard !listed.contains(feature.name), !(tapped && r.drawsEverywhere(feature)) else {
        continue
      }
      attempt(feature.location) {
        try drawAlone(session, style: r.globalStyle, features: [feature.name])
      }
    }
    for style in r.styles where style.name != nil && !faulty.contains(style.location) {
      attempt(style.location) {
        try drawAlone(session, style: style.style, features: [])
      }
    }
    return (problems, stopped)
  }

  /// A face at happiness 50 in the focused scene's content rect, with `features`.
  private func drawAlone(
    _ session: Session, style: FaceStyle, features: [String]
  ) throws {
    let face = try FaceState(happiness: 50, scale: style.scale)
    let scene = Scene<SceneContent>(
      title: "Happiness", content: .face(FaceScene(face: face, style: style, features: features)))
    let r = session.navigator.focusContentRect
    _ = try session.contentItems(
      scene, in: Rect(x: 0, y: 0, width: r.width, height: r.height))
  }

  /// An error as a problem: at its own `file:line`, else at the declaration that ran.
  private func problemOf(_ error: Error, at location: SourceLocation) -> Problem {
    switch error {
    case let e as LuaError:
      var p = Problem(e.location ?? location, e.message)
      p.traceback = e.scriptFrames
      return p
    case let p as Problem: return p.location.isNowhere ? Problem(location, p.message) : p
    default: return Problem(location, "\(error)")
    }
  }
}

extension Session {
  /// Scales the columns `d`'s channels read that the script gives no range over `inputs`
  /// (its examples), as a batch scans its data.
  package func scaleColumns(of d: Diagnosis, over inputs: [LuaValue]) {
    columnRanges =
      d.channels.map { m in
        // A function reads any column: each gets its range, as batch finds them.
        let every = inputs.flatMap { $0.entries.compactMap(\.key.text) }
        return ChannelMapping.scan(inputs, m.usesFunctions ? every : m.columns)
      } ?? [:]
    columnMeans =
      d.channels.map { ChannelMapping.means(inputs, $0.meanColumns + $0.centredColumns) }
      ?? [:]
    columnLevels =
      d.channels.map { m in
        var levels = ColumnLevels()
        for input in inputs { levels.add(input, m.levelColumns, m) }
        return levels.levels
      } ?? [:]
  }
}

/// Problems keyed by what they say, with the devices and orientations each was met on.
private struct ProblemsByPlace {
  var order: [Problem] = []
  var seen: [String: Set<String>] = [:]

  /// A problem not run again after its first device: it names no devices.
  mutating func addOnce(_ p: Problem) {
    if seen[p.description] == nil { order.append(p) }
    seen[p.description, default: []].insert("*")
  }

  mutating func add(_ p: Problem, on device: Device, _ orientation: Orientation) {
    if seen[p.description] == nil { order.append(p) }
    seen[p.description, default: []].insert(device.rawValue + " " + orientation.rawValue)
  }

  /// By file, then line (as numbers), else as met; a problem not met everywhere says where.
  func sorted(everywhere: Int) -> [Problem] {
    func key(_ p: Problem) -> SourceLocation { p.location }
    let ranked = order.enumerated().sorted { a, b in
      let (ka, kb) = (key(a.element), key(b.element))
      return ka != kb ? ka < kb : a.offset < b.offset
    }
    return ranked.map { _, p in
      let places = seen[p.description] ?? []
      guard places.count < everywhere, !places.contains("*") else { return p }
      var q = p
      q.message += " (on \(Self.describe(places)))"
      return q
    }
  }

  /// `ipad`, `ipad landscape`, `iphone, iphone5 portrait`: a device met in both
  /// orientations is named alone.
  static func describe(_ places: Set<String>) -> String {
    var out: [String] = []
    for device in Device.allCases {
      let met = Orientation.allCases.filter { places.contains(device.rawValue + " " + $0.rawValue) }
      if met.count == Orientation.allCases.count {
        out.append(device.rawValue)
      } else if let o = met.first {
        out.append(device.rawValue + " " + o.rawValue)
      }
    }
    return out.joined(separator: ", ")
  }
}
