// How a mapped column's values become its channel's (`scale = "…"`, `levels = { … }`),
// fixed once before the first row from what is known of the data (ranges, means, the
// levels of text columns), then applied to every row.

import Face
import LuaHost
import Readable

/// How a numeric column is scaled to its channel (faces2's four ways).
public enum ChannelScale: String, CaseIterable, Sendable {
  /// From the column's own min (the channel's low end) to its max (the high end).
  case column
  /// From the smallest min to the largest max of all the columns scaled `common`.
  case common
  /// The column's mean at the channel's middle (its neutral face), the value furthest from
  /// it at the end on its side: half of the channel's range is the largest deviation.
  case centred
  /// The value is the channel's own (0…1, smile −1…1), clamped to its range.
  case none
}

/// The levels of text columns met in a pass over the data, in order of appearance: the
/// texts that are neither numbers nor missing words, in a column that holds no number (a
/// stray word among numbers is a mistake, which fails its row, not a category).
public struct ColumnLevels: Sendable {
  /// Each text column's levels.
  public var levels: [String: [String]] { found.filter { !numeric.contains($0.key) } }
  private var found: [String: [String]] = [:]
  private var numeric: Set<String> = []
  /// A text column with more levels than `limit`: not a category (an id, a free text).
  public var overflowing: String? { overflow.first { !numeric.contains($0) } }
  private var overflow: [String] = []
  private var seen: [String: Set<String>] = [:]

  /// More levels than a face can tell apart, or a legend list.
  public static let limit = 256

  /// Nothing seen yet.
  public init() {}

  /// Whether `column` held a number: it has no levels, whatever text it holds.
  public func isNumeric(_ column: String) -> Bool { numeric.contains(column) }

  /// Adds the texts `row` holds in `columns` that `mapping` reads as neither a number nor
  /// a missing word.
  public mutating func add(_ row: LuaValue, _ columns: [String], _ mapping: ChannelMapping) {
    for column in columns {
      guard let field = row[column] else { continue }
      if ChannelMapping.datum(field) != nil {
        numeric.insert(column)
        continue
      }
      guard let text = field.text, !mapping.isMissingWord(text), !numeric.contains(column)
      else { continue }
      if seen[column]?.contains(text) == true { continue }
      guard (found[column]?.count ?? 0) < ColumnLevels.limit else {
        if !overflow.contains(column) { overflow.append(column) }
        continue
      }
      seen[column, default: []].insert(text)
      found[column, default: []].append(text)
    }
  }
}

