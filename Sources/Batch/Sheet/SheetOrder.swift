// `--sort COL` / `--sort -COL`: the contact sheet's order by a column, as R's
// `order(x)` / `order(-x)` would give it: stable, missing values last.

/// The sheet's order: by one column, ascending or descending.
package struct SheetSort: Sendable, Equatable {
  /// The column sorted by.
  package var column: String
  /// Largest first.
  package var descending: Bool

  /// `mpg` (ascending) or `-mpg` (descending), as `list` writes a reversed channel; nil
  /// for an empty column name.
  package init?(parsing text: String) {
    descending = text.hasPrefix("-")
    column = descending ? String(text.dropFirst()) : text
    if column.isEmpty { return nil }
  }

  /// `entries` in this order: numerically when every value present is a number, else by
  /// text (Unicode scalar order, numbers as the sheet writes them); equal values keep
  /// their row order, and rows without a value come last, in row order, either way.
  func sorted(_ entries: [SheetEntry]) -> [SheetEntry] {
    let keys = entries.map(\.sortKey)
    let numeric = keys.allSatisfy { $0 == nil || $0?.number != nil }
    func before(_ a: SheetDatum, _ b: SheetDatum) -> Bool {
      if numeric, let x = a.number, let y = b.number { return descending ? x > y : x < y }
      let (x, y) = (a.text.unicodeScalars, b.text.unicodeScalars)
      return descending
        ? y.lexicographicallyPrecedes(x) : x.lexicographicallyPrecedes(y)
    }
    let order = entries.indices.sorted { i, j in
      switch (keys[i], keys[j]) {
      case (let a?, let b?):
        if before(a, b) { return true }
        if before(b, a) { return false }
        return i < j
      case (.some, nil): return true
      case (nil, .some): return false
      case (nil, nil): return i < j
      }
    }
    return order.map { entries[$0] }
  }
}
