import Glibc
import LuaHost
import Files
import Readable
import Render

/// A buffered writer on a file descriptor (stdout for `print` and results): one `write(2)`
/// per 64 KiB, flushed at exit.
package final class FileOutput: LuaPrintTarget {
  let fd: Int32
  var buffer: [UInt8] = []
  /// Set when a write failed (a closed pipe, a full disk).
  package private(set) var failed = false
  /// Why the first failed write failed, in words (nil while all is well).
  package private(set) var failure: String?

  /// A writer on `fd`.
  package init(fd: Int32) {
    self.fd = fd
    buffer.reserveCapacity(1 << 16)
  }

  /// Standard output.
  nonisolated(unsafe) package static let standard = FileOutput(fd: 1)

  /// Appends bytes, writing out when the buffer is full.
  package func write(_ bytes: UnsafeRawBufferPointer) {
    buffer.append(contentsOf: bytes)
    if buffer.count >= 1 << 16 { flush() }
  }

  /// Appends bytes.
  package func write(_ bytes: [UInt8]) { bytes.withUnsafeBytes { write($0) } }
  /// Appends text.
  package func write(_ text: String) {
    var t = text
    t.withUTF8 { write(UnsafeRawBufferPointer($0)) }
  }

  /// Writes out what is buffered.
  package func flush() {
    guard !buffer.isEmpty else { return }
    if !failed {
      failed = !buffer.withUnsafeBytes { FileSystem.writeAll(fd, $0) }
      if failed { failure = String(cString: strerror(errno)) }
    }
    buffer.removeAll(keepingCapacity: true)
  }
}

/// The process's environment, read a variable at a time where asked.
package func environment() -> Environment { Environment() }

/// Environment variables by name: the process's own (read with `getenv` when asked, so a
/// start does not copy every variable into a dictionary the runtime must first build the
/// type of: a twentieth of a `face`'s instructions), or a given table (tests).
package struct Environment: ExpressibleByDictionaryLiteral, Sendable {
  private let given: [String: String]?

  /// The process's environment.
  package init() { given = nil }

  /// The variables in `given`, and no others.
  package init(_ given: [String: String]) { self.given = given }

  /// The variables listed.
  package init(dictionaryLiteral elements: (String, String)...) {
    self.init(Dictionary(elements) { $1 })
  }

  /// The variable's value, or nil when it is not set.
  package subscript(name: String) -> String? {
    if let given { return given[name] }
    return getenv(name).map { String(cString: $0) }
  }
}

/// Whether a descriptor is a terminal.
package func isTerminal(_ fd: Int32) -> Bool { isatty(fd) != 0 }
