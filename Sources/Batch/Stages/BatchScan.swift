// The scan stage of a batch: before any row is drawn, the --ranges file and one pass over
// a regular file (or a stream's first row) give the channels' ranges, means and levels,
// and the input's columns, checked against what the mapping and the sheet name.

import Channels
import Declarations
import Files
import Glibc
import LuaHost
import Readable
import Rows

extension Batch {
  /// What the batch learns of its input before the first row is drawn.
  struct InputLook {
    /// Column ranges: `--ranges`, then what the first pass found for the columns left out.
    var ranges: [String: ColumnRange] = [:]
    /// The columns' sums, for `missing = "mean"` and `scale = "centred"`.
    var means = ColumnSums()
    /// The text columns' levels, in order of appearance.
    var levels = ColumnLevels()
    /// A stream's first row, read to learn its columns (nil: none read).
    var firstRow: BatchRow?? = nil
    /// Why reading that row failed, if it did.
    var readError: FileError?
  }

  /// The --ranges file first (its errors before any about the input), then one pass over a
  /// regular file for what it leaves without a range, for the sheet's columns and for the
  /// means, or a stream's first row; a column the channels name that the input lacks is
  /// refused here, before any face is drawn.
  static func lookAtInput(
    _ input: Input, _ options: BatchOptions, diagnosis: Diagnosis, sheetColumns: SheetColumns?,
    reader: BatchReader
  ) throws -> InputLook {
    var look = InputLook()
    let mapping = diagnosis.channels
    if let file = options.ranges, mapping != nil || options.sheetLayout.at != nil {
      look.ranges = try ColumnRanges.read(file)
    }
    let missing = mapping?.unranged(given: look.ranges) ?? []
    if !missing.isEmpty && !input.regular {
      throw ColumnRanges.streamError(missing, inputName: input.name)
    }
    let channelColumns = mapping?.columns ?? []
    let meanColumns = mapping?.meanColumns ?? []
    // A column given a range is numeric: only the columns scanned anyway may be text.
    let levelColumns = input.regular ? (mapping?.levelColumns ?? []).filter(missing.contains) : []
    if !meanColumns.isEmpty && !input.regular {
      throw BatchSetupError(
        description:
          "\(input.name) is a stream, read once: missing = \"mean\" needs the mean of \(meanColumns.joined(separator: ", ")) from a file read twice; give a file, or another missing"
      )
    }
    var inputNames: [String]? = nil
    let everyColumn = mapping?.usesFunctions ?? false
    if input.regular
      && (!missing.isEmpty || sheetColumns != nil || !channelColumns.isEmpty || everyColumn)
    {
      var scan = PrePassScan(
        missing: missing, meanColumns: meanColumns + (mapping?.centredColumns ?? []),
        levelColumns: levelColumns, mapping: mapping)
      scan.everyColumn = mapping?.usesFunctions ?? false
      scan.ranges = look.ranges
      scan.sheetColumns = sheetColumns
      scan.names = !channelColumns.isEmpty
      inputNames = try scan.run(fd: input.fd, format: options.format, inputName: input.name)
      look.ranges = scan.ranges
      look.means = scan.means
      look.levels = scan.levels
      if let column = scan.levels.overflowing {
        throw BatchSetupError(
          description:
            "\(input.name): column '\(column)' holds more than \(ColumnLevels.limit) different texts, too many levels for a face to tell apart: map a numeric column, or declare its levels = { … }"
        )
      }
    }
    if !input.regular && !channelColumns.isEmpty {
      do { look.firstRow = .some(try reader.next()) } catch { look.readError = error }
      if let row = look.firstRow ?? nil, row.error == nil {
        inputNames =
          options.format == .csv ? reader.headerNames : row.fields.entries.compactMap(\.key.text)
      }
    }
    if let mapping, let names = inputNames {
      let problems = mapping.absentColumns(
        from: names, input: input.name, at: diagnosis.location)
      if !problems.isEmpty { throw ProblemList(problems) }
    }
    return look
  }
}

