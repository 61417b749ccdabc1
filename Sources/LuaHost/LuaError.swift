import Readable

/// An error from Lua or from loading a script: what kind, where, what, and how it got there.
///
/// Each is made once, where it happens, with its kind and its place. A Swift error thrown
/// by a Swift function that Lua called crosses Lua as a value (a host error, see
/// `ErrorsAcrossLua.swift`) and comes out as it was made; an error Lua raised takes its kind
/// from the status of the call it ended and, when it is a string, its place from what Lua
/// wrote in front of it (`init(kind:raw:)`).
public struct LuaError: Error, Equatable, CustomStringConvertible, Sendable {
  /// What went wrong, in the terms a script author needs.
  public enum Kind: String, Sendable {
    case syntax
    case runtime
    case memory = "memory limit"
    case timeLimit = "time limit"
    case file
  }

  /// The kind of failure.
  public var kind: Kind
  /// `file:line` of the code that failed, when known.
  public var location: SourceLocation?
  /// The message without its location.
  public var message: String
  /// Lua's stack traceback (may be empty).
  public var traceback: String

  /// An error with the given parts.
  public init(kind: Kind, location: SourceLocation?, message: String, traceback: String = "") {
    self.kind = kind
    self.location = location
    self.message = message
    self.traceback = traceback
  }

  /// `file:line: message`, as users see it.
  public var description: String {
    if let location { return "\(location): \(message)" }
    return message
  }

  /// An error Lua raised as a string, `"file:line: message"`: Lua writes the place in front
  /// (`error` at level 1, the VM, the syntax checker), and that text is all it passes on, so
  /// this is the one place that reads a place back out of a message. A string without one
  /// (`error("x", 0)`, a library's refusal from C) keeps `location` nil.
  public init(kind: Kind, raw: String) {
    let (location, message) = LuaError.placeInFront(of: raw)
    self.init(kind: kind, location: location, message: message)
  }

  /// The host's error for a stack that cannot grow (too deep a recursion through the host).
  static func stackOverflow(at place: SourceLocation? = nil) -> LuaError {
    LuaError(kind: .memory, location: place, message: "Lua stack overflow")
  }

  /// `"a/b.lua:12: boom"` → (`"a/b.lua:12"`, `"boom"`); no place in front → (nil, text).
  private static func placeInFront(of text: String) -> (SourceLocation?, String) {
    let bytes = Array(text.utf8)
    var i = 0
    // The first ":<digits>: " on the first line ends the place (a path may hold colons).
    while i < bytes.count, bytes[i] != UInt8(ascii: "\n") {
      if bytes[i] == UInt8(ascii: ":") {
        var j = i + 1
        while j < bytes.count, bytes[j] >= UInt8(ascii: "0"), bytes[j] <= UInt8(ascii: "9") {
          j += 1
        }
        if j > i + 1, j + 1 < bytes.count, bytes[j] == UInt8(ascii: ":"),
          bytes[j + 1] == UInt8(ascii: " ")
        {
          let place = SourceLocation(
            luaText: Substring(String(decoding: bytes[..<j], as: UTF8.self)))
          return (place, String(decoding: bytes[(j + 2)...], as: UTF8.self))
        }
      }
      i += 1
    }
    return (nil, text)
  }
}
