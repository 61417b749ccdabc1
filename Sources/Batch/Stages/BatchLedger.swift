import Synchronization

// Workers finish rows in any order; what a person reads must not depend on that. The
// ledger takes each row's outcome as it comes and settles them in row order: error
// messages go out in row order as soon as every row before them is settled, `--fail-fast`
// stops at the first bad row in input order, and a run of rows hitting the time limit is
// counted in row order too. So the messages, the counts and (with `--fail-fast`) the files
// are the same whatever the number of workers.

/// How one row ended, as a worker or the reader hands it to the ledger.
enum RowOutcome {
  /// Its face was written.
  case wrote(SheetEntry?)
  /// It failed: the message to print, whether writing failed, whether it hit the time limit
  /// or the memory limit.
  case failed(message: String, row: Int, output: Bool, timeLimit: Bool, entry: SheetEntry?)
  /// It was not drawn: the batch had already stopped at an earlier row.
  case skipped
  /// It was left out: a value was missing where `missing = "drop"`.
  case dropped
}

/// Why the batch stopped before the end of its input.
package enum BatchStop: Sendable, Equatable {
  /// `--fail-fast`: the first bad row in input order.
  case failFast(row: Int)
  /// This many rows in a row hit the time or the memory limit, the last being `row`.
  case timeLimit(rows: Int, row: Int)
}

/// Results shared by the reader and the workers: counts, failed rows, the faces kept for
/// the sheet, and the order in which rows are settled. Rows are numbered by `seq`, their
/// position among the rows this batch takes (0, 1, 2, … with no gaps).
final class BatchLedger: @unchecked Sendable {
  private let monitor = Monitor()
  /// Whether faces are drawn for a sheet (the SVG one, the terminal one or both).
  let keepsFaces: Bool
  /// Whether the cells are drawn for the SVG sheet.
  let keepsEntries: Bool
  /// The SVG sheet, given each cell as its row is settled.
  private let sheet: SheetStream?
  /// The terminal sheet, shown as rows are settled.
  private let stream: TerminalSheetStream?
  private let failFast: Bool
  private let limitRun: Int?
  private let say: @Sendable (String) -> Void
  private var written = 0
  private var dropped = 0
  /// Rows drawn with a missing value (counted as they are drawn: any order will do).
  private let missingRows = Atomic<Int>(0)
  private var failedRows: [Int] = []
  private var outputFailed = false
  /// Every row with a smaller seq is settled.
  private var frontier = 0
  /// Outcomes that arrived before an earlier row's.
  private var waiting: [Int: RowOutcome] = [:]
  private var limitHits = 0
  private var stop: BatchStop?
  private var stopSeq = Int.max
  /// Rows after this seq need not be drawn: an earlier row failed under `--fail-fast`, or
  /// the batch stopped. Read without the lock on every row.
  private let skipAfter = Atomic<Int>(Int.max)

  /// A ledger printing messages with `say`; `limitRun` consecutive time-limit failures stop
  /// the batch (nil: never).
  init(
    sheet: SheetStream?, stream: TerminalSheetStream? = nil, failFast: Bool, limitRun: Int?,
    say: @escaping @Sendable (String) -> Void
  ) {
    self.keepsFaces = sheet != nil || stream != nil
    self.keepsEntries = sheet != nil
    self.sheet = sheet
    self.stream = stream
    self.failFast = failFast
    self.limitRun = limitRun
    self.say = say
  }

  /// Counts a row drawn with a missing value.
  func noteMissing() { missingRows.add(1, ordering: .relaxed) }

  /// Whether the row at `seq` can be left undrawn (the batch has stopped before it).
  func skips(_ seq: Int) -> Bool { seq > skipAfter.load(ordering: .relaxed) }

  /// Whether no more rows need reading.
  var stopping: Bool { skipAfter.load(ordering: .relaxed) != Int.max }

  /// Settles the row at `seq`. Under `--fail-fast` a worker asks `mayWrite` first.
  func finish(_ seq: Int, _ outcome: RowOutcome) {
    monitor.locked {
      if case .failed = outcome, failFast { lowerSkip(seq) }
      guard seq == frontier else {
        waiting[seq] = outcome
        return
      }
      settle(seq, outcome)
      frontier += 1
      while let next = waiting.removeValue(forKey: frontier) {
        settle(frontier, next)
        frontier += 1
      }
      if failFast { monitor.broadcast() }
    }
  }

  /// Under `--fail-fast`, waits until every row before `seq` is settled and tells whether
  /// the row's face may be written: only if none of them failed. Without it, always true
  /// at once (faces are written as they come).
  func mayWrite(_ seq: Int, interrupted: () -> Bool) -> Bool {
    guard failFast else { return true }
    return monitor.locked {
      while frontier < seq && !skips(seq) && !interrupted() { monitor.wait(seconds: 0.05) }
      return frontier == seq && stop == nil && !interrupted()
    }
  }

  /// Prints what is still waiting (rows after one that never finished, as when Ctrl-C
  /// stopped the batch), in row order.
  func flush() {
    monitor.locked {
      for seq in waiting.keys.sorted() {
        settle(seq, waiting[seq]!)
        if failFast && stop != nil { break }
      }
      waiting.removeAll()
    }
  }

  /// The outcome of the row at `seq`, every earlier row being settled (the lock is held).
  private func settle(_ seq: Int, _ outcome: RowOutcome) {
    guard seq <= stopSeq else {
      // Drawn after the batch stopped: a file written is counted (it is on disk), nothing
      // else is reported.
      if case .wrote = outcome { written += 1 }
      return
    }
    switch outcome {
    case .wrote(let entry):
      written += 1
      limitHits = 0
      if let entry { take(entry) }
    case .failed(let message, let row, let output, let timeLimit, let entry):
      say(message)
      failedRows.append(row)
      outputFailed = outputFailed || output
      if let entry { take(entry) }
      limitHits = timeLimit ? limitHits + 1 : 0
      if failFast {
        stopAt(seq, .failFast(row: row))
      } else if let limitRun, limitHits >= limitRun {
        stopAt(seq, .timeLimit(rows: limitHits, row: row))
      }
    case .skipped:
      break
    case .dropped:
      dropped += 1
      limitHits = 0
    }
  }

  /// A settled row's cell: spooled for the SVG sheet, shown on the terminal one.
  private func take(_ entry: SheetEntry) {
    sheet?.add(entry)
    stream?.add(entry)
  }

  private func stopAt(_ seq: Int, _ reason: BatchStop) {
    stop = reason
    stopSeq = seq
    lowerSkip(seq)
  }

  private func lowerSkip(_ seq: Int) {
    if seq < skipAfter.load(ordering: .relaxed) { skipAfter.store(seq, ordering: .relaxed) }
  }

  /// Counts and failed rows so far.
  var summary: BatchSummary {
    monitor.locked {
      var s = BatchSummary()
      s.written = written
      s.droppedRows = dropped
      s.missingRows = missingRows.load(ordering: .relaxed)
      s.failedRows = failedRows
      s.outputFailed = outputFailed
      s.stop = stop
      // A stopped batch counts the rows up to where it stopped: the same whatever --jobs
      // (the reader may have read further ahead).
      if stop != nil { s.rows = stopSeq + 1 }
      return s
    }
  }

}
