// Text cut to a length: a label under a face, a legend's level, a value quoted in a
// message. One rule everywhere: at most the limit's characters, the last an ellipsis
// where the text was cut, so a reader sees that more was there.

/// `text` whole when it has at most `limit` characters (at least 1), else its first
/// `limit - 1` characters and `…`.
public func cut(_ text: String, to limit: Int) -> String {
  let limit = max(limit, 1)
  // Most text is short: its bytes are counted, not its characters.
  if text.utf8.count <= limit { return text }
  guard let end = text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex),
    end < text.endIndex
  else { return text }
  return String(text[..<text.index(before: end)]) + "…"
}
