// The two shapes every message with a count or a list is built from, so that none reads
// "1 more problems" or "(for )".

/// A count and its noun, agreeing: `1 problem`, `2 problems`, `1 segue kind`,
/// `3 diagnoses` (an irregular plural is given: `plural(n, "diagnosis", "diagnoses")`).
public func plural(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
  "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
}

/// `(label: a, b, c)`, or `(none)` when there are no names, never `(label: )`.
public func listing(_ label: String, _ names: [String], none: String) -> String {
  "(" + (names.isEmpty ? none : label + ": " + names.joined(separator: ", ")) + ")"
}
