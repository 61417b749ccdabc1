// JSON written from a value: `list --json`'s listing, the prototype page's data and the
// ids in batch messages all go through this one writer, so a string is escaped one way
// for each place it lands and a document is laid out one way for each reader.

/// A JSON value, built by the code that knows its data and written by `text(layout:)`.
public enum JSONValue: Sendable {
  /// `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number as its caller writes numbers (JSON's number syntax: no NaN, no infinity);
  /// the caller decides how many decimals a number keeps.
  case number(String)
  /// A string.
  case string(String)
  /// An array of values.
  case array([JSONValue])
  /// An object's members, in the order given.
  case object([(String, JSONValue)])

  /// A whole number.
  public static func integer(_ n: Int) -> JSONValue { .number(String(n)) }

  /// Strings as an array of strings.
  public static func strings(_ items: [String]) -> JSONValue { .array(items.map { .string($0) }) }

  /// The value as JSON text, laid out as `layout` says.
  public func text(_ layout: JSONLayout = .compact) -> String {
    var out = ""
    write(to: &out, layout, depth: 0)
    return out
  }

  /// Appends the value at `depth` (containers below `layout.brokenLevels` take a line a
  /// member, indented two spaces a level).
  func write(to out: inout String, _ layout: JSONLayout, depth: Int) {
    switch self {
    case .null: out += "null"
    case .bool(let b): out += b ? "true" : "false"
    case .number(let n): out += n
    case .string(let s): out += jsonQuoted(s, layout.escaping)
    case .array(let items):
      writeContainer("[", "]", items.count, to: &out, layout, depth: depth) { i, out in
        items[i].write(to: &out, layout, depth: depth + 1)
      }
    case .object(let members):
      writeContainer("{", "}", members.count, to: &out, layout, depth: depth) { i, out in
        out += jsonQuoted(members[i].0, layout.escaping)
        out += layout.spaced ? ": " : ":"
        members[i].1.write(to: &out, layout, depth: depth + 1)
      }
    }
  }

  private func writeContainer(
    _ open: String, _ close: String, _ count: Int, to out: inout String, _ layout: JSONLayout,
    depth: Int, member: (Int, inout String) -> Void
  ) {
    out += open
    let broken = depth < layout.brokenLevels && count > 0
    let indent = String(repeating: "  ", count: depth + 1)
    for i in 0..<count {
      if i > 0 { out += broken ? "," : layout.spaced ? ", " : "," }
      if broken { out += "\n" + indent }
      member(i, &out)
    }
    if broken { out += "\n" + String(repeating: "  ", count: depth) }
    out += close
  }
}

/// How a JSON document is laid out and its strings escaped.
public struct JSONLayout: Sendable {
  /// Containers this many levels deep (the outermost is level 0) and less put each member
  /// on a line of its own; deeper ones stay on one line.
  public var brokenLevels: Int
  /// `", "` and `": "` between members, else `","` and `":"`.
  public var spaced: Bool
  /// How strings are escaped.
  public var escaping: JSONEscaping

  /// A layout.
  public init(brokenLevels: Int, spaced: Bool, escaping: JSONEscaping) {
    self.brokenLevels = brokenLevels
    self.spaced = spaced
    self.escaping = escaping
  }

  /// All on one line, no spaces: for a program to read.
  public static let compact = JSONLayout(brokenLevels: 0, spaced: false, escaping: .readable)
}

/// Where a JSON string lands, and so what it escapes besides quotes and backslashes.
public enum JSONEscaping: Sendable {
  /// Read on a terminal or in a file: `\n`, `\r`, `\t` as such, and every character a
  /// terminal would obey (`isTerminalControl`) as a `\u` escape, so showing the document
  /// obeys none of them.
  case readable
  /// Inside an HTML `<script>` element: every control, quotes, backslashes, `<`, `>`,
  /// `&` (so no `</script>` can end the element) and the line separators JavaScript once
  /// refused, all as `\u` escapes.
  case script
}

/// A string as a JSON string literal, escaped for where it lands.
public func jsonQuoted(_ s: String, _ escaping: JSONEscaping = .readable) -> String {
  var out = "\""
  for u in s.unicodeScalars {
    switch escaping {
    case .readable:
      switch u {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default:
        if isTerminalControl(u.value) {
          out += unicodeEscape(u)
        } else {
          out.unicodeScalars.append(u)
        }
      }
    case .script:
      if u.value < 0x20 || "\"\\<>&\u{2028}\u{2029}".unicodeScalars.contains(u) {
        out += unicodeEscape(u)
      } else {
        out.unicodeScalars.append(u)
      }
    }
  }
  return out + "\""
}

/// `\u` and the scalar's four hex digits (the scalars escaped are all below U+10000).
private func unicodeEscape(_ u: Unicode.Scalar) -> String {
  let hex = String(u.value, radix: 16)
  return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
}
