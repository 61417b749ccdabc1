// Finding and replacing text in text. The standard library's `firstRange(of:)`,
// `contains(_:)` for a string, and `replacing(_:with:)` live in _StringProcessing, whose
// one archive member (with the regex parser beside it) a static link pulls in whole for any
// of them: a megabyte of binary and 5,000 relocations the loader applies at every start.

extension StringProtocol {
  /// The first range of `self` that reads `needle`, character by character; nil when
  /// none does (an empty needle is found at the start).
  public func rangeOfText(_ needle: some StringProtocol) -> Range<Index>? {
    var i = startIndex
    while true {
      if self[i...].starts(with: needle) { return i..<index(i, offsetBy: needle.count) }
      if i == endIndex { return nil }
      i = index(after: i)
    }
  }

  /// Whether `needle` occurs in `self`.
  public func containsText(_ needle: some StringProtocol) -> Bool { rangeOfText(needle) != nil }

  /// `self` with every occurrence of `needle` (a non-empty text), from the left, replaced
  /// by `replacement`.
  public func replacingText(_ needle: some StringProtocol, with replacement: String) -> String {
    precondition(!needle.isEmpty, "replacingText needs a non-empty needle")
    var out = ""
    var rest = self[...]
    while let r = rest.rangeOfText(needle) {
      out += rest[..<r.lowerBound]
      out += replacement
      rest = rest[r.upperBound...]
    }
    return out + rest
  }
}
