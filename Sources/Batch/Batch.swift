import CLISupport
import Geometry
import Psychologist
import Glibc
import LuaHost
import Readable
import Render
import Storyboard

/// What `psychologist batch` was asked to do.
package struct BatchOptions: Sendable {
  /// The script declaring the diagnosis.
  package var script: String
  /// The diagnosis applied to every row.
  package var diagnosis: String
  /// The input file, or `-` for standard input.
  package var input: String
  /// JSON Lines or CSV.
  package var format: BatchFormat
  /// Where the faces go (it must exist).
  package var outputDirectory: String
  /// A contact sheet to write, if any.
  package var sheet: String?
  /// Worker threads, each with its own Lua state.
  package var jobs: Int
  /// The rows this run takes.
  package var shard: Shard = .all
  /// Stop at the first bad row in input order, leaving the faces of the rows before it.
  package var failFast = false
  /// Stop once this many rows in a row hit the time limit (nil: go on whatever happens).
  package var limitRun: Int? = 3
  /// Show a progress bar on stderr.
  package var progress = false
  /// The sheet's columns and title.
  package var sheetLayout = SheetLayout()
  /// A file of column ranges (`column,low,high` lines) scaling the channels, if given.
  package var ranges: String?
  /// A background and label for each row's own SVG (nil: the face alone).
  package var decoration: FaceDecoration?
  /// Device, orientation, limits and plugins of every worker's script.
  package var scriptOptions: ScriptOptions
  /// Whether each face is written to the output folder (`--format terminal` alone: no).
  package var faceFiles = true
  /// The sheet drawn on standard output (`--format terminal`), if asked for.
  package var terminalSheet: TerminalSheetOptions?
  /// Faces a page of the sheet (`--per-page`): a file a page, `sheet-001.svg`, …; nil: one.
  package var perPage: Int?

  /// Options with defaults for the rest.
  package init(
    script: String, diagnosis: String, input: String, format: BatchFormat,
    outputDirectory: String, jobs: Int, scriptOptions: ScriptOptions
  ) {
    self.script = script
    self.diagnosis = diagnosis
    self.input = input
    self.format = format
    self.outputDirectory = outputDirectory
    self.jobs = jobs
    self.scriptOptions = scriptOptions
  }
}

/// How a batch went.
package struct BatchSummary: Sendable {
  /// Rows taken (this shard's).
  package var rows = 0
  /// Faces written.
  package var written = 0
  /// Numbers of the rows that failed, in order.
  package var failedRows: [Int] = []
  /// Some failure was a file that could not be written (a face, the sheet, stdout).
  package var outputFailed = false
  /// The input could not be read to its end (a read error, a line over the cap).
  package var inputFailed = false
  /// Ctrl-C stopped the batch early.
  package var interrupted = false
  /// q at the end of a terminal sheet's page stopped it: the rest was not drawn.
  package var quit = false
  /// Faces shown on the terminal sheet.
  package var shown = 0
  /// Why the batch stopped before the end of its input, if it did.
  package var stop: BatchStop?
  /// Rows drawn with a missing value (marked, at the neutral value or the mean).
  package var missingRows = 0
  /// Rows left out for a missing value (`missing = "drop"`).
  package var droppedRows = 0
  /// What the diagnosis's missing values draw (`missing`), when it maps columns.
  package var missingPolicy: MissingPolicy?
  /// Rows `--at` could not place on the sheet (no number for x or y), in sheet order.
  package var unplaced: [Int] = []
  /// Columns of the rows that the diagnosis never read (the first rows of each worker
  /// are watched), with the nearest column read: each said once, not once a row.
  package var unreadColumns: [(key: String, hint: String)] = []
  /// The sheet could not be laid out as asked (a stream without `--at`'s or `--sort`'s
  /// column): a usage error, said already.
  package var sheetRefused = false
  /// `--fail-fast` stopped the batch early.
  package var stoppedEarly: Bool {
    if case .failFast = stop { return true }
    return false
  }
}

/// A failure that stops the whole batch before any row runs: the script does not load,
/// or the diagnosis does not exist.
package struct BatchSetupError: Error, CustomStringConvertible, Sendable {
  /// What is wrong.
  package var description: String
}

/// The number of processors online (the default `--jobs`).
package func processorCount() -> Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

