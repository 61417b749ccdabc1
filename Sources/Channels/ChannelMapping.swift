// A diagnosis's `channels` (README, "Faces with many channels"): which column drives which facial
// channel, scaled from the column's range (the data's min/max, a `--ranges` file or the declared
// `ranges`), or a Lua function of the row giving channel values itself.

import Face
import LuaHost
import Readable
import Render

/// The range a numeric column is scaled from: `low` maps to a channel's 0, `high` to its 1.
public struct ColumnRange: Equatable, Sendable {
  /// The column's smallest value.
  public var low: Double
  /// The column's largest value.
  public var high: Double

  /// A range; `low` ≤ `high`, both finite.
  public init(low: Double, high: Double) {
    self.low = low
    self.high = high
  }

  /// `x` scaled to 0…1 (clamped; a range of one value puts everything in the middle).
  package func unit(_ x: Double) -> Double {
    guard high > low else { return 0.5 }
    // Halved first: `x - low` of two finite numbers can overflow (1e308 - -1e308), and
    // inf / inf is NaN, which min and max would pass on.
    let width = high / 2 - low / 2
    // Two neighbouring subnormals (0 and 5e-324) halve to one number: 0 / 0 would be NaN.
    guard width > 0 else { return x <= low ? 0 : x >= high ? 1 : 0.5 }
    return min(max((x / 2 - low / 2) / width, 0), 1)
  }

  /// The value at `t` of the way from `low` to `high` (0…1): finite for a finite range,
  /// where `low + (high − low) × t` overflows (−1.8e308 … 1.8e308 is wider than a double).
  package func value(at t: Double) -> Double {
    let v = low * (1 - t) + high * t
    return min(max(v.isFinite ? v : v > 0 ? high : low, low), high)
  }

  /// The range widened to take `x` in.
  mutating func include(_ x: Double) {
    low = min(low, x)
    high = max(high, x)
  }
}

/// One column driving one channel, on both halves of the face or on one.
public struct ColumnChannel: Equatable, Sendable {
  /// The channel it drives.
  public var channel: Channel
  /// The row's field it reads.
  public var column: String
  /// High values draw the channel's low end.
  public var reverse: Bool
  /// The half it drives; nil for both.
  public var side: Side? = nil
  /// What a row without a value draws, when this channel says (else the diagnosis's).
  public var missing: MissingPolicy? = nil
  /// How its numbers are scaled, when this channel says (else the diagnosis's `scale`).
  public var scale: ChannelScale? = nil
  /// The column's text values in order, declared (`levels = { … }`): level i of n draws
  /// i / (n − 1) of the channel's range.
  public var levels: [String]? = nil
  /// `face_color`'s colours (`palette = "viridis"`, `colors = { … }`).
  public var palette: NamedPalette? = nil
  /// The line of the field naming its column, found when the script loaded (nowhere for a
  /// channel made by the host): where a row's wrong value in the column is said.
  public var columnLine: SourceLocation = .nowhere
  /// The line of its `levels` field, when it declares its levels.
  public var levelsLine: SourceLocation = .nowhere

  /// Where a problem with the column's values is said: its field's line, else `fallback`
  /// (the declaration's).
  public func place(_ fallback: SourceLocation, levels: Bool = false) -> SourceLocation {
    let line = levels ? levelsLine : columnLine
    return line.isNowhere ? fallback : line
  }

  /// The channel's name, with the half it drives when only one: `smile`, `smile.left`.
  public var name: String { side.map { "\(channel.name).\($0.name)" } ?? channel.name }

  /// `column` driving `channel` (on `side` only, when given).
  public init(
    channel: Channel, column: String, reverse: Bool, side: Side? = nil,
    missing: MissingPolicy? = nil
  ) {
    self.channel = channel
    self.column = column
    self.reverse = reverse
    self.side = side
    self.missing = missing
  }
}

