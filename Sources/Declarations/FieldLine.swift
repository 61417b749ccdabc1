// Which line of a declaration holds a field: Lua records where a table constructor's call
// is (the declaration's first line), not where each of its fields is, so a problem with
// one field of a long declaration is placed by finding the field's text in the script.

import Files
import Readable

/// The line of a declaration's field, found in the script's text.
enum FieldLine {
  /// The furthest a field is looked for below its declaration's line.
  static let linesSearched = 400

  /// `location` (`file:line`, a declaration's) moved to the first line at or below it that
  /// holds `text` quoted (`"mgp"` or `'mgp'`) or, when `key` is set, as a key (`mgp =`);
  /// `location` itself when no such line is near, or the file cannot be read.
  static func locate(_ location: Location, naming text: String, key: Bool = false) -> Location {
    guard let colon = location.lastIndex(of: ":"),
      let line = Int(location[location.index(after: colon)...]), line > 0
    else { return location }
    let file = String(location[..<colon])
    guard let bytes = try? FileSystem.read(file) else { return location }
    let wanted =
      key
      ? [text + " =", text + "=", "[\"" + text + "\"]"] : ["\"" + text + "\"", "'" + text + "'"]
    var number = 1
    for piece in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
      defer { number += 1 }
      if number < line { continue }
      if number > line + linesSearched { break }
      let lineText = String(decoding: piece, as: UTF8.self)
      if wanted.contains(where: { lineText.containsText($0) }) { return "\(file):\(number)" }
    }
    return location
  }
}
