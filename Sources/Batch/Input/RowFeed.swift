// The reading stage of a batch: the rows in input order, each named and handed to the
// workers, or settled here when it cannot be drawn.

import Files
import Glibc
import Rows

/// Reads the rows and queues them for the workers.
struct RowFeed {
  /// The rows, in input order.
  let reader: BatchReader
  /// The input's name in messages.
  let inputName: String
  /// Whether each face is written to a file (a file name may then be taken once).
  let faceFiles: Bool
  /// The sheet's layout (a failed row's blank cell reads its columns).
  let layout: SheetLayout
  /// Where the rows settled here go.
  let tally: BatchLedger
  /// The progress bar, if shown.
  let progress: BatchProgress?

  /// Reads the rows (after `first`, a row read already) and hands each to the workers in
  /// order; a row that cannot be drawn (its own error, a file name an earlier row took) is
  /// finished here. Returns how many rows were taken and the read error that ended it.
  func run(
    first: BatchRow??, readError: FileError?, into queue: RowQueue, stopping: () -> Bool
  ) -> (taken: Int, readError: FileError?) {
    var firstRow = first
    var readError = readError
    var names = Set<String>(minimumCapacity: 1024)
    var taken = 0
    reading: while !stopping() && readError == nil {
      let next: BatchRow?
      if let first = firstRow {
        next = first
        firstRow = nil
      } else {
        do { next = try reader.next() } catch {
          readError = error
          break
        }
      }
      guard var row = next else { break }
      progress?.bytesRead(reader.bytesRead)
      taken += 1
      row.fileName = BatchNames.fileName(id: row.id, row: row.number)
      if faceFiles && row.error == nil && !names.insert(row.fileName).inserted {
        row.error =
          "its file name '\(row.fileName).svg' is taken by an earlier row (ids must differ)"
      }
      let seq = taken - 1
      if let error = row.error {
        tally.finish(
          seq,
          .failed(
            message: "\(inputName):\(row.line): row \(row.number): \(error)", row: row.number,
            output: false, timeLimit: false, entry: BatchWorker.blankEntry(row, tally, layout)))
        progress?.rowDone()
        continue reading
      }
      guard queue.push((seq, row), interrupted: { BatchInterrupt.raised }) else { break }
    }
    return (taken, readError)
  }
}
