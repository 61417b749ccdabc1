/// A number as messages and labels show it: whole numbers without `.0` (`70`, `-3`, `-0`),
/// the rest as Swift prints them (`0.5`, `1e+20`, `nan`, `-inf`). The one formatter of
/// numbers for people (SVG attributes have `SVGNumber`).
public func formatNumber(_ d: Double) -> String {
  if let text = tenthsText(d) { return text }
  let text = String(d)
  return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
}

/// `d`'s text when it is a whole number or has one decimal (`40`, `-63.5`) below a million
/// in size, written from integers: the common case (a face's happiness in every batch
/// row's title) without Swift's shortest-digits search. Such a `d` is the double nearest to
/// its tenths (`q / 10`, divided with one rounding, gives it back), so no shorter text reads
/// as `d` and Swift's own text is the same; nil for the rest, and for −0, whose sign shows.
func tenthsText(_ d: Double) -> String? {
  guard d.magnitude < 1e6, d != 0 || d.sign == .plus else { return nil }
  let q = (d * 10).rounded()
  guard q / 10 == d else { return nil }
  let tenths = Int(q)
  let whole = tenths.magnitude / 10, digit = tenths.magnitude % 10
  let sign = tenths < 0 ? "-" : ""
  return digit == 0 ? sign + String(whole) : sign + String(whole) + "." + String(digit)
}

/// A number as a person wrote it in text (a data field, a ranges line, an option), or nil.
/// Swift's `Double(text)` reads a C string, so it stops at a NUL byte and `"1\0junk"` would
/// read as 1: text holding a NUL is no number.
public func readNumber<S: StringProtocol>(_ text: S) -> Double? {
  guard !text.utf8.contains(0) else { return nil }
  return Double(text)
}
