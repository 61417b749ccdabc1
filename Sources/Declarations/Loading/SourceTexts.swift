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

  /// Each file's text as loaded.
  private var texts: [String: [UInt8]] = [:]
  /// Each file's lines, split when a field of it is first looked for (most loads never
  /// look: a script's load keeps its bytes, nothing more).
  private var lines: [String: [Substring]] = [:]

  /// None yet.
  public init() {}

  /// Keeps `bytes` as the text of `file` (the first text recorded for a file stays).
  public func record(_ file: String, _ bytes: [UInt8]) {
    if !has(file) { texts[file] = bytes }
  }

  /// Whether the text of `file` is kept.
  public func has(_ file: String) -> Bool { texts[file] != nil || lines[file] != nil }

  /// The lines of `file`, split once; nil when its text is not kept.
  private func lines(of file: String) -> [Substring]? {
    if let split = lines[file] { return split }
    guard let bytes = texts[file] else { return nil }
    let split = String(decoding: bytes, as: UTF8.self).split(
      separator: "\n", omittingEmptySubsequences: false)
    lines[file] = split
    texts[file] = nil
    return split
  }

  /// `location` (a declaration's) moved to the first line at or below it that holds
  /// `text` quoted (`"mgp"` or `'mgp'`) or, when `key` is set, as a key (`mgp =`);
  /// `location` itself when no such line is near, or its file's text is not kept.
  func locate(_ location: SourceLocation, naming text: String, key: Bool = false)
    -> SourceLocation
  {
    guard let line = location.line, line > 0, let all = lines(of: location.file) else {
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