/// What a channel draws for a row without a value in its column (`missing = "…"`, for the
/// whole diagnosis or one channel): R's aplpack drops such rows or imputes the mean, and
/// says so; so does every policy here, in the summary and the legend.
public enum MissingPolicy: String, CaseIterable, Sendable {
  /// The channel's neutral value (0.5, smile 0), the face marked: the default.
  case neutral
  /// The column's mean over the data (a file's, or the examples'), the face marked.
  case mean
  /// The row is left out: no face, no cell on the sheet, counted in the summary.
  case drop
  /// The row fails, at the line of the channel's field.
  case error

  /// How the legend says what a missing value draws.
  public var legend: String {
    switch self {
    case .neutral: "drawn at the channel's middle, smile 0, and marked ×"
    case .mean: "drawn at the column's mean and marked ×"
    case .drop: "the row is left out"
    case .error: "the row fails"
    }
  }
}

/// A row left out because a value was missing where `missing = "drop"`.
public struct DroppedRow: Error, CustomStringConvertible, Sendable {
  /// The columns without a value.
  public var columns: [String]
  /// Why, in words.
  public var description: String {
    "left out: no value for \(columns.joined(separator: ", ")) (missing = \"drop\")"
  }
}

/// A channel given by a Lua function of the row beside channels naming columns
/// (`hair = function(row) return … end`): it returns the channel's value, or nil.
public struct FunctionChannel {
  /// The channel it drives.
  public var channel: Channel
  /// The half it drives; nil for both.
  public var side: Side?
  /// The function.
  public var function: LuaReference
  /// The line of its field: where a wrong result is said.
  public var location: SourceLocation

  /// The channel's name, with the half it drives when only one: `hair`, `hair.left`.
  public var name: String { side.map { "\(channel.name).\($0.name)" } ?? channel.name }

  /// A function channel from its parts.
  public init(channel: Channel, side: Side?, function: LuaReference, location: SourceLocation) {
    self.channel = channel
    self.side = side
    self.function = function
    self.location = location
  }
}

/// Where a diagnosis's channel values come from.
public enum ChannelSource {
  /// Columns scaled to channels.
  case columns([ColumnChannel])
  /// `channels = function(row) return { smile = …, … } end`: values already in range.
  case function(LuaReference)
}

/// A diagnosis's `channels` and `ranges`.
public struct ChannelMapping {
  /// The mapping.
  public var source: ChannelSource
  /// Ranges the script declares, by column.
  public var ranges: [String: ColumnRange]
  /// What a missing value draws, unless its channel says (`missing = "…"`).
  public var missing: MissingPolicy = .neutral
  /// Texts read as a missing value, compared without case (`missing_words = { … }`).
  public var missingWords: [String] = ChannelMapping.defaultMissingWords
  /// How numeric columns are scaled, unless their channel says (`scale = "…"`).
  public var scale: ChannelScale = .column
  /// `face_color`'s colours for the whole diagnosis (`palette = …`), unless its channel says.
  public var palette: NamedPalette?
  /// Channels computed by Lua functions beside the columns.
  public var functions: [FunctionChannel] = []
  /// Where the `channels` field is: a function's wrong result is said there.
  public var location: SourceLocation?

  /// A mapping from `source` with the declared `ranges`; the rest as by default.
  public init(source: ChannelSource, ranges: [String: ColumnRange]) {
    self.source = source
    self.ranges = ranges
  }

  /// How `c`'s numbers are scaled.
  public func scale(of c: ColumnChannel) -> ChannelScale { c.scale ?? scale }

  /// Whether a Lua function gives some channel: it is handed the row's numbers scaled to
  /// 0…1 too, so batch finds every numeric column's range.
  public var usesFunctions: Bool {
    if case .function = source { return true }
    return !functions.isEmpty
  }

  /// What R, spreadsheets and exports write for a missing value; an empty CSV field is
  /// absent already.
  public static let defaultMissingWords = [
    "", "NA", "N/A", "NaN", "null", "None", "nil", "-", ".", "?", "missing",
  ]