/// Applies a diagnosis to every row of a data set, one face per row, on `jobs` threads.
package enum Batch {
  /// Runs the batch; `report` receives each bad row's message (`file:line: …`), one at a
  /// time. Throws `BatchSetupError`, `LuaError` or `FileError` when nothing can start.
  package static func run(
    _ options: BatchOptions, report: @escaping @Sendable (String) -> Void
  ) throws -> BatchSummary {
    let input = try openInput(options.input)
    defer { if input.fd != 0 { close(input.fd) } }
    let inputName = input.name
    // The sheet is written at the end, into the folder it names now: one swapped for a
    // symlink while the batch runs does not send it elsewhere.
    let sheetFile = options.sheet.flatMap { $0 == "-" ? nil : LaterFile($0) }

    let shared = SharedOutput()
    let jobs = max(1, min(options.jobs, 256))
    let folder = try BatchOutput.open(options.outputDirectory)
    var workers: [BatchWorker] = []
    for index in 0..<jobs {
      workers.append(
        try BatchWorker(options, folder: folder, shared: shared, mutedLoad: index > 0))
    }
    let mapping = workers[0].diagnosis.channels
    let sheetColumns = SheetColumns(
      options.sheetLayout, usesLabel: options.sheet != nil || options.decoration?.label == true)
    let reader = BatchReader(fd: input.fd, format: options.format) {
      options.shard.contains($0)
    }
    reader.shouldStop = { BatchInterrupt.raised }
    let look = try lookAtInput(
      input, options, diagnosis: workers[0].diagnosis, sheetColumns: sheetColumns,
      reader: reader)
    let ranges = look.ranges
    let means = look.means
    // A stream's sheet columns are checked at the end, from the rows drawn.
    let columnsChecked = sheetColumns == nil || input.regular
    var knownRanges: [String: ColumnRange] = [:]
    if let mapping {
      // Every worker scales alike: the ranges, means and levels are fixed here, before
      // any row is drawn.
      let found = means.means
      for w in workers {
        w.evaluator.columnRanges = ranges
        w.evaluator.columnMeans = found
        w.evaluator.columnLevels = look.levels.levels
      }
      knownRanges = mapping.ranges.merging(ranges) { $1 }
    } else if options.sheetLayout.at != nil {
      knownRanges = ranges
    }
    let legendEntries =
      options.terminalSheet != nil || options.sheet != nil
      ? DataLegend.entries(
        workers[0].diagnosis, script: workers[0].script,
        ranges: workers[0].evaluator.columnRanges, means: workers[0].evaluator.columnMeans,
        levels: workers[0].evaluator.columnLevels) : []
    let legend = options.sheet != nil ? SheetLegend.lines(legendEntries) : []
    let stream = options.terminalSheet.map { sheet in
      TerminalSheetStream(
        sheet, title: options.sheetLayout.heading, legend: legendEntries
      ) {
        shared.writeAsIs(1, $0)
      }
    }
    let queue = RowQueue(workers: jobs)
    let progress = options.progress ? BatchProgress(shared: shared, totalBytes: input.size) : nil
    let say: @Sendable (String) -> Void = { message in
      shared.locked {
        progress?.clearLine()
        report(message)
      }
    }
    var sheetLayout = options.sheetLayout
    if let mapping {
      sheetLayout.square = true
      sheetLayout.showsHappiness = !mapping.mapsSmile
    }
    let sheetStream = try options.sheet.map { [sheetLayout] path throws(FileError) in
      try SheetStream(layout: sheetLayout, path: path)
    }
    for w in workers {
      w.layout = sheetLayout
      w.drawsCells = sheetStream != nil && sheetLayout.at == nil
    }
    let tally = BatchLedger(
      sheet: sheetStream, stream: stream, failFast: options.failFast,
      limitRun: options.limitRun, say: say)
    // Rows before a stopping point are still drawn, so only Ctrl-C drops queued rows.
    let stopping: @Sendable () -> Bool = { BatchInterrupt.raised || tally.stopping }

    BatchInterrupt.flag.store(false, ordering: .relaxed)
    BatchInterrupt.install()
    defer { BatchInterrupt.restore() }
    let threads = workers.map { worker in
      WorkerThread {
        while let (seq, row) = queue.pop(interrupted: { BatchInterrupt.raised }) {
          if tally.skips(seq) {
            tally.finish(seq, .skipped)
            continue
          }
          worker.process(row, seq: seq, inputName: inputName, tally: tally)
          progress?.rowDone()
          if BatchInterrupt.raised { queue.stop() }
        }
      }
    }
    progress?.start()

    let (taken, readError) = feed(
      reader, first: look.firstRow, readError: look.readError, options, inputName: inputName,
      queue: queue, tally: tally, progress: progress, stopping: stopping)
    queue.close()
    if BatchInterrupt.raised { queue.stop() }
    for t in threads { t.join() }
    var inputs = InputTally()
    for w in workers { inputs.add(w.script.inputReads.tally(in: w.script.state)) }
    progress?.finish()
    for w in workers { w.output.flush() }
    tally.flush()
    if !BatchInterrupt.raised { stream?.finish() }

    var summary = tally.summary
    summary.unreadColumns = inputs.unread(except: columnsUsed(by: options.sheetLayout))
    if case .columns? = mapping?.source { summary.missingPolicy = mapping?.missing }
    if summary.stop == nil { summary.rows = taken }
    summary.quit = stream?.quitByKey ?? false
    summary.shown = stream?.shown ?? 0
    summary.interrupted = BatchInterrupt.raised && !summary.quit
    if let readError {
      say("\(inputName): cannot read: \(readError.reason)")
      summary.inputFailed = true
    }
    if let sheet = options.sheet, let sheetStream, !summary.interrupted {
      var layout = sheetLayout
      layout.legend = legend
      layout.ranges = knownRanges
      let sheetCheck = columnsChecked ? nil : sheetColumns
      guard
        finishSheet(
          sheetStream, to: sheet, file: sheetFile, check: sheetCheck, layout: layout,
          options, inputName: inputName, summary: &summary, shared: shared, say: say)
      else { return summary }
    }
    if let failure = shared.failure {
      say("cannot write standard output: \(failure)")
      summary.outputFailed = true
    }
    return summary
  }

  /// The input, opened and looked at once: a folder is refused; a regular file has a size
  /// (the progress bar's) and can be read twice (for column ranges); anything else is a
  /// stream, read once.
  struct Input {
    /// Its descriptor (0: standard input).
    let fd: Int32
    /// Its name in messages (`<stdin>` for `-`).
    let name: String
    /// Whether it is a regular file.
    let regular: Bool
    /// Its size in bytes, for a regular file; else 0.
    let size: Int
  }

  /// Opens `path` (`-`: standard input) and looks at it once.
  static func openInput(_ path: String) throws -> Input {
    let name = path == "-" ? "<stdin>" : path
    let fd: Int32 = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw FileError.errno(path) }
    var st = stat()
    let looked = fstat(fd, &st) == 0
    let kind = st.st_mode & S_IFMT
    guard looked, kind != S_IFDIR else {
      let error = looked ? FileError(path: name, reason: "is a folder") : FileError.errno(name)
      if fd != 0 { close(fd) }
      throw error
    }
    let regular = kind == S_IFREG
    return Input(
      fd: fd, name: name, regular: regular, size: fd != 0 && regular ? Int(st.st_size) : 0)
  }

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
      inputNames = try prePass(
        fd: input.fd, format: options.format, inputName: input.name, scan: &scan,
        ranges: &look.ranges, sheetColumns: sheetColumns, names: !channelColumns.isEmpty)
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

  /// Reads the rows (after `first`, a row read already) and hands each to the workers in
  /// order; a row that cannot be drawn (its own error, a file name an earlier row took) is
  /// finished here. Returns how many rows were taken and the read error that ended it.
  static func feed(
    _ reader: BatchReader, first: BatchRow??, readError: FileError?, _ options: BatchOptions,
    inputName: String, queue: RowQueue, tally: BatchLedger, progress: BatchProgress?,
    stopping: () -> Bool
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
      if options.faceFiles && row.error == nil && !names.insert(row.fileName).inserted {
        row.error =
          "its file name '\(row.fileName).svg' is taken by an earlier row (ids must differ)"
      }
      let seq = taken - 1
      if let error = row.error {
        tally.finish(
          seq,
          .failed(
            message: "\(inputName):\(row.line): row \(row.number): \(error)", row: row.number,
            output: false, timeLimit: false,
            entry: BatchWorker.blankEntry(row, tally, options.sheetLayout)))
        progress?.rowDone()
        continue reading
      }
      guard queue.push((seq, row), interrupted: { BatchInterrupt.raised }) else { break }
    }
    return (taken, readError)
  }

  /// The columns the batch reads itself (the id, the sheet's label, axes and sort): never
  /// "read by nothing".
  static func columnsUsed(by layout: SheetLayout) -> Set<String> {
    var used: Set<String> = ["id"]
    for column in [layout.label, layout.at?.x, layout.at?.y, layout.sort?.column] {
      if let column { used.insert(column) }
    }
    return used
  }

  /// Lays the gathered sheet out and writes it, noting in `summary` what went wrong; false
  /// when `check` (a stream's sheet columns, checked from the rows drawn) refuses it.
  static func finishSheet(
    _ sheetStream: SheetStream, to sheet: String, file: LaterFile?, check: SheetColumns?,
    layout: SheetLayout, _ options: BatchOptions, inputName: String,
    summary: inout BatchSummary, shared: SharedOutput, say: (String) -> Void
  ) -> Bool {
    if layout.at != nil { summary.unplaced = sheetStream.unplaced }
    if let problem = check?.problem(entries: sheetStream.entries, inputName: inputName) {
      say("cannot lay the contact sheet out: \(problem)")
      summary.sheetRefused = true
      return false
    }
    let title = "\(options.script) · \(options.diagnosis)"
    do {
      try writeSheet(
        sheetStream, to: sheet, file: file, perPage: options.perPage, title: title,
        layout: layout, shared: shared)
    } catch {
      say("cannot write the contact sheet: \(error)")
      summary.outputFailed = true
    }
    return true
  }

  /// Writes the gathered sheet: to standard output (`-`), to a PNG (a grid drawn a band at
  /// a time, `SheetPNG`; an `--at` sheet, whose size is the plot's, whole in memory), or to an SVG file written as it is read back from the spool, a
  /// file a page with `perPage` (`sheet-001.svg`, …).
  static func writeSheet(
    _ sheet: SheetStream, to path: String, file: LaterFile?, perPage: Int?, title: String,
    layout: SheetLayout, shared: SharedOutput
  ) throws {
    if let failure = sheet.failure { throw failure }
    let pages = sheet.pages(perPage)
    guard path != "-" else {
      let sink = ByteSink { shared.write(1, $0) }  // on purpose, as -o - (a failure is stdout's)
      for page in 0..<pages {
        sheet.write(page: page, perPage: perPage, title: title, layout: layout, to: sink)
      }
      return
    }
    guard let file else { return }
    for page in 0..<pages {
      let name = pages > 1 || perPage != nil ? SheetStream.pageName(path, page: page) : nil
      if isPNGFile(path), layout.at == nil {
        try file.write(named: name) { write in
          try SheetPNG.write(
            sheet, page: page, perPage: perPage, title: title, layout: layout, to: write)
        }
        continue
      }
      if isPNGFile(path) {
        var svg: [UInt8] = []
        let sink = ByteSink { svg += $0 }
        sheet.write(page: page, perPage: perPage, title: title, layout: layout, to: sink)
        try file.write(try fileBytes(svg: svg, name: path), named: name)
        continue
      }
      try file.write(named: name) { write in
        let sink = ByteSink { piece in
          if !write(piece) { throw SheetWriteStopped() }
        }
        sheet.write(page: page, perPage: perPage, title: title, layout: layout, to: sink)
      }
      if let failure = sheet.failure { throw failure }
    }
  }

  /// A write of the sheet failed: the rest is not made (the file says why).
  struct SheetWriteStopped: Error {}

  /// The one pass over a regular file before the batch, rewound after: each good row gives
  /// the `missing` columns' min and max (added to `ranges`) and what `sheetColumns` checks
  /// (a CSV whose check needs only its header stops there), then the check's verdict.
  /// With `names`, it gives the input's columns too: a CSV's header, every JSON row's keys.
  static func prePass(
    fd: Int32, format: BatchFormat, inputName: String, scan: inout PrePassScan,
    ranges: inout [String: ColumnRange], sheetColumns: SheetColumns?, names: Bool
  ) throws -> [String]? {
    let missing = scan.missing
    let meanColumns = scan.meanColumns
    // A column seen holding a number is numeric for good: it leaves the scan for levels,
    // so a file of numbers pays for it on its first row only.
    var levelColumns = scan.levelColumns
    let reader = BatchReader(fd: fd, format: format)
    let checksRows = sheetColumns?.needsRows(format) ?? false
    let readsKeys = names && format == .jsonl
    var found = [ColumnRange?](repeating: nil, count: missing.count)
    var hints = [Int](repeating: 0, count: missing.count)
    var everyRange: [String: ColumnRange] = [:]
    var seen = SheetColumns.Seen()
    var keys: [String] = []
    var known: Set<String> = []
    while let row = try reader.next() {
      if missing.isEmpty && !checksRows && !readsKeys && meanColumns.isEmpty
        && levelColumns.isEmpty && !scan.everyColumn
      {
        break
      }
      guard row.error == nil else { continue }
      if !meanColumns.isEmpty { scan.means.add(row.fields, meanColumns) }
      if let mapping = scan.mapping, !levelColumns.isEmpty {
        scan.levels.add(row.fields, levelColumns, mapping)
        levelColumns.removeAll(where: scan.levels.isNumeric)
      }
      if readsKeys {
        for key in row.fields.entries.compactMap(\.key.text).sorted() where !known.contains(key) {
          known.insert(key)
          keys.append(key)
        }
      }
      if !missing.isEmpty {
        ChannelMapping.include(row.fields, missing, hints: &hints, into: &found)
      }
      if scan.everyColumn {
        // A function reads any column: every numeric one gets its range.
        let numeric = row.fields.entries.compactMap { $0.key.text }
        ChannelMapping.include(row.fields, numeric, into: &everyRange)
      }
      if checksRows { sheetColumns?.add(row, format: format, to: &seen) }
    }
    guard lseek(fd, 0, SEEK_SET) == 0 else { throw FileError.errno(inputName) }
    for (column, range) in everyRange where ranges[column] == nil { ranges[column] = range }
    for (column, range) in zip(missing, found) { if let range { ranges[column] = range } }
    try sheetColumns?.verdict(
      seen, headerNames: format == .csv ? reader.headerNames : nil, inputName: inputName)
    guard names else { return nil }
    return format == .csv ? reader.headerNames : keys
  }
}

