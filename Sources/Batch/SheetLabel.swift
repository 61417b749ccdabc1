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
    var chars = template[...]
    while let c = chars.first {
      chars = chars.dropFirst()
      if (c == "{" || c == "}"), chars.first == c {
        out.append(c)
        chars = chars.dropFirst()
        continue
      }
      guard c == "{", let close = chars.firstIndex(of: "}") else {
        out.append(c)
        continue
      }
      let name = String(chars[..<close])
      chars = chars[chars.index(after: close)...]
      if name == "row", fields["row"] == nil {
        out += String(row)
      } else if let v = fields[name] {
        out += v.number.map(formatNumber) ?? v.text ?? v.typeName
      }
    }
    return out
  }
}
