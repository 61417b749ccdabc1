import Glibc
import Batch
import CLISupport
import Psychologist
import Raster
import Render

/// `batch`'s entry in the command table.
let batchCommandSpec = CommandSpec(
  "batch", positionals: ["SCRIPT"],
  summary: "Apply a diagnosis to every row of a data set: one face per row, on every core.",
  options: scriptOptions + [
    OptionSpec(
      "--diagnosis", value: "NAME",
      help: "the diagnosis whose function gets each row as `input` (required)"),
    OptionSpec(
      "--input", value: "FILE",
      help: "JSON Lines (.jsonl) or CSV (.csv) rows; - reads stdin (required)"),
    OptionSpec(
      "--input-format", value: "F", help: "jsonl or csv (default: by extension; jsonl for stdin)"),
    OptionSpec(
      "--output-dir", value: "DIR",
      help: "where the faces go, created if missing (default: .); named ID.svg or 000042.svg"),
    OptionSpec(
      "--sheet", value: "FILE",
      help:
        "also write a contact sheet (FILE.svg, or FILE.png drawn by librsvg; - for stdout): every face in a grid with its id and happiness"
    ),
    OptionSpec("--columns", value: "N", help: "faces a row on the sheet (default: a square grid)"),
    OptionSpec("--title", value: "TEXT", help: "a title above the sheet's faces"),
    OptionSpec(
      "--label", value: "TEMPLATE",
      help: "the text under each face on the sheet: {column} is the row's field, {row} its number"),
    OptionSpec(
      "--at", value: "x=COL,y=COL",
      help:
        "place the sheet's faces at two numeric columns' values, on axes from their ranges (--ranges applies)"
    ),
    OptionSpec(
      "--sort", value: "[-]COL",
      help: "the sheet's order: by a column (numbers or text), -COL largest first; missing last"),
    OptionSpec(
      "--background", value: "COLOR",
      help: "fill each row's own SVG first: white, #rrggbb, … (default: none, transparent)"),
    OptionSpec(
      "--row-label",
      help: "write each row's label (--label's template, else its id) under its own SVG's face"),
    OptionSpec(
      "--ranges", value: "FILE",
      help:
        "column ranges scaling the diagnosis's channels and --at's axes, one column,low,high a line (default: the input's own min and max; needed for stdin; shards given one file scale alike)"
    ),
    OptionSpec(
      "--jobs", value: "N",
      help: "worker threads, each with its own Lua state (default: the number of cores)"),
    OptionSpec(
      "--shard", value: "K/N",
      help: "take rows K, K+N, K+2N, … (K from 1 to N) so N machines split one input"),
    OptionSpec(
      "--fail-fast",
      help: "stop at the first bad row in input order, keeping the faces of the rows before it"),
    OptionSpec(
      "--keep-going",
      help: "go on after 3 rows in a row hit --time-limit (default: stop there, the rest would too)"
    ),
    batchFormatOption, colorOption,
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

/// `psychologist batch SCRIPT --diagnosis NAME --input FILE|- …`.
func batchCommand(_ args: ParsedArguments) throws -> ExitCode {
  guard let diagnosis = args.value("--diagnosis") else {
    throw UsageError("batch: --diagnosis NAME is required (the diagnosis applied to each row)")
  }
  guard let input = args.value("--input") else {
    throw UsageError("batch: --input FILE is required (JSON Lines or CSV; - for stdin)")
  }
  let format: BatchFormat
  if let f = args.value("--input-format") {
    guard let given = BatchFormat(rawValue: f) else {
      throw UsageError("--input-format must be jsonl or csv, got '\(f)'")
    }
    format = given
  } else if input == "-" {
    format = .jsonl
  } else {
    guard let guessed = BatchFormat.guess(input) else {
      throw UsageError(
        "cannot tell the format of '\(input)' from its extension; give --input-format jsonl or csv")
    }
    format = guessed
  }
  if input != "-" && !FileSystem.exists(input) { throw UsageError("no such input: \(input)") }
  // A closed stdin is held write-only (see occupyClosedStandardDescriptors).
  if input == "-" && fcntl(0, F_GETFL) & O_ACCMODE == O_WRONLY {
    throw UsageError("--input -: standard input is closed")
  }
  let jobs = try number(args, "--jobs", in: 1...256, what: "a whole number from 1 to 256")
  if let j = jobs, j != j.rounded() {
    throw UsageError("--jobs must be a whole number, got '\(j)'")
  }
  var shard = Shard.all
  if let s = args.value("--shard") {
    guard let parsed = Shard(parsing: s) else {
      throw UsageError("--shard must be K/N with 1 ≤ K ≤ N (e.g. 2/4), got '\(s)'")
    }
    shard = parsed
  }
  // Refused before anything is created or drawn, rather than after the whole batch.
  if let sheet = args.value("--sheet"), PNG.isPNGName(sheet), let why = PNG.unavailability() {
    throw UsageError("cannot write the contact sheet \(sheet): \(pngProblem(sheet, why))")
  }
  let dir = args.value("--output-dir") ?? "."
  try makeOutputFolder(dir)
  let script = args.positionals[0]
  guard FileSystem.exists(script) else { throw UsageError("no such script: \(script)") }
  var options = BatchOptions(
    script: script, diagnosis: diagnosis, input: input, format: format, outputDirectory: dir,
    jobs: jobs.map { Int($0) } ?? processorCount(), scriptOptions: try scriptOptions(args))
  options.sheet = args.value("--sheet")
  options.ranges = args.value("--ranges")
  if let c = try number(args, "--columns", in: 1...1000, what: "a whole number from 1 to 1000") {
    guard c == c.rounded() else { throw UsageError("--columns must be a whole number, got '\(c)'") }
    options.sheetLayout.columns = Int(c)
  }
  options.sheetLayout.heading = args.value("--title")
  options.sheetLayout.label = args.value("--label")
  try sheetOptions(args, into: &options)
  options.shard = shard
  options.failFast = args.has("--fail-fast")
  if args.has("--keep-going") { options.limitRun = nil }
  let terminal = try batchTerminalSheet(args, columns: options.sheetLayout.columns)
  options.terminalSheet = terminal?.options
  options.faceFiles = terminal == nil || args.value("--output-dir") != nil
  let started = monotonicSeconds()
  // The faces coming in show the progress; a bar would be drawn over the pages (or over
  // less's screen when they are piped to it).
  options.progress = isTerminal(2) && terminal == nil
  FileOutput.standard.flush()

  let summary: BatchSummary
  defer { terminal?.pager?.restore() }
  do {
    summary = try Batch.run(options) { message in report(message) }
    terminal?.pager?.restore()
  } catch let e as BatchSetupError {
    throw UsageError(e.description)
  } catch let e as BatchOutputError {
    throw OutputError(description: e.description)
  } catch let e as FileError {
    throw UsageError("cannot read the input \(e)")
  }
  let failed = summary.failedRows.count
  if summary.interrupted {
    report(
      "interrupted: \(plural(summary.written, "face")) written (every file complete); rows not yet drawn were skipped"
    )
    return .interrupted
  }
  let took = seconds(monotonicSeconds() - started) + unplacedNote(summary, options.sheetLayout)
  let place = options.faceFiles ? "written to \(dir)" : "shown"
  var status = ExitCode.ok
  if failed > 0 {
    let shown = summary.failedRows.prefix(10).map(String.init).joined(separator: ", ")
    let more = failed > 10 ? ", …" : ""
    var stop = ""
    switch summary.stop {
    case .failFast(let row)?:
      stop = "; --fail-fast stopped at row \(row), leaving the faces of the rows before it"
    case .timeLimit(let rows, let row)?:
      stop =
        "; stopped at row \(row): \(rows) rows in a row hit the time limit (raise --time-limit, or --keep-going to draw the rest)"
    case nil: break
    }
    report(
      "\(failed) of \(plural(summary.rows, "row")) failed (\(failed == 1 ? "row" : "rows") \(shown)\(more))\(stop); \(plural(summary.written, "face")) \(place) in \(took)"
    )
    status = .script
  }
  // Batch has said why (an unreadable input, a sheet or stdout that could not be written).
  if summary.inputFailed { status = status.worst(.usage) }
  if summary.outputFailed { status = status.worst(.output) }
  if summary.sheetRefused { status = status.worst(.usage) }
  if status == .ok {
    // One line even when all went well: a log or a CI job shows what was done.
    var what = "\(plural(summary.written, "face")) in \(visible(folder(dir)))"
    if !options.faceFiles { what = "\(plural(summary.shown, "face")) shown" }
    let quit = summary.quit ? "; q pressed, the rest not shown" : ""
    let line = "psychologist: \(what) (0 failed\(quit)) in \(took)\n"
    _ = Array(line.utf8).withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  }
  return status
}

/// `--at`, `--sort`, `--background`, `--row-label`.
private func sheetOptions(_ args: ParsedArguments, into options: inout BatchOptions) throws {
  for name in ["--at", "--sort"] where args.has(name) && options.sheet == nil {
    throw UsageError("\(name) lays out the contact sheet: give --sheet FILE too")
  }
  if let at = args.value("--at") {
    guard let parsed = SheetPlacement(parsing: at) else {
      throw UsageError("--at must be x=COLUMN,y=COLUMN (e.g. --at x=wt,y=mpg), got '\(at)'")
    }
    if options.sheetLayout.columns != nil {
      throw UsageError("--columns sets the grid's width; --at places the faces on axes instead")
    }
    options.sheetLayout.at = parsed
  }
  if let sort = args.value("--sort") {
    guard let parsed = SheetSort(parsing: sort) else {
      throw UsageError("--sort must be a column, or -column for largest first, got '\(sort)'")
    }
    options.sheetLayout.sort = parsed
  }
  var background: Color?
  if let b = args.value("--background") {
    guard let parsed = Color(parsing: b) else {
      throw UsageError(
        "--background must be a colour (a name such as white, or #rgb / #rrggbb), got '\(b)'")
    }
    background = parsed
  }
  options.decoration = FaceDecoration(background: background, label: args.has("--row-label"))
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