/// What the pass over a regular file gathers for the channels besides ranges: the sums of
/// the columns whose means are drawn or centred on, and the text columns' levels.
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
  /// The sums found.
  var means = ColumnSums()
  /// The levels found.
  var levels = ColumnLevels()
}

/// One worker: its own script (Lua state, registry) and its own print buffer. A row is
/// evaluated (the diagnosis and its segue, in Lua) and its face painted where its segue's
/// kind puts it from the start screen; only a custom kind, whose Lua `perform` navigates,
/// drives the worker's session.
final class BatchWorker: @unchecked Sendable {
  let script: Script
  let output: WorkerOutput
  let diagnosis: Diagnosis
  /// Where the faces go.
  let faces: BatchOutput
  /// Works out each row's landing (the start screen's places found once, by `session`).
  let evaluator: Evaluator
  /// Draws each row's face.
  let painter: Painter
  /// The app a custom kind navigates (restarted per such row), which also finds where each
  /// built-in kind lands.
  let session: Session
  /// Whether each face is written to a file.
  let faceFiles: Bool
  /// The terminal sheet's layout, when its small faces are drawn.
  let terminalLayout: TerminalSheetLayout?
  /// The sheet's layout (the columns its entries read; the cells it draws).
  var layout: SheetLayout
  /// Whether this worker draws its rows' cells of an SVG grid sheet itself: in parallel,
  /// where the ledger, which takes rows in order, would draw them one at a time.
  var drawsCells = false
  /// What each row's own SVG gets beyond its face.
  let decoration: FaceDecoration?
  /// Rows watched so far for columns nothing reads.
  var watchedRows = 0
  /// The last row's face file, its room kept for the next (a sheet that keeps the bytes
  /// shares them, and the next row's face gets room of its own).
  var rendered: [UInt8] = []
  /// The diagnosis as the registry last gave it, and the registry's revision then.
  var current: Diagnosis?
  var currentRevision: Registry.Revision?
  /// How many rows each worker watches.
  static let watchedRowCount = 16

