import Psychologist
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
    var field: [UInt8] = []
    var i = 0
    let n = record.count
    let quote = UInt8(ascii: "\""), comma = UInt8(ascii: ",")
    while true {
      field.removeAll(keepingCapacity: true)
      if i < n && record[i] == quote {
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
              "text after a closing quote in field \(fields.count + 1) (quote it all, with \"\" for a quote)"
          )
        }
      } else {
        // An unquoted field is the bytes up to the next comma, copied at once.
        let start = i
        while i < n && record[i] != comma {
          if record[i] == quote {
            throw CSVError(
              description:
                "a quote inside unquoted field \(fields.count + 1) (quote the field, with \"\" for a quote)"
            )
          }
          i += 1
        }
        fields.append(Array(record[start..<i]))
        if i >= n { return fields }
        i += 1  // the comma
        continue
      }
      fields.append(field)
      if i >= n { return fields }
      i += 1  // the comma
    }
  }

  /// A field as a Lua value: numbers (decimal, as JSON writes them, also with a leading `+`
  /// or a bare fraction like `.5`) become numbers, anything else stays text.
  package static func value(_ field: [UInt8]) -> LuaValue {
    // A plain decimal is a number by itself; anything else is checked before conversion.
    if let v = field.withUnsafeBufferPointer(DecimalNumber.exact) { return v }
    guard looksNumeric(field) else { return .string(field) }
    let text = String(decoding: field, as: UTF8.self)
    let trimmed = text.hasPrefix("+") ? String(text.dropFirst()) : text
    if let i = Int(trimmed) { return .integer(i) }
    if let d = Double(trimmed), d.isFinite { return .number(d) }
    return .string(field)
  }

  /// Digits with an optional sign, point and exponent — never `inf`, `nan`, hex or spaces.
  static func looksNumeric(_ f: [UInt8]) -> Bool {
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
