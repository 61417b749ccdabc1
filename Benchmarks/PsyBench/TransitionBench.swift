// `PsyBench transition N`: times one frame of a transition in play's 200×60 terminal (the
// seed's push from the menu to a face): the cells moved as the model says, encoded to
// lines, and the bytes that turn the previous frame into it.

import CLISupport
import Glibc
import LuaHost
import PlayUI
import Psychologist
import Render
import Storyboard

/// Prints the mean microseconds of one transition frame (and its bytes) to stderr.
func benchTransition(count: Int) {
  let count = max(count, 1)
  withSeedSession("transition") { session in
    let screen = PlayScreen(columns: 200, rows: 60, colors: .truecolor)
    let before = try screen.compose(session)
    let beforeNavigator = session.navigator
    try session.tap("bite")
    let movie = try session.transition(from: beforeNavigator, tapped: "bite")
    let moving = TerminalTransition(
      movie: movie, before: before,
      after: try screen.compose(session), afterLayout: session.navigator.layout())
    var previous = before.lines()
    var bytes = 0
    var sink = 0
    let start = now()
    for i in 0..<count {
      // 30 frames a transition, as at 60 Hz over 0.35 s would be 21: every one changes.
      let t = Double(i % 30 + 1) / 31
      let lines = try moving.frame(at: t).lines()
      bytes = update(from: previous, to: lines).count
      sink &+= bytes
      previous = lines
    }
    let us = (now() - start) / Double(count) * 1e6
    writeAll(
      2, Array("transition frame 200x60: \(Double(Int(us * 10)) / 10) us (\(bytes) bytes)\n".utf8))
    if sink == 42 { writeAll(2, [0x0A]) }
  }
}