  init(_ options: BatchOptions, folder: OutputDirectory, shared: SharedOutput, mutedLoad: Bool)
    throws
  {
    faces = try BatchOutput(folder)
    faceFiles = options.faceFiles
    terminalLayout = options.terminalSheet?.layout
    layout = options.sheetLayout
    decoration = options.decoration
    output = WorkerOutput(shared)
    output.muted = mutedLoad
    guard FileSystem.exists(options.script) else {
      throw BatchSetupError(description: "no such script: \(options.script)")
    }
    script = try Script(path: options.script, options: options.scriptOptions, output: output)
    try script.load()
    output.flush()
    output.muted = false
    let device = options.scriptOptions.device
    let problems = script.problems(on: device)
    if !problems.isEmpty { throw ProblemList(problems) }
    guard let d = script.registry.diagnosis(options.diagnosis) else {
      let names = script.registry.diagnoses.map(\.name)
      throw BatchSetupError(
        description:
          "\(options.script): no diagnosis named '\(options.diagnosis)'\(suggestion(options.diagnosis, names)) \(listing("diagnoses", names, none: "it declares none"))"
      )
    }
    diagnosis = d
    let orientation = options.scriptOptions.orientation
    session = try Session(script: script, device: device, orientation: orientation)
    evaluator = Evaluator(
      script: script, device: device, orientation: orientation,
      startRects: StartRects(session: session))
    painter = Painter(script: script)
  }

