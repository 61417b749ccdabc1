// The two shapes every message with a count or a list is built from, so that none reads
// "1 more problems" or "(for )".

/// A count and its noun, agreeing: `1 problem`, `2 problems`, `1 segue kind`,
/// `3 diagnoses` (an irregular plural is given: `plural(n, "diagnosis", "diagnoses")`).
public func plural(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
  "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
}

/// `(label: a, b, c)`, or `(none)` when there are no names, never `(label: )`. A long list
/// is cut to its first few and counted, `(2,000 buttons: d1, d2, d3, d4, d5, … and 1,995
/// more)`, and a long name to its two ends: a menu of thousands made every failed tap a
/// page of names.
public func listing(_ label: String, _ names: [String], none: String) -> String {
  guard !names.isEmpty else { return "(" + none + ")" }
  guard names.count > listedNamesAtMost else {
    return "(" + label + ": " + names.map(shortName).joined(separator: ", ") + ")"
  }
  let first = names.prefix(listedNamesWhenCut).map(shortName).joined(separator: ", ")
  return "(" + grouped(names.count) + " " + label + ": " + first + ", … and "
    + grouped(names.count - listedNamesWhenCut) + " more)"
}

/// `name` as a list shows it: whole up to `listedNameLength` characters, else its two ends
/// around `…`, so names that differ only in their last letters stay told apart.
public func shortName(_ name: String) -> String {
  name.count <= listedNameLength
    ? name : name.prefix(listedNameLength - 12) + "…" + name.suffix(11)
}

/// A list of up to this many names is given whole; a longer one, its first few.
let listedNamesAtMost = 10
let listedNamesWhenCut = 5
/// The characters of a listed name shown (its start, `…` and its end) when it is cut.
let listedNameLength = 40

/// A count with its thousands grouped, as people write it: `1,995`.
public func grouped(_ count: Int) -> String {
  let digits = String(count.magnitude)
  var out = count < 0 ? "-" : ""
  for (i, digit) in digits.enumerated() {
    if i > 0 && (digits.count - i) % 3 == 0 { out += "," }
    out.append(digit)
  }
  return out
}
