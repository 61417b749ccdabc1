// A diagnosis's `channels`, `ranges`, `missing`, `scale` and `palette` fields read from its
// table into the channel model (Channels), each wrong one a problem at its field's line.

import Channels
import Face
import LuaHost
import Readable
import Render

extension Fields {
  /// `channels = { smile = "mpg", hair = { column = "hp", reverse = true }, … }` or a
  /// function of the row; `ranges = { mpg = {10, 35}, … }`. Nil when neither is given.
  mutating func channelMapping() -> ChannelMapping? {
    let ranges = rangesField()
    let missing = missingPolicy("missing")
    let words = raw("missing_words").map { _ in strings("missing_words") }
    let scale = scaleField("scale")
    let palette = paletteField("palette", colors: nil)
    guard let c = raw("channels") else {
      if !ranges.isEmpty { fail("ranges is given but channels is not") }
      if missing != nil || words != nil { fail("missing is given but channels is not") }
      if scale != nil { fail("scale is given but channels is not", atKey: "scale") }
      if palette != nil { fail("palette is given but channels is not", atKey: "palette") }
      return nil
    }
    var read = ChannelsRead()
    let source: ChannelSource
    switch c {
    case .function(let f): source = .function(f)
    case .map:
      readChannels(c.entries, into: &read)
      checkChannels(read, palette: palette)
      source = .columns(read.columns)
    default:
      fail(
        "channels must be a table { smile = \"column\", … } or a function(row), got \(c.typeName)")
      return nil
    }
    var m = ChannelMapping(source: source, ranges: ranges)
    if let missing { m.missing = missing }
    if let words { m.missingWords = words }
    if let scale { m.scale = scale }
    m.palette = palette
    m.functions = read.functions
    m.location = texts.locate(location, naming: "channels", key: true)
    return m
  }

  /// `ranges = { mpg = {10, 35}, … }`: each column's declared range.
  private mutating func rangesField() -> [String: ColumnRange] {
    var ranges: [String: ColumnRange] = [:]
    guard let r = raw("ranges") else { return ranges }
    for (key, v) in r.entries {
      guard let column = key.text else {
        fail("ranges maps column names to {low, high}, got a \(key.typeName) key")
        continue
      }
      guard case .array(let pair) = v, pair.count == 2, let low = pair[0].number,
        let high = pair[1].number, low.isFinite, high.isFinite, low <= high
      else {
        fail("ranges.\(column) must be {low, high}: two finite numbers, low ≤ high", atKey: column)
        continue
      }
      ranges[column] = ColumnRange(low: low, high: high)
    }
    return ranges
  }

  /// The entries of a `channels` table read into `read`: a channel's column or function,
  /// for the whole face or a half (`left = { … }`, or `{ left = …, right = … }` under a
  /// channel), in a fixed order (a Lua table's is lost: a fixed one keeps every row alike).
  private mutating func readChannels(
    _ entries: [(key: LuaValue, value: LuaValue)], into read: inout ChannelsRead
  ) {
    for (key, v) in entries {
      if let name = key.text, let side = Side(name: name) {
        guard let inner = ChannelMapping.tableEntries(v) else {
          fail(
            "channels.\(name) must be a table of the \(name) half's channels { smile = \"column\", … }, got \(v.typeName)"
          )
          continue
        }
        for (k, sv) in inner {
          guard let channel = channel(k, in: "channels.\(name)") else { continue }
          readChannel(sv, channel, side, into: &read)
        }
        continue
      }
      guard let channel = channel(key, in: "channels") else { continue }
      if case .map(let m) = v, m.keys.contains(where: { $0.text.flatMap(Side.init(name:)) != nil })
      {
        // { left = …, right = … }: each half its own column.
        let sub = Fields(
          v, what: "\(what) channels.\(channel.name)", location: location, texts: texts,
          known: ["left", "right"])
        problems += sub.problems
        for side in Side.allCases {
          if let sv = sub.raw(side.name) { readChannel(sv, channel, side, into: &read) }
        }
        continue
      }
      readChannel(v, channel, nil, into: &read)
    }
    read.columns.sort {
      ChannelsRead.rank($0.channel, $0.side) < ChannelsRead.rank($1.channel, $1.side)
    }
    read.functions.sort {
      ChannelsRead.rank($0.channel, $0.side) < ChannelsRead.rank($1.channel, $1.side)
    }
  }