  /// Draws one row's face and writes it; the outcome goes to the ledger, never thrown.
  func process(_ row: BatchRow, seq: Int, inputName: String, tally: BatchLedger) {
    // Where the row is, for messages only (rows that go well never build it).
    var place: String { "\(inputName):\(row.line)" }
    var drawing = Drawing(width: 0, height: 0, items: [])
    var happiness: Double?
    var cells: CellGrid?
    // The row's label, made once and only where shown: the face file's strip, the sheet.
    var label = ""
    // The first rows a worker draws are watched for columns nothing reads; the rest go in
    // as they are, at no cost.
    if watchedRows < BatchWorker.watchedRowCount {
      watchedRows += 1
      script.inputReads.isOn = true
    } else {
      script.inputReads.isOn = false
    }
    var missingColumns: [String] = []
    do {
      let shown = try face(row.fields)
      happiness = shown.happiness
      missingColumns = shown.landed?.face.channels.missingColumns ?? []
      if !missingColumns.isEmpty { tally.noteMissing() }
      if faceFiles || tally.keepsEntries { drawing = try self.drawing(shown) }
      if tally.keepsFaces || (faceFiles && decoration?.label == true) { label = rowLabel(row) }
      if faceFiles {
        // Into the worker's own buffer: its room is reused row after row.
        rendered.removeAll(keepingCapacity: true)
        SVGRenderer.append(decoration?.apply(drawing, label: label) ?? drawing, to: &rendered)
      }
      if let terminalLayout {
        let items = try self.items(shown, in: TerminalSheet.faceRect)
        cells = TerminalSheet.face(items, layout: terminalLayout)
      }
    } catch is DroppedRow {
      output.flush()
      tally.finish(seq, .dropped)
      return
    } catch {
      output.flush()
      let (location, message): (String, String)
      var timeLimit = false
      switch error {
      case let e as LuaError:
        (location, message) = (e.location ?? diagnosis.location, e.message)
        // A row stopped by the memory cap (a table too large to copy, a channels result
        // that shares itself) costs as much as one stopped by the clock: both count.
        timeLimit = e.kind == .timeLimit || e.kind == .memory
      case let p as Problem: (location, message) = (p.location, p.message)
      default: (location, message) = (diagnosis.location, "\(error)")
      }
      let idText = row.id.map { ", id \(jsonQuoted($0))" } ?? ""
      tally.finish(
        seq,
        .failed(
          message: "\(location): row \(row.number) (\(place)\(idText)): \(message)",
          row: row.number, output: false, timeLimit: timeLimit,
          entry: BatchWorker.blankEntry(row, tally, layout)))
      return
    }
    output.flush()
    guard tally.mayWrite(seq, interrupted: { BatchInterrupt.raised }) else {
      tally.finish(seq, .skipped)
      return
    }
    do {
      if faceFiles { try faces.write(row.fileName + ".svg", rendered) }
    } catch {
      tally.finish(
        seq,
        .failed(
          message: "\(place): row \(row.number): cannot write \(error)", row: row.number,
          output: true, timeLimit: false, entry: BatchWorker.blankEntry(row, tally, layout)))
      return
    }
    // The sheet nests the face file's own bytes when they are the same document (no
    // decoration, and no clip whose id the row's prefix would make unique); else the face
    // file's bytes go before the sheet's copy is made, and the drawing after: a row holds
    // one rendering of a large face at a time.
    var sheetFace: [UInt8]?
    if tally.keepsEntries {
      let same = faceFiles && decoration == nil && !drawing.items.contains { $0.clip != nil }
      if same {
        sheetFace = rendered
      } else {
        rendered = []
        sheetFace = BatchSheet.faceDocument(drawing, row: row.number)
      }
    }
    var entry: SheetEntry?
    if tally.keepsFaces {
      entry = SheetEntry(
        row: row.number, id: label, happiness: happiness, face: sheetFace,
        layout: layout, fields: row.fields)
      entry?.faceWidth = drawing.width
      entry?.faceHeight = drawing.height
      entry?.cells = cells
      entry?.missing = missingColumns
      if drawsCells, let e = entry {
        entry?.cell = BatchSheet.cell(e, layout: layout)
        entry?.face = nil
      }
    }
    drawing = Drawing(width: 0, height: 0, items: [])
    tally.finish(seq, .wrote(entry))
  }

