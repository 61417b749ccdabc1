import Channels
import Declarations
import Face
import Files
import Geometry
import LuaHost
import Readable
import Storyboard

/// `check`'s first walk on one device and orientation: every declaration without a problem
/// of its own run as the other commands would run it — each diagnosis tapped with each
/// example from its menu, each button segue performed from its menu, each kind no segue
/// uses performed, each kind's animation, each feature no face draws and each named style
/// drawn alone. What fails is a problem at the declaration run (or at its own place); a
/// limit met says at which declaration's run.
final class DeclarationRun {
  private let registry: Registry
  private let device: Device
  private let session: Session
  /// The walk of menus: each declaration is run from the menu a person reaches it on.
  private let reach: Reach
  private let work: HostWork?
  /// The places of declarations with a problem of their own (or a limit met before): not run.
  private let faulty: Set<SourceLocation>
  /// What running met, each with the declaration whose run met a limit.
  private(set) var problems: [(Problem, limitAt: SourceLocation?)] = []
  /// Whether the walk's own deadline has passed: what is left is not run, and its time
  /// limit is said once, at the declaration reached.
  private(set) var stopped = false
  /// While a diagnosis's examples run: what they already said. A feature with a wrong
  /// colour fails alike on every example, and was said once per example.
  private var saidByExamples: Set<String>? = nil

  /// A run of `script`'s declarations on `device` in `orientation`, skipping those at
  /// `faulty`, under `work`'s limits.
  init(
    _ script: Script, on device: Device, _ orientation: Orientation,
    skipping faulty: Set<SourceLocation>, work: HostWork?
  ) {
    registry = script.registry
    self.device = device
    session = Session(checking: script, device: device, orientation: orientation)
    // On an iPad in portrait the menu is reached as a person reaches it: the detail's bar
    // button shows the master's popover, and the button is tapped there.
    reach = Reach(
      session: session, showingMaster: Reach.showsMaster(on: device, orientation), work: work)
    self.work = work
    self.faulty = faulty
  }

  /// Runs every declaration.
  func run() {
    runDiagnoses()
    runButtonSegues()
    runKinds()
    drawFeaturesAndStyles()
  }

  /// Runs `body` for the declaration at `location` (unless the walk has stopped); what it
  /// throws is a problem, `suffix` added.
  private func attempt(_ location: SourceLocation, _ suffix: String = "", _ body: () throws -> Void)
  {
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

  /// Whether `segue` and its kind on this device have no problem of their own.
  private func kindIsFine(_ segue: Segue) -> Bool {
    guard !faulty.contains(segue.location), let name = segue.kind.name(on: device) else {
      return false
    }
    return registry.kind(name).map { !faulty.contains($0.location) } ?? true
  }

  /// Each diagnosis a person can reach, tapped with each example input (or `{}`) from its
  /// menu, and the screen it leads to drawn.
  private func runDiagnoses() {
    for d in registry.diagnoses where !faulty.contains(d.location) && reach.canReachMenu(of: d.name)
    {
      guard let segue = registry.segue(d.segue), kindIsFine(segue) else { continue }
      let computed: Bool
      switch (d.happiness, d.expression) {
      case (.function?, _), (_, .function?): computed = true
      default: computed = d.channels != nil
      }
      let inputs = d.examples.isEmpty ? [LuaValue.map([:])] : d.examples
      checkColumns(of: d)
      session.scaleColumns(of: d, over: inputs)
      saidByExamples = []
      defer { saidByExamples = nil }
      for (i, input) in inputs.enumerated() {
        let which = d.examples.isEmpty ? "" : "example \(i + 1) of \(d.examples.count), "
        let suffix = computed ? " (tapped with \(which)input \(luaText(input)))" : ""
        attempt(d.location, suffix) {
          try reach.start(atMenuOf: d.name, at: d.location)
          do { try session.tap(d.name, input: input) } catch is DroppedRow {
            return  // missing = "drop" leaves such a row out, as asked
          }
          _ = try session.drawing(screen: true)
        }
      }
    }
  }

  /// The columns `d`'s channels read that none of its examples has: the examples stand for
  /// the data, so such a column is misspelt, or missing from them as from the data.
  private func checkColumns(of d: Diagnosis) {
    guard let mapping = d.channels, !d.examples.isEmpty else { return }
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

  /// Segues on a menu, each performed from its own and drawn. Manual ones (showDiagnosis
  /// too) run when the diagnoses naming them are tapped, with the value they diagnose.
  private func runButtonSegues() {
    for segue in registry.segues
    where registry.isButton(segue) && kindIsFine(segue)
      && reach.canReachMenu(of: segue.identifier)
    {
      attempt(segue.location) {
        try reach.start(atMenuOf: segue.identifier, at: segue.location)
        try session.perform(segue.identifier)
        _ = try session.drawing(screen: true)
      }
    }
  }

  /// Kinds no segue on this device performs, performed from the start; every kind's
  /// animation, sampled.
  private func runKinds() {
    let usedKinds = Set(registry.segues.compactMap { $0.kind.name(on: device) })
    for kind in registry.kinds
    where !usedKinds.contains(kind.name) && !faulty.contains(kind.location)
      && kind.devices.map({ $0.contains(device) }) ?? true
    {
      attempt(kind.location) {
        session.restart()
        try session.perform(kind: kind)
      }
    }
    for kind in registry.kinds where !faulty.contains(kind.location) {
      attempt(kind.location) { try session.checkAnimation(of: kind) }
    }
  }

  /// Features that no tap drew, and named styles: each on a face of its own.
  private func drawFeaturesAndStyles() {
    let r = registry
    let listed = Set(r.diagnoses.flatMap(\.features))
    let tapped = !r.diagnoses.isEmpty || r.segues.contains(where: r.isButton)
    for feature in r.features where !faulty.contains(feature.location) {
      guard !listed.contains(feature.name), !(tapped && r.drawsEverywhere(feature)) else {
        continue
      }
      attempt(feature.location) { try drawAlone(style: r.globalStyle, features: [feature.name]) }
    }
    for style in r.styles where style.name != nil && !faulty.contains(style.location) {
      attempt(style.location) { try drawAlone(style: style.style, features: []) }
    }
  }

  /// A face at happiness 50 in the focused scene's content rect, with `features`.
  private func drawAlone(style: FaceStyle, features: [String]) throws {
    let face = try FaceState(happiness: 50, scale: style.scale)
    let scene = Scene<SceneContent>(
      title: "Happiness", content: .face(FaceScene(face: face, style: style, features: features)))
    let r = session.navigator.focusContentRect
    _ = try session.contentItems(scene, in: Rect(x: 0, y: 0, width: r.width, height: r.height))
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
