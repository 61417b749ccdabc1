// Which line of a declaration holds a field: Lua records where a table constructor's call
// is (the declaration's first line), not where each of its fields is, so a field's line is
// found in the chunk's text, kept from when the script loaded it (never read again: a row
// that fails a thousand times, or a file edited since, finds the line the script ran with).

import Readable

/// The text of each file a script ran (the script, its plugins, the modules it required),
/// as it was when loaded, and the lines of declarations' fields found in it.
public final class SourceTexts {
  /// The furthest a field is looked for below its declaration's line.
  static let linesSearched = 400

  /// Each file's lines as loaded.
  private var lines: [String: [Substring]] = [:]

  /// None yet.
  public init() {}

  /// Keeps `bytes` as the text of `file` (the first text recorded for a file stays).
  public func record(_ file: String, _ bytes: [UInt8]) {
    guard lines[file] == nil else { return }
    let text = String(decoding: bytes, as: UTF8.self)
    lines[file] = text.split(separator: "\n", omittingEmptySubsequences: false)
  }

  /// Whether the text of `file` is kept.
  public func has(_ file: String) -> Bool { lines[file] != nil }

  /// `location` (a declaration's) moved to the first line at or below it that holds
  /// `text` quoted (`"mgp"` or `'mgp'`) or, when `key` is set, as a key (`mgp =`);
  /// `location` itself when no such line is near, or its file's text is not kept.
  func locate(_ location: SourceLocation, naming text: String, key: Bool = false)
    -> SourceLocation
  {
    guard let line = location.line, line > 0, let all = lines[location.file] else {
      return location
    }
    let wanted =
      key
      ? [text + " =", text + "=", "[\"" + text + "\"]"] : ["\"" + text + "\"", "'" + text + "'"]
    let last = min(all.count, line + Self.linesSearched)
    guard line <= last else { return location }
    for number in line...last {
      let lineText = all[number - 1]
      if wanted.contains(where: { lineText.containsText($0) }) { return location.at(line: number) }
    }
    return location
  }
}
