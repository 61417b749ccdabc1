import Glibc
import LuaHost
import Render
import Storyboard

/// What `psychologist batch` was asked to do.
public struct BatchOptions: Sendable {
  /// The script declaring the diagnosis.
  public var script: String
  /// The diagnosis applied to every row.
  public var diagnosis: String
  /// The input file, or `-` for standard input.
  public var input: String
  /// JSON Lines or CSV.
  public var format: BatchFormat
  /// Where the faces go (it must exist).
  public var outputDirectory: String
  /// A contact sheet to write, if any.
  public var sheet: String?
  /// Worker threads, each with its own Lua state.
  public var jobs: Int
  /// The rows this run takes.
  public var shard: Shard = .all
  /// Stop at the first bad row.
  public var failFast = false
  /// Show a progress bar on stderr.
  public var progress = false
  /// Device, orientation, limits and plugins of every worker's script.
  public var scriptOptions: ScriptOptions

  /// Options with defaults for the rest.
  public init(
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
public struct BatchSummary: Sendable {
  /// Rows taken (this shard's).
  public var rows = 0
  /// Faces written.
  public var written = 0
  /// Numbers of the rows that failed, in order.
  public var failedRows: [Int] = []
  /// Some failure was a file that could not be written.
  public var outputFailed = false
  /// Ctrl-C stopped the batch early.
  public var interrupted = false
  /// `--fail-fast` stopped the batch early.
  public var stoppedEarly = false
}

/// A failure that stops the whole batch before any row runs: the script does not load,
/// or the diagnosis does not exist.
public struct BatchSetupError: Error, CustomStringConvertible, Sendable {
  /// What is wrong.
  public var description: String
}

/// The number of processors online (the default `--jobs`).
public func processorCount() -> Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }

/// Applies a diagnosis to every row of a data set, one face per row, on `jobs` threads.
public enum Batch {
  /// Runs the batch; `report` receives each bad row's message (`file:line: …`), one at a
  /// time. Throws `BatchSetupError`, `LuaError` or `FileError` when nothing can start.
  public static func run(
    _ options: BatchOptions, report: @escaping @Sendable (String) -> Void
  ) throws -> BatchSummary {
    let inputName = options.input == "-" ? "<stdin>" : options.input
    let fd: Int32 = options.input == "-" ? 0 : open(options.input, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { throw FileError.errno(options.input) }
    defer { if fd != 0 { close(fd) } }
    let inputSize = fd == 0 ? 0 : fileSize(fd)

    let shared = SharedOutput()
    let jobs = max(1, min(options.jobs, 256))
    var workers: [BatchWorker] = []
    for index in 0..<jobs {
      workers.append(try BatchWorker(options, shared: shared, mutedLoad: index > 0))
    }
    let tally = BatchTally(keepFaces: options.sheet != nil)
    let queue = RowQueue(capacity: 64 * jobs)
    let progress = options.progress ? BatchProgress(shared: shared, totalBytes: inputSize) : nil
    let say: @Sendable (String) -> Void = { message in
      shared.locked {
        progress?.clearLine()
        report(message)
      }
    }
    let stopping: @Sendable () -> Bool = {
      BatchInterrupt.raised || (options.failFast && tally.anyFailed)
    }

    BatchInterrupt.flag.store(false, ordering: .relaxed)
    BatchInterrupt.install()
    defer { BatchInterrupt.restore() }
    let threads = workers.map { worker in
      WorkerThread {
        while let row = queue.pop(interrupted: { BatchInterrupt.raised }) {
          worker.process(row, inputName: inputName, tally: tally, say: say)
          progress?.rowDone()
          if stopping() { queue.stop() }
        }
      }
    }
    progress?.start()

    let reader = BatchReader(fd: fd, format: options.format) { options.shard.contains($0) }
    reader.shouldStop = { BatchInterrupt.raised }
    var names = Set<String>(minimumCapacity: 1024)
    var taken = 0
    var readError: FileError?
    reading: while !stopping() {
      let next: BatchRow?
      do { next = try reader.next() } catch {
        readError = error
        break
      }
      guard var row = next else { break }
      progress?.bytesRead(reader.bytesRead)
      taken += 1
      row.fileName = BatchNames.fileName(id: row.id, row: row.number)
      if row.error == nil && !names.insert(row.fileName).inserted {
        row.error =
          "its file name '\(row.fileName).svg' is taken by an earlier row (ids must differ)"
      }
      if let error = row.error {
        say("\(inputName):\(row.line): row \(row.number): \(error)")
        tally.failed(row, face: nil)
        progress?.rowDone()
        continue reading
      }
      guard queue.push(row, interrupted: { BatchInterrupt.raised }) else { break }
    }
    queue.close()
    if stopping() { queue.stop() }
    for t in threads { t.join() }
    progress?.finish()
    for w in workers { w.output.flush() }

    var summary = tally.summary
    summary.rows = taken
    summary.interrupted = BatchInterrupt.raised
    summary.stoppedEarly = options.failFast && !summary.failedRows.isEmpty
    if let readError {
      say("\(inputName): cannot read: \(readError.reason)")
      summary.outputFailed = false
    }
    if let sheet = options.sheet, !summary.interrupted {
      let entries = tally.sheetEntries
      let bytes = BatchSheet.render(entries, title: "\(options.script) · \(options.diagnosis)")
      do { try FileSystem.writeAtomically(sheet, bytes) } catch {
        say("cannot write the contact sheet: \(error)")
        summary.outputFailed = true
      }
    }
    return summary
  }

  private static func fileSize(_ fd: Int32) -> Int {
    var st = stat()
    guard fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG else { return 0 }
    return Int(st.st_size)
  }
}

/// Results shared by the workers: counts, failed rows, and the faces kept for the sheet.
final class BatchTally: @unchecked Sendable {
  private let monitor = Monitor()
  private var written = 0
  private var failedRows: [Int] = []
  private var outputFailed = false
  private let keepFaces: Bool
  private var entries: [SheetEntry] = []
  private var failedFlag = false

