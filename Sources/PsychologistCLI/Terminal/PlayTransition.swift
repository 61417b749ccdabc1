// `play` animates every step that changes the scene (a tap, going back) as the transition
// model says, at the terminal's pace; a key pressed meanwhile finishes it at once.

import CLISupport
import Glibc
import LuaHost
import PlayUI
import Psychologist
import Storyboard

/// A step's transition waiting to be played: how it moves, and the screen before it.
struct PendingTransition {
  var movie: TransitionMovie
  var before: Frame
  /// The session and history before the step: a kind's animation that fails undoes it.
  var undo: (checkpoint: Session.Checkpoint, history: Int)
}

extension Player {
  /// Notes the transition of a step just applied (taps and going back move scenes). A
  /// kind's `animate` that fails undoes the step (`undo`: the session and history before
  /// it), one rule with `s:animate` (which undoes the tap) and `show --animate` (exit 1).
  func prepareTransition(
    after a: PlayAction, from before: Navigator<SceneContent>,
    undo: (checkpoint: Session.Checkpoint, history: Int)
  ) {
    guard let session, script != nil, let shown else { return }
    let tapped: String?
    switch a {
    case .tap(let name): tapped = name
    case .back, .showMaster: tapped = nil
    default: return
    }
    do {
      let movie = try session.transition(from: before, tapped: tapped)
      transition = PendingTransition(movie: movie, before: shown, undo: undo)
    } catch {
      fail(error, undoing: undo)
    }
  }

  /// A kind's animation failed: its error is shown and the step undone.
  private func fail(_ error: Error, undoing undo: (checkpoint: Session.Checkpoint, history: Int)) {
    message = describe(error)
    session?.restore(undo.checkpoint)
    history.removeLast(max(0, history.count - undo.history))
  }

  /// Plays the pending transition, if any: frames until 0.35 s have passed, each written
  /// only where it changed and drained to the terminal before the next; input or a signal
  /// ends it at once (the loop then handles them and draws the end). Returns the screen
  /// after the step, composed for the last frame, unless the animation failed (its message
  /// then belongs on the screen): the redraw that follows may use it instead of composing
  /// it again.
  @discardableResult
  func animate(_ terminal: Terminal) throws -> Frame? {
    guard let pending = transition, let session, script != nil else { return nil }
    transition = nil
    var screen = PlayScreen(columns: size.columns, rows: size.rows, colors: colors)
    screen.message = message
    screen.note = watch ? "watching" : ""
    guard let after = try? screen.compose(session) else { return nil }
    let moving = TerminalTransition(
      movie: pending.movie, before: pending.before, after: after,
      afterLayout: session.navigator.layout())
    let start = monotonicSeconds()
    let duration = Transition.duration * slowAnimations()
    while true {
      let t = (monotonicSeconds() - start) / duration
      if t >= 1 { return after }
      let frame: Frame
      do { frame = try moving.frame(at: t) } catch {
        // A kind's Lua animation failed half-way: say so, and undo the step.
        fail(error, undoing: pending.undo)
        return nil
      }
      let lines = frame.lines()
      let out = update(from: previous, to: lines)
      previous = lines
      if !out.isEmpty {
        terminal.write(out)
        _ = tcdrain(1)
      }
      let ready = terminal.wait(milliseconds: 16)
      if ready.input || ready.signal { return after }
    }
  }
}

/// How many times slower than UIKit's transitions play: PSYCHOLOGIST_SLOW_ANIMATIONS (1 to
/// 100, default 1), as the iOS Simulator's "Slow Animations" did, to watch one (or test it).
func slowAnimations() -> Double {
  guard let text = environment()["PSYCHOLOGIST_SLOW_ANIMATIONS"], let v = Double(text),
    v.isFinite
  else { return 1 }
  return min(max(v, 1), 100)
}
