import Declarations
import Files
import Render

/// How a face leaves the program.
public enum OutputFormat: String, CaseIterable, Sendable {
  case svg, terminal, ascii
}

/// Renders a drawing in a format; `terminal` and `ascii` fit `columns`×`rows` cells.
public func render(
  _ drawing: Drawing, format: OutputFormat, columns: Int = 80, rows: Int = 24,
  colors: ColorMode = .none
) -> [UInt8] {
  switch format {
  case .svg:
    var out: [UInt8] = []
    out.reserveCapacity(1024)
    SVGRenderer.append(drawing, to: &out)
    return out
  case .terminal, .ascii:
    return Array(
      TerminalRenderer.render(
        drawing, columns: columns, rows: rows, colors: colors, ascii: format == .ascii
      ).utf8)
  }
}
