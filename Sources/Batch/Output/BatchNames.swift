/// Which rows a machine takes when N machines split one input: `--shard K/N` takes rows
/// K, K+N, K+2N, … (K counts from 1, as job arrays and GNU parallel's `{%}` do). Row numbers,
/// and so file names, are those of the whole input, whichever shard draws them.
package struct Shard: Equatable, Sendable {
  /// 1…count.
  package var index: Int
  /// How many shards in all.
  package var count: Int

  /// Every row.
  package static let all = Shard(index: 1, count: 1)

  /// A shard; `index` from 1 to `count`.
  package init(index: Int, count: Int) {
    self.index = index
    self.count = count
  }

  /// `"2/4"` → shard 2 of 4; nil unless 1 ≤ K ≤ N.
  package init?(parsing text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, k >= 1, k <= n
    else { return nil }
    self.init(index: k, count: n)
  }

  /// Whether row `number` (from 1) belongs to this shard.
  package func contains(_ number: Int) -> Bool { (number - 1) % count == index - 1 }
}

/// File names of the faces: the row's `id` made safe, or its zero-padded row number.
package enum BatchNames {
  /// `id` as a file name (without `.svg`), or the row number padded to six digits.
  package static func fileName(id: String?, row: Int) -> String {
    if let id, let safe = sanitize(id) { return safe }
    return padded(row)
  }

  /// `42` → `000042` (longer numbers keep all their digits).
  package static func padded(_ row: Int) -> String {
    let digits = String(row)
    return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
  }

  /// The longest name, in bytes of UTF-8 (file systems count bytes: 255 at most, and a
  /// 100-letter CJK id is already 300). Longer names are cut on a character boundary.
  package static let maxNameBytes = 200

  /// A name that can only be a plain file inside the output folder: letters, digits,
  /// `-`, `_` and `.` stay, anything else (`/`, `\`, spaces, controls, quotes) becomes `_`;
  /// a leading dot becomes `_` (no hidden files, no `..`); at most `maxNameBytes` bytes.
  /// Nil when nothing usable is left.
  package static func sanitize(_ id: String) -> String? {
    // The usual id (`r000042`, `day-001`) is already safe: keep it as it is.
    let utf8 = id.utf8
    if utf8.count <= maxNameBytes, utf8.first != UInt8(ascii: "."),
      utf8.contains(where: { $0 != UInt8(ascii: "_") }),
      utf8.allSatisfy({ isSafeLetter($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") })
    {
      return id
    }
    var out = ""
    var bytes = 0
    for s in id.unicodeScalars {
      let ascii = s.isASCII
      let keep =
        ascii
        ? (s.properties.isAlphabetic || ("0"..."9").contains(s) || s == "-" || s == "_" || s == ".")
        : (s.properties.isAlphabetic || s.properties.numericType != nil)
      let kept: Unicode.Scalar = keep ? s : "_"
      bytes += UTF8.width(kept)
      guard bytes <= maxNameBytes else { break }
      out.unicodeScalars.append(kept)
    }
    if out.hasPrefix(".") { out = "_" + out.dropFirst() }
    return out.allSatisfy({ $0 == "_" }) ? nil : out
  }

  /// An ASCII letter, digit or `_` (what the usual id is made of, with `-` and `.`).
  private static func isSafeLetter(_ c: UInt8) -> Bool {
    switch c {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "_"):
      return true
    default: return false
    }
  }
}