/// The channels' values for each row, the scaling of each fixed once (a batch worker's
/// evaluator makes it before its first row, not a row).
package struct ResolvedMapping {
  /// How one channel's column becomes its value.
  enum Rule {
    /// `range.unit(x)`: column and common.
    case scaled(ColumnRange)
    /// 0.5 + (x − centre) / (2 · half).
    case centred(centre: Double, half: Double)
    /// The value as given.
    case asGiven
    /// A text column: level i of n at i / (n − 1); `declared` when the script listed them.
    case levels(index: [String: Int], names: [String], declared: Bool)
    /// No range known: a number fails the row.
    case unranged
  }

  /// One channel, its rule and its colours.
  /// (A class: a row reads every entry, and a struct of strings and lists would be copied,
  /// each of its references counted, at every read.)
  final class Entry {
    let c: ColumnChannel
    let rule: Rule
    /// Its column's place in `columns`.
    let slot: Int
    init(c: ColumnChannel, rule: Rule, slot: Int) {
      self.c = c
      self.rule = rule
      self.slot = slot
    }
  }

  let entries: [Entry]
  /// The columns the entries read, each once: an asymmetric face reads most columns twice
  /// (once a half), and a row looks each up once.
  private let columns: [String]
  /// A row's fields of `columns`, and where each was in the last row read
  /// (`LuaFlatTable.value(forKey:hint:)`): one buffer a worker's rows reuse.
  private let row: RowFields
  /// (Buffers of its own, not arrays: a class's array is checked for exclusive access at
  /// every read and write, a dozen times a row.)
  final class RowFields {
    let hints: UnsafeMutableBufferPointer<Int>
    let fields: UnsafeMutableBufferPointer<LuaValue?>
    init(_ count: Int) {
      hints = .allocate(capacity: count)
      hints.initialize(repeating: 0)
      fields = .allocate(capacity: count)
      fields.initialize(repeating: nil)
    }
    deinit {
      hints.deallocate()
      fields.deinitialize()
      fields.deallocate()
    }
  }
  package let mapping: ChannelMapping
  /// Every known range (given first, then declared), for a function's `scaled` argument.
  let units: [(column: String, range: ColumnRange)]
  /// face_color's colours, when the mapping gives some.
  let palette: FillPalette?

  /// `mapping` ready for rows, from the ranges given (`--ranges`, a scan; before the
  /// declared ones), the columns' means and the levels a scan found.
  package init(
    _ mapping: ChannelMapping, ranges given: [String: ColumnRange], means: [String: Double],
    levels found: [String: [String]]
  ) {
    self.mapping = mapping
    units =
      mapping.usesFunctions
      ? mapping.ranges.merging(given) { $1 }.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
      : []
    let list: [ColumnChannel]
    if case .columns(let l) = mapping.source { list = l } else { list = [] }
    func range(_ column: String) -> ColumnRange? { given[column] ?? mapping.ranges[column] }
    // One range over every column scaled in common.
    var common: ColumnRange?
    for c in list
    where mapping.scale(of: c) == .common && c.levels == nil
      && found[c.column] == nil
    {
      guard let r = range(c.column) else { continue }
      if common == nil {
        common = r
      } else {
        common!.include(r.low)
        common!.include(r.high)
      }
    }
    var palette: FillPalette?
    var columns: [String] = []
    var slots: [String: Int] = [:]
    for c in list where slots[c.column] == nil {
      slots[c.column] = columns.count
      columns.append(c.column)
    }
    self.columns = columns
    entries = list.map { c in
      let rule: Rule
      if let names = c.levels ?? found[c.column] {
        var index: [String: Int] = [:]
        for (i, name) in names.enumerated() where index[name] == nil { index[name] = i }
        rule = .levels(index: index, names: names, declared: c.levels != nil)
      } else {
        switch mapping.scale(of: c) {
        case .none: rule = .asGiven
        case .common: rule = common.map { .scaled($0) } ?? .unranged
        case .column: rule = range(c.column).map { .scaled($0) } ?? .unranged
        case .centred:
          if let r = range(c.column) {
            let centre = min(max(means[c.column] ?? (r.low / 2 + r.high / 2), r.low), r.high)
            // The half width is at most the largest double: from a centre at one end of
            // −1.8e308 … 1.8e308 the other end is farther than a double reaches.
            let half = max(r.high - centre, centre - r.low)
            rule = .centred(centre: centre, half: min(half, .greatestFiniteMagnitude))
          } else {
            rule = .unranged
          }
        }
      }
      if c.channel == .faceColor, let p = c.palette ?? mapping.palette {
        if case .levels(_, let names, _) = rule {
          palette = p.fill(levels: names.count)
        } else {
          palette = p.fill(levels: nil)
        }
      }
      return Entry(c: c, rule: rule, slot: slots[c.column]!)
    }
    if palette == nil, let p = mapping.palette { palette = p.fill(levels: nil) }
    self.palette = palette
    row = RowFields(columns.count)
  }

  /// The channels `input` gives. A missing datum draws as its `missing` says and is marked;
  /// text outside a column's levels, or in a numeric column, fails the row at the line of
  /// the field naming the column.
  package func channels(for input: LuaValue, means: [String: Double], at location: SourceLocation)
    throws
    -> Channels
  {
    var out = Channels()
    out.palette = palette
    var dropped: [String] = []
    for j in columns.indices { row.fields[j] = input.field(columns[j], hint: &row.hints[j]) }
    for e in entries {
      let field = row.fields[e.slot]
      var t: Double?
      var value: Double?  // a channel's own value (`none`), not 0…1
      var text: String?
      if let n = ChannelMapping.datum(field) {
        if case .levels = e.rule { text = formatNumber(n) } else { value = n }
      } else if let s = field?.text, !mapping.isMissingWord(s) {
        text = s
      }
      if let text {
        guard case .levels(let index, let names, let declared) = e.rule else {
          let shown = text.count > 40 ? String(text.prefix(39)) + "…" : text
          throw Problem(
            e.c.place(location),
            "channel \(e.c.name): column '\(e.c.column)' holds '\(shown)', not a number nor a missing word (\(mapping.missingWords.filter { !$0.isEmpty }.joined(separator: ", ")); missing_words = { … } sets them; levels = { … } maps text)"
          )
        }
        guard let i = index[text] else {
          let shown = text.count > 40 ? String(text.prefix(39)) + "…" : text
          let whose = declared ? "declared" : "found by the first pass over the data"
          throw Problem(
            e.c.place(location, levels: declared),
            "channel \(e.c.name): column '\(e.c.column)' holds '\(shown)', not one of its levels\(suggestion(text, names)) (\(whose): \(names.joined(separator: ", ")))"
          )
        }
        t = names.count > 1 ? Double(i) / Double(names.count - 1) : 0.5
      } else if let x = value {
        switch e.rule {
        case .scaled(let r): t = r.unit(x)
        case .centred(let centre, let half):
          // Halved first: `x − centre` of two finite numbers can overflow.
          t = half > 0 ? min(max(0.5 + (x / 2 - centre / 2) / half, 0), 1) : 0.5
        case .asGiven:
          let v = min(max(x, e.c.channel.lowest), 1)
          set(e, e.c.reverse ? e.c.channel.lowest + 1 - v : v, &out)
          continue
        case .levels: break
        case .unranged:
          throw Problem(
            location,
            "channel \(e.c.channel.name): column '\(e.c.column)' has no range: declare ranges = { \(e.c.column) = {low, high} }, pass --ranges FILE, or run batch on a file (it scans the data)"
          )
        }
      } else {
        let policy = e.c.missing ?? mapping.missing
        switch policy {
        case .drop:
          if !dropped.contains(e.c.column) { dropped.append(e.c.column) }
          continue
        case .error:
          throw Problem(
            e.c.place(location),
            "channel \(e.c.name): no value for column '\(e.c.column)' (missing = \"error\")")
        case .mean, .neutral: break
        }
        if !out.missing.contains(e.c.channel) { out.missing.append(e.c.channel) }
        if !out.missingColumns.contains(e.c.column) { out.missingColumns.append(e.c.column) }
        guard policy == .mean, let mean = means[e.c.column] else {
          set(e, e.c.channel.neutral, &out)
          continue
        }
        switch e.rule {
        case .scaled(let r): t = r.unit(mean)
        case .centred: t = 0.5
        case .asGiven:
          set(e, min(max(mean, e.c.channel.lowest), 1), &out)
          continue
        default:
          set(e, e.c.channel.neutral, &out)
          continue
        }
      }
      guard var t else { continue }
      if e.c.reverse { t = 1 - t }
      set(e, e.c.channel.lowest + (1 - e.c.channel.lowest) * t, &out)
    }
    if !dropped.isEmpty { throw DroppedRow(columns: dropped) }
    return out
  }

  /// The second argument of a channels function: each of the row's numbers whose column
  /// has a range, scaled to 0…1 by it (clamped), so a function need not write ranges.
  package func scaled(_ input: LuaValue) -> LuaValue {
    var out: [LuaValue: LuaValue] = [:]
    for (column, range) in units {
      guard let x = ChannelMapping.datum(input[column]) else { continue }
      out[.text(column)] = .number(range.unit(x))
    }
    return .map(out)
  }

  /// Sets entry `e`'s channel (the entry, not a copy of its channel: a row sets dozens).
  private func set(_ e: Entry, _ value: Double, _ out: inout Channels) {
    if let side = e.c.side { out[e.c.channel, side] = value } else { out[e.c.channel] = value }
  }
}

/// An evaluator's mappings made ready, by diagnosis: made at a diagnosis's first row and
/// kept while the ranges, means and levels stay (a script that redeclares the diagnosis
/// gets its new mapping made again).
package final class ResolvedMappings {
  /// None made yet.
  package init() {}
  private var made: [String: (columns: [ColumnChannel], ready: ResolvedMapping)] = [:]

  /// `name`'s mapping `m`, ready (made by `make` when not yet, or when `m` changed).
  package func mapping(_ m: ChannelMapping, of name: String, make: () -> ResolvedMapping)
    -> ResolvedMapping
  {
    // A function's mapping has no columns: it is kept by name (a redeclared one is made
    // again when its ranges change).
    let list: [ColumnChannel]
    if case .columns(let l) = m.source { list = l } else { list = [] }
    // The same array as the registry's compares by identity, at no cost a row.
    if let kept = made[name], kept.columns == list { return kept.ready }
    let ready = make()
    made[name] = (list, ready)
    return ready
  }

  /// Forgets them all: the ranges, means or levels changed.
  package func clear() { made = [:] }
}
