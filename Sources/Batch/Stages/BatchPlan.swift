// The plan stage of a batch: what the scan found, fixed before the first row is drawn and
// read by every stage after it: the channels' scaling (ranges, means, levels), the legend,
// and the sheet's layout.

import Channels
import Rows

/// Everything the rows are drawn and the sheet laid out by, decided once.
struct BatchPlan {
  /// What the scan found (ranges, means, levels; a stream's first row).
  let scan: Batch.InputLook
  /// The diagnosis's channel mapping, if it maps columns.
  let mapping: ChannelMapping?
  /// The ranges the sheet's axes know: the mapping's declared ones, then the scan's.
  let knownRanges: [String: ColumnRange]
  /// The legend's entries (for the terminal sheet) and lines (for the SVG sheet).
  let legendEntries: [LegendEntry]
  let legend: [SheetLegend.Line]
  /// The sheet's layout as the workers draw cells by (square cells for data; the
  /// happiness line only where the smile is no channel's).
  let sheetLayout: SheetLayout
  /// The sheet's columns, when its layout names any.
  let sheetColumns: SheetColumns?
  /// Whether those columns were checked by the scan (a stream's are checked at the end).
  let columnsChecked: Bool

  /// Scans the input (`Batch.lookAtInput`) and plans the batch from what it finds;
  /// `worker` gives the diagnosis and script the legend reads.
  init(
    _ options: BatchOptions, input: Batch.Input, worker: BatchWorker, reader: BatchReader
  ) throws {
    let mapping = worker.diagnosis.channels
    let sheetColumns = SheetColumns(
      options.sheetLayout, usesLabel: options.sheet != nil || options.decoration?.label == true)
    let scan = try Batch.lookAtInput(
      input, options, diagnosis: worker.diagnosis, sheetColumns: sheetColumns, reader: reader)
    self.scan = scan
    self.mapping = mapping
    self.sheetColumns = sheetColumns
    columnsChecked = sheetColumns == nil || input.regular
    if let mapping {
      knownRanges = mapping.ranges.merging(scan.ranges) { $1 }
    } else {
      knownRanges = options.sheetLayout.at != nil ? scan.ranges : [:]
    }
    // Every worker scales alike: without a mapping, nothing is scaled and nothing keyed.
    legendEntries =
      (options.terminalSheet != nil || options.sheet != nil) && mapping != nil
      ? DataLegend.entries(
        worker.diagnosis, script: worker.script, ranges: scan.ranges, means: scan.means.means,
        levels: scan.levels.levels) : []
    legend = options.sheet != nil ? SheetLegend.lines(legendEntries) : []
    var layout = options.sheetLayout
    if let mapping {
      layout.square = true
      layout.showsHappiness = !mapping.mapsSmile
    }
    sheetLayout = layout
  }

  /// Sets every worker to draw by the plan: the same ranges, means and levels, the sheet's
  /// layout, and its cells drawn where they are (`sheet`: an SVG or PNG sheet is written).
  func apply(to workers: [BatchWorker], sheet: Bool) {
    for w in workers {
      if mapping != nil {
        w.evaluator.columnRanges = scan.ranges
        w.evaluator.columnMeans = scan.means.means
        w.evaluator.columnLevels = scan.levels.levels
      }
      w.layout = sheetLayout
      w.drawsCells = sheet && sheetLayout.at == nil
    }
  }

  /// The layout the sheet is written by: the workers' with the legend and the known ranges;
  /// the legend says how a missing value is drawn only when some row had one (`missing`).
  func finalLayout(missing: Bool) -> SheetLayout {
    var layout = sheetLayout
    layout.legend = missing ? legend : legend.filter { !$0.aboutMissing }
    layout.ranges = knownRanges
    return layout
  }
}
