// What a data sheet's legend says of a diagnosis's `channels`: a line a channel (its
// column, the range or levels it was scaled from), a key face at each end of the channel
// (the others left as the seed draws them), face_color's swatches, and the features
// drawn by Lua beside the channels.

import Face
import Geometry
import Glibc
import LuaHost
import Readable
import Render

/// One line of a data sheet's legend.
public struct LegendEntry: Sendable {
  /// The line: `smile −1…1 ← mpg (10.4 … 33.9)`.
  public var text: String
  /// The key faces: the channel at its low end, then its high end (nil: a line of text).
  public var keys: (low: Drawing, high: Drawing)?
  /// What each key face stands for (`10.4`, `setosa`).
  public var keyLabels: (low: String, high: String) = ("", "")
  /// face_color's colours and what each stands for (a level, a value).
  public var swatches: [(color: Color, label: String)] = []
  /// The line says what a missing value is drawn as: said on a sheet only when a row had one.
  public var aboutMissing = false

  /// A line of text alone.
  public init(text: String) { self.text = text }
}

/// The legend of a diagnosis's channels.
public enum DataLegend {
  /// The size across of a key face's document.
  public static let keySize = 240.0

  /// The legend of `mapping`'s channels, scaled by the ranges, means and levels a batch
  /// fixed (`ranges` first, then the declared ones), its key faces in `style`; `features`
  /// (each with the plugin or place it came from) are drawn by Lua beside the channels.
  public static func entries(
    _ mapping: ChannelMapping, style: FaceStyle, features: [(name: String, from: String)],
    ranges: [String: ColumnRange], means: [String: Double], levels: [String: [String]]
  ) -> [LegendEntry] {
    var out: [LegendEntry] = []
    func key(_ channel: Channel, _ side: Side?, _ value: Double, _ palette: FillPalette?)
      -> Drawing
    {
      var ch = Channels()
      ch.palette = palette
      if let side { ch[channel, side] = value } else { ch[channel] = value }
      return keyFace(ch, style: style)
    }
    guard case .columns = mapping.source else {
      out.append(LegendEntry(text: "channels computed by the diagnosis's function of the row"))
      return out + featureLines(features)
    }
    let ready = ResolvedMapping(mapping, ranges: ranges, means: means, levels: levels)
    for e in ready.entries {
      let c = e.c
      let lowEnd = c.channel.lowest == 0 ? "0" : "−1"
      var text = "\(c.name) \(lowEnd)…1 ← \(shortName(c.column))\(c.reverse ? ", reversed" : "")"
      // The data's values at the channel's 0 and 1, for the key faces and the swatches.
      var ends: (String, String)
      var at: ((Double) -> String)?
      switch e.rule {
      case .scaled(let r):
        let scale = mapping.scale(of: c) == .common ? ", common scale" : ""
        text += " (\(legendNumber(r.low)) … \(legendNumber(r.high))\(scale))"
        ends = (legendNumber(r.low), legendNumber(r.high))
        at = { legendNumber(r.value(at: $0)) }
      case .centred(let centre, let half):
        text += " (centred on \(legendNumber(centre)) ± \(legendNumber(half)))"
        let span = ColumnRange(low: clampedSum(centre, -half), high: clampedSum(centre, half))
        ends = (legendNumber(span.low), legendNumber(span.high))
        at = { legendNumber(span.value(at: $0)) }
      case .asGiven:
        text += " (values as given)"
        ends = (lowEnd, "1")
        at = { legendNumber(c.channel.lowest + (1 - c.channel.lowest) * $0) }
      case .levels(_, let names, let declared):
        // The swatches or key faces show them too: a long list is cut.
        // A long level is cut to its two ends, as a list shows names: the line stays on the
        // sheet, however long the data's text.
        let shown =
          names.count > 6
          ? names.prefix(5).map(shortName) + ["… \(names.count - 5) more"] : names.map(shortName)
        text += " (\(declared ? "declared levels" : "levels") \(shown.joined(separator: ", ")))"
        ends = (names.first ?? "", names.last ?? "")
      case .unranged:
        text += " (no range)"
        ends = ("", "")
      }
      if c.reverse { ends = (ends.1, ends.0) }
      if let missing = c.missing { text += "; missing: \(missing.legend)" }
      var entry = LegendEntry(text: text)
      let palette = c.channel == .faceColor ? ready.palette : nil
      entry.keys = (
        key(c.channel, c.side, c.channel.lowest, palette), key(c.channel, c.side, 1, palette)
      )
      entry.keyLabels = ends
      if c.channel == .faceColor {
        func color(_ t: Double) -> Color {
          palette?.color(at: t) ?? FacePalette.color(at: t)
        }
        if case .levels(_, let names, _) = e.rule {
          entry.swatches = names.enumerated().map { i, name in
            let t = names.count > 1 ? Double(i) / Double(names.count - 1) : 0.5
            return (color(c.reverse ? 1 - t : t), name)
          }
        } else if let at {
          entry.swatches = [0, 0.25, 0.5, 0.75, 1].map { t in
            (color(t), at(c.reverse ? 1 - t : t))
          }
        }
      }
      out.append(entry)
    }
    for f in mapping.functions {
      let lowEnd = f.channel.lowest == 0 ? "0" : "−1"
      var entry = LegendEntry(text: "\(f.name) \(lowEnd)…1 ← a function of the row (\(f.location))")
      let palette = f.channel == .faceColor ? mapping.palette?.fill(levels: nil) : nil
      entry.keys = (
        key(f.channel, f.side, f.channel.lowest, palette), key(f.channel, f.side, 1, palette)
      )
      entry.keyLabels = (lowEnd, "1")
      out.append(entry)
    }
    var missing = LegendEntry(text: "missing values: \(mapping.missing.legend)")
    missing.aboutMissing = true
    out.append(missing)
    return out + featureLines(features)
  }