  /// The text under a row's face: `--label`'s template filled in, else its id or number;
  /// at most `SheetLabel.limit` characters, however long the fields it shows.
  func rowLabel(_ row: BatchRow) -> String {
    layout.label.map { SheetLabel.render($0, fields: row.fields, row: row.number) }
      ?? SheetLabel.bounded(row.id ?? row.fileName)
  }

  /// A failed row's empty cell on the sheet (nil without a sheet).
  static func blankEntry(_ row: BatchRow, _ tally: BatchLedger, _ layout: SheetLayout)
    -> SheetEntry?
  {
    tally.keepsFaces
      ? SheetEntry(
        row: row.number, id: SheetLabel.bounded(row.id ?? row.fileName), happiness: nil,
        face: nil, layout: layout,
        fields: row.fields) : nil
  }

  /// What a row shows: the face a built-in kind landed, where the start screen puts it, or
  /// (`landed` nil) whatever a custom kind's `perform` left in the session's focus.
  struct Shown {
    /// The face landed (nil: the session shows the row).
    var landed: FaceScene?
    /// Its document's title.
    var title = ""
    /// Its content rect's size.
    var size = Size(width: 0, height: 0)
    /// The happiness of the face shown (nil: a custom kind left no face in focus).
    var happiness: Double?
  }

