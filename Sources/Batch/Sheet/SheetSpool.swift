// Where the contact sheet's cells wait while the batch runs: a temporary file without a
// name, so the sheet's memory stays flat however many rows and however large a face.

import Files
import Glibc
import Render

/// An unnamed temporary file of chunks (a sheet's cells or faces), appended in the order
/// they are settled and read back by number. Only the chunks' ends are held in memory (one
/// integer a chunk); the bytes go to the file through a buffer of `bufferSize`.
final class SheetSpool {
  /// Bytes gathered before a write to the file.
  static let bufferSize = 1 << 20
  private let fd: Int32
  /// Where each chunk ends in the file (chunk k starts where chunk k − 1 ends).
  private var ends: [Int] = []
  private var buffer: [UInt8] = []
  /// Bytes already in the file.
  private var flushed = 0
  /// The first failure writing or reading the file; later work is skipped.
  private(set) var failure: FileError?
  /// A window of the file read ahead, for chunks read in the order they were written.
  private var window: [UInt8] = []
  private var windowStart = 0

  /// A spool in `folder` (the sheet's own folder, so its bytes are where the sheet will
  /// be), else in `$TMPDIR` or /tmp: made nameless (`O_TMPFILE`), or named and removed at
  /// once where the file system has no such files; nothing is left behind either way.
  init(folder: String) throws(FileError) {
    var places = [folder.isEmpty ? "." : folder]
    if let tmp = getenv("TMPDIR").map({ String(cString: $0) }), !tmp.isEmpty {
      places.append(tmp)
    }
    places.append("/tmp")
    var opened: Int32 = -1
    var code: Int32 = 0
    for place in places {
      opened = open(place, O_RDWR | SheetSpool.tmpFile | O_CLOEXEC, 0o600)
      if opened >= 0 { break }
      code = errno
      var template = Array((place + "/.psychologist-sheet-XXXXXX").utf8CString)
      opened = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
      if opened >= 0 {
        _ = fcntl(opened, F_SETFD, FD_CLOEXEC)
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        break
      }
    }
    guard opened >= 0 else {
      throw FileError(
        path: folder.isEmpty ? "." : folder,
        reason: "no temporary file for the contact sheet: " + String(cString: strerror(code)))
    }
    fd = opened
  }

  deinit { close(fd) }

  /// Linux's `O_TMPFILE` (`__O_TMPFILE | O_DIRECTORY`), which Glibc's module does not
  /// bring to Swift.
  static let tmpFile: Int32 = 0o20_000_000 | O_DIRECTORY

  /// The chunks appended.
  var count: Int { ends.count }

  /// Appends one chunk; its number is the count before.
  func append(_ bytes: [UInt8]) {
    buffer += bytes
    ends.append((ends.last ?? 0) + bytes.count)
    if buffer.count >= SheetSpool.bufferSize { flush() }
  }

  /// Writes the buffer to the file.
  private func flush() {
    guard failure == nil, !buffer.isEmpty else {
      buffer.removeAll(keepingCapacity: true)
      return
    }
    let ok = buffer.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let n = pwrite(fd, raw.baseAddress! + offset, raw.count - offset, off_t(flushed + offset))
        if n < 0 {
          if errno == EINTR { continue }
          return false
        }
        offset += n
      }
      return true
    }
    if !ok { failure = .errno("the contact sheet's temporary file") }
    flushed += buffer.count
    buffer.removeAll(keepingCapacity: true)
  }

  /// Chunk `k`'s bytes (empty once the file has failed).
  func chunk(_ k: Int) -> ArraySlice<UInt8> {
    flush()
    let start = k == 0 ? 0 : ends[k - 1]
    let end = ends[k]
    guard failure == nil else { return [] }
    if start >= windowStart && end <= windowStart + window.count {
      return window[(start - windowStart)..<(end - windowStart)]
    }
    // Read ahead from here: cells asked for in order come from one read of a megabyte.
    let size = max(end - start, SheetSpool.bufferSize)
    window = [UInt8](repeating: 0, count: min(size, flushed - start))
    windowStart = start
    var got = 0
    let ok = window.withUnsafeMutableBytes { raw in
      while got < raw.count {
        let n = pread(fd, raw.baseAddress! + got, raw.count - got, off_t(start + got))
        if n < 0 && errno == EINTR { continue }
        if n <= 0 { return false }
        got += n
      }
      return true
    }
    guard ok else {
      failure = .errno("the contact sheet's temporary file")
      window = []
      return []
    }
    return window[0..<(end - start)]
  }
}

/// Bytes handed on as they are made: gathered to `SheetSpool.bufferSize`, then given to
/// `emit` (a file, standard output, or memory for a PNG). The first failure of `emit` is
/// kept and the rest dropped, so a sheet that cannot be written costs no more time.
final class ByteSink {
  /// What is gathered, and the SVG elements open across writes.
  private var writer = SVGWriter()
  private let emit: ([UInt8]) throws -> Void
  /// Why `emit` failed, if it did.
  private(set) var failure: (any Error)?

  /// A sink handing its bytes to `emit`.
  init(_ emit: @escaping ([UInt8]) throws -> Void) { self.emit = emit }

  /// Adds bytes.
  func put<C: Collection>(bytes: C) where C.Element == UInt8 {
    writer.bytes.append(contentsOf: bytes)
    if writer.bytes.count >= SheetSpool.bufferSize { flush() }
  }

  /// Adds the SVG `body` writes; an element it leaves open stays open for the next call.
  func svg(_ body: (inout SVGWriter) -> Void) {
    body(&writer)
    if writer.bytes.count >= SheetSpool.bufferSize { flush() }
  }

  /// Hands on what is gathered.
  func flush() {
    defer { writer.bytes.removeAll(keepingCapacity: true) }
    guard failure == nil, !writer.bytes.isEmpty else { return }
    do { try emit(writer.bytes) } catch { failure = error }
  }
}
