import Glibc
import Files
import Readable

/// `--input -` with no `--input-format`: the input's first line says its format. A JSON
/// Lines row is an object, so a first line that does not start with `{` is no JSON Lines
/// at all; read as CSV, it is a header.
package enum FormatSniff {
  /// The most bytes read to find the first line's start: a header is shorter.
  package static let limit = 64 << 10

  /// The format the first non-blank bytes of the input `name` on `fd` say (nil: an empty
  /// input), and the bytes read from a stream to see it, which the reader reads first (none
  /// from a `regular` file: it is read where it was, and stays where it is).
  package static func sniff(fd: Int32, regular: Bool, name: String) throws -> (
    format: BatchFormat?, start: [UInt8]
  ) {
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while bytes.count < limit {
      let n = chunk.withUnsafeMutableBytes { raw in
        regular
          ? pread(fd, raw.baseAddress!, raw.count, off_t(bytes.count))
          : read(fd, raw.baseAddress!, raw.count)
      }
      if n < 0 {
        if errno == EINTR { continue }
        throw FileError.errno(name)
      }
      if n == 0 { break }
      bytes += chunk[..<n]
      if let format = format(of: bytes) { return (format, regular ? [] : bytes) }
    }
    return (nil, regular ? [] : bytes)
  }

  /// What `bytes` (the input's start) say: nil while only blanks (and a byte-order mark)
  /// have come.
  package static func format(of bytes: [UInt8]) -> BatchFormat? {
    var rest = bytes[...]
    if rest.starts(with: [0xEF, 0xBB, 0xBF]) { rest = rest.dropFirst(3) }
    guard let first = rest.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
      return nil
    }
    return first == UInt8(ascii: "{") ? .jsonl : .csv
  }
}