  /// Evaluates the diagnosis for `input`; a custom kind's landing is applied to the
  /// session, restarted for it.
  func face(_ input: LuaValue) throws -> Shown {
    // Looked up again when the registry changed, as a tap does: a row's Lua may redeclare it.
    let revision = script.registry.revision
    let d: Diagnosis
    if currentRevision == revision, let current {
      d = current
    } else {
      d = script.registry.diagnosis(diagnosis.name) ?? diagnosis
      current = d
      currentRevision = revision
    }
    let landing = try evaluator.landing(tapping: d, input: input)
    if let r = landing.contentRect {
      return Shown(
        landed: landing.face, title: landing.documentTitle, size: r.size,
        happiness: landing.happiness)
    }
    session.restart()
    try session.reachMenu(of: landing.button)
    try session.apply(landing)
    return Shown(happiness: session.happiness)
  }

  /// The row's face as its own document, sized as the scene's content.
  func drawing(_ shown: Shown) throws -> Drawing {
    guard let face = shown.landed else { return try session.drawing(screen: false) }
    // The mark's words, as the face's tooltip: which columns had no value.
    let missing = face.face.channels.missingColumns
    let title =
      missing.isEmpty
      ? shown.title : shown.title + " (no value for " + missing.joined(separator: ", ") + ")"
    return try painter.drawing(
      face, title: title, width: shown.size.width, height: shown.size.height)
  }

  /// The row's face (or scene) drawn in `rect`.
  func items(_ shown: Shown, in rect: Rect) throws -> [Item] {
    guard let face = shown.landed else {
      return try session.contentItems(session.navigator.focus, in: rect)
    }
    return try painter.items(face, in: rect)
  }
}
