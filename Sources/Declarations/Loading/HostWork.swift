import Files
import LuaHost
import Raster
import Readable
import Render

/// Long work the host does for a script outside Lua (drawing a PNG, drawing terminal
/// cells), held to the script's own limits: it ends at a deadline handed down by its
/// caller, looked at as it goes, and what it holds counts against the memory cap, so a
/// script cannot escape either limit by asking the host to work for it. Its errors name
/// the script's `file:line`, as every other limit's do.
public struct HostWork {
  package let state: LuaState
  /// The script's `file:line` the work's errors name.
  public let place: SourceLocation
  /// When the work must end (`monotonicSeconds()`); nil: at the deadline of the call
  /// running now.
  private let deadline: Double?

  /// Work that a running call asked for (a session method): it ends at that call's deadline.
  public init(during state: LuaState, at place: SourceLocation) {
    self.state = state
    self.place = place
    self.deadline = nil
  }

  /// Work done once the script's calls have returned (`show` drawing its scene): it gets a
  /// call's time limit of its own, from now.
  public init(after state: LuaState, at place: SourceLocation) {
    self.state = state
    self.place = place
    let seconds = state.limits.seconds
    // Without a time limit no clock runs: the deadline is far enough never to pass.
    self.deadline = monotonicSeconds() + (seconds > 0 ? min(seconds, 1e9) : 1e12)
  }

  /// Seconds until the deadline, at most `cap` (a child process's own bound); `cap` when
  /// the work runs during a call, whose deadline the watchdog keeps.
  public func secondsLeft(atMost cap: Double) -> Double {
    guard let deadline else { return cap }
    return max(0.001, min(cap, deadline - monotonicSeconds()))
  }

  /// Whether the deadline has passed.
  package func expired() -> Bool {
    if let deadline { return monotonicSeconds() >= deadline }
    return state.isPastDeadline
  }

  /// The time limit's error at the script's place.
  package func stopped() -> LuaError { state.timeLimitError(at: place) }

  /// Throws the time limit's error once the deadline has passed: work made of many steps
  /// (the frames of `show --frames`) asks between them.
  public func check() throws {
    if expired() { throw stopped() }
  }

  /// Throws the time limit's error at `place` (the declaration a walk is at) once the
  /// deadline has passed.
  public func check(at place: SourceLocation) throws {
    if expired() { throw state.timeLimitError(at: place.isNowhere ? self.place : place) }
  }

  /// Counts `bytes` the work keeps against the memory limit, the error at `place`; give
  /// them back with `release`.
  public func charge(_ bytes: Int, at place: SourceLocation) throws {
    try state.charge(bytes, at: place.isNowhere ? self.place : place)
  }

  /// Gives back bytes `charge` counted.
  public func release(_ bytes: Int) { state.uncharge(bytes) }

  /// The SVG document drawn as PNG in a child process held to what the memory limit leaves
  /// and to the deadline. A limit it hits is the script's error (kind `.memory` or
  /// `.timeLimit`); any other failure stays a `RasterError`.
  public func png(_ svg: [UInt8]) throws -> [UInt8] {
    // The document itself is held while it is drawn: it counts, and the child gets the rest.
    try state.charge(svg.count, at: place)
    defer { state.uncharge(svg.count) }
    return try limited("the PNG") { () throws(RasterError) in
      try PNG.fromSVG(svg, memory: childMemory, expired: expired)
    }
  }

  /// A child process to draw many documents into pixels in (a clip's frames), held to what
  /// the memory limit leaves now; `image(_:scale:opaque:in:)` holds each to the deadline.
  public func rasterWorker() throws -> RasterWorker {
    try limited("the frames") { () throws(RasterError) in try RasterWorker(memory: childMemory) }
  }

  /// The SVG document drawn into pixels in `worker` (as `RasterImage(svg:scale:opaque:)`),
  /// which is killed at the deadline. A limit it hits is the script's error, as `png`'s.
  public func image(_ svg: [UInt8], scale: Double, opaque: Bool, in worker: RasterWorker)
    throws -> RasterImage
  {
    try limited("a frame") { () throws(RasterError) in
      try worker.image(svg: svg, scale: scale, opaque: opaque, expired: expired)
    }
  }

  /// What a child may use: what the memory limit leaves (0: no limit).
  private var childMemory: Int {
    let left = state.memoryLeft
    return left == Int.max ? 0 : max(left, 1)
  }

  /// `body`'s result, a limit it hits drawing `what` the script's error.
  private func limited<R>(_ what: String, _ body: () throws(RasterError) -> R) throws -> R {
    do {
      return try body()
    } catch .timeLimit {
      throw stopped()
    } catch .memory {
      throw LuaError(
        kind: .memory, location: place,
        message:
          "not enough memory to draw \(what) (the \(state.limits.memory >> 20) MiB memory limit)")
    }
  }

  /// The drawing as terminal text (`ascii`: ASCII only) of `columns`×`rows` cells, its
  /// working memory charged to the memory limit while it is drawn and the deadline looked
  /// at between its items.
  public func terminal(
    _ drawing: Drawing, columns: Int, rows: Int, colors: ColorMode, ascii: Bool
  ) throws -> [UInt8] {
    let bytes = TerminalRenderer.workingBytes(columns: columns, rows: rows)
    try state.charge(bytes, at: place)
    defer { state.uncharge(bytes) }
    do {
      return try TerminalRenderer.bytes(
        drawing, columns: columns, rows: rows, colors: colors, ascii: ascii, expired: expired)
    } catch {
      throw stopped()
    }
  }
}

extension Script {
  /// The limits `show` draws `name` (a diagnosis or a segue) under once the script's calls
  /// have returned, its errors at the declaration's `file:line` (no name, or none
  /// declared: the app's, `appPlace`).
  public func hostWork(showing name: String) -> HostWork {
    let place = registry.diagnosis(name)?.location ?? registry.segue(name)?.location ?? appPlace
    return HostWork(after: state, at: place)
  }

  /// Where the app as a whole is declared, which a limit met while none of its own
  /// declarations runs (its first screen, a page's whole) names: the `app {}` declaration,
  /// else the script's first diagnosis, segue or menu, else the script itself.
  var appPlace: SourceLocation {
    if let app = registry.app { return app.location }
    let own =
      (registry.diagnoses.map(\.location) + registry.segues.map(\.location)
      + registry.menus.map(\.location)).filter { $0.file == path }
    return own.min() ?? SourceLocation(file: path)
  }
}
