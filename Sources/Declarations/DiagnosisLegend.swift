// A diagnosis's legend: its channels' entries (Channels' DataLegend) in the style it draws
// in, with the features the script draws beside them.

import Channels
import Face
import Readable

extension DataLegend {
  /// The legend of `d`'s channels, scaled by the ranges, means and levels a batch fixed
  /// (`ranges` first, then the declared ones), its key faces in the style the diagnosis
  /// draws in. Empty without channels.
  public static func entries(
    _ d: Diagnosis, script: Script, ranges: [String: ColumnRange], means: [String: Double],
    levels: [String: [String]]
  ) -> [LegendEntry] {
    guard let mapping = d.channels else { return [] }
    let registry = script.registry
    let style = registry.style(script.options.style ?? d.style) ?? registry.globalStyle
    let features = registry.features.filter {
      registry.drawsEverywhere($0) || d.features.contains($0.name)
    }
    return entries(
      mapping, style: style,
      features: features.map { ($0.name, $0.plugin ?? $0.location.description) },
      ranges: ranges, means: means, levels: levels)
  }
}
