import Files
import Glibc
import LuaHost

/// Why a line of JSON Lines input could not be read: the message and the byte column.
package struct JSONLineError: Error, CustomStringConvertible, Sendable {
  /// What is wrong.
  package var message: String
  /// 1-based byte column where reading stopped.
  package var column: Int
  /// `malformed JSON at column 12: expected ':'`.
  package var description: String { "malformed JSON at column \(column): \(message)" }
}

/// A small, strict JSON reader (RFC 8259) for one line of JSON Lines: the line must hold one
/// object, which becomes a Lua table (null fields are left out, as Lua has no nil entries).
/// Written here because the project takes no outside packages and Foundation is kept out.
package struct JSONLine {
  private let bytes: UnsafeBufferPointer<UInt8>
  private var i = 0
  private var depth = 0

  /// Nesting deeper than this is refused (Lua tables are copied recursively).
  static let maxDepth = 100

  /// Whether the row (the top-level object) is read into a flat table.
  private let flatRows: Bool
  /// Whether a name given twice in one object is refused (`--input`, where the README calls
  /// it a usage error) rather than the last one kept (a batch row, read as fast as it can be).
  private let uniqueKeys: Bool

  private init(_ bytes: UnsafeBufferPointer<UInt8>, flatRows: Bool, uniqueKeys: Bool = false) {
    self.bytes = bytes
    self.flatRows = flatRows
    self.uniqueKeys = uniqueKeys
  }

  /// Parses one line that must hold a JSON object (surrounding whitespace allowed). An
  /// object of scalars and strings, the usual row, becomes a flat table.
  package static func object(_ line: ArraySlice<UInt8>) throws(JSONLineError) -> LuaValue {
    try object(line, flat: true)
  }

  /// One object whose every object names each field once: a name given twice is refused.
  package static func object(uniqueKeys line: ArraySlice<UInt8>) throws(JSONLineError)
    -> LuaValue
  {
    try object(line, flat: false, uniqueKeys: true)
  }

  /// `object(_:)`, with the flat reading left out when `flat` is false (for tests that hold
  /// the two readings to the same tables).
  static func object(_ line: ArraySlice<UInt8>, flat: Bool, uniqueKeys: Bool = false)
    throws(JSONLineError) -> LuaValue
  {
    let result: Result<LuaValue, JSONLineError> = line.withUnsafeBufferPointer { buf in
      var p = JSONLine(buf, flatRows: flat, uniqueKeys: uniqueKeys)
      do throws(JSONLineError) {
        p.skipSpace()
        guard p.peek == UInt8(ascii: "{") else {
          throw p.fail(p.i < buf.count ? "each line must be a JSON object ({…})" : "empty line")
        }
        let v = try p.value()
        p.skipSpace()
        if p.i < buf.count { throw p.fail("unexpected text after the object") }
        return .success(v)
      } catch {
        return .failure(error)
      }
    }
    return try result.get()
  }

  private var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

  private func fail(_ message: String) -> JSONLineError {
    JSONLineError(message: message, column: i + 1)
  }

  private mutating func skipSpace() {
    while i < bytes.count {
      switch bytes[i] {
      case 0x20, 0x09, 0x0A, 0x0D: i += 1
      default: return
      }
    }
  }

  private mutating func expect(_ c: UInt8, _ what: String) throws(JSONLineError) {
    skipSpace()
    guard peek == c else { throw fail("expected \(what)") }
    i += 1
  }

  private mutating func value() throws(JSONLineError) -> LuaValue {
    skipSpace()
    guard let c = peek else { throw fail("unexpected end of line") }
    switch c {
    case UInt8(ascii: "{"): return try object()
    case UInt8(ascii: "["): return try array()
    case UInt8(ascii: "\""): return .string(try string())
    case UInt8(ascii: "t"): return try literal("true", .boolean(true))
    case UInt8(ascii: "f"): return try literal("false", .boolean(false))
    case UInt8(ascii: "n"): return try literal("null", .nil)
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
    default: throw fail("unexpected character '\(Unicode.Scalar(c))'")
    }
  }

  private mutating func literal(_ word: StaticString, _ v: LuaValue) throws(JSONLineError)
    -> LuaValue
  {
    let n = word.utf8CodeUnitCount
    guard i + n <= bytes.count else { throw fail("unexpected end of line") }
    for k in 0..<n where bytes[i + k] != word.utf8Start[k] {
      throw fail("expected \(word)")
    }
    i += n
    return v
  }

  private mutating func nest() throws(JSONLineError) {
    depth += 1
    if depth > JSONLine.maxDepth { throw fail("nested more than \(JSONLine.maxDepth) deep") }
  }

  /// The object at `i`. The row itself (the top level, when `flatRows`) is read into a flat
  /// table, its strings copied straight from the line; a nested value turns what was read so
  /// far into a map, which takes the rest. Nested objects are maps.
  private mutating func object() throws(JSONLineError) -> LuaValue {
    try nest()
    i += 1
    var flat = LuaFlatTable()
    var map: [LuaValue: LuaValue]? = flatRows && depth == 1 ? nil : [:]
    var names = Set<LuaValue>()  // with uniqueKeys: the names this object gave
    skipSpace()
    var more = peek != UInt8(ascii: "}")
    if !more { i += 1 }
    while more {
      skipSpace()
      guard peek == UInt8(ascii: "\"") else { throw fail("expected a field name in quotes") }
      try appendString(to: &flat)  // the key; a map takes it back below
      try expect(UInt8(ascii: ":"), "':' after a field name")
      skipSpace()
      if map == nil && peek == UInt8(ascii: "\"") {
        try appendString(to: &flat)
      } else {
        let start = i
        let v = try value()
        if uniqueKeys {
          let key = flat.removeLast()
          guard names.insert(key).inserted else {
            i = start
            throw fail("'\(key.text ?? "")' is given twice")
          }
          _ = flat.append(key, isKey: true)
        }
        if case .nil = v {
          flat.removeLast()  // null fields are left out
        } else if map != nil || !flat.append(v) {
          let key = flat.removeLast()
          if map == nil { map = flat.map }
          map?[key] = v
        }
      }
      skipSpace()
      guard let c = peek else { throw fail("unexpected end of line; expected '}'") }
      i += 1
      more = c == UInt8(ascii: ",")
      guard more || c == UInt8(ascii: "}") else {
        i -= 1
        throw fail("expected ',' or '}'")
      }
    }
    depth -= 1
    // Repeated names were refused above: a name found is the one that counts.
    if uniqueKeys { flat.markKeysUnique() }
    return map.map { .map($0) } ?? .flat(flat)
  }

  /// Appends the string at `i` to `table`: a view of the line when it has no escapes.
  private mutating func appendString(to table: inout LuaFlatTable) throws(JSONLineError) {
    if let span = plainString() { return table.append(string: span) }
    let decoded = try string()
    decoded.withUnsafeBufferPointer { table.append(string: $0) }
  }

  private mutating func array() throws(JSONLineError) -> LuaValue {
    try nest()
    i += 1
    var items: [LuaValue] = []
    skipSpace()
    if peek == UInt8(ascii: "]") {
      i += 1
      depth -= 1
      return .array(items)
    }
    while true {
      let v = try value()
      // Lua arrays cannot hold nil; a null element becomes false to keep the positions.
      items.append(v == .nil ? .boolean(false) : v)
      skipSpace()
      guard let c = peek else { throw fail("unexpected end of line; expected ']'") }
      i += 1
      if c == UInt8(ascii: "]") { break }
      guard c == UInt8(ascii: ",") else {
        i -= 1
        throw fail("expected ',' or ']'")
      }
    }
    depth -= 1
    return .array(items)
  }

  private mutating func hex4() throws(JSONLineError) -> UInt32 {
    guard i + 4 <= bytes.count else { throw fail("short \\u escape") }
    var v: UInt32 = 0
    for _ in 0..<4 {
      let c = bytes[i]
      let d: UInt32
      switch c {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): d = UInt32(c - 48)
      case UInt8(ascii: "a")...UInt8(ascii: "f"): d = UInt32(c - 87)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): d = UInt32(c - 55)
      default: throw fail("bad \\u escape")
      }
      v = v << 4 | d
      i += 1
    }
    return v
  }

  /// The bytes between the quotes when the string has no escapes (then `i` moves past
  /// it); nil, with `i` unmoved, when it needs decoding or is malformed.
  private mutating func plainString() -> UnsafeBufferPointer<UInt8>? {
    var end = i + 1
    while end < bytes.count {
      let c = bytes[end]
      if c == UInt8(ascii: "\"") {
        defer { i = end + 1 }
        return UnsafeBufferPointer(rebasing: bytes[(i + 1)..<end])
      }
      if c == UInt8(ascii: "\\") || c < 0x20 { return nil }
      end += 1
    }
    return nil
  }

  /// A string's bytes (UTF-8, escapes decoded); `i` is at the opening quote.
  private mutating func string() throws(JSONLineError) -> [UInt8] {
    if let span = plainString() { return Array(span) }
    i += 1
    var out: [UInt8] = []
    while true {
      guard let c = peek else { throw fail("unterminated string") }
      i += 1
      switch c {
      case UInt8(ascii: "\""):
        return out
      case UInt8(ascii: "\\"):
        guard let e = peek else { throw fail("unterminated string") }
        i += 1
        switch e {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
        case UInt8(ascii: "b"): out.append(0x08)
        case UInt8(ascii: "f"): out.append(0x0C)
        case UInt8(ascii: "n"): out.append(0x0A)
        case UInt8(ascii: "r"): out.append(0x0D)
        case UInt8(ascii: "t"): out.append(0x09)
        case UInt8(ascii: "u"):
          var code = try hex4()
          if (0xD800..<0xDC00).contains(code), i + 1 < bytes.count,
            bytes[i] == UInt8(ascii: "\\"), bytes[i + 1] == UInt8(ascii: "u")
          {
            i += 2
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw fail("bad surrogate pair") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          // A lone surrogate cannot be UTF-8: it becomes U+FFFD.
          let scalar = Unicode.Scalar(code) ?? "\u{FFFD}"
          out.append(contentsOf: String(Character(scalar)).utf8)
        default:
          i -= 1
          throw fail("bad escape '\\\(Unicode.Scalar(e))'")
        }
      default:
        if c < 0x20 {
          i -= 1
          throw fail("control character in a string")
        }
        out.append(c)
      }
    }
  }

  private mutating func number() throws(JSONLineError) -> LuaValue {
    let start = i
    var integral = true
    if peek == UInt8(ascii: "-") { i += 1 }
    guard let first = peek, first >= 48, first <= 57 else { throw fail("bad number") }
    i += 1
    if first != 48 {
      while let c = peek, c >= 48, c <= 57 { i += 1 }
    }
    if peek == UInt8(ascii: ".") {
      integral = false
      i += 1
      guard let c = peek, c >= 48, c <= 57 else { throw fail("bad number: digits must follow '.'") }
      while let c = peek, c >= 48, c <= 57 { i += 1 }
    }
    var exponent = false
    if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
      integral = false
      exponent = true
      i += 1
      if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { i += 1 }
      guard let c = peek, c >= 48, c <= 57 else { throw fail("bad number: exponent needs digits") }
      while let c = peek, c >= 48, c <= 57 { i += 1 }
    }
    let span = UnsafeBufferPointer(rebasing: bytes[start..<i])
    // Most numbers need no text at all.
    if !exponent, let v = DecimalNumber.exact(span) { return v }
    let text = String(decoding: span, as: UTF8.self)
    if integral, let n = Int(text) { return .integer(n) }
    guard let d = Double(text), d.isFinite else { throw fail("number out of range") }
    return .number(d)
  }
}
