// `--label "{model} · {mpg}"`: the text under each face on the contact sheet, from the row.

import LuaHost
import Readable
import Render

/// A label template: `{column}` is replaced by the row's field (numbers as the sheet writes
/// them, text as is, nothing when absent), `{row}` by the row's number; `{{` and `}}` are
/// braces.
enum SheetLabel {
  static func render(_ template: String, fields: LuaValue, row: Int) -> String {
    var out = ""
    walk(template) { piece in
      switch piece {
      case .text(let c): out.append(c)
      case .field("row") where fields["row"] == nil: out += String(row)
      case .field(let name):
        if let v = fields[name] { out += text(v) }
      }
    }
    return out
  }

  /// A field as the label shows it: an integer exactly (an id past 2^53 stays itself),
  /// other numbers as the sheet writes them, text as is, true or false; a table, nothing.
  static func text(_ v: LuaValue) -> String {
    switch v {
    case .integer(let i): return String(i)
    case .boolean(let b): return b ? "true" : "false"
    default: return v.number.map(formatNumber) ?? v.text ?? ""
    }
  }

  /// The columns `template` names (`{row}` aside: it is the row's number when no column
  /// has that name), in order, each once.
  static func columns(_ template: String) -> [String] {
    var names: [String] = []
    walk(template) { piece in
      if case .field(let name) = piece, name != "row", !names.contains(name) { names.append(name) }
    }
    return names
  }

  private enum Piece {
    case text(Character)
    case field(String)
  }

  /// The template's letters and `{fields}`, in order; `{{` and `}}` are braces, and a `{`
  /// never closed is a letter.
  private static func walk(_ template: String, _ take: (Piece) -> Void) {
    var chars = template[...]
    while let c = chars.first {
      chars = chars.dropFirst()
      if c == "{" || c == "}", chars.first == c {
        take(.text(c))
        chars = chars.dropFirst()
        continue
      }
      guard c == "{", let close = chars.firstIndex(of: "}") else {
        take(.text(c))
        continue
      }
      take(.field(String(chars[..<close])))
      chars = chars[chars.index(after: close)...]
    }
  }
}