  /// One channel's value: a function (its value computed from the row), else a column.
  private mutating func readChannel(
    _ v: LuaValue, _ channel: Channel, _ side: Side?, into read: inout ChannelsRead
  ) {
    guard case .function(let f) = v else { return column(v, channel, side, into: &read.columns) }
    let key = side.map { $0.name } ?? channel.name
    read.functions.append(
      FunctionChannel(
        channel: channel, side: side, function: f,
        location: texts.locate(location, naming: key, key: true)))
  }

  /// The channels read, checked together: none given twice for the same half, colours
  /// only on face_color, a palette only with a face_color channel.
  private mutating func checkChannels(_ read: ChannelsRead, palette: NamedPalette?) {
    let given =
      (read.columns.map { ($0.channel, $0.side, $0.name) }
      + read.functions.map { ($0.channel, $0.side, $0.name) })
      .sorted { ChannelsRead.rank($0.0, $0.1) < ChannelsRead.rank($1.0, $1.1) }
    for (a, b) in zip(given, given.dropFirst())
    where a.0 == b.0 && (a.1 == nil || b.1 == nil || a.1 == b.1) {
      let half = (a.1 ?? b.1).map { "the \($0.name) half" } ?? "both halves"
      fail("channels: \(a.0.name) is given twice for \(half) (\(a.2) and \(b.2))")
    }
    for c in read.columns where c.palette != nil && c.channel != .faceColor {
      fail("channels.\(c.name): palette and colors colour face_color only", atKey: c.channel.name)
    }
    if palette != nil && !read.columns.contains(where: { $0.channel == .faceColor })
      && !read.functions.contains(where: { $0.channel == .faceColor })
    {
      fail("palette is given but no channel maps face_color", atKey: "palette")
    }
  }

  /// A `scale = "column" | "common" | "centred" | "none"` field; nil when absent or wrong
  /// (said as a problem at its line).
  mutating func scaleField(_ key: String) -> ChannelScale? {
    // Both spellings: a reader from R or the US writes "centered".
    if raw(key)?.text == "centered" { return .centred }
    return choice(key)
  }

  /// A `levels = { "setosa", … }` field: at least one text, none twice.
  mutating func levelsField(_ key: String) -> [String]? {
    guard let v = raw(key) else { return nil }
    guard case .array(let items) = v, !items.isEmpty else {
      fail(
        "\(key) must be a list of the column's values in order { \"low\", …, \"high\" }, got \(v.typeName)",
        atKey: key)
      return nil
    }
    var out: [String] = []
    // A set beside the list: a search of the list for each level was quadratic (100,000
    // levels took ten seconds).
    var seen: Set<String> = []
    for item in items {
      let text = item.text ?? item.number.map(formatNumber)
      guard let text else {
        fail("\(key) must hold texts or numbers, got \(item.typeName)", atKey: key)
        return nil
      }
      guard seen.insert(text).inserted else {
        fail("\(key) lists '\(text)' twice", atKey: key)
        return nil
      }
      out.append(text)
    }
    return out
  }

