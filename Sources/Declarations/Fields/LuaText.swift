import Files
import LuaHost
import Readable

/// A Lua value as a person writes it in a script: `{ sleep = 7, name = "x" }`.
package func luaText(_ value: LuaValue) -> String {
  switch value {
  case .nil: return "nil"
  case .boolean(let b): return b ? "true" : "false"
  case .integer(let i): return String(i)
  case .number(let d): return formatNumber(d)
  case .string: return "\"" + (value.text ?? "") + "\""
  case .array(let items):
    return items.isEmpty ? "{}" : "{ " + items.map(luaText).joined(separator: ", ") + " }"
  case .map(let m):
    if m.isEmpty { return "{}" }
    let pairs = m.map { k, v -> (String, String) in
      let name = k.text.flatMap { isIdentifier($0) ? $0 : nil } ?? "[\(luaText(k))]"
      return (name, "\(name) = \(luaText(v))")
    }.sorted { $0.0 < $1.0 }
    return "{ " + pairs.map(\.1).joined(separator: ", ") + " }"
  default: return value.typeName
  }
}
/// A name Lua reads bare as a table key (ASCII letters, digits, `_`; no leading digit).
private func isIdentifier(_ s: String) -> Bool {
  func letter(_ b: UInt8) -> Bool { b == 95 || (65...90).contains(b) || (97...122).contains(b) }
  guard let first = s.utf8.first, letter(first) else { return false }
  return s.utf8.allSatisfy { letter($0) || (48...57).contains($0) }
}
