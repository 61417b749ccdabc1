import Readable
import Files
import Glibc
import LuaHost

/// How batch input is written.
package enum BatchFormat: String, CaseIterable, Sendable {
  /// JSON Lines: one JSON object a line.
  case jsonl
  /// Comma-separated values with a header row naming the fields (RFC 4180).
  case csv

  /// The format a file name implies (`.jsonl`, `.ndjson`, `.json`, `.csv`), if any.
  package static func guess(_ path: String) -> BatchFormat? {
    let lower = path.lowercased()
    if lower.hasSuffix(".csv") { return .csv }
    if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") || lower.hasSuffix(".json") {
      return .jsonl
    }
    return nil
  }
}

/// One data row of the input, numbered from 1 in input order (a CSV header is not a row).
/// Sendable although `LuaValue` is not: the readers build `fields` from data only (no
/// function or userdata, which belong to one state's thread).
package struct BatchRow: @unchecked Sendable {
  /// 1-based position among the data rows of the whole input (shards keep these numbers).
  package var number: Int
  /// The input line the row starts on.
  package var line: Int
  /// The row as the diagnosis function's `input` table.
  package var fields: LuaValue
  /// The row's `id` field as text, if it has one.
  package var id: String?
  /// Why the row could not be read (then `fields` is empty).
  package var error: String?
  /// The input bytes the row was read from: the queue to the workers is bounded by them.
  package var bytes = 0
  /// The face's file name without `.svg`, given by the batch in input order (so duplicates
  /// are caught the same way whatever the number of workers).
  package var fileName = ""
}

