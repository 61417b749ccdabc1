import CLua
import CLuaBridge

// Errors keep their type across Lua. A Swift error thrown by a Swift function that Lua
// called goes into Lua as a host error (a userdata holding it, made and raised by
// CLuaBridge once the Swift frame has returned); a script that catches it reads its message.
// Where a call from the host fails, the handler's failure says what the error was, where it
// was raised and how it got there, and the call's status says what kind it is.

/// A Swift error on its way through Lua: what a host error holds.
final class HostError {
  let error: LuaError
  init(_ error: LuaError) { self.error = error }
}

extension LuaError {
  /// `error`, thrown by a Swift function that Lua called, as it goes into Lua: a LuaError as
  /// it is, another error as a runtime error saying its description; one that names no
  /// place is placed at the Lua code that called (none when a C function did).
  init(goingIntoLua error: Error, _ L: OpaquePointer) {
    self =
      error as? LuaError
      ?? LuaError(kind: .runtime, location: nil, message: String(describing: error))
    if location == nil { location = callerPlace(L) }
  }

  /// An error Lua raised, of the kind the status of the call it ended says (a syntax error
  /// from a load, Lua's memory error), placed where Lua wrote it in front of the message,
  /// else at `place`.
  init(status: Int32, raised text: String, orAt place: String? = nil) {
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

/// `file:line` of a place CLuaBridge read off the call stack; nil for no Lua code.
func location(of place: psy_place) -> String? {
  guard place.line > 0 else { return nil }
  var file = place.file
  let name = withUnsafeBytes(of: &file) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
  return "\(name):\(place.line)"
}

/// The Lua code that called the running Swift function, as Lua's messages name it.
func callerPlace(_ L: OpaquePointer) -> String? {
  var place = psy_place()
  return psy_caller_place(L, &place) != 0 ? location(of: place) : nil
}

/// Leaves `error` on top of L as a host error for the trampoline to raise once this Swift
/// frame has returned; when even that cannot be made, Lua's memory error is on top instead.
func pushHostError(_ L: OpaquePointer, _ error: LuaError) {
  let box = Unmanaged.passRetained(HostError(error))
  var message = error.description
  let status = message.withUTF8 { text in
    text.withMemoryRebound(to: CChar.self) {
      psy_pusherror(L, box.toOpaque(), $0.baseAddress, $0.count)
    }
  }
  if status != LUA_OK { box.release() }
}

/// The host error at `idx`, if the value there is one (never raises).
func hostError(_ L: OpaquePointer, at idx: Int32) -> LuaError? {
  psy_toerror(L, idx).map { Unmanaged<HostError>.fromOpaque($0).takeUnretainedValue().error }
}

/// What a failed call left on the stack, copied into Swift before the stack is cleared.
struct Failure {
  /// The Swift error, when a host error ended the call.
  var host: LuaError?
  /// Otherwise the error Lua raised, when it is a string.
  var text: String?
  var traceback: String
  /// The innermost Lua code when the error was raised.
  var place: String?

  init(_ L: OpaquePointer, at idx: Int32) {
    var f = psy_failure()
    psy_read_failure(L, idx, &f)
    host = f.host.map { Unmanaged<HostError>.fromOpaque($0).takeUnretainedValue().error }
    text = f.message.map { string($0, f.message_length) }
    traceback = string(f.traceback, f.traceback_length)
    place = location(of: f.place)
  }

  /// Whether this is Lua's memory error: raised as one, or passed on as its words alone.
  func isLuaMemoryError(status: Int32) -> Bool {
    host == nil && (status == LUA_ERRMEM || text == LuaError.luaMemoryWords)
  }
}

private func string(_ bytes: UnsafePointer<CChar>, _ count: Int) -> String {
  bytes.withMemoryRebound(to: UInt8.self, capacity: count) {
    String(decoding: UnsafeBufferPointer(start: $0, count: count), as: UTF8.self)
  }
}
