import Files
import LuaHost

/// Why a CSV record could not be read.
package struct CSVError: Error, CustomStringConvertible, Sendable {
  /// What is wrong, in one line.
  package var description: String
}

/// RFC 4180 records: fields separated by commas, optionally in double quotes (`""` is a
/// quote inside quotes; quoted fields may hold commas and line breaks). Written here because
/// the project takes no outside packages.
package enum CSV {
  /// Whether a piece of a record holds an odd number of quotes: a record whose pieces so
  /// far hold an odd number in all leaves a quoted field open (it continues on the next line).
  package static func oddQuotes(_ piece: ArraySlice<UInt8>) -> Bool {
    var odd = false
    for c in piece where c == UInt8(ascii: "\"") { odd.toggle() }
    return odd
  }

  /// Splits one whole record (line breaks only inside quotes) into its fields' bytes.
  package static func fields(_ record: [UInt8]) throws(CSVError) -> [[UInt8]] {
    var fields: [[UInt8]] = []
    fields.reserveCapacity(32)  // most rows have fewer: one allocation, not five
    _ = try forEachField(of: record) { fields.append(Array($0)) }
    return fields
  }

  /// Hands each field of one whole record to `body`, in order, and says how many there
  /// were. A field's bytes are lent for the call only: an unquoted field is read where it
  /// lies, a quoted one unescaped into one buffer all its record's fields reuse.
  package static func forEachField(
    of record: [UInt8], _ body: (UnsafeBufferPointer<UInt8>) -> Void
  ) throws(CSVError) -> Int {
    var count = 0
    var field: [UInt8] = []
    var i = 0
    let n = record.count
    let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ",")
    while true {
      count += 1
      if i < n && record[i] == quote {
        field.removeAll(keepingCapacity: true)
        i += 1
        while true {
          guard i < n else { throw CSVError(description: "a quoted field is not closed") }
          let c = record[i]
          i += 1
          if c == quote {
            if i < n && record[i] == quote {
              field.append(quote)
              i += 1
            } else {
              break
            }
          } else {
            field.append(c)
          }
        }
        if i < n && record[i] != comma {
          throw CSVError(
            description:
              "text after a closing quote in field \(count) (quote it all, with \"\" for a quote)"
          )
        }
        field.withUnsafeBufferPointer(body)
      } else {
        // An unquoted field is the bytes up to the next comma, lent where they lie.
        let start = i
        while i < n && record[i] != comma {
          if record[i] == quote {
            throw CSVError(
              description:
                "a quote inside unquoted field \(count) (quote the field, with \"\" for a quote)"
            )
          }
          i += 1
        }
        record.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<i])) }
      }
      if i >= n { return count }
      i += 1  // the comma
    }
  }

  /// A field as a Lua value: numbers (decimal, as JSON writes them, also with a leading `+`
  /// or a bare fraction like `.5`) become numbers, anything else stays text.
  package static func value(_ field: [UInt8]) -> LuaValue {
    field.withUnsafeBufferPointer(number) ?? .string(field)
  }

  /// The field's number, as `value` reads it; nil when the field is text.
  package static func number(_ field: UnsafeBufferPointer<UInt8>) -> LuaValue? {
    // A plain decimal is a number by itself; anything else is checked before conversion.
    if let v = DecimalNumber.exact(field) { return v }
    guard looksNumeric(field) else { return nil }
    let text = String(decoding: field, as: UTF8.self)
    let trimmed = text.hasPrefix("+") ? String(text.dropFirst()) : text
    if let i = Int(trimmed) { return .integer(i) }
    if let d = Double(trimmed), d.isFinite { return .number(d) }
    return nil
  }

  /// Digits with an optional sign, point and exponent — never `inf`, `nan`, hex or spaces.
  static func looksNumeric(_ f: UnsafeBufferPointer<UInt8>) -> Bool {
    var i = 0
    let n = f.count
    func digits() -> Int {
      let s = i
      while i < n, f[i] >= 48, f[i] <= 57 { i += 1 }
      return i - s
    }
    if i < n, f[i] == UInt8(ascii: "-") || f[i] == UInt8(ascii: "+") { i += 1 }
    var count = digits()
    if i < n, f[i] == UInt8(ascii: ".") {
      i += 1
      count += digits()
    }
    guard count > 0 else { return false }
    if i < n, f[i] == UInt8(ascii: "e") || f[i] == UInt8(ascii: "E") {
      i += 1
      if i < n, f[i] == UInt8(ascii: "-") || f[i] == UInt8(ascii: "+") { i += 1 }
      guard digits() > 0 else { return false }
    }
    return i == n
  }
}