  /// A line naming the features Lua draws on every face beside the channels (a plugin's).
  static func featureLines(_ features: [(name: String, from: String)]) -> [LegendEntry] {
    guard !features.isEmpty else { return [] }
    let names = features.map { f in "\(f.name) (\(f.from))" }
    return [LegendEntry(text: "drawn by Lua too: " + names.joined(separator: ", "))]
  }

  /// A key face: `channels` alone, in `style`, drawn in a square `keySize` across, in from
  /// its edges by the margin the widest ears reach into (no plugin features: the key shows
  /// the channel alone).
  static func keyFace(_ channels: Channels, style: FaceStyle) -> Drawing {
    let size = keySize
    let inset = size * faceMargin / (1 + 2 * faceMargin)
    var items: [Item] = []
    if var state = try? FaceState(happiness: 50, scale: style.scale) {
      state.channels = channels
      if let g = try? faceGeometry(
        state: state, style: style,
        bounds: Rect(x: inset, y: inset, width: size - 2 * inset, height: size - 2 * inset))
      {
        items = g.items()
      }
    }
    return Drawing(width: size, height: size, title: "", background: nil, items: items)
  }
}

/// `a + b`, the largest double of its sign where the sum overflows.
func clampedSum(_ a: Double, _ b: Double) -> Double {
  min(max(a + b, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
}

/// `x` as the legend writes it: to 4 significant digits (a mean of 150 lengths is
/// 3.7580000000000027 in binary, 3.758 to a reader).
func legendNumber(_ x: Double) -> String {
  guard x.isFinite, x != 0 else { return formatNumber(x) }
  let scale = pow(10, 3 - floor(log10(abs(x))))
  guard scale.isFinite, scale > 0 else { return formatNumber(x) }
  // Rounded up past the largest double (1.7976931348623157e308 to 1.798e308) is infinity:
  // a finite number keeps its digits then.
  let rounded = (x * scale).rounded() / scale
  return formatNumber(rounded.isFinite ? rounded : x)
}
