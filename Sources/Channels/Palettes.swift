// The named palettes `face_color` may be drawn in (`palette = "viridis"`), and a list of
// colours of one's own (`colors = { … }`).
//
// The stops are data from their published definitions, written here by hand:
// - viridis: Stéfan van der Walt and Nathaniel Smith's colormap for matplotlib (2015), the
//   nine stops R's viridisLite gives for viridis(9).
// - the rest: Cynthia Brewer's ColorBrewer 2.0 (colorbrewer2.org), each scheme at its
//   largest number of classes (sequential 9, diverging 11, qualitative as many as it has).

import Face
import Render

/// A palette `face_color` is drawn in: its colours, and whether they are categories (one
/// a level or a step, never mixed) or a ramp (mixed between neighbours).
public struct NamedPalette: Equatable, Sendable {
  /// What `palette = "…"` calls it (`list` of a custom one: `colors`).
  public var name: String
  /// The colours, from the channel's 0 to its 1.
  public var colors: [Color]
  /// Categories (ColorBrewer's qualitative sets): never mixed.
  public var qualitative: Bool

  /// A palette.
  public init(name: String, colors: [Color], qualitative: Bool) {
    self.name = name
    self.colors = colors
    self.qualitative = qualitative
  }

  /// The palette named `name`, compared without case.
  public static func named(_ name: String) -> NamedPalette? {
    let lower = name.lowercased()
    guard let entry = table.first(where: { $0.name.lowercased() == lower }) else { return nil }
    return NamedPalette(
      name: entry.name,
      colors: entry.hex.split(separator: " ").compactMap { Color(parsing: String($0)) },
      qualitative: entry.qualitative)
  }

  /// Every palette's name, in the order the README lists them.
  public static var names: [String] { table.map(\.name) }

  /// What a face drawn with this palette uses: a text column's levels each get the next
  /// colour of a qualitative palette or a list (cycled when there are more levels than
  /// colours), or an even step along a ramp; a numeric column steps through a qualitative
  /// palette and blends along the rest.
  public func fill(levels: Int?) -> FillPalette {
    if let levels, levels > 0, qualitative {
      return FillPalette(
        colors: (0..<levels).map { colors[$0 % colors.count] }, stepped: true)
    }
    return FillPalette(colors: colors, stepped: qualitative)
  }

  /// Each palette's name, kind and colours, `#rrggbb` from its 0 to its 1.
  private static let table: [(name: String, qualitative: Bool, hex: String)] = [
    ("viridis", false, "#440154 #472d7b #3b528b #2c728e #21908c #27ad81 #5dc863 #aadc32 #fde725"),
    // Sequential, 9 classes.
    ("Blues", false, "#f7fbff #deebf7 #c6dbef #9ecae1 #6baed6 #4292c6 #2171b5 #08519c #08306b"),
    ("Greens", false, "#f7fcf5 #e5f5e0 #c7e9c0 #a1d99b #74c476 #41ab5d #238b45 #006d2c #00441b"),
    ("Greys", false, "#ffffff #f0f0f0 #d9d9d9 #bdbdbd #969696 #737373 #525252 #252525 #000000"),
    ("Oranges", false, "#fff5eb #fee6ce #fdd0a2 #fdae6b #fd8d3c #f16913 #d94801 #a63603 #7f2704"),
    ("Purples", false, "#fcfbfd #efedf5 #dadaeb #bcbddc #9e9ac8 #807dba #6a51a3 #54278f #3f007d"),
    ("Reds", false, "#fff5f0 #fee0d2 #fcbba1 #fc9272 #fb6a4a #ef3b2c #cb181d #a50f15 #67000d"),
    ("YlGnBu", false, "#ffffd9 #edf8b1 #c7e9b4 #7fcdbb #41b6c4 #1d91c0 #225ea8 #253494 #081d58"),
    ("YlOrRd", false, "#ffffcc #ffeda0 #fed976 #feb24c #fd8d3c #fc4e2a #e31a1c #bd0026 #800026"),
    // Diverging, 11 classes.
    (
      "PiYG", false,
      "#8e0152 #c51b7d #de77ae #f1b6da #fde0ef #f7f7f7 #e6f5d0 #b8e186 #7fbc41 #4d9221 #276419"
    ),
    (
      "RdBu", false,
      "#67001f #b2182b #d6604d #f4a582 #fddbc7 #f7f7f7 #d1e5f0 #92c5de #4393c3 #2166ac #053061"
    ),
    (
      "RdYlBu", false,
      "#a50026 #d73027 #f46d43 #fdae61 #fee090 #ffffbf #e0f3f8 #abd9e9 #74add1 #4575b4 #313695"
    ),
    (
      "Spectral", false,
      "#9e0142 #d53e4f #f46d43 #fdae61 #fee08b #ffffbf #e6f598 #abdda4 #66c2a5 #3288bd #5e4fa2"
    ),
    // Qualitative.
    ("Accent", true, "#7fc97f #beaed4 #fdc086 #ffff99 #386cb0 #f0027f #bf5b17 #666666"),
    ("Dark2", true, "#1b9e77 #d95f02 #7570b3 #e7298a #66a61e #e6ab02 #a6761d #666666"),
    (
      "Paired", true,
      "#a6cee3 #1f78b4 #b2df8a #33a02c #fb9a99 #e31a1c #fdbf6f #ff7f00 #cab2d6 #6a3d9a #ffff99 #b15928"
    ),
    ("Pastel1", true, "#fbb4ae #b3cde3 #ccebc5 #decbe4 #fed9a6 #ffffcc #e5d8bd #fddaec #f2f2f2"),
    ("Pastel2", true, "#b3e2cd #fdcdac #cbd5e8 #f4cae4 #e6f5c9 #fff2ae #f1e2cc #cccccc"),
    ("Set1", true, "#e41a1c #377eb8 #4daf4a #984ea3 #ff7f00 #ffff33 #a65628 #f781bf #999999"),
    ("Set2", true, "#66c2a5 #fc8d62 #8da0cb #e78ac3 #a6d854 #ffd92f #e5c494 #b3b3b3"),
    (
      "Set3", true,
      "#8dd3c7 #ffffb3 #bebada #fb8072 #80b1d3 #fdb462 #b3de69 #fccde5 #d9d9d9 #bc80bd #ccebc5 #ffed6f"
    ),
  ]
}
