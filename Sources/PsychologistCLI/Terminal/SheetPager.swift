// The pause at the end of each page of `batch --format terminal` on a terminal: a prompt
// on the last line, a key read in raw mode (play's `Terminal`, without its full screen),
// the prompt erased. The pages stay on the main screen, in the scrollback, as `more` leaves
// them. The terminal is taken at the first pause and given back by `restore` (and on a
// crash or a fatal signal by `Terminal`'s handlers).

import Batch
import Glibc
import PlayUI
import Readable
import Render
import TextMetrics

/// Waits for a key at the end of each page: space or Enter shows the next, q quits,
/// Ctrl-C interrupts.
final class SheetPager: @unchecked Sendable {
  private var terminal: Terminal?
  private var pending: [UInt8] = []
  private var keys: [Key] = []
  private var pages = 0
  private let colors: ColorMode

  /// A pager whose prompt is in reverse video unless `colors` is `.none`.
  init(colors: ColorMode) { self.colors = colors }

  /// Whether a batch writing to stdout is paged: stdout and stdin are both terminals (the
  /// keys come from stdin; a batch reading its rows from stdin prints its pages straight).
  static var wanted: Bool { isatty(1) != 0 && isatty(0) != 0 }

  /// Shows the prompt and waits for a key (or for `interrupted`: a signal the batch caught
  /// may have gone to another thread, so it is looked at every tenth of a second).
  func pause(_ interrupted: () -> Bool) -> PageAnswer {
    if terminal == nil { terminal = try? Terminal(fullScreen: false) }
    guard let terminal else { return .next }
    pages += 1
    let text = "-- page \(pages) · space or Enter: next page · q: quit --"
    let prompt = promptBytes(text)
    terminal.write(prompt)
    defer { terminal.write(TerminalControl.eraseLine) }
    /// Stopped and continued: the shell wrote its lines meanwhile, so the prompt again.
    func suspend(group: Bool) {
      terminal.suspend(group: group)
      terminal.write(TerminalControl.eraseLine + prompt)
    }
    while true {
      while let key = keys.first {
        keys.removeFirst()
        switch key {
        case .character(" "), .enter, .character("f"), .down: return .next
        case .character("q"), .character("Q"), .escape: return .quit
        case .interrupt: return .interrupt
        case .suspend: suspend(group: true)
        default: continue
        }
      }
      let ready = terminal.wait(milliseconds: pending.isEmpty ? 100 : 30)
      if interrupted() { return .interrupt }
      if ready.signal {
        for s in terminal.caughtSignals() {
          switch s {
          case SIGTSTP: suspend(group: false)
          case SIGCONT: terminal.resume()
          case SIGWINCH: break
          default: return .interrupt  // SIGINT, SIGTERM, SIGHUP, SIGQUIT
          }
        }
      }
      if ready.input {
        guard let bytes = terminal.readInput() else { return .quit }  // the terminal went away
        pending += bytes
      }
      guard ready.input || ready.signal || !pending.isEmpty else { continue }
      let parsed = parseKeys(pending, final: !ready.input && !ready.signal)
      pending.removeFirst(parsed.consumed)
      keys += parsed.keys
    }
  }

  /// The prompt's bytes: its text in one row of cells, in reverse video when there is
  /// colour (a terminal without shows it as it prints it).
  private func promptBytes(_ text: String) -> [UInt8] {
    let width = text.unicodeScalars.reduce(0) { $0 + terminalCellWidth($1.value) }
    var row = CellGrid(columns: width, rows: 1)
    row.write(text, 0, 0, style: row.style(colors == .none ? .plain : CellStyle(reverse: true)))
    return TerminalEncoder(colors: colors).lines(row)[0]
  }

  /// Gives the terminal back, if a pause took it.
  func restore() {
    terminal?.restore()
    terminal = nil
  }
}