/// The one pass over a regular file before the batch (the scan stage), rewound after: each
/// good row gives the `missing` columns' min and max (added to `ranges`), the sums of the
/// columns whose means are drawn or centred on, the text columns' levels and what
/// `sheetColumns` checks (a CSV whose check needs only its header stops there), then the
/// check's verdict. With `names`, it gives the input's columns too: a CSV's header, every
/// JSON row's keys.
struct PrePassScan {
  /// Columns without a range: their min and max are found.
  var missing: [String]
  /// Columns whose mean is needed.
  var meanColumns: [String]
  /// Columns whose levels are found (those the script does not declare).
  var levelColumns: [String]
  /// The mapping (its missing words are no levels).
  var mapping: ChannelMapping?
  /// Every numeric column's range is found (a function gives some channel).
  var everyColumn = false
  /// The sheet's columns to check, if any.
  var sheetColumns: SheetColumns?
  /// Whether the input's column names are gathered.
  var names = false
  /// The ranges known (`--ranges`), and those found added.
  var ranges: [String: ColumnRange] = [:]
  /// The sums found.
  var means = ColumnSums()
  /// The levels found.
  var levels = ColumnLevels()

  /// Reads the file at `fd` once and rewinds it; returns its column names when `names`.
  mutating func run(fd: Int32, format: BatchFormat, inputName: String) throws -> [String]? {
    let reader = BatchReader(fd: fd, format: format)
    let checksRows = sheetColumns?.needsRows(format) ?? false
    let readsKeys = names && format == .jsonl
    // Only the columns the pass reads are made into values; a function (any column) or a
    // sheet's check of the rows needs them all.
    if !everyColumn && !checksRows {
      reader.onlyColumns = Set(missing + meanColumns + levelColumns)
    }
    // A column seen holding a number is numeric for good: it leaves the scan for levels,
    // so a file of numbers pays for it on its first row only.
    var pass = Pass(found: [ColumnRange?](repeating: nil, count: missing.count))
    pass.hints = [Int](repeating: 0, count: missing.count)
    pass.levelColumns = levelColumns
    while let row = try reader.next() {
      if missing.isEmpty && !checksRows && !readsKeys && meanColumns.isEmpty
        && pass.levelColumns.isEmpty && !everyColumn
      {
        break
      }
      guard row.error == nil else { continue }
      add(row, to: &pass, readsKeys: readsKeys)
      if checksRows { sheetColumns?.add(row, format: format, to: &pass.seen) }
    }
    guard lseek(fd, 0, SEEK_SET) == 0 else { throw FileError.errno(inputName) }
    for (column, range) in pass.everyRange where ranges[column] == nil { ranges[column] = range }
    for (column, range) in zip(missing, pass.found) { if let range { ranges[column] = range } }
    try sheetColumns?.verdict(
      pass.seen, headerNames: format == .csv ? reader.headerNames : nil, inputName: inputName)
    guard names else { return nil }
    return format == .csv ? reader.headerNames : pass.keys
  }

  /// What the pass has gathered so far beside the sums and levels.
  struct Pass {
    var found: [ColumnRange?]
    var hints: [Int] = []
    var levelColumns: [String] = []
    var everyRange: [String: ColumnRange] = [:]
    var seen = SheetColumns.Seen()
    var keys: [String] = []
    var known: Set<String> = []
  }

  /// Adds a good row's values to the sums, levels, ranges and keys.
  mutating func add(_ row: BatchRow, to pass: inout Pass, readsKeys: Bool) {
    if !meanColumns.isEmpty { means.add(row.fields, meanColumns) }
    if let mapping, !pass.levelColumns.isEmpty {
      levels.add(row.fields, pass.levelColumns, mapping)
      pass.levelColumns.removeAll(where: levels.isNumeric)
    }
    if readsKeys {
      for key in row.fields.entries.compactMap(\.key.text).sorted() where !pass.known.contains(key)
      {
        pass.known.insert(key)
        pass.keys.append(key)
      }
    }
    if !missing.isEmpty {
      ChannelMapping.include(row.fields, missing, hints: &pass.hints, into: &pass.found)
    }
    if everyColumn {
      // A function reads any column: every numeric one gets its range.
      let numeric = row.fields.entries.compactMap { $0.key.text }
      ChannelMapping.include(row.fields, numeric, into: &pass.everyRange)
    }
  }
}
