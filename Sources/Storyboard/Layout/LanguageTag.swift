// Whether an app's language is a well-formed BCP 47 tag (RFC 5646's common shape:
// language[-script][-region][-variant…]), and the nearest one when it is not, for `check`.

/// BCP 47 language tags, as `app { language = … }` takes them.
public enum LanguageTag {
  /// Nil when `tag` is well formed; else what is wrong and the nearest well-formed tag.
  public static func problem(_ tag: String) -> String? {
    if isWellFormed(tag) { return nil }
    return "language '\(tag)' is not a BCP 47 tag; did you mean '\(nearest(tag))'?"
  }

  /// Whether `tag` is language (2–3 letters), then an optional script (4 letters), region
  /// (2 letters or 3 digits) and variants (5–8 letters or digits, or a digit and 3), in that
  /// order, joined by hyphens (the case of letters is free).
  public static func isWellFormed(_ tag: String) -> Bool {
    let parts = tag.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
    guard let first = parts.first, isLetters(first), (2...3).contains(first.count) else {
      return false
    }
    var stage = 0  // 0: after language, 1: after script, 2: after region, 3: variants
    for part in parts.dropFirst() {
      if stage < 1, part.count == 4, isLetters(part) {
        stage = 1
      } else if stage < 2,
        (part.count == 2 && isLetters(part)) || (part.count == 3 && isDigits(part))
      {
        stage = 2
      } else if isVariant(part) {
        stage = 3
      } else {
        return false
      }
    }
    return true
  }

  /// The well-formed tag nearest `tag`: "_" and spaces read as "-", a language's English
  /// name as its code ("Chinese" → "zh"), parts put in their conventional case
  /// ("zh_hans" → "zh-Hans"), what fits nowhere left out; "en" when nothing is left.
  public static func nearest(_ tag: String) -> String {
    let pieces = tag.split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == " " }).map(String.init)
    var out: [String] = []
    for (i, piece) in pieces.enumerated() {
      if i == 0 {
        let lower = piece.lowercased()
        if let code = names[lower] {
          out.append(code)
        } else if isLetters(lower), (2...3).contains(lower.count) {
          out.append(lower)
        } else {
          return "en"
        }
        continue
      }
      let candidate =
        piece.count == 4 && isLetters(piece)
        ? piece.prefix(1).uppercased() + piece.dropFirst().lowercased()
        : piece.count == 2 && isLetters(piece) ? piece.uppercased() : piece
      if isWellFormed((out + [candidate]).joined(separator: "-")) { out.append(candidate) }
    }
    return out.isEmpty ? "en" : out.joined(separator: "-")
  }

  /// English names people write for the languages iOS 6 spoke.
  static let names: [String: String] = [
    "english": "en", "chinese": "zh", "japanese": "ja", "korean": "ko", "german": "de",
    "french": "fr", "spanish": "es", "italian": "it", "portuguese": "pt", "russian": "ru",
    "arabic": "ar", "hebrew": "he", "dutch": "nl",
  ]

  static func isLetters(_ s: String) -> Bool {
    !s.isEmpty
      && s.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }
  }

  static func isDigits(_ s: String) -> Bool {
    !s.isEmpty && s.unicodeScalars.allSatisfy { ("0"..."9").contains($0) }
  }

  static func isVariant(_ s: String) -> Bool {
    let alnum = s.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
    }
    guard alnum else { return false }
    return (5...8).contains(s.count) || (s.count == 4 && isDigits(String(s.prefix(1))))
  }
}
