import CLISupport
import Channels
import Declarations
import Files
import Geometry
import Glibc
import LuaHost
import Readable
import Render
import Rows
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
  /// No `--input-format` and a name that says none (`-`): the input's first line tells
  /// (`format` is then what to assume of an empty input).
  package var sniffsFormat = false
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

  /// Options with defaults for the rest (a worker a processor).
  package init(
    script: String, diagnosis: String, input: String, format: BatchFormat,
    outputDirectory: String, scriptOptions: ScriptOptions
  ) {
    self.script = script
    self.diagnosis = diagnosis
    self.input = input
    self.format = format
    self.outputDirectory = outputDirectory
    self.jobs = processorCount()
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
  /// A CSV's column names, in order (none for JSON Lines): a column with no name is said
  /// by its place, `column 1 (no name)`.
  package var header: [String] = []
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
  /// The stages: scan the input and plan (`BatchPlan`), draw the rows on the workers
  /// (`BatchWorker.render`), settle them in order (`BatchLedger`), write the sheet
  /// (`SheetJob`).
  package static func run(
    _ given: BatchOptions, report: @escaping @Sendable (String) -> Void
  ) throws -> BatchSummary {
    let input = try openInput(given.input)
    defer { if input.fd != 0 { close(input.fd) } }
    var options = given
    let start = try sniff(input, &options)
    let sheetFile = try outputsRefused(options)
    let shared = SharedOutput()
    let workers = try BatchWorker.team(options, shared: shared)
    let reader = BatchReader(fd: input.fd, format: options.format, start: start) {
      options.shard.contains($0)
    }
    reader.shouldStop = { BatchInterrupt.raised }
    let plan = try BatchPlan(options, input: input, worker: workers[0], reader: reader)
    let stream = terminalStream(options, legend: plan.legendEntries, shared: shared)
    let progress = options.progress ? BatchProgress(shared: shared, totalBytes: input.size) : nil
    let say: @Sendable (String) -> Void = { message in
      shared.locked {
        progress?.clearLine()
        report(message)
      }
    }
    let sheetStream = try options.sheet.map { [layout = plan.sheetLayout] path throws(FileError) in
      try SheetStream(layout: layout, path: path)
    }
    plan.apply(to: workers, sheet: sheetStream != nil)
    let tally = BatchLedger(
      sheet: sheetStream, stream: stream, failFast: options.failFast,
      limitRun: options.limitRun, say: say)
    let feed = RowFeed(
      reader: reader, inputName: input.name, faceFiles: options.faceFiles,
      layout: options.sheetLayout, tally: tally, progress: progress)
    BatchInterrupt.flag.store(false, ordering: .relaxed)
    BatchInterrupt.install()
    defer { BatchInterrupt.restore() }
    let fed = drive(workers, feed: feed, plan: plan)
    var summary = settle(
      tally, workers: workers, stream: stream, progress: progress, plan: plan,
      header: reader.headerNames)
    if summary.stop == nil { summary.rows = fed.taken }
    if let readError = fed.readError {
      say("\(input.name): cannot read: \(readError.reason)")
      summary.inputFailed = true
    }
    if let sheet = options.sheet, let sheetStream, !summary.interrupted {
      let job = SheetJob(
        pages: sheetPages(sheetStream, options, plan, summary), path: sheet, file: sheetFile,
        check: plan.columnsChecked ? nil : plan.sheetColumns, inputName: input.name)
      guard job.finish(&summary, shared: shared, say: say) else { return summary }
    }
    if let failure = shared.failure {
      say("cannot write standard output: \(failure)")
      summary.outputFailed = true
    }
    return summary
  }

  /// The terminal sheet drawn on standard output, when asked for.
  static func terminalStream(
    _ options: BatchOptions, legend: [LegendEntry], shared: SharedOutput
  ) -> TerminalSheetStream? {
    options.terminalSheet.map { sheet in
      TerminalSheetStream(sheet, title: options.sheetLayout.heading, legend: legend) {
        shared.writeAsIs(1, $0)
      }
    }
  }

  /// Draws the rows: a thread a worker, fed in input order by `feed` until the input ends,
  /// the ledger stops it or Ctrl-C; returns when every thread is done.
  static func drive(_ workers: [BatchWorker], feed: RowFeed, plan: BatchPlan) -> (
    taken: Int, readError: FileError?
  ) {
    let queue = RowQueue(workers: workers.count)
    let (tally, inputName, progress) = (feed.tally, feed.inputName, feed.progress)
    // Rows before a stopping point are still drawn, so only Ctrl-C drops queued rows.
    let stopping: @Sendable () -> Bool = { BatchInterrupt.raised || tally.stopping }
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
    let taken = feed.run(
      first: plan.scan.firstRow, readError: plan.scan.readError, into: queue, stopping: stopping)
    queue.close()
    if BatchInterrupt.raised { queue.stop() }
    for t in threads { t.join() }
    return taken
  }

  /// Once every row is drawn: the workers' output flushed, the ledger's last rows settled,
  /// and its summary with what the workers saw (the columns nothing read).
  static func settle(
    _ tally: BatchLedger, workers: [BatchWorker], stream: TerminalSheetStream?,
    progress: BatchProgress?, plan: BatchPlan, header: [String]
  ) -> BatchSummary {
    var inputs = InputTally()
    for w in workers { inputs.add(w.script.inputReads.tally(in: w.script.state)) }
    progress?.finish()
    for w in workers { w.output.flush() }
    tally.flush()
    if !BatchInterrupt.raised { stream?.finish() }
    var summary = tally.summary
    var used = columnsUsed(by: plan.sheetLayout)
    // R's row names (a first column with no name) are the ids when no column is `id`.
    if header.first == "", !header.contains("id") { used.insert("") }
    summary.unreadColumns = inputs.unread(except: used)
    summary.header = header
    if case .columns? = plan.mapping?.source { summary.missingPolicy = plan.mapping?.missing }
    summary.quit = stream?.quitByKey ?? false
    summary.shown = stream?.shown ?? 0
    summary.interrupted = BatchInterrupt.raised && !summary.quit
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

  /// The first bytes of `input` read to tell its format when `options` asks for it
  /// (which it then holds): CSV piped in without `--input-format` was 51 "malformed JSON"
  /// errors, where the first line says.
  private static func sniff(_ input: Input, _ options: inout BatchOptions) throws -> [UInt8] {
    guard options.sniffsFormat else { return [] }
    let sniffed = try FormatSniff.sniff(fd: input.fd, regular: input.regular, name: input.name)
    options.format = sniffed.format ?? options.format
    return sniffed.start
  }

  /// The sheet's file (nil: none, or standard output), after refusing, before the first
  /// row, a sheet or faces whose folder takes no file (not after every face is drawn:
  /// 30,000 faces, then exit 3). The sheet is written at the end into the folder it names
  /// now: one swapped for a symlink while the batch runs does not send it elsewhere.
  private static func outputsRefused(_ options: BatchOptions) throws -> LaterFile? {
    let sheetFile = options.sheet.flatMap { $0 == "-" ? nil : LaterFile($0) }
    if let refusal = sheetFile?.refusal {
      throw BatchOutputError(description: "cannot write the contact sheet: \(refusal)")
    }
    if options.faceFiles,
      let refusal = FileSystem.creationRefusal(inFolder: options.outputDirectory)
    {
      throw BatchOutputError(description: "cannot write the faces: \(refusal)")
    }
    return sheetFile
  }

  /// The contact sheet's pages once every row is in: the legend says "missing values" only
  /// when a row had one.
  private static func sheetPages(
    _ stream: SheetStream, _ options: BatchOptions, _ plan: BatchPlan, _ summary: BatchSummary
  ) -> SheetPages {
    SheetPages(
      sheet: stream, perPage: options.perPage, title: "\(options.script) · \(options.diagnosis)",
      layout: plan.finalLayout(missing: summary.missingRows + summary.droppedRows > 0))
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

  /// The columns the batch reads itself (the id, the sheet's label, axes and sort): never
  /// "read by nothing".
  static func columnsUsed(by layout: SheetLayout) -> Set<String> {
    var used: Set<String> = ["id"]
    for column in [layout.at?.x, layout.at?.y, layout.sort?.column] {
      if let column { used.insert(column) }
    }
    // `--label "{Month}/{Day}"` reads the columns its template names, not a column of that name.
    if let label = layout.label { used.formUnion(SheetLabel.columns(label)) }
    return used
  }
}
