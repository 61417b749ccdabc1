/// A number as messages and labels show it: whole numbers without `.0` (`70`, `-3`, `-0`),
/// the rest as Swift prints them (`0.5`, `1e+20`, `nan`, `-inf`). The one formatter of
/// numbers for people (SVG attributes have `SVGNumber`).
public func formatNumber(_ d: Double) -> String {
  let text = String(d)
  return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
}
