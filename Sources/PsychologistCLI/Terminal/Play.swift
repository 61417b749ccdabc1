// `psychologist play SCRIPT`: the app in the terminal, driven by keys and the mouse; with
// --watch, reloaded whenever the script (or a file it required) changes.

import Glibc
import LuaHost
import PlayUI
import CLISupport
import Options
import Psychologist
import Render
import Storyboard

/// What a script prints during play: kept for the message line, since writing to stdout
/// would scribble over the screen.
final class PrintCapture: LuaPrintTarget {
  var text = ""
  func write(_ bytes: UnsafeRawBufferPointer) {
    text += String(decoding: bytes, as: UTF8.self)
    if text.utf8.count > 4096 { text = String(text.suffix(1024)) }
  }
  /// The last line printed since the last call, if any.
  func take() -> String? {
    defer { text = "" }
    let last = text.split(separator: "\n").last.map(String.init)
    return last.map { "print: " + $0 }
  }
}

/// Why play refuses to run when stdout is no terminal.
let notATerminal =
  "play needs a terminal: standard output is not a TTY"
  + " (use `show` to draw a face into a file or a pipe)"

/// `psychologist play SCRIPT`: refuses without a terminal (exit 2); a script that does not
/// load is an error before the screen changes (under --watch it is shown instead).
func playCommand(_ args: ParsedArguments) throws -> ExitCode {
  let options = try scriptOptions(args)
  let path = args[PlayCommand.script]
  guard isTerminal(1) else {
    throw UsageError(notATerminal)
  }
  guard FileSystem.exists(path) else { throw UsageError("no such script: \(path)") }
  let player = Player(
    path: path, options: options, watch: args[PlayCommand.watch],
    colors: try args[SharedOptions.color] ?? .auto)
  if player.watch { player.reload() } else { try player.loadFirst() }
  let terminal = try Terminal()
  defer { terminal.restore() }
  return try player.run(terminal)
}

/// The state of a play: the script, its session, what the user did (replayed on a reload)
/// and the last frame on screen.
final class Player {
  let path: String
  let options: ScriptOptions
  let watch: Bool
  let capture = PrintCapture()
  var script: Script?
  var session: Session?
  /// Everything applied since the start, replayed into a reloaded script.
  var history: [PlayAction] = []
  /// An error on screen (a broken edit, a failed gesture); nil when all is well.
  var message: String?
  /// Whether the last reload loaded but could not replay what the user did: retried after
  /// each action, since going back may make it possible.
  var replayFailed = false
  var files: [String]
  var seen: [Int?] = []
  var lastCheck = 0.0
  var previous: [[UInt8]] = []
  var size = (columns: 0, rows: 0)
  var targets: [Target] = []
  var drag: (row: Int, pointsPerRow: Double)?
  let colors: ColorMode
  /// The frame on screen, and the transition to play before the next redraw.
  var shown: Frame?
  var transition: PendingTransition?
  /// The session as last drawn and how much history it had: put back when the steps since
  /// then lead to a screen that fails to draw.
  var drawn: (checkpoint: Session.Checkpoint, history: Int)?

  init(path: String, options: ScriptOptions, watch: Bool, colors choice: ColorChoice) {
    self.path = path
    self.options = options
    self.watch = watch
    files = [path]
    colors = colorMode(isTTY: true, environment: environment(), choice: choice)
  }

  /// Loads the script and starts its session, or throws (before the terminal is touched).
  func loadFirst() throws {
    let s = try loadScript(path, options, output: capture)
    try requireValid(s, on: options.device)  // every problem, not the session's first
    session = try Session(script: s, device: options.device, orientation: options.orientation)
    script = s
    files = s.files
  }

  /// A fresh Script and Session with the history replayed; on any error the last good
  /// session stays and the error is shown.
  func reload() {
    var loaded = false
    do {
      let s = try Script(path: path, options: options, output: capture)
      defer { files = s.files }
      try s.load()
      loaded = true
      let fresh = try Session(script: s, device: options.device, orientation: options.orientation)
      for a in history { try apply(a, to: fresh) }
      script = s
      session = fresh
      drawn = nil
      message = capture.take()
      replayFailed = false
    } catch {
      message = describe(error)
      replayFailed = loaded
    }
    seen = files.map { FileSystem.modificationTime($0) }
    lastCheck = monotonicSeconds()
  }

  /// Applies one action to a session; false when it did nothing (nothing to pan, nowhere
  /// to go back to).
  @discardableResult
  func apply(_ a: PlayAction, to s: Session) throws -> Bool {
    switch a {
    case .tap(let name): try s.tap(name)
    case .pan(let dy):
      guard s.focusedFace != nil else { return false }
      try s.pan(dy)
    case .pinch(let factor):
      guard s.focusedFace != nil else { return false }
      try s.pinch(factor)
    case .rotate: s.rotate()
    case .showMaster:
      guard s.device.isPad, s.orientation == .portrait, !s.navigator.masterIsInPopover else {
        return false
      }
      try s.showMaster()
    case .back: return s.back()
    case .page(let n):
      let rows = n * (shown?.menuScreenful ?? 0)
      guard let offset = shown?.menuScroll(by: rows, from: s.menuScroll) else { return false }
      s.menuScroll = offset
    case .scroll(let n):
      guard let offset = shown?.menuScroll(by: n, from: s.menuScroll) else { return false }
      s.menuScroll = offset
    case .quit: return false
    }
    return true
  }

  /// Whether the menu's buttons can be tapped now.
  var canTap: Bool { session?.menuIsTappable ?? false }

