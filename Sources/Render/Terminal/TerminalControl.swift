// The terminal's own control sequences, beside the encoder that writes cells' looks: the
// only other place in the program that writes an escape code. Taking the screen over for
// play (alternate screen, cursor, autowrap, mouse reports), clearing it, moving the cursor
// and erasing a line (a progress bar, a pager's prompt).

/// Control sequences for the terminal itself, as bytes to write.
public enum TerminalControl {
  /// Takes the screen over: the alternate screen, cursor home, screen cleared, cursor
  /// hidden, no autowrap, mouse reports of buttons and drags in SGR coordinates.
  public static let enterFullScreen = bytes(
    "\u{1B}[?1049h\u{1B}[H\u{1B}[2J\u{1B}[?25l\u{1B}[?7l\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h")
  /// Gives the screen back: everything `enterFullScreen` did undone, in reverse, and the
  /// default look.
  public static let leaveFullScreen = bytes(
    "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l\u{1B}[0m\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l")
  /// The screen cleared in the terminal's own look (before a full redraw).
  public static let clearScreen = bytes("\u{1B}[0m\u{1B}[2J")
  /// The cursor home and the screen cleared (a redraw that then writes from the top).
  public static let homeAndClear = bytes("\u{1B}[H\u{1B}[2J")
  /// The cursor back to the start of its line and the line erased.
  public static let eraseLine = bytes("\r\u{1B}[K")

  /// Moves the cursor to `row` and `column`, counted from 0.
  public static func moveCursor(row: Int, column: Int) -> [UInt8] {
    bytes("\u{1B}[\(row + 1);\(column + 1)H")
  }

  private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }
}
