import CLISupport
import Glibc
import LuaHost
import Batch
import Options
import Psychologist
import Raster
import Readable
import Render
import Rows

/// `psychologist batch SCRIPT --diagnosis NAME --input FILE|- …`: a diagnosis applied to
/// every row of a data set.
enum BatchCommand: Command {
  /// The script declaring the diagnosis.
  static let script = Positional("SCRIPT", completes: .files(["lua"]))
  /// `--diagnosis`, required.
  static let diagnosis = Option<String>(
    "--diagnosis", value: "NAME",
    help: "the diagnosis whose function gets each row as `input` (required)"
  ).completing(.declared(["diagnoses"]))
  /// `--input`, required.
  static let input = Option<String>(
    "--input", value: "FILE",
    help: "JSON Lines (.jsonl) or CSV (.csv) rows; - reads stdin (required)"
  ).completing(.files(["jsonl", "ndjson", "json", "csv"]))
  /// `--input-format`.
  static let inputFormat = Option<BatchFormat>(
    "--input-format", value: "F",
    help: "jsonl or csv (default: by extension; for stdin, csv unless its first line starts with {)"
  )
  /// `--output-dir`: where the faces go.
  static let outputDirectory = Option<String>(
    "--output-dir", value: "DIR",
    help: "where the faces go, created if missing (default: .); named ID.svg or 000042.svg"
  ).completing(.folders)
  /// `--sheet`.
  static let sheet = Option<String>(
    "--sheet", value: "FILE",
    help:
      "also write a contact sheet (FILE.svg, or FILE.png drawn by librsvg; - for stdout): every face in a grid with its id and happiness"
  ).completing(.files(["svg", "png"]))
  /// `--columns`.
  static let columns = Option<Int>(
    "--columns", value: "N", help: "faces a row on the sheet, 1 to 1000 (default: a square grid)",
    wholeIn: 1...1000, fraction: "a whole number")
  /// `--per-page`.
  static let perPage = Option<Int>(
    "--per-page", value: "N",
    help: "faces a page of the sheet: a file a page, FILE-001.svg, FILE-002.svg, …",
    wholeIn: 1...1_000_000, fraction: "a whole number")
  /// `--title`.
  static let title = Option<String>(
    "--title", value: "TEXT", help: "a title above the sheet's faces")
  /// `--label`.
  static let label = Option<String>(
    "--label", value: "TEMPLATE",
    help: "the text under each face on the sheet: {column} is the row's field, {row} its number")
  /// `--at`.
  static let at = Option<SheetPlacement>(
    "--at", value: "x=COL,y=COL",
    help:
      "place the sheet's faces at two numeric columns' values, on axes from their ranges (--ranges applies)",
    expected: "x=COLUMN,y=COLUMN (e.g. --at x=wt,y=mpg)", parse: SheetPlacement.init(parsing:))
  /// `--face-size`.
  static let faceSize = Option<Int>(
    "--face-size", value: "PIXELS",
    help: "the faces' size across on an --at sheet (default: from their spacing, 28 to 96)",
    wholeIn: 8...1000, fraction: "a whole number of pixels")
  /// `--sort`.
  static let sort = Option<SheetSort>(
    "--sort", value: "[-]COL",
    help: "the sheet's order: by a column (numbers or text), -COL largest first; missing last",
    expected: "a column, or -column for largest first", parse: SheetSort.init(parsing:))
  /// `--background`.
  static let background = Option<Color>(
    "--background", value: "COLOR",
    help: "fill each row's own SVG first: white, #rrggbb, … (default: none, transparent)",
    expected: "a colour (a name such as white, or #rgb / #rrggbb)", parse: Color.init(parsing:))
  /// `--row-label`.
  static let rowLabel = Flag(
    "--row-label",
    help: "write each row's label (--label's template, else its id) under its own SVG's face")
  /// `--ranges`.
  static let ranges = Option<String>(
    "--ranges", value: "FILE",
    help:
      "column ranges scaling the diagnosis's channels and --at's axes, one column,low,high a line (default: the input's own min and max; needed for stdin; shards given one file scale alike)"
  ).completing(.files([]))
  /// `--jobs`.
  static let jobs = Option<Int>(
    "--jobs", value: "N",
    help: "worker threads, each with its own Lua state, 1 to 256 (default: the number of cores)",
    wholeIn: 1...256, fraction: "a whole number")
  /// `--shard`.
  static let shard = Option<Shard>(
    "--shard", value: "K/N",
    help: "take rows K, K+N, K+2N, … (K from 1 to N) so N machines split one input",
    expected: "K/N with 1 ≤ K ≤ N (e.g. 2/4)", parse: Shard.init(parsing:))
  /// `--fail-fast`.
  static let failFast = Flag(
    "--fail-fast",
    help: "stop at the first bad row in input order, keeping the faces of the rows before it")
  /// `--keep-going`.
  static let keepGoing = Flag(
    "--keep-going",
    help: "go on after 3 rows in a row hit --time-limit (default: stop there, the rest would too)")
  /// `--format`: files, or the sheet on the terminal.
  static let format = Option<SheetFormat>(
    "--format", value: "F",
    help:
      "svg (default): a face file per row; terminal: the faces as a grid of small braille faces on stdout, the legend on top, a page at a time on a terminal (space or Enter: next page, q: quit), no files unless --output-dir is given"
  )

