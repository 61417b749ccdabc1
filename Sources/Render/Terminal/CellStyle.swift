// How a terminal cell looks: its letter's colour, its own colour, and the attributes a
// screen uses (bold, faint, reverse video). Colours are named, never encoded here: the
// encoder (TerminalEncoder) turns them into the codes of the colour mode it is given.

/// How many colours the terminal shows, if any. The caller decides (the command line reads
/// the environment); the encoder only follows.
public enum ColorMode: Sendable {
  /// No colours: only the attributes a screen needs (bold, reverse video) are written.
  case none
  /// The 16 basic ANSI colours (`ESC[3Xm`, `ESC[9Xm`).
  case ansi16
  /// The xterm 256-colour palette (`ESC[38;5;Nm`).
  case ansi256
  /// 24-bit colour (`ESC[38;2;R;G;Bm`).
  case truecolor
}

/// A colour a cell asks for: an RGB colour of a drawing, shown as near as the colour mode
/// allows, or one of the 16 basic colours of the terminal's own palette, shown as that
/// whatever the mode (a screen's grey and red follow the user's theme).
public enum TerminalColor: Hashable, Sendable {
  /// An RGB colour (a stroke's, a fill's).
  case rgb(Color)
  /// Basic colour `n` (0–7 normal, 8–15 bright): 1 red, 4 blue, 8 bright black (grey).
  case basic(UInt8)
}

/// How one cell looks. The default value is the terminal's own look.
public struct CellStyle: Hashable, Sendable {
  /// The letter's colour; nil: the terminal's default.
  public var foreground: TerminalColor?
  /// The cell's colour; nil: the terminal's default.
  public var background: TerminalColor?
  /// Bold letters.
  public var bold: Bool
  /// Faint letters (what is under a popover or a form sheet).
  public var dim: Bool
  /// Reverse video (a status line).
  public var reverse: Bool
  /// Whether the cell takes the foreground in force where it is written instead of its own
  /// (a cell of a drawing with nothing drawn in it, whose letter is a blank): the renderer
  /// writes no code for it. `CellGrid.resolved()` gives such cells the colour they show.
  public var inheritsForeground: Bool

  /// A style; by default the terminal's own look.
  public init(
    foreground: TerminalColor? = nil, background: TerminalColor? = nil, bold: Bool = false,
    dim: Bool = false, reverse: Bool = false, inheritsForeground: Bool = false
  ) {
    self.foreground = foreground
    self.background = background
    self.bold = bold
    self.dim = dim
    self.reverse = reverse
    self.inheritsForeground = inheritsForeground
  }

  /// The terminal's own look.
  public static let plain = CellStyle()

  /// Whether any of bold, faint or reverse is set.
  public var hasAttributes: Bool { bold || dim || reverse }
}
