// libFuzzer target (built by scripts/fuzz, not by Package.swift): loads arbitrary bytes as
// a script, declares, drives a session the way a person would on each device and renders
// every scene as SVG and in the terminal (also under the script's limits), and draws the
// transition of every tap (a segue kind's animate results, copied by the host). Errors are
// expected; crashes, hangs, leaks and memory faults are not.
import Glibc
import LuaHost
import Psychologist
import Render
import Storyboard

/// Swallows what scripts print.
final class Sink: LuaPrintTarget {
  func write(_ bytes: UnsafeRawBufferPointer) {}
}

nonisolated(unsafe) let sink = Sink()

/// A private folder for the script file and its (dry-run) snapshots.
let folder: String = {
  var template = Array("/tmp/psy-fuzz-XXXXXX".utf8CString)
  let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
  precondition(made != nil, "mkdtemp failed")
  return String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
}()

/// Numbers at the edges, fed to every gesture the host calls itself (the script feeds its
/// own through the dictionary, fuzz/numbers.dict, and the generated seeds).
let edges: [Double] = [
  .infinity, -.infinity, .nan, 1e308, -1e308, 0x1p63, -0x1p63, 1e18, -0.0, 1e-320, 0, -40, 1.3,
]
/// Terminal sizes at the edges (the renderer clamps them).
let sizes: [Int] = [0, -1, 1, 4, 60, 100_000, Int.max, Int.min]

/// Stops an input's work after its first time or memory limit: later calls would fail at
/// once anyway, so an input costs one limit, not one per scene drawn.
final class Attempts {
  var stopped = false
  /// Runs `step` unless a limit already stopped the input; errors are expected.
  func run(_ step: () throws -> Void) {
    guard !stopped else { return }
    do { try step() } catch let e as LuaError {
      if e.kind == .timeLimit || e.kind == .memory { stopped = true }
    } catch {}
  }
}

/// Renders what the session shows in both formats, scene and screen, at `cells` columns
/// and rows as well as a usual size, and the terminal under the script's limits.
func renderAll(_ session: Session, _ attempts: Attempts, cells: Int = 20) {
  for screen in [false, true] {
    var drawn: Drawing?
    attempts.run { drawn = try session.drawing(screen: screen) }
    guard let drawing = drawn else { continue }
    _ = render(drawing, format: .svg)
    _ = render(drawing, format: .terminal, columns: 60, rows: 20)
    _ = render(drawing, format: .ascii, columns: 30, rows: 10)
    _ = render(drawing, format: .ascii, columns: cells, rows: min(cells, 50))
    attempts.run {
      _ = try HostWork(after: session.script.state, at: "fuzz.lua").terminal(
        drawing, columns: cells, rows: min(cells, 50), colors: .none, ascii: false)
    }
  }
}

/// Taps `name` with its transition drawn: a segue kind's `animate` results (tables the
/// host copies, numbers it checks) at the frames `show --frames` and play draw.
func animate(_ session: Session, _ name: String, _ attempts: Attempts) {
  attempts.run {
    try session.tapAnimated(name) { movie in
      for t in [0, 0.25, 0.5, 1] { _ = try movie.frame(at: t) }
      _ = try movie.animatedSVG(samples: 4)
    }
  }
}

/// One input: the bytes are the script.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  let path = folder + "/fuzz.lua"
  do {
    try FileSystem.writeAtomically(path, Array(UnsafeBufferPointer(start: data, count: size)))
  } catch { fatalError("cannot write \(path): \(error)") }
  var options = ScriptOptions()
  options.outputDirectory = folder
  options.dryRun = true
  options.limits = LuaLimits(memory: 32 << 20, seconds: 0.25)
  guard let script = try? Script(path: path, options: options, output: sink) else { return 0 }
  do { try script.load() } catch { return 0 }
  let attempts = Attempts()
  // The input's last bytes choose the edge values the host's own calls use.
  let pick = size > 0 ? Int(data[size - 1]) : 0
  let edge = edges[pick % edges.count], other = edges[(pick / edges.count) % edges.count]
  let cells = sizes[pick % sizes.count]
  for (device, orientation) in [(Device.iphone, Orientation.portrait), (.ipad, .landscape)] {
    guard let session = try? Session(script: script, device: device, orientation: orientation)
    else { continue }
    renderAll(session, attempts)
    for d in script.registry.diagnoses.prefix(6) {
      attempts.run { try session.tap(d.name) }
      renderAll(session, attempts)
      try? session.pan(-40)
      try? session.pinch(1.3)
      try? session.setHappiness(-5)
      try? session.pan(edge)
      try? session.pinch(other)
      try? session.setHappiness(other)
      try? session.setScale(edge)
      session.rotate()
      renderAll(session, attempts, cells: cells)
      while session.back() {}
      animate(session, d.name, attempts)
      while session.back() {}
    }
    for s in script.registry.segues.prefix(6) {
      attempts.run { try session.perform(s.identifier) }
      renderAll(session, attempts)
      try? session.pan(1e9)
      try? session.pinch(0.01)
      try? session.pinch(edge)
      try? session.setScale(other)
      renderAll(session, attempts, cells: cells)
      while session.back() {}
      animate(session, s.identifier, attempts)
      while session.back() {}
    }
  }
  return 0
}
