import Declarations
import LuaHost
import Rows

/// Why `--input` could not become a table: the words of the problem, which the command
/// line reports as a usage error.
package struct TapInputError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The problem, naming the value given.
  package var description: String
  /// An error saying `description`.
  package init(_ description: String) { self.description = description }
}

/// The input a computed diagnosis gets when `show` taps it, from the command line: one JSON
/// object (`--input '{"sleep": 7}'`) or `KEY=VALUE` pairs (`--input sleep=7 --input mood=ok`;
/// values that read as numbers are numbers, as in a CSV row), the table `s:tap(name, input)`
/// would pass.
package enum TapInput {
  /// The table the `--input` values give (an empty one when there are none).
  package static func parse(_ values: [String]) throws(TapInputError) -> LuaValue {
    guard let first = values.first else { return .map([:]) }
    if first.drop(while: { $0 == " " || $0 == "\t" }).hasPrefix("{") {
      guard values.count == 1 else {
        throw TapInputError(
          "--input: give one JSON object, or KEY=VALUE pairs, not both"
        )
      }
      do { return try JSONLine.object(uniqueKeys: ArraySlice(first.utf8)) } catch {
        throw TapInputError("--input '\(first)' is not a JSON object: \(error)")
      }
    }
    var table: [LuaValue: LuaValue] = [:]
    for pair in values {
      guard let eq = pair.firstIndex(of: "="), eq != pair.startIndex else {
        throw TapInputError(
          "--input '\(pair)' must be KEY=VALUE (e.g. sleep=7) or a JSON object (e.g. '{\"sleep\": 7}')"
        )
      }
      let key = String(pair[..<eq])
      let value = Array(pair[pair.index(after: eq)...].utf8)
      guard !value.isEmpty else {
        throw TapInputError("--input '\(pair)' gives '\(key)' no value (KEY=VALUE)")
      }
      guard table.updateValue(CSV.value(value), forKey: .text(key)) == nil else {
        throw TapInputError("--input gives '\(key)' twice")
      }
    }
    return .map(table)
  }
}

extension Diagnosis {
  /// Whether a tap's input reaches anything of the diagnosis's own: a happiness or
  /// expression function, its channels, or a feature it draws (which reads `face.input`).
  package var readsInput: Bool {
    if case .function? = happiness { return true }
    if case .function? = expression { return true }
    return channels != nil || !features.isEmpty
  }
}
