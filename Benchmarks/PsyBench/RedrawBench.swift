// `PsyBench redraw N`: times play's redraw of a 200×60 terminal (the seed app, a face on
// screen): composing the frame (the face through the terminal renderer), encoding its
// lines and the bytes for the terminal, with nothing on screen before (a full redraw) and
// after a pan (only what changed). PlayScreen.swift and Keys.swift are the CLI's own
// files, linked here so the code measured is the code that runs.

import Glibc
import LuaHost
import PlayUI
import CLISupport
import Psychologist
import Render

/// The seed script, written to a temporary file (scripts load from files).
let seed = """
  diagnosis "flaying" { happiness = 86 }
  diagnosis "bite" { happiness = 70 }
  diagnosis "play" { happiness = 20 }
  segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
  segue "movie" { kind = "push", happiness = 50 }
  segue "teleplay" { kind = "push", happiness = 20 }
  segue "cartoon" { kind = "modal", happiness = 100 }
  """

/// A session of the seed script on an iPhone in portrait, its script written to a
/// temporary file (scripts load from files) that is gone once `body` returns.
func withSeedSession(_ name: String, _ body: (Session) throws -> Void) {
  var template = Array("/tmp/psy-\(name)-XXXXXX.lua".utf8CString)
  let fd = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 4) }
  guard fd >= 0 else { fatalError("cannot create a temporary file") }
  let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
  writeAll(fd, Array(seed.utf8))
  close(fd)
  defer { unlink(path) }
  do {
    let script = try Script(path: path, output: FileOutput(fd: 2))
    try script.load()
    try body(try Session(script: script, device: .iphone, orientation: .portrait))
  } catch {
    fatalError("\(name): \(error)")
  }
}

/// Prints the mean microseconds of a full redraw and of a redraw after a pan to stderr.
func benchRedraw(count: Int) {
  let count = max(count, 1)
  withSeedSession("redraw") { session in
    try session.tap("bite")
    var sink = 0
    for colors in [ColorMode.none, .truecolor] {
      let screen = PlayScreen(columns: 200, rows: 60, colors: colors)
      var start = now()
      var fullBytes = 0
      for _ in 0..<count {
        let lines = try screen.compose(session).lines()
        fullBytes = update(from: [], to: lines).count
        sink &+= fullBytes
      }
      let full = (now() - start) / Double(count) * 1e6
      var previous = try screen.compose(session).lines()
      start = now()
      var panBytes = 0
      for i in 0..<count {
        try session.pan(i % 2 == 0 ? -20 : 20)
        let lines = try screen.compose(session).lines()
        panBytes = update(from: previous, to: lines).count
        sink &+= panBytes
        previous = lines
      }
      let pan = (now() - start) / Double(count) * 1e6
      let line =
        "redraw 200x60 \(colors): full \(Double(Int(full * 10)) / 10) us (\(fullBytes) bytes), "
        + "after a pan \(Double(Int(pan * 10)) / 10) us (\(panBytes) bytes)\n"
      writeAll(2, Array(line.utf8))
    }
    if sink == 42 { writeAll(2, [0x0A]) }
  }
}