  /// Whether the mapping may set the smile (a function may: it is not known which it sets).
  public var mapsSmile: Bool {
    guard case .columns(let list) = source else { return true }
    return list.contains { $0.channel == .smile } || functions.contains { $0.channel == .smile }
  }

  /// The columns whose missing values draw their mean: they need one, from the data.
  public var meanColumns: [String] {
    guard case .columns(let list) = source else { return [] }
    var seen: [String] = []
    for c in list where (c.missing ?? missing) == .mean && !seen.contains(c.column) {
      seen.append(c.column)
    }
    return seen
  }

  /// The columns scaled `centred`: they need their mean, from the data (a stream's, which
  /// has none, is centred on its range's middle).
  public var centredColumns: [String] {
    guard case .columns(let list) = source else { return [] }
    var seen: [String] = []
    for c in list where scale(of: c) == .centred && c.levels == nil && !seen.contains(c.column) {
      seen.append(c.column)
    }
    return seen
  }

  /// The columns whose levels a pass over the data finds (those some channel reads without
  /// declared levels).
  public var levelColumns: [String] {
    guard case .columns(let list) = source else { return [] }
    let undeclared = Set(list.filter { $0.levels == nil }.map(\.column))
    return columns.filter(undeclared.contains)
  }

  /// Whether `text` is one of the missing words.
  public func isMissingWord(_ text: String) -> Bool {
    let lower = text.lowercased()
    return missingWords.contains { $0.lowercased() == lower }
  }

  /// The columns the mapping reads (none for a function).
  public var columns: [String] {
    guard case .columns(let list) = source else { return [] }
    var seen: [String] = []
    for c in list where !seen.contains(c.column) { seen.append(c.column) }
    return seen
  }

  /// How `list` shows it: `function`, or `smile=mpg,head_width=-wt,hair=function,…` (- for
  /// reversed), a channel's own options after it in brackets
  /// (`smile=petal_length[scale:centred]`, `face_color=species[levels:3;palette:Set2]`).
  public var summary: String {
    guard case .columns(let list) = source else { return "function" }
    func options(_ c: ColumnChannel) -> String {
      var o: [String] = []
      if let s = c.scale { o.append("scale:\(s.rawValue)") }
      if let l = c.levels { o.append("levels:\(l.count)") }
      if let p = c.palette { o.append("palette:\(p.name)") }
      if let m = c.missing { o.append("missing:\(m.rawValue)") }
      return o.isEmpty ? "" : "[" + o.joined(separator: ";") + "]"
    }
    return
      (list.map { "\($0.name)=\($0.reverse ? "-" : "")\($0.column)\(options($0))" }
      + functions.map { "\($0.name)=function" }).joined(separator: ",")
  }

  /// The options the whole mapping sets where they differ from the defaults, as `list`
  /// shows them: `scale`, `palette`, `missing`, and how many columns have declared ranges.
  public var settings: [(String, String)] {
    var s: [(String, String)] = []
    if scale != .column { s.append(("scale", scale.rawValue)) }
    if let p = palette { s.append(("palette", p.name)) }
    if missing != .neutral { s.append(("missing", missing.rawValue)) }
    if !ranges.isEmpty { s.append(("ranges", ranges.keys.sorted().joined(separator: ","))) }
    return s
  }

  /// The columns whose range neither the script nor `given` says, among those that need
  /// one (not `scale = "none"`, not declared `levels`).
  public func unranged(given: [String: ColumnRange]) -> [String] {
    guard case .columns(let list) = source else { return [] }
    let free = Set(list.filter { $0.levels != nil || scale(of: $0) == .none }.map(\.column))
    let needed = Set(list.map(\.column)).subtracting(free)
    return columns.filter { needed.contains($0) && ranges[$0] == nil && given[$0] == nil }
  }

  /// A field as a number: numbers, and text that reads as one (CSV); nil for the rest.
  package static func datum(_ value: LuaValue?) -> Double? {
    guard let value else { return nil }
    if let n = value.number { return n.isFinite ? n : nil }
    if let s = value.text, let n = readNumber(s), n.isFinite { return n }
    return nil
  }