  init(keepFaces: Bool) { self.keepFaces = keepFaces }

  func wrote(_ row: BatchRow, face: [UInt8], happiness: Double?) {
    monitor.locked {
      written += 1
      if keepFaces {
        entries.append(
          SheetEntry(row: row.number, id: row.id ?? row.fileName, happiness: happiness, face: face))
      }
    }
  }

  func failed(_ row: BatchRow, face: [UInt8]?, output: Bool = false) {
    monitor.locked {
      failedRows.append(row.number)
      failedFlag = true
      outputFailed = outputFailed || output
      if keepFaces {
        entries.append(
          SheetEntry(row: row.number, id: row.id ?? row.fileName, happiness: nil, face: nil))
      }
    }
  }

  var anyFailed: Bool { monitor.locked { failedFlag } }

  var summary: BatchSummary {
    monitor.locked {
      var s = BatchSummary()
      s.written = written
      s.failedRows = failedRows.sorted()
      s.outputFailed = outputFailed
      return s
    }
  }

  /// The sheet's cells in row order (the same whatever the number of workers).
  var sheetEntries: [SheetEntry] { monitor.locked { entries.sorted { $0.row < $1.row } } }
}

/// One worker: its own script (Lua state, registry) and its own print buffer.
final class BatchWorker: @unchecked Sendable {
  let script: Script
  let output: WorkerOutput
  let diagnosis: Diagnosis
  /// Where the faces go.
  let faces: BatchOutput
  /// The app every row's face is drawn on, restarted per row.
  let session: Session

  init(_ options: BatchOptions, shared: SharedOutput, mutedLoad: Bool) throws {
    faces = try BatchOutput(OutputDirectory(options.outputDirectory))
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
          "\(options.script): no diagnosis named '\(options.diagnosis)'\(suggestion(options.diagnosis, names)) (diagnoses: \(names.joined(separator: ", ")))"
      )
    }
    diagnosis = d
    session = try Session(
      script: script, device: device, orientation: options.scriptOptions.orientation)
  }

  /// Draws one row's face and writes it; a failure is reported and counted, never thrown.
  func process(
    _ row: BatchRow, inputName: String, tally: BatchTally, say: @Sendable (String) -> Void
  ) {
    // Where the row is, for messages only (rows that go well never build it).
    var place: String { "\(inputName):\(row.line)" }
    var bytes: [UInt8] = []
    var happiness: Double?
    do {
      (bytes, happiness) = try face(row.fields)
    } catch {
      output.flush()
      let (location, message): (String, String)
      switch error {
      case let e as LuaError: (location, message) = (e.location ?? diagnosis.location, e.message)
      case let p as Problem: (location, message) = (p.location, p.message)
      default: (location, message) = (diagnosis.location, "\(error)")
      }
      let idText = row.id.map { ", id \(jsonString($0))" } ?? ""
      say("\(location): row \(row.number) (\(place)\(idText)): \(message)")
      tally.failed(row, face: nil)
      return
    }
    output.flush()
    do {
      try faces.write(row.fileName + ".svg", bytes)
    } catch {
      say("\(place): row \(row.number): cannot write \(error)")
      tally.failed(row, face: nil, output: true)
      return
    }
    tally.wrote(row, face: bytes, happiness: happiness)
  }

  /// The face the diagnosis gives `input`, as an SVG document, and its happiness.
  func face(_ input: LuaValue) throws -> ([UInt8], Double?) {
    session.restart()
    let state = script.state
    let invoke: Invoke = { try state.call($0, $1) }
    try session.tap(diagnosis.name, input: input, invoke: invoke)
    let drawing = try session.drawing(screen: false, invoke: invoke)
    return (render(drawing, format: .svg), session.happiness)
  }
}