  /// `palette = "viridis"` (a name, compared without case) or, with `colors` set, `colors =
  /// { "#440154", "teal", … }`; nil when neither is given or it is wrong (said at its line).
  mutating func paletteField(_ key: String, colors: String?) -> NamedPalette? {
    if let colors, let v = raw(colors) {
      if raw(key) != nil { fail("give \(key) or \(colors), not both", atKey: colors) }
      guard case .array(let items) = v, !items.isEmpty else {
        fail(
          "\(colors) must be a list of colours { \"#rrggbb\", \"teal\", … }, got \(v.typeName)",
          atKey: colors)
        return nil
      }
      var list: [Color] = []
      for item in items {
        guard let text = item.text, let color = Color(parsing: text) else {
          fail(
            "\(colors): \(item.text.map(unknownColor) ?? "a colour is a text, got \(item.typeName)")",
            atKey: colors)
          return nil
        }
        list.append(color)
      }
      return NamedPalette(name: "colors", colors: list, qualitative: false)
    }
    guard let name = string(key) else { return nil }
    guard let palette = NamedPalette.named(name) else {
      let names = NamedPalette.names
      fail(
        "\(key) names no palette '\(name)'\(suggestion(name, names)) (palettes: \(names.joined(separator: ", ")); or colors = { \"#rrggbb\", … })",
        atKey: key)
      return nil
    }
    return palette
  }

  /// A `missing = "neutral" | "mean" | "drop" | "error"` field; nil when absent or wrong
  /// (said as a problem).
  mutating func missingPolicy(_ key: String) -> MissingPolicy? { choice(key) }

  /// A field naming one of `T`'s cases; nil when absent, or wrong (said at its line with the
  /// cases there are and the nearest).
  mutating func choice<T: RawRepresentable & CaseIterable>(_ key: String) -> T?
  where T.RawValue == String {
    guard let text = string(key) else { return nil }
    guard let value = T(rawValue: text) else {
      let names = T.allCases.map(\.rawValue)
      fail(
        "\(key) must be one of \(names.joined(separator: ", ")), got '\(text)'\(suggestion(text, names))",
        atKey: key)
      return nil
    }
    return value
  }
}

extension Fields {
  /// The channel `key` names in the table `table`; else nil and a problem naming the key.
  fileprivate mutating func channel(_ key: LuaValue, in table: String) -> Channel? {
    var unknown = ""
    guard let channel = ChannelMapping.channel(named: key, problem: &unknown) else {
      if let name = key.text {
        fail("\(table) " + unknown, atKey: name)
      } else {
        fail("\(table) " + unknown)
      }
      return nil
    }
    return channel
  }

  /// `"column"` or `{ column = "column", reverse = true }` driving `channel` on `side` (nil:
  /// both halves), appended to `list`; else a problem.
  fileprivate mutating func column(
    _ v: LuaValue, _ channel: Channel, _ side: Side?, into list: inout [ColumnChannel]
  ) {
    let name = side.map { "\(channel.name).\($0.name)" } ?? channel.name
    if let column = v.text {
      var c = ColumnChannel(channel: channel, column: column, reverse: false, side: side)
      c.columnLine = texts.locate(location, naming: column)
      list.append(c)
      return
    }
    var sub = Fields(
      v, what: "\(what) channels.\(name)", location: location,
      texts: texts, known: ["column", "reverse", "missing", "scale", "levels", "palette", "colors"])
    if let column = sub.string("column") {
      var c = ColumnChannel(
        channel: channel, column: column, reverse: sub.bool("reverse"), side: side,
        missing: sub.missingPolicy("missing"))
      c.scale = sub.scaleField("scale")
      c.levels = sub.levelsField("levels")
      c.palette = sub.paletteField("palette", colors: "colors")
      c.columnLine = texts.locate(location, naming: column)
      if c.levels != nil { c.levelsLine = texts.locate(location, naming: "levels", key: true) }
      list.append(c)
    } else if sub.problems.isEmpty {
      sub.fail(
        "needs a column: \(name) = \"column\", { column = \"column\", reverse = true }, a function(row) or { left = …, right = … }"
      )
    }
    problems += sub.problems
  }
}

/// The channels read from a `channels` table so far: columns and functions.
private struct ChannelsRead {
  var columns: [ColumnChannel] = []
  var functions: [FunctionChannel] = []

  /// The fixed order channels are kept in: by channel, the whole face before its halves.
  static func rank(_ channel: Channel, _ side: Side?) -> (Int, Int) {
    (channel.rawValue, side?.rawValue ?? -1)
  }
}
