// Where a batch's column ranges come from: a `--ranges` file (so shards and streams scale
// alike), else the first pass over the input file (`Batch.prePass`) finding each mapped
// column's min and max.

import Channels
import Files
import Glibc
import LuaHost
import Readable

/// Column ranges for a batch's channel mapping.
package enum ColumnRanges {
  /// The setup error for a stream (read once) whose `missing` columns have no range.
  static func streamError(_ missing: [String], inputName: String) -> BatchSetupError {
    BatchSetupError(
      description:
        "\(inputName) is a stream, read once: give the range of \(missing.joined(separator: ", ")) with --ranges FILE (lines column,low,high) or ranges = { \(missing[0]) = {low, high} } in the diagnosis (a text column: its levels = { … }; or scale = \"none\")"
    )
  }

  /// A ranges file: one `column,low,high` a line; blank lines, `#` comments and a header
  /// line `column,low,high` are skipped. Errors name `file:line`.
  package static func read(_ path: String) throws -> [String: ColumnRange] {
    var text = Substring(String(decoding: try FileSystem.read(path), as: UTF8.self))
    // A spreadsheet's export may begin with a byte-order mark and end lines with CRLF, which
    // Swift reads as one Character ("\r\n" is no "\n"): both are lines all the same.
    if text.first == "\u{FEFF}" { text = text.dropFirst() }
    var ranges: [String: ColumnRange] = [:]
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    for (i, raw) in lines.enumerated() {
      let line = raw.trimmingWhitespace()
      if line.isEmpty || line.hasPrefix("#") || line == "column,low,high" { continue }
      let parts = line.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingWhitespace()
      }
      guard parts.count == 3, !parts[0].isEmpty, let low = readNumber(parts[1]),
        let high = readNumber(parts[2]), low.isFinite, high.isFinite, low <= high
      else {
        throw BatchSetupError(
          description:
            "\(path):\(i + 1): a range is column,low,high with finite numbers, low ≤ high; got '\(line)'"
        )
      }
      ranges[parts[0]] = ColumnRange(low: low, high: high)
    }
    return ranges
  }
}

extension Substring {
  fileprivate func trimmingWhitespace() -> String {
    var s = self[...]
    while let c = s.first, c == " " || c == "\t" || c == "\r" { s = s.dropFirst() }
    while let c = s.last, c == " " || c == "\t" || c == "\r" { s = s.dropLast() }
    return String(s)
  }
}