  static let name = "batch"

  static let spec = CommandSpec(
    name, positionals: [script],
    summary: "Apply a diagnosis to every row of a data set: one face per row, on every core.",
    // No --theme: a batch draws faces, no screen's chrome.
    options: SharedOptions.script.filter {
      $0.declaration.name != SharedOptions.theme.declaration.name
    } + [
      diagnosis, input, inputFormat, outputDirectory, sheet, columns, perPage, title, label, at,
      faceSize, sort,
      background, rowLabel, ranges, jobs, shard, failFast, keepGoing, format, SharedOptions.color,
    ],
    details: [
      "Each row becomes the diagnosis function's input table (CSV fields that read as numbers",
      "are numbers; empty CSV fields are left out). A bad row is reported with its row number",
      "and file:line, in row order whatever --jobs; the others still complete, and the exit",
      "status is then 1. Three rows in a row that hit --time-limit stop the batch (--keep-going",
      "goes on). A summary line goes to stderr at the end.",
      "",
      "--format terminal draws the sheet on stdout instead, sized to the terminal (when stdout",
      "is none: COLUMNS and LINES, else stderr's terminal; --columns N faces a row), and writes",
      "no face files unless --output-dir is given. On a terminal it stops after each page; into",
      "a pipe or a file, or when the rows come from stdin, the pages follow one another (so",
      "| less -R pages them).",
      "",
      "examples:",
      "  psychologist batch examples/mood.lua --diagnosis mood --input examples/mood.csv --output-dir faces --sheet faces.svg",
      "  psychologist batch examples/cars.lua --diagnosis car --input examples/mtcars.csv --format terminal",
      "  parallel psychologist batch mood.lua --diagnosis mood --input rows.jsonl --output-dir faces --shard {}/4 ::: 1 2 3 4",
    ])

  static func run(_ args: ParsedArguments) throws -> ExitCode {
    var options = try batchOptions(args)
    let terminal = try batchTerminalSheet(args, columns: options.sheetLayout.columns)
    options.terminalSheet = terminal?.options
    options.faceFiles = terminal == nil || args.given(outputDirectory)
    let started = monotonicSeconds()
    // The faces coming in show the progress; a bar would be drawn over the pages (or over
    // less's screen when they are piped to it).
    options.progress = isTerminal(2) && terminal == nil
    FileOutput.standard.flush()
    let summary = try runBatch(options, pager: terminal?.pager)
    return conclude(summary, options, took: monotonicSeconds() - started)
  }

  /// The batch the command line asks for, each option checked before anything is drawn, in
  /// the order a person reads the command.
  private static func batchOptions(_ args: ParsedArguments) throws -> BatchOptions {
    guard let diagnosis = try args[Self.diagnosis] else {
      throw UsageError("batch: --diagnosis NAME is required (the diagnosis applied to each row)")
    }
    guard let input = try args[Self.input] else {
      throw UsageError("batch: --input FILE is required (JSON Lines or CSV; - for stdin)")
    }
    let format = try rowFormat(args, input)
    if input != "-" && !FileSystem.exists(input) { throw UsageError("no such input: \(input)") }
    // A closed stdin is held write-only (see occupyClosedStandardDescriptors).
    if input == "-" && fcntl(0, F_GETFL) & O_ACCMODE == O_WRONLY {
      throw UsageError("--input -: standard input is closed")
    }
    let jobs = try args[Self.jobs]
    let shard = try args[Self.shard] ?? .all
    // Refused before anything is created or drawn, rather than after the whole batch.
    if let sheet = try args[Self.sheet], sheet != "-" {
      do { try OutputName.check(sheet) } catch { throw UsageError("--sheet \(error)") }
    }
    if let sheet = try args[Self.sheet], PNG.isPNGName(sheet), let why = PNG.unavailability() {
      throw UsageError("cannot write the contact sheet \(sheet): \(pngProblem(sheet, why))")
    }
    let dir = try args[outputDirectory] ?? "."
    try makeOutputFolder(dir)
    let script = args[Self.script]
    guard FileSystem.exists(script) else { throw UsageError("no such script: \(script)") }
    var options = BatchOptions(
      script: script, diagnosis: diagnosis, input: input, format: format, outputDirectory: dir,
      scriptOptions: try scriptOptions(args, outputFolder: outputDirectory))
    if let jobs { options.jobs = jobs }
    options.sniffsFormat = input == "-" && !args.given(inputFormat)
    options.sheet = try args[sheet]
    options.ranges = try args[ranges]
    options.sheetLayout.columns = try args[columns]
    options.sheetLayout.heading = try args[title]
    options.sheetLayout.label = try args[label]
    try sheetOptions(args, into: &options)
    options.shard = shard
    options.failFast = args[failFast]
    if args[keepGoing] { options.limitRun = nil }
    return options
  }

