// `--label "{model} · {mpg}"`: the text under each face on the contact sheet, from the row.

import LuaHost
import Readable
import Render

/// A label template: `{column}` is replaced by the row's field (numbers as the sheet writes
/// them, text as is, nothing when absent), `{row}` by the row's number; `{{` and `}}` are
/// braces.
enum SheetLabel {
  /// The most characters a label keeps: more than any place shows (a sheet's cell about
  /// 22, a row file's strip or a wide terminal cell a few dozen), so what is shown is
  /// never cut by it, while a template of 40,000 `{a}` over a 1 MiB field stays small.
  static let limit = 256

  /// `template` filled from the row, cut to `limit` characters (the last one `…` when
  /// cut): expansion stops there, so neither time nor memory grows with what is not shown.
  static func render(_ template: String, fields: LuaValue, row: Int) -> String {
    var out = ""
    var count = 0
    var cut = false
    func add<S: StringProtocol>(_ text: S) {
      guard !cut else { return }
      for c in text {
        if count == limit - 1 {
          cut = true
          return
        }
        out.append(c)
        count += 1
      }
    }
    walk(template, stop: { cut }) { piece in
      switch piece {
      case .text(let c): add(String(c))
      case .field("row") where fields["row"] == nil: add(String(row))
      case .field(let name):
        if let v = fields[name] { add(text(v)) }
      }
    }
    if cut { out.append("…") }
    return out
  }

  /// `text` cut to `limit` characters, the last one `…` when cut (an id shown as a label).
  static func bounded(_ text: String) -> String { cut(text, to: limit) }

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
  private static func walk(
    _ template: String, stop: () -> Bool = { false }, _ take: (Piece) -> Void
  ) {
    var chars = template[...]
    // Once no `}` is left, every `{` is a letter: looking for one again at each `{` would
    // make a long template of unclosed braces quadratic.
    var closes = true
    while let c = chars.first, !stop() {
      chars = chars.dropFirst()
      if c == "{" || c == "}", chars.first == c {
        take(.text(c))
        chars = chars.dropFirst()
        continue
      }
      guard c == "{", closes, let close = chars.firstIndex(of: "}") else {
        if c == "{" { closes = false }
        take(.text(c))
        continue
      }
      take(.field(String(chars[..<close])))
      chars = chars[chars.index(after: close)...]
    }
  }
}
