import CLua
import CLuaBridge
import Readable

// Errors keep their type across Lua. A Swift error thrown by a Swift function that Lua
// called goes into Lua as a host error (a userdata holding its kind, place and message, made
// and raised by CLuaBridge once the Swift frame has returned); a script that catches it
// reads its message. Where a call from the host fails, the handler's failure says what the
// error was, where it was raised and how it got there, and the call's status says what kind
// it is.

extension LuaError {
  /// `error`, thrown by a Swift function that Lua called, as it goes into Lua: a LuaError as
  /// it is, another error as a runtime error saying its description.
  init(goingIntoLua error: Error) {
    self =
      error as? LuaError
      ?? LuaError(kind: .runtime, location: nil, message: String(describing: error))
  }

  /// An error Lua raised, of the kind the status of the call it ended says (a syntax error
  /// from a load, Lua's memory error), placed where Lua wrote it in front of the message,
  /// else at `place`.
  init(status: Int32, raised text: String, orAt place: SourceLocation? = nil) {
    self.init(kind: status == LUA_ERRSYNTAX ? .syntax : .runtime, raw: text)
    if status == LUA_ERRMEM || LuaError.isMemoryRefusal(message) { kind = .memory }
    if location == nil { location = place }
  }

  /// Lua's own words for memory it did not give, where they reach the host as the text of
  /// a runtime error: its memory error passed on as a string (by `coroutine.wrap`, or a
  /// script's `error(e)`), and `string.rep`'s refusal of a result longer than a string may
  /// be. Lua marks these with nothing but their words, so the words decide, once the place
  /// is off: the one kind the host reads from a message.
  static func isMemoryRefusal(_ message: String) -> Bool {
    message == LuaError.luaMemoryWords || message == "resulting string too large"
  }

  /// The message of Lua's memory error.
  static let luaMemoryWords = "not enough memory"
}

/// A place CLuaBridge read off the call stack; nil for no Lua code.
func location(of place: psy_place) -> SourceLocation? {
  var file = place.file
  return location(file: &file, line: place.line)
}

/// A site CLuaBridge read off the call stack (the chunk's whole name); nil for no Lua code.
func location(of site: psy_site) -> SourceLocation? {
  var file = site.file
  return location(file: &file, line: site.line)
}

/// A place from C's parts: `file`, a fixed array of characters ended by a NUL, and `line`
/// (0: no Lua code, nil).
private func location<Chars>(file: inout Chars, line: Int32) -> SourceLocation? {
  guard line > 0 else { return nil }
  let name = withUnsafeBytes(of: &file) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
  return SourceLocation(file: name, line: Int(line))
}

/// Leaves `error` on top of L as a host error for the trampoline to raise once this Swift
/// frame has returned, placed at the Lua code that called when it names no place (CLuaBridge
/// reads the place off the stack as it makes the error); when even that cannot be made,
/// Lua's memory error is on top instead.
func pushHostError(_ L: OpaquePointer, _ error: LuaError) {
  var message = error.message
  var place = error.location?.description ?? ""
  _ = message.withUTF8 { text in
    place.withUTF8 { given in
      psy_pusherror(
        L, error.kind.code, chars(given), error.location == nil ? Int(PSY_NOPLACE) : given.count,
        chars(text), text.count)
    }
  }
}

/// UTF-8 bytes as C characters.
private func chars(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafePointer<CChar>? {
  UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self)
}

extension LuaError {
  /// The error a host error's parts make again, as it was thrown.
  init(_ parts: psy_hosterror) {
    let text = UnsafeRawBufferPointer(start: parts.text, count: parts.length)
    let kind = Kind(code: parts.kind) ?? .runtime
    guard parts.place_length >= 0, parts.place_length + 2 <= parts.length else {
      self.init(kind: kind, location: nil, message: String(decoding: text, as: UTF8.self))
      return
    }
    // The place crossed C as the text it was made from (`SourceLocation.description`).
    let place = String(decoding: text.prefix(parts.place_length), as: UTF8.self)
    self.init(
      kind: kind, location: SourceLocation(luaText: place[...]) ?? SourceLocation(file: place),
      message: String(decoding: text.dropFirst(parts.place_length + 2), as: UTF8.self))
  }
}

extension LuaError.Kind {
  /// The code a host error holds for this kind.
  var code: Int32 {
    switch self {
    case .syntax: return 0
    case .runtime: return 1
    case .memory: return 2
    case .timeLimit: return 3
    case .file: return 4
    }
  }

  /// The kind a host error's code stands for.
  init?(code: Int32) {
    switch code {
    case 0: self = .syntax
    case 1: self = .runtime
    case 2: self = .memory
    case 3: self = .timeLimit
    case 4: self = .file
    default: return nil
    }
  }
}

/// The text a script reads of the host error at `idx`, if the value there is one.
func hostErrorText(_ L: OpaquePointer, at idx: Int32) -> [UInt8]? {
  var parts = psy_hosterror()
  guard psy_toerror(L, idx, &parts) != 0 else { return nil }
  return Array(UnsafeRawBufferPointer(start: parts.text, count: parts.length))
}

/// What a failed call left on the stack, copied into Swift before the stack is cleared.
struct Failure {
  /// The Swift error, when a host error ended the call.
  var host: LuaError?
  /// Otherwise the error Lua raised, when it is a string.
  var text: String?
  /// The levels of the traceback the handler took.
  var traceback: String
  /// The innermost Lua code when the error was raised.
  var place: SourceLocation?
  /// The standard library (`math`) whose missing field the error names, when the line
  /// that raised it reads the field through the library's name.
  var library: String?

  init(_ L: OpaquePointer, at idx: Int32) {
    var f = psy_failure()
    psy_read_failure(L, idx, &f)
    host = f.is_host != 0 ? LuaError(f.host) : nil
    text = f.message.map { errorText($0, f.message_length) }
    traceback = string(f.traceback, f.traceback_length)
    place = location(of: f.place)
    let name = withUnsafeBytes(of: f.library) {
      String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
    }
    library = name.isEmpty ? nil : name
  }

  /// Whether this is Lua's memory error: raised as one, or passed on as its words alone.
  func isLuaMemoryError(status: Int32) -> Bool {
    host == nil && (status == LUA_ERRMEM || text == LuaError.luaMemoryWords)
  }
}

/// The most bytes of an error's text the host copies: a script's error of 120 MiB (a
/// `__tostring`, a plain string) was copied whole, twice, past the memory cap, and printed.
let errorTextLimit = 64 << 10

/// An error's text, cut with "…" past `errorTextLimit` bytes (at a character's start).
private func errorText(_ bytes: UnsafePointer<CChar>, _ count: Int) -> String {
  guard count > errorTextLimit else { return string(bytes, count) }
  var n = errorTextLimit
  // Back to the first byte of a UTF-8 sequence (10xxxxxx continues one).
  while n > 0, UInt8(bitPattern: bytes[n]) & 0xC0 == 0x80 { n -= 1 }
  return string(bytes, n) + "…"
}

private func string(_ bytes: UnsafePointer<CChar>, _ count: Int) -> String {
  bytes.withMemoryRebound(to: UInt8.self, capacity: count) {
    String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
  }
}