  /// The channel values a `channels` function returned, checked: a table of known channel
  /// names to finite numbers in each channel's range, for both halves; a channel's value may
  /// be `{ left = …, right = … }`, and `left = { … }` or `right = { … }` give one half's.
  package static func channels(returned value: LuaValue, what: String, at location: SourceLocation)
    throws
    -> Channels
  {
    var out = Channels()
    guard let entries = tableEntries(value) else {
      throw Problem(location, "\(what) must be a table of channel values, got \(value.typeName)")
    }
    // Lua's table order changes from run to run: of several problems, the one said is the
    // first in channel order (an unknown name after every channel, by its text).
    var first: (rank: Int, key: String, message: String)?
    func problem(_ rank: Int, _ key: String, _ message: @autoclosure () -> String) {
      if let f = first, (f.rank, f.key) <= (rank, key) { return }
      first = (rank, key, message())
    }
    func take(_ channel: Channel, _ v: LuaValue, _ side: Side?, _ key: String) {
      let name = side.map { "\(channel.name).\($0.name)" } ?? channel.name
      guard let x = v.number else {
        problem(channel.rawValue, key, "\(what): \(name) must be a number, got \(v.typeName)")
        return
      }
      guard x.isFinite, x >= channel.lowest, x <= 1 else {
        problem(
          channel.rawValue, key,
          "\(what): \(name) must be a finite number in \(formatNumber(channel.lowest))…1, got \(formatNumber(x))"
        )
        return
      }
      if let side { out[channel, side] = x } else { out[channel] = x }
    }
    func walk(_ entries: [(key: LuaValue, value: LuaValue)], side: Side?) {
      for (key, v) in entries {
        let text = key.text ?? ""
        if side == nil, let half = Side(name: text) {
          guard let inner = tableEntries(v) else {
            problem(
              Int.max, text,
              "\(what): \(text) must be a table of the \(text) half's channel values, got \(v.typeName)"
            )
            continue
          }
          walk(inner, side: half)
          continue
        }
        var unknown = ""
        guard let channel = channel(named: key, problem: &unknown) else {
          problem(Int.max, text, "\(what) \(unknown)")
          continue
        }
        if side == nil, let halves = sideEntries(v) {
          for (half, hv) in halves { take(channel, hv, half, text) }
        } else {
          take(channel, v, side, text)
        }
      }
    }
    walk(entries, side: nil)
    if let first { throw Problem(location, first.message) }
    return out
  }

  /// A table's entries; nil when `value` is no table (an empty list is an empty table).
  package static func tableEntries(_ value: LuaValue) -> [(key: LuaValue, value: LuaValue)]? {
    switch value {
    case .map, .flat: return value.entries
    case .array(let a) where a.isEmpty: return []
    default: return nil
    }
  }

  /// `{ left = …, right = … }`'s halves, when `value` is such a table (no other keys).
  package static func sideEntries(_ value: LuaValue) -> [(Side, LuaValue)]? {
    guard case .map(let m) = value, !m.isEmpty else { return nil }
    var halves: [(Side, LuaValue)] = []
    for (key, v) in m {
      guard let text = key.text, let side = Side(name: text) else { return nil }
      halves.append((side, v))
    }
    return halves.sorted { $0.0.rawValue < $1.0.rawValue }
  }

  /// The channel a key of a channels table names (a declared mapping's, a function's
  /// result's); else nil, and `problem` says what the key is and the names there are.
  package static func channel(named key: LuaValue, problem: inout String) -> Channel? {
    if let name = key.text, let channel = Channel(name: name) { return channel }
    let names = "(channels: " + Channel.allNames.joined(separator: ", ") + ")"
    guard let name = key.text else {
      problem = "has a \(key.typeName) key, not a channel's name \(names)"
      return nil
    }
    problem = "names an unknown channel '\(name)'\(suggestion(name, Channel.allNames)) \(names)"
    return nil
  }
}