  /// `--input-format`, else what the input's name says (for stdin, JSON Lines unless its
  /// first line is no JSON object: see `BatchOptions.sniffsFormat`).
  private static func rowFormat(_ args: ParsedArguments, _ input: String) throws -> BatchFormat {
    if let given = try args[inputFormat] { return given }
    if input == "-" { return .jsonl }
    guard let guessed = BatchFormat.guess(input) else {
      throw UsageError(
        "cannot tell the format of '\(input)' from its extension; give --input-format jsonl or csv")
    }
    return guessed
  }

  /// Runs the batch, its setup, output and input errors turned into the command line's; the
  /// terminal the pager took is restored before anything is reported.
  private static func runBatch(_ options: BatchOptions, pager: SheetPager?) throws -> BatchSummary {
    defer { pager?.restore() }
    do {
      return try Batch.run(options) { message in report(message) }
    } catch let e as BatchSetupError {
      throw UsageError(e.description)
    } catch let e as BatchOutputError {
      throw OutputError(description: e.description)
    } catch let e as FileError {
      throw UsageError("cannot read the input \(e)")
    }
  }

  /// Says how the batch went (stderr) and returns its exit status.
  private static func conclude(_ summary: BatchSummary, _ options: BatchOptions, took: Double)
    -> ExitCode
  {
    if summary.interrupted {
      // The sheet is made of every row: one cut short is not written, and that is said.
      let sheet = options.sheet.map {
        ", no contact sheet (\($0 == "-" ? "the one for standard output" : visible($0)) is written only once every row is drawn)"
      }
      report(
        "interrupted: \(plural(summary.written, "face")) written (every file complete)\(sheet ?? ""); rows not yet drawn were skipped"
      )
      return .interrupted
    }
    let took = seconds(took) + unplacedNote(summary, options.sheetLayout) + missingNote(summary)
    warnUnreadColumns(summary.unreadColumns, header: summary.header)
    var status = ExitCode.ok
    if !summary.failedRows.isEmpty {
      report(failureLine(summary, options, took: took))
      status = .script
    }
    // Batch has said why (an unreadable input, a sheet or stdout that could not be written).
    if summary.inputFailed { status = status.worst(.usage) }
    if summary.outputFailed { status = status.worst(.output) }
    if summary.sheetRefused { status = status.worst(.usage) }
    if status == .ok {
      // One line even when all went well: a log or a CI job shows what was done.
      var what = "\(plural(summary.written, "face")) in \(visible(folder(options.outputDirectory)))"
      if !options.faceFiles { what = "\(plural(summary.shown, "face")) shown" }
      let quit = summary.quit ? "; q pressed, the rest not shown" : ""
      let line = "psychologist: \(what) (0 failed\(quit)) in \(took)\n"
      _ = Array(line.utf8).withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
    return status
  }

  /// `2 of 10 rows failed (rows 3, 7); 8 faces written to out in 0.21 s`, with why it
  /// stopped early, if it did.
  private static func failureLine(_ summary: BatchSummary, _ options: BatchOptions, took: String)
    -> String
  {
    let failed = summary.failedRows.count
    let shown = summary.failedRows.prefix(10).map(String.init).joined(separator: ", ")
    let more = failed > 10 ? ", …" : ""
    var stop = ""
    switch summary.stop {
    case .failFast(let row)?:
      stop = "; --fail-fast stopped at row \(row), leaving the faces of the rows before it"
    case .timeLimit(let rows, let row)?:
      stop =
        "; stopped at row \(row): \(rows) rows in a row hit the time limit or the memory limit (raise --time-limit or --memory-limit, or --keep-going to draw the rest)"
    case nil: break
    }
    let place = options.faceFiles ? "written to \(options.outputDirectory)" : "shown"
    return
      "\(failed) of \(plural(summary.rows, "row")) failed (\(failed == 1 ? "row" : "rows") \(shown)\(more))\(stop); \(plural(summary.written, "face")) \(place) in \(took)"
  }
}

/// `batch --format`: a face file per row, or the sheet on the terminal.
enum SheetFormat: String, CaseIterable, Sendable {
  /// A face file per row (and `--sheet`'s SVG).
  case svg
  /// The faces as a grid on stdout (`batch --format terminal`).
  case terminal
}

/// `--at`, `--sort`, `--background`, `--row-label`.
private func sheetOptions(_ args: ParsedArguments, into options: inout BatchOptions)
  throws(UsageError)
{
  let layouts: [any OptionKey] = [BatchCommand.at, BatchCommand.sort, BatchCommand.perPage]
  for key in layouts where args.given(key) && options.sheet == nil {
    throw UsageError("\(key.declaration.name) lays out the contact sheet: give --sheet FILE too")
  }
  if let at = try args[BatchCommand.at] {
    if options.sheetLayout.columns != nil {
      throw UsageError("--columns sets the grid's width; --at places the faces on axes instead")
    }
    options.sheetLayout.at = at
  }
  if let sort = try args[BatchCommand.sort] { options.sheetLayout.sort = sort }
  if let size = try args[BatchCommand.faceSize] {
    guard options.sheetLayout.at != nil else {
      throw UsageError("--face-size sizes the faces of an --at sheet: give --at x=COL,y=COL too")
    }
    options.sheetLayout.faceSize = size
  }
  if let perPage = try args[BatchCommand.perPage] {
    if options.sheet == "-" {
      throw UsageError("--per-page writes a file a page: give --sheet FILE, not -")
    }
    options.perPage = perPage
  }
  options.decoration = FaceDecoration(
    background: try args[BatchCommand.background], label: args[BatchCommand.rowLabel])
}

/// `; 3 rows with missing values (missing = "neutral": drawn at …)`, `; 2 rows left out
/// (missing = "drop")`, or "": a missing value is never drawn without a word.
private func missingNote(_ summary: BatchSummary) -> String {
  var note = ""
  if summary.missingRows > 0, let policy = summary.missingPolicy {
    let how = policy == .drop || policy == .error ? "as their channels say" : policy.legend
    note += "; \(plural(summary.missingRows, "row")) with missing values (\(how))"
  }
  if summary.droppedRows > 0 {
    note +=
      "; \(plural(summary.droppedRows, "row")) left out for a missing value (missing = \"drop\")"
  }
  return note
}

/// `; 2 rows not on the sheet (no number for wt or mpg: rows 4, 9)`, or "".
private func unplacedNote(_ summary: BatchSummary, _ layout: SheetLayout) -> String {
  guard let at = layout.at, !summary.unplaced.isEmpty else { return "" }
  let rows = summary.unplaced
  let shown =
    rows.prefix(10).map(String.init).joined(separator: ", ") + (rows.count > 10 ? ", …" : "")
  return
    "; \(plural(rows.count, "row")) not placed on the sheet (no number for \(at.x) or \(at.y): \(rows.count == 1 ? "row" : "rows") \(shown))"
}

/// A folder as a summary names it: `faces/`.
private func folder(_ dir: String) -> String { dir.hasSuffix("/") ? dir : dir + "/" }

/// Seconds with two decimals: `0.21 s`.
private func seconds(_ s: Double) -> String {
  let hundredths = Int((max(s, 0) * 100).rounded())
  let fraction = hundredths % 100
  return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction) s"
}

/// Columns nothing read, once each: a likely misspelling on a line of its own (`column
/// 'mgp' was never read (did you mean 'mpg'?)`), the rest on one line (a data set often has
/// columns a diagnosis does not use).
private func warnUnreadColumns(_ unread: [(key: String, hint: String)], header: [String]) {
  for (key, hint) in unread where !hint.isEmpty {
    warn("\(columnName(key, header: header, inList: false)) was never read\(visible(hint))")
  }
  let rest = unread.filter { $0.hint.isEmpty }.map {
    columnName($0.key, header: header, inList: true)
  }
  guard !rest.isEmpty else { return }
  let shown = rest.prefix(20).joined(separator: ", ") + (rest.count > 20 ? ", …" : "")
  warn("\(plural(rest.count, "column")) nothing read: \(shown)")
}

/// A column as the unread warning names it: `column 'mpg'` (`mpg` in a list of columns),
/// and one with no name by its place, `column 1 (no name)`.
private func columnName(_ key: String, header: [String], inList: Bool) -> String {
  guard key.isEmpty else { return inList ? visible(key) : "column '\(visible(key))'" }
  return Readable.columnName(key, in: header)
}
