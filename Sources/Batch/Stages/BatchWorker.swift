// A worker of the batch: its own Lua state draws a row's face (`render`, no I/O), then
// writes the face file and tells the ledger (`deliver`).

import App
import Channels
import Declarations
import Files
import Geometry
import LuaHost
import Psychologist
import Readable
import Render
import Rows
import Storyboard

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
  /// Whether the row drawn last had a missing value (counted even when it then failed).
  var hadMissing = false
  /// The last row's face file, its room kept for the next (a sheet that keeps the bytes
  /// shares them, and the next row's face gets room of its own).
  var rendered: [UInt8] = []
  /// The diagnosis as the registry last gave it, and the registry's revision then.
  var current: Diagnosis?
  var currentRevision: Registry.Revision?
  /// How many rows each worker watches.
  static let watchedRowCount = 16

  /// The batch's workers, `--jobs` of them (1 to 256), writing into the output folder;
  /// what a script prints while it loads is said once, by the first.
  static func team(_ options: BatchOptions, shared: SharedOutput) throws -> [BatchWorker] {
    let folder = try BatchOutput.open(options.outputDirectory)
    return try (0..<max(1, min(options.jobs, 256))).map { index in
      try BatchWorker(options, folder: folder, shared: shared, mutedLoad: index > 0)
    }
  }

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
    // The first rows a worker draws are watched for columns nothing reads; the rest go in
    // as they are, at no cost.
    if watchedRows < BatchWorker.watchedRowCount {
      watchedRows += 1
      script.inputReads.isOn = true
    } else {
      script.inputReads.isOn = false
    }
    let drawn: Drawn
    do {
      drawn = try render(row, keeps: (tally.keepsFaces, tally.keepsEntries))
    } catch is DroppedRow {
      output.flush()
      tally.finish(seq, .dropped)
      return
    } catch {
      output.flush()
      if hadMissing { tally.noteMissing() }
      let (message, timeLimit) = failure(error, row: row, inputName: inputName)
      tally.finish(
        seq,
        .failed(
          message: message, row: row.number, output: false, timeLimit: timeLimit,
          entry: BatchWorker.blankEntry(row, tally, layout)))
      return
    }
    output.flush()
    if hadMissing { tally.noteMissing() }
    deliver(drawn, row: row, seq: seq, inputName: inputName, tally: tally)
  }

  /// A row drawn: its face (the face file's bytes are the worker's `rendered`) and what
  /// the sheet shows of it.
  struct Drawn {
    var drawing: Drawing
    var happiness: Double?
    var cells: CellGrid?
    var label: String
    var missing: [String]
  }

  /// Draws `row`: evaluates the diagnosis, paints its face and renders the face file into
  /// `rendered`, and the terminal sheet's cells; no file is written and the ledger is not
  /// told. `keeps`: whether the sheets keep faces, and the SVG sheet its entries. Throws
  /// `DroppedRow` for a row left out, else why it failed (`hadMissing` says whether it had
  /// a missing value by then).
  func render(_ row: BatchRow, keeps: (faces: Bool, entries: Bool)) throws -> Drawn {
    hadMissing = false
    let shown = try face(row.fields)
    let missing = shown.landed?.face.channels.missingColumns ?? []
    hadMissing = !missing.isEmpty
    var drawn = Drawn(
      drawing: Drawing(width: 0, height: 0, items: []), happiness: shown.happiness,
      label: "", missing: missing)
    if faceFiles || keeps.entries { drawn.drawing = try self.drawing(shown) }
    // The row's label, made once and only where shown: the face file's strip, the sheet.
    if keeps.faces || (faceFiles && decoration?.label == true) { drawn.label = rowLabel(row) }
    if faceFiles {
      // Into the worker's own buffer: its room is reused row after row.
      rendered.removeAll(keepingCapacity: true)
      SVGRenderer.append(
        decoration?.apply(drawn.drawing, label: drawn.label) ?? drawn.drawing, to: &rendered)
    }
    if let terminalLayout {
      let items = try self.items(shown, in: TerminalSheet.faceRect)
      drawn.cells = TerminalSheet.face(items, layout: terminalLayout)
    }
    return drawn
  }

  /// A failed row's message (`file:line: row N (input:line, id "…"): why`) and whether
  /// it counts towards the run of rows stopped by a limit.
  func failure(_ error: any Error, row: BatchRow, inputName: String) -> (String, Bool) {
    let (location, message): (SourceLocation, String)
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
    let place = "\(inputName):\(row.line)"
    return ("\(location): row \(row.number) (\(place)\(idText)): \(message)", timeLimit)
  }

  /// Writes a drawn row's face file and gives the ledger its outcome, with the sheet's
  /// entry when a sheet keeps faces.
  func deliver(
    _ drawn: borrowing Drawn, row: BatchRow, seq: Int, inputName: String, tally: BatchLedger
  ) {
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
          message: "\(inputName):\(row.line): row \(row.number): cannot write \(error)",
          row: row.number,
          output: true, timeLimit: false, entry: BatchWorker.blankEntry(row, tally, layout)))
      return
    }
    let entry = tally.keepsFaces ? sheetEntry(drawn, row: row, tally: tally) : nil
    tally.finish(seq, .wrote(entry))
  }

  /// A drawn row's entry on the sheets. The sheet nests the face file's own bytes when
  /// they are the same document (no decoration, and no clip whose id the row's prefix
  /// would make unique); else the face file's bytes go (they are written) before the
  /// sheet's copy is made: a row holds one rendering of a large face at a time.
  func sheetEntry(_ drawn: borrowing Drawn, row: BatchRow, tally: BatchLedger) -> SheetEntry {
    var sheetFace: [UInt8]?
    if tally.keepsEntries {
      let same = faceFiles && decoration == nil && !drawn.drawing.items.contains { $0.clip != nil }
      if same {
        sheetFace = rendered
      } else {
        rendered = []
        sheetFace = BatchSheet.faceDocument(drawn.drawing, row: row.number)
      }
    }
    var entry = SheetEntry(
      row: row.number, id: drawn.label, happiness: drawn.happiness, face: sheetFace,
      layout: layout, fields: row.fields)
    entry.faceWidth = drawn.drawing.width
    entry.faceHeight = drawn.drawing.height
    entry.cells = drawn.cells
    entry.missing = drawn.missing
    if drawsCells {
      entry.cell = BatchSheet.cell(entry, layout: layout)
      entry.face = nil
    }
    return entry
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