  /// Does what the user asked. Returns false to quit. A script error or a refused gesture
  /// is shown (`file:line: message`) and the scene before it stays: the session goes on.
  func perform(_ a: PlayAction) throws -> Bool {
    if a == .quit { return false }
    guard let session, script != nil else { return true }
    do {
      let before = session.navigator
      let undo = (checkpoint: session.checkpoint, history: history.count)
      if try apply(a, to: session) {
        history.append(a)
        prepareTransition(after: a, from: before, undo: undo)
        message = capture.take()
        if watch && replayFailed { reload() }
      }
    } catch {
      // The session undid the step itself (a custom kind's perform may have navigated).
      message = describe(error)
    }
    return true
  }

  func handle(_ key: Key) throws -> Bool {
    if case .mouse(let m) = key { return try handle(m) }
    guard let a = action(for: key, buttons: canTap ? shown?.keyedButtons ?? [] : []) else {
      return true
    }
    return try perform(a)
  }

  func handle(_ m: MouseEvent) throws -> Bool {
    switch m.kind {
    case .wheelUp, .wheelDown:
      // Over the menu the wheel scrolls it a row; elsewhere it pinches the face.
      let up = m.kind == .wheelUp
      if shown?.isOverMenu(m.column, m.row) == true { return try perform(.scroll(up ? -1 : 1)) }
      return try perform(.pinch(up ? 1.1 : 1 / 1.1))
    case .release:
      drag = nil
    case .press:
      guard m.button == 0, let t = targets.last(where: { $0.rect.contains(m.column, m.row) }) else {
        return true
      }
      switch t.kind {
      case .button(let name): if canTap { return try perform(.tap(name)) }
      case .back: return try perform(.back)
      case .barButton: return try perform(.showMaster)
      case .face(let pointsPerRow): drag = (m.row, pointsPerRow)
      }
    case .drag:
      guard let d = drag, m.row != d.row else { return true }
      drag = (m.row, d.pointsPerRow)
      return try perform(.pan(Double(m.row - d.row) * d.pointsPerRow))
    }
    return true
  }

  /// Draws what changed since the last frame (everything when `full`). `composed` is the
  /// current session's screen already composed at the last size (an animation's end), used
  /// unless the terminal was resized.
  func redraw(_ terminal: Terminal, full: Bool = false, composed: Frame? = nil) throws {
    let current = terminal.size()
    var out: [UInt8] = []
    var composed = composed
    if full || current != size {
      composed = nil
      size = current
      previous = []
      out += TerminalControl.clearScreen
    }
    var screen = PlayScreen(columns: size.columns, rows: size.rows, colors: colors)
    screen.message = message
    screen.note = watch ? "watching" : ""
    var frame: Frame
    do {
      frame = try composed ?? screen.compose(session)
      if let session { drawn = (session.checkpoint, history.count) }
    } catch {
      // A feature's draw function failed: show it over the scene last drawn, or with no
      // scene when that one fails too (a reload's, a new size's); a key still goes back.
      message = describe(error)
      screen.message = message
      if let session, let drawn, let good = try? restore(session, to: drawn, on: screen) {
        frame = good
      } else {
        frame = try screen.compose(nil)
      }
    }
    targets = frame.targets
    shown = frame
    let lines = frame.lines()
    out += update(from: previous, to: lines)
    previous = lines
    if !out.isEmpty { terminal.write(out) }
  }

  /// Puts `session` back as it was drawn, with the history of then; its frame.
  private func restore(
    _ session: Session, to drawn: (checkpoint: Session.Checkpoint, history: Int),
    on screen: PlayScreen
  ) throws -> Frame {
    session.restore(drawn.checkpoint)
    history.removeLast(max(0, history.count - drawn.history))
    return try screen.compose(session)
  }

  /// The loop: wait for keys, signals or (under --watch) the next file check; act; redraw.
  func run(_ terminal: Terminal) throws -> ExitCode {
    try redraw(terminal, full: true)
    var pending: [UInt8] = []
    while true {
      var timeout: Int32 = -1
      if !pending.isEmpty {
        timeout = 30
      }  // a lone ESC, or the rest of a sequence
      else if watch {
        timeout = Int32(max(0, min(500, (lastCheck + 0.5 - monotonicSeconds()) * 1000)))
      }
      let ready = terminal.wait(milliseconds: timeout)
      var resized = false
      if ready.signal {
        for s in terminal.caughtSignals() {
          if s == SIGWINCH {
            resized = true
          } else if s == SIGTSTP || s == SIGCONT {
            // Stopped in suspend until SIGCONT; the shell had the screen meanwhile.
            if s == SIGTSTP { terminal.suspend(group: false) } else { terminal.resume() }
            resized = true
          } else {
            terminal.restore()
            dieBy(s)
          }
        }
      }
      if ready.input {
        guard let bytes = terminal.readInput() else { return .ok }  // the terminal went away
        pending += bytes
      }
      let parsed = parseKeys(pending, final: !ready.input && !ready.signal)
      pending.removeFirst(parsed.consumed)
      for key in parsed.keys {
        if key == .suspend {
          terminal.suspend(group: true)
          resized = true
        } else if try !handle(key) {
          return .ok
        }
      }
      // The animation's last screen, unless a reload below makes it stale.
      var composed = ready.signal ? nil : try animate(terminal)
      if watch && monotonicSeconds() >= lastCheck + 0.5 {
        lastCheck = monotonicSeconds()
        if files.map({ FileSystem.modificationTime($0) }) != seen {
          reload()
          composed = nil
        }
      }
      try redraw(terminal, full: resized, composed: composed)
    }
  }
}
