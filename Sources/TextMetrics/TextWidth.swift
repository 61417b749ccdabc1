// How wide text is when drawn: the one place that measures it, for the bar's title and back
// button, menu buttons, the storyboard canvas, the sheet's labels and the HTML page. Widths come
// from the real advance widths of the fonts the PNG path draws with (AdvanceTables, generated
// by scripts/font-metrics), added up by grapheme cluster, so a mark or a joined emoji never
// counts as a character of its own.

/// The weight text is drawn in: Liberation Sans Regular or Bold (Helvetica's metrics) and the
/// fallbacks fontconfig picks after it.
public enum FontWeight: Sendable, Equatable {
  /// Regular.
  case regular
  /// Bold (bar titles, back buttons, iOS 6's button titles).
  case bold
}

/// Which font list text is set in: the chrome's (Helvetica, Arial, Liberation Sans, CJK
/// families: `TextWidth.families`), or plain `sans-serif` (the sheets' labels), which
/// fontconfig gives DejaVu Sans.
public enum TextFamily: Sendable, Equatable {
  /// `TextWidth.families`: Liberation Sans's metrics.
  case helvetica
  /// `sans-serif`: DejaVu Sans's metrics.
  case sansSerif
}

/// Advance widths of text in the SVG's font list, in points.
public enum TextWidth {
  /// The SVG's `font-family` list the widths are measured for, best first: Helvetica (iOS
  /// 6's) and the faces with its metrics (Arial, Liberation Sans: the PNG path's), then CJK
  /// families a viewer has on macOS, Windows, Android and Linux (WenQuanYi Zen Hei: the
  /// PNG path's, from fonts-wqy-zenhei), then the viewer's sans-serif.
  public static let families = [
    "Helvetica", "Arial", "Liberation Sans", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei",
    "Noto Sans CJK SC", "WenQuanYi Zen Hei", "sans-serif",
  ]

  /// The width a character no installed font has is taken as: about an average letter's.
  static let unknownEm = 0.6

  /// The width of `text` set in `size`-point type of `weight`: the sum of its grapheme
  /// clusters' advances, with the text font's kerning between two letters (as librsvg's
  /// HarfBuzz and a browser set it: "Wa" is narrower than W and a).
  public static func of(
    _ text: some StringProtocol, size: Double, weight: FontWeight,
    family: TextFamily = .helvetica
  ) -> Double {
    var ems = 0.0
    var previous: UInt32 = 0
    for cluster in text {
      ems += em(cluster, weight: weight, family: family)
      let scalars = cluster.unicodeScalars
      let v = scalars.count == 1 ? scalars.first!.value : 0
      if previous != 0, v != 0 { ems += kerning(previous, v, weight: weight, family: family) }
      previous = v < 0x10000 ? v : 0
    }
    return ems * size
  }

  /// The text font's kerning between `left` and `right`, in ems (0 for most pairs).
  public static func kerning(
    _ left: UInt32, _ right: UInt32, weight: FontWeight, family: TextFamily = .helvetica
  ) -> Double {
    let pairs = tables(family, weight).kerning
    let key = UInt64(left) << 32 | UInt64(right) << 16
    var low = 0
    var high = pairs.count
    while low < high {
      let mid = (low + high) / 2
      if pairs[mid] & ~0xFFFF < key { low = mid + 1 } else { high = mid }
    }
    guard low < pairs.count, pairs[low] & ~0xFFFF == key else { return 0 }
    return Double(Int(pairs[low] & 0xFFFF) - 32768) / 1024
  }

  /// One grapheme cluster's advance in ems. A cluster that starts with a wide character (a
  /// CJK ideograph, a hangul syllable, an emoji) or that asks for emoji presentation (U+FE0F)
  /// or joins emoji (U+200D) is one glyph: its first character's advance (at least an emoji's
  /// when it asks for one). Otherwise its characters add up, marks and joiners being 0.
  public static func em(
    _ cluster: Character, weight: FontWeight, family: TextFamily = .helvetica
  ) -> Double {
    let scalars = cluster.unicodeScalars
    var iterator = scalars.makeIterator()
    guard let first = iterator.next() else { return 0 }
    let firstEm = em(scalar: first.value, weight: weight, family: family)
    if iterator.next() == nil { return firstEm }
    var joined = firstEm >= 1
    var emoji = false
    for s in scalars {
      if s.value == 0xFE0F { emoji = true }
      if s.value == 0x200D || (0x1F1E6...0x1F1FF).contains(s.value) { joined = true }
    }
    if emoji { return max(firstEm, emojiEm) }
    if joined { return firstEm }
    var sum = 0.0
    for s in scalars { sum += em(scalar: s.value, weight: weight, family: family) }
    return sum
  }

  /// An emoji's advance (Noto Color Emoji's).
  static let emojiEm = 1275.0 / 1024

  /// One character's advance in ems, from the generated table.
  public static func em(
    scalar v: UInt32, weight: FontWeight, family: TextFamily = .helvetica
  ) -> Double {
    if v < 0x20 { return 0 }
    let runs = tables(family, weight).advances
    // The last run starting at or before v.
    var low = 0
    var high = runs.count
    while high - low > 1 {
      let mid = (low + high) / 2
      if runs[mid] >> 11 <= v { low = mid } else { high = mid }
    }
    let units = runs[low] & 0x7FF
    return units == 0x7FF ? unknownEm : Double(units) / 1024
  }

  /// The generated tables of one font list in one weight.
  static func tables(
    _ family: TextFamily, _ weight: FontWeight
  ) -> (advances: [UInt32], kerning: [UInt64]) {
    switch (family, weight) {
    case (.helvetica, .regular): (AdvanceTables.regular, AdvanceTables.regularKerning)
    case (.helvetica, .bold): (AdvanceTables.bold, AdvanceTables.boldKerning)
    case (.sansSerif, .regular): (AdvanceTables.sansRegular, AdvanceTables.sansRegularKerning)
    case (.sansSerif, .bold): (AdvanceTables.sansBold, AdvanceTables.sansBoldKerning)
    }
  }
}