extension ChannelMapping {
  /// The min and max of `columns` over `rows` (for `check`, over a diagnosis's examples).
  public static func scan(_ rows: [LuaValue], _ columns: [String]) -> [String: ColumnRange] {
    var found: [String: ColumnRange] = [:]
    for row in rows { include(row, columns, into: &found) }
    return found
  }

  /// The mean of each of `columns` over `rows` (the numbers there; none: no mean).
  public static func means(_ rows: [LuaValue], _ columns: [String]) -> [String: Double] {
    var sums = ColumnSums()
    for row in rows { sums.add(row, columns) }
    return sums.means
  }

  /// Widens `found` to take in the numeric fields of `row` named by `columns`.
  public static func include(
    _ row: LuaValue, _ columns: [String], into found: inout [String: ColumnRange]
  ) {
    var hints = [Int](repeating: 0, count: columns.count)
    var ranges = columns.map { found[$0] }
    include(row, columns, hints: &hints, into: &ranges)
    for (column, range) in zip(columns, ranges) { if let range { found[column] = range } }
  }

  /// Widens `ranges` (one a column, nil until a number is seen) to take in the numeric
  /// fields of `row` named by `columns`, finding each column first where `hints` (one a
  /// column, kept from row to row) says it was in the last row: a first pass's loop, with
  /// no dictionary a row.
  public static func include(
    _ row: LuaValue, _ columns: [String], hints: inout [Int],
    into ranges: inout [ColumnRange?]
  ) {
    for (i, column) in columns.enumerated() {
      guard let x = ChannelMapping.datum(row.field(column, hint: &hints[i])) else { continue }
      if ranges[i] == nil {
        ranges[i] = ColumnRange(low: x, high: x)
      } else {
        ranges[i]!.include(x)
      }
    }
  }
}

extension ChannelMapping {
  /// A problem for each column the mapping names that `names` (an input's columns: a CSV's
  /// header, JSON rows' keys, the examples' keys) lacks, at the line of the field naming it,
  /// with the nearest names and the columns there are: a misspelt column would otherwise
  /// draw every face neutral without a word. `input` names the input (`rows.csv`, `the
  /// examples`). Empty for a function, or when every column is there.
  public func absentColumns(from names: [String], input: String, at location: SourceLocation)
    -> [Problem]
  {
    guard case .columns(let list) = source else { return [] }
    let known = Set(names)
    var out: [Problem] = []
    for c in list where !known.contains(c.column) {
      // Of names as near, one as long as the column is likelier (mgp: mpg, not hp).
      let length = c.column.count
      let nearest = names.enumerated().sorted {
        (abs($0.element.count - length), $0.offset) < (abs($1.element.count - length), $1.offset)
      }.map(\.element)
      out.append(
        Problem(
          c.place(location),
          "channel \(c.name): no column '\(c.column)' in \(input)\(suggestion(c.column, nearest)) \(listing("columns", columnNames(names), none: "no columns"))"
        ))
    }
    // In the script's order, as a reader goes down the declaration.
    func line(_ p: Problem) -> Int { p.location.line ?? 0 }
    return out.enumerated().sorted { (line($0.element), $0.offset) < (line($1.element), $1.offset) }
      .map(\.element)
  }
}

/// Running sums for columns' means, a row at a time (batch's pass over a file).
public struct ColumnSums: Sendable {
  private var sum: [String: Double] = [:]
  private var count: [String: Int] = [:]

  /// No rows yet.
  public init() {}

  /// Adds the numbers `row` holds in `columns`.
  public mutating func add(_ row: LuaValue, _ columns: [String]) {
    for column in columns {
      guard let x = ChannelMapping.datum(row[column]) else { continue }
      // Halved, as ColumnRange.unit does: a sum of large finite numbers stays finite.
      sum[column, default: 0] += x / 2
      count[column, default: 0] += 1
    }
  }

  /// Each column's mean, for the columns that held a number.
  public var means: [String: Double] {
    var out: [String: Double] = [:]
    for (column, s) in sum { out[column] = 2 * (s / Double(count[column] ?? 1)) }
    return out
  }
}
