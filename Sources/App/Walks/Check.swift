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

  /// Runs every declaration without a problem of its own on one device and orientation
  /// (`DeclarationRun`); a limit hit says at which declaration's run.
  private func runDeclarations(
    on device: Device, _ orientation: Orientation, skipping faulty: Set<SourceLocation>,
    work: HostWork?
  ) -> (problems: [(Problem, limitAt: SourceLocation?)], stopped: Bool) {
    let run = DeclarationRun(self, on: device, orientation, skipping: faulty, work: work)
    run.run()
    return (run.problems, run.stopped)
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
