// The columns the contact sheet is laid out by (`--at x=COL,y=COL`, `--sort COL`): a row's
// value in one, and the check, before any face is drawn, that each column exists and that
// the axes' columns hold numbers.

import Glibc
import LuaHost
import Readable
import Render
import Rows

/// A row's value in a column the sheet is laid out by.
enum SheetDatum: Sendable, Equatable {
  /// A finite number (CSV text that reads as one is one already).
  case number(Double)
  /// Anything else present: text, a boolean, a table (by its type name).
  case text(String)

  /// The row's value in `column`; nil when absent or written as a missing value (`NA`,
  /// `NaN`, `null`, `-`, as R and spreadsheets write them), which the sheet draws last.
  init?(_ fields: LuaValue, _ column: String) {
    guard let v = fields[column] else { return nil }
    if let n = v.number {
      guard n.isFinite else { return nil }
      self = .number(n)
    } else if let s = v.text {
      if SheetDatum.missingWords.contains(s.lowercased()) { return nil }
      if let n = readNumber(s), n.isFinite {
        self = .number(n)
      } else {
        self = .text(s)
      }
    } else if case .boolean(let b) = v {
      self = .text(b ? "true" : "false")
    } else {
      self = .text(v.typeName)
    }
  }

  static let missingWords: Set<String> = ["", "na", "nan", "null", "none", "-", "n/a"]

  /// The number, if it is one.
  var number: Double? {
    if case .number(let n) = self { return n }
    return nil
  }

  /// The text a sort compares, numbers as the sheet writes them.
  var text: String {
    switch self {
    case .number(let n): return formatNumber(n)
    case .text(let s): return s
    }
  }
}

/// What the sheet's layout asks of the input's columns, and the check of it.
struct SheetColumns {
  /// Columns that must hold numbers (`--at`'s), with the option naming them.
  var numeric: [(column: String, option: String)] = []
  /// Columns that must merely exist (`--sort`'s), with the option naming them.
  var present: [(column: String, option: String)] = []
  /// Columns `--label`'s template names: checked in a file, not in a stream (a row without
  /// one just shows nothing there).
  var labelled: [(column: String, option: String)] = []

  /// What `layout` needs (its label's columns when `usesLabel`); nil when it needs none.
  init?(_ layout: SheetLayout, usesLabel: Bool) {
    if let at = layout.at { numeric = [(at.x, "--at x"), (at.y, "--at y")] }
    if let sort = layout.sort { present = [(sort.column, "--sort")] }
    if usesLabel, let label = layout.label {
      labelled = SheetLabel.columns(label).map { ($0, "--label") }
    }
    if numeric.isEmpty && present.isEmpty && labelled.isEmpty { return nil }
  }

  private var all: [String] { numeric.map(\.column) + present.map(\.column) }

  /// The columns seen so far, and in them the first text that is not a number.
  struct Seen {
    /// Column names in the order met (a CSV's header order).
    var names: [String] = []
    var known: Set<String> = []
    /// Columns holding at least one value.
    var filled: Set<String> = []
    /// The first value of a column that is not a number: row number and text.
    var firstText: [String: (row: Int, text: String)] = [:]
  }

  /// Whether the check of a regular file needs its rows: a CSV's header names its columns,
  /// so only --at's numbers need every row read.
  func needsRows(_ format: BatchFormat) -> Bool { format == .jsonl || !numeric.isEmpty }

  /// Notes what a good `row` of a regular file holds in the columns checked.
  func add(_ row: BatchRow, format: BatchFormat, to seen: inout Seen) {
    if format == .jsonl {
      let keys = row.fields.entries.compactMap(\.key.text).sorted()
      for k in keys where !seen.known.contains(k) {
        seen.known.insert(k)
        seen.names.append(k)
      }
    }
    for column in all {
      guard let d = SheetDatum(row.fields, column) else { continue }
      seen.filled.insert(column)
      if case .text(let s) = d, seen.firstText[column] == nil {
        seen.firstText[column] = (row.number, s)
      }
    }
  }

  /// The check of a whole regular file (a stream is checked at the end from the rows
  /// drawn, by `problem(entries:)`): throws a setup error naming a column that is not
  /// there, or an axis column holding text. `headerNames`: a CSV's header (JSONL: nil, the
  /// names `add` met).
  func verdict(_ seen: Seen, headerNames: [String]?, inputName: String) throws {
    var seen = seen
    if let headerNames {
      seen.names = headerNames
      seen.known = Set(headerNames)
    }
    if let problem = problem(seen, inputName: inputName, listsColumns: true, also: labelled) {
      throw BatchSetupError(description: problem)
    }
  }

  /// The check of the rows a stream gave, from the sheet's entries: nil when they fit.
  func problem(entries: [SheetEntry], inputName: String) -> String? {
    var seen = Seen()
    for e in entries {
      for (column, d) in [(numeric.first?.column, e.x), (numeric.last?.column, e.y)] {
        guard let column, let d else { continue }
        seen.filled.insert(column)
        if case .text(let s) = d, seen.firstText[column] == nil {
          seen.firstText[column] = (e.row, s)
        }
      }
      if let column = present.first?.column, e.sortKey != nil { seen.filled.insert(column) }
    }
    seen.known = seen.filled
    return problem(seen, inputName: inputName, listsColumns: false, also: [])
  }

  private func problem(
    _ seen: Seen, inputName: String, listsColumns: Bool, also: [(column: String, option: String)]
  ) -> String? {
    for (column, option) in numeric + present + also where !seen.known.contains(column) {
      let names =
        listsColumns ? "; its columns are \(columnNames(seen.names).joined(separator: ", "))" : ""
      let which = listsColumns ? "has no column" : "gave no row with a column"
      return
        "\(option): \(inputName) \(which) '\(column)'\(suggestion(column, seen.names))\(names)"
    }
    for (column, option) in numeric {
      if let (row, text) = seen.firstText[column] {
        let shown = cut(text, to: 40)
        return
          "\(option): column '\(column)' is not numeric (row \(row) has '\(shown)'); an axis needs numbers (NA and empty fields are missing values)"
      }
      if !seen.filled.contains(column) {
        return "\(option): column '\(column)' has no values in \(inputName)"
      }
    }
    return nil
  }
}
