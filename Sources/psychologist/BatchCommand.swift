import Glibc
import Psychologist

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
      "--sheet", value: "FILE.svg",
      help: "also write a contact sheet: every face in a grid with its id and happiness"),
    OptionSpec(
      "--jobs", value: "N",
      help: "worker threads, each with its own Lua state (default: the number of cores)"),
    OptionSpec(
      "--shard", value: "K/N",
      help: "take rows K, K+N, K+2N, … (K from 1 to N) so N machines split one input"),
    OptionSpec("--fail-fast", help: "stop at the first bad row (default: report it and go on)"),
  ],
  details: [
    "Each row becomes the diagnosis function's input table (CSV fields that read as numbers",
    "are numbers; empty CSV fields are left out). A bad row is reported with its row number",
    "and file:line; the others still complete, and the exit status is then 1.",
    "",
    "examples:",
    "  psychologist batch examples/mood.lua --diagnosis mood --input examples/mood.csv --output-dir faces --sheet faces.svg",
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
  let dir = args.value("--output-dir") ?? "."
  try makeOutputFolder(dir)
  let script = args.positionals[0]
  guard FileSystem.exists(script) else { throw UsageError("no such script: \(script)") }
  var options = BatchOptions(
    script: script, diagnosis: diagnosis, input: input, format: format, outputDirectory: dir,
    jobs: jobs.map { Int($0) } ?? processorCount(), scriptOptions: try scriptOptions(args))
  options.sheet = args.value("--sheet")
  options.shard = shard
  options.failFast = args.has("--fail-fast")
  options.progress = isTerminal(2)
  FileOutput.standard.flush()

  let summary: BatchSummary
  do {
    summary = try Batch.run(options) { message in
      let bytes = Array("psychologist: error: \(message)\n".utf8)
      _ = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    }
  } catch let e as BatchSetupError {
    throw UsageError(e.description)
  } catch let e as FileError {
    throw UsageError("cannot read the input: \(e)")
  }
  let failed = summary.failedRows.count
  if summary.interrupted {
    report(
      "interrupted: \(faces(summary.written)) written (every file complete); rows not yet drawn were skipped"
    )
    FileOutput.standard.flush()
    exit(130)
  }
  if failed > 0 {
    let shown = summary.failedRows.prefix(10).map(String.init).joined(separator: ", ")
    let more = failed > 10 ? ", …" : ""
    let stop = summary.stoppedEarly ? "; stopped at the first (--fail-fast)" : ""
    report(
      "\(failed) of \(summary.rows) rows failed (rows \(shown)\(more))\(stop); \(faces(summary.written)) written to \(dir)"
    )
    return summary.outputFailed ? .output : .script
  }
  if isTerminal(2) {
    let line = "psychologist: \(faces(summary.written)) written to \(dir)\n"
    _ = Array(line.utf8).withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  }
  return .ok
}

/// `1 face`, `2 faces`.
private func faces(_ n: Int) -> String { n == 1 ? "1 face" : "\(n) faces" }