/// Reads rows from a file descriptor, streaming: memory stays flat however long the input,
/// and the work is linear in its length (each byte is looked at a bounded number of times).
package final class BatchReader {
  /// The longest line of JSON Lines, or CSV record (quoted line breaks included), and so the
  /// longest field: a row is a handful of answers, and without a cap one endless line (a
  /// 300 MB line, /dev/zero, a CSV quote never closed) would be held whole in memory. A
  /// longer one is a bad row, and reading stops there: where the next row starts is unknown.
  package static let maxRowBytes = 1 << 20
  private let fd: Int32
  private let format: BatchFormat
  private let keep: (Int) -> Bool
  private var buffer: [UInt8] = []
  private var start = 0
  private var atEnd = false
  /// Bytes after `start` already searched for a line break (none there).
  private var scanned = 0
  /// A line or record passed `maxRowBytes`: nothing more is read.
  private var overlong = false
  /// The row that reports it was given: the input has ended.
  private var finished = false
  private var lineNumber = 0
  private var rowNumber = 0
  private var header: [LuaValue]?
  /// The header's names as bytes, each row's keys.
  private var headerKeys: [[UInt8]] = []
  /// The column named `id` (else a first column with no name, as R writes row names),
  /// whose text names a row's file.
  private var idColumn: Int?
  /// No two columns of the header have the same name.
  private var headerIsUnique = false
  /// The only columns a CSV row keeps (the scan stage reads the columns it needs alone,
  /// the rest of a record only counted); nil: every column. Set before the header is read.
  package var onlyColumns: Set<String>?
  /// For each header column, whether a row keeps it (empty: every one).
  private var keepsColumn: [Bool] = []
  /// A CSV's column names, once its header is read (empty for JSON Lines).
  package var headerNames: [String] { header?.compactMap(\.text) ?? [] }
  /// Bytes consumed so far (for progress).
  package private(set) var bytesRead = 0
  /// Set by the caller to stop reading (Ctrl-C): `next()` then returns nil.
  package var shouldStop: () -> Bool = { false }
  /// Reading stopped before the end: the line in hand is cut, not the input's last.
  private var stopped = false

  /// A reader of `format` on `fd`, whose first bytes, already read from it, are `start`;
  /// rows whose number `keep` rejects are skipped cheaply.
  package init(
    fd: Int32, format: BatchFormat, start: [UInt8] = [],
    keep: @escaping (Int) -> Bool = { _ in true }
  ) {
    self.fd = fd
    self.format = format
    self.keep = keep
    buffer.reserveCapacity(max(1 << 16, start.count))
    buffer += start
  }

  /// The next row to process, nil at the end of the input. Throws when reading fails.
  package func next() throws(FileError) -> BatchRow? {
    switch format {
    case .jsonl: return try nextJSON()
    case .csv: return try nextCSV()
    }
  }

  private func nextJSON() throws(FileError) -> BatchRow? {
    if finished { return nil }
    while let line = try nextLine() {
      if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
      rowNumber += 1
      guard keep(rowNumber) else { continue }
      var row = BatchRow(number: rowNumber, line: lineNumber, fields: .map([:]))
      row.bytes = line.count
      do {
        row.fields = try JSONLine.object(line)
        row.id = idText(row.fields["id"])
      } catch {
        row.error = error.description
      }
      return row
    }
    return overlong ? tooLong(line: lineNumber + 1) : nil
  }

  /// The bad row that ends the input: the row that starts at `line` has no end in sight.
  private func tooLong(line: Int) -> BatchRow {
    finished = true
    rowNumber += 1
    var row = BatchRow(number: rowNumber, line: line, fields: .map([:]))
    let what = format == .csv ? "record (is a quote left open on this line?)" : "line"
    row.error =
      "a \(what) longer than \(BatchReader.maxRowBytes >> 20) MiB, the most a row may be; the input is not read further"
    return row
  }

  private func nextCSV() throws(FileError) -> BatchRow? {
    if finished { return nil }
    while !overlong {
      guard let line = try nextLine() else { break }
      var record = Array(line)
      let first = lineNumber
      if first == 1, record.starts(with: [0xEF, 0xBB, 0xBF]) { record.removeFirst(3) }
      // Whether a quoted field is open is the parity of the quotes so far: counted per
      // line as lines join, never over the whole record again (that was quadratic).
      var open = CSV.oddQuotes(record[...])
      while open, let more = try nextLine() {
        guard record.count + 1 + more.count <= BatchReader.maxRowBytes else {
          overlong = true
          break
        }
        open = open != CSV.oddQuotes(more)
        record.append(0x0A)
        record += more
      }
      if overlong {
        guard header != nil else { throw headerTooLong(first) }
        return tooLong(line: first)
      }
      if open && stopped { return nil }  // a record cut by Ctrl-C, as a line is
      if record.isEmpty { continue }
      guard let header else {
        try readHeader(record, line: first)
        continue
      }
      rowNumber += 1
      guard keep(rowNumber) else { continue }
      return csvRow(record, line: first, header: header)
    }
    guard overlong else { return nil }
    guard header != nil else { throw headerTooLong(lineNumber + 1) }
    return tooLong(line: lineNumber + 1)
  }

  /// Reads the CSV header: the column names, whether they are unique, where `id` is.
  private func readHeader(_ record: [UInt8], line: Int) throws(FileError) {
    do {
      headerKeys = try CSV.fields(record)
      header = headerKeys.map { LuaValue.string($0) }
      headerIsUnique = Set(headerKeys).count == headerKeys.count
      // R's write.csv names its row names' column "": those names are the rows' ids.
      idColumn =
        headerKeys.firstIndex(of: Array("id".utf8)) ?? (headerKeys.first == [] ? 0 : nil)
      if let only = onlyColumns {
        keepsColumn = headerKeys.map { only.contains(String(decoding: $0, as: UTF8.self)) }
      }
    } catch {
      throw FileError(path: "line \(line)", reason: "cannot read the CSV header: \(error)")
    }
  }

  /// A record's row (numbered already): its fields under the header's names, or why it
  /// cannot be read.
  private func csvRow(_ record: [UInt8], line first: Int, header: [LuaValue]) -> BatchRow {
    var row = BatchRow(number: rowNumber, line: first, fields: .map([:]))
    row.bytes = record.count
    do {
      // Every field is a number or a string: the row is a flat table, as a JSON row is.
      var table = LuaFlatTable(pairs: header.count, bytes: record.count)
      var id: String?
      let keys = headerKeys, idColumn = idColumn, keeps = keepsColumn
      var k = 0
      let count = try CSV.forEachField(of: record) { field in
        defer { k += 1 }
        guard k < keys.count, !field.isEmpty, keeps.isEmpty || keeps[k] || k == idColumn else {
          return
        }
        keys[k].withUnsafeBufferPointer { table.append(string: $0) }
        if let n = CSV.number(field) { table.append(n) } else { table.append(string: field) }
        // The id names a file: keep its text as written ("007"), not as the number.
        if k == idColumn { id = String(decoding: field, as: UTF8.self) }
      }
      guard count == header.count else {
        throw CSVError(
          description: "\(plural(count, "field")), but the header names \(header.count)")
      }
      if headerIsUnique { table.markKeysUnique() }
      row.fields = .flat(table)
      row.id = id
    } catch {
      row.error = "malformed CSV: \(error)"
    }
    return row
  }

  private func headerTooLong(_ line: Int) -> FileError {
    FileError(
      path: "line \(line)",
      reason: "the CSV header on line \(line) is longer than \(BatchReader.maxRowBytes >> 20) MiB")
  }

  /// The next physical line without its line break (`\n` or `\r\n`), nil at the end or
  /// when the line is longer than `maxRowBytes` (then `overlong` is set): a view of the
  /// buffer, to use before the next call.
  private func nextLine() throws(FileError) -> ArraySlice<UInt8>? {
    guard !overlong else { return nil }
    while true {
      if let nl = indexOfNewline() {
        guard nl - start <= BatchReader.maxRowBytes else { break }
        var end = nl
        if end > start && buffer[end - 1] == 0x0D { end -= 1 }
        let line = buffer[start..<end]
        bytesRead += nl + 1 - start
        start = nl + 1
        scanned = 0
        lineNumber += 1
        return line
      }
      guard buffer.count - start <= BatchReader.maxRowBytes else { break }
      if atEnd {
        // A line cut by Ctrl-C is no row: read as one it failed as malformed JSON or CSV.
        guard start < buffer.count, !stopped else { return nil }
        var line = buffer[start...]
        if line.last == 0x0D { line.removeLast() }
        bytesRead += buffer.count - start
        start = buffer.count
        lineNumber += 1
        return line
      }
      try fill()
    }
    overlong = true
    return nil
  }

  /// The first line break after `start`, searching only what no earlier call searched.
  private func indexOfNewline() -> Int? {
    let from = start + scanned
    guard from < buffer.count else { return nil }
    let found = buffer.withUnsafeBytes { raw -> Int? in
      guard let p = memchr(raw.baseAddress! + from, 0x0A, buffer.count - from) else { return nil }
      return UnsafeRawPointer(p) - raw.baseAddress!
    }
    if found == nil { scanned = buffer.count - start }
    return found
  }

  /// Reads another chunk (dropping what was consumed); sets `atEnd` at end of file.
  private func fill() throws(FileError) {
    if start > 0 {
      buffer.removeSubrange(0..<start)
      start = 0
    }
    let chunk = 1 << 16
    let old = buffer.count
    buffer += repeatElement(0, count: chunk)
    while true {
      if shouldStop() {
        buffer.removeSubrange(old...)
        atEnd = true
        stopped = true
        return
      }
      let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress! + old, chunk) }
      if n < 0 {
        if errno == EINTR { continue }
        buffer.removeSubrange(old...)
        throw .errno("input")
      }
      buffer.removeSubrange((old + n)...)
      if n == 0 { atEnd = true }
      return
    }
  }
}

/// A row's `id` as file-name text: strings as they are, integers in decimal.
func idText(_ v: LuaValue?) -> String? {
  switch v {
  case .string(let b)?: return String(decoding: b, as: UTF8.self)
  case .integer(let i)?: return String(i)
  case .number(let d)?: return formatNumber(d)
  default: return nil
  }
}
