/// A number as messages and labels show it: whole numbers without `.0` (`70`, `-3`, `-0`),
/// the rest as Swift prints them (`0.5`, `1e+20`, `nan`, `-inf`). The one formatter of
/// numbers for people (SVG attributes have `SVGNumber`).
public func formatNumber(_ d: Double) -> String {
  let text = String(d)
  return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
}

/// A number as a person wrote it in text (a data field, a ranges line, an option), or nil.
/// Swift's `Double(text)` reads a C string, so it stops at a NUL byte and `"1\0junk"` would
/// read as 1: text holding a NUL is no number.
public func readNumber<S: StringProtocol>(_ text: S) -> Double? {
  guard !text.utf8.contains(0) else { return nil }
  return Double(text)
}
