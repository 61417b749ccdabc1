import CLuaBridge
import Readable

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `warn`'s output, as lua5.4 shows it (`Lua warning: ` and the message, on stderr), with
/// every character a terminal must not obey shown as an escape, as in every message of
/// the host: a script chose the text.
final class WarningWriter {
  /// The pieces of the warning being handed over.
  private var pending: [UInt8] = []
  /// Where a whole warning goes (stderr when nil, as `LuaPrintTarget.warn` by default).
  private let target: LuaPrintTarget?

  init(_ target: LuaPrintTarget?) { self.target = target }

  /// Takes one piece of a warning; shows the warning once its last piece came.
  func add(_ piece: UnsafeRawBufferPointer, complete: Bool) {
    pending.append(contentsOf: piece)
    guard complete else { return }
    let text = "Lua warning: " + terminalSafe(String(decoding: pending, as: UTF8.self)) + "\n"
    pending.removeAll()
    if let target { target.warn(text) } else { writeStandardError(text) }
  }
}

/// Writes `text` to fd 2, whole unless the write fails.
func writeStandardError(_ text: String) {
  var bytes = Array(text.utf8)[...]
  while !bytes.isEmpty {
    let n = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
    if n < 0 && errno == EINTR { continue }
    if n <= 0 { return }
    bytes = bytes.dropFirst(n)
  }
}

/// What C's warning function calls, with the LuaState's writer as its context.
let warnTrampoline: psy_warn_fn = { ctx, piece, count, complete in
  guard let ctx else { return }
  Unmanaged<WarningWriter>.fromOpaque(ctx).takeUnretainedValue().add(
    UnsafeRawBufferPointer(start: piece, count: piece == nil ? 0 : count), complete: complete != 0)
}
