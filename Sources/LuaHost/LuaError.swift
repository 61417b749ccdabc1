/// An error from Lua or from loading a script: what kind, where, what, and how it got there.
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
  public var location: String?
  /// The message without its location.
  public var message: String
  /// Lua's stack traceback (may be empty).
  public var traceback: String

  /// An error with the given parts.
  public init(kind: Kind, location: String?, message: String, traceback: String = "") {
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

  /// Splits a Lua error string `"file:line: message\nstack traceback:\n..."` into its parts.
  public init(kind: Kind, raw: String) {
    var text = raw
    var trace = ""
    if let r = text.firstRange(of: "\nstack traceback:\n") {
      trace = String(text[r.upperBound...])
      text = String(text[..<r.lowerBound])
    }
    let (location, message) = LuaError.splitLocation(text)
    self.init(kind: kind, location: location, message: message, traceback: trace)
  }

  /// `file:line` of the innermost Lua function in a traceback (C frames have no line).
  static func firstLuaFrame(_ traceback: String) -> String? {
    for line in traceback.split(separator: "\n") {
      let frame = line.drop { $0 == "\t" || $0 == " " }
      if let location = splitLocation(String(frame)).0 { return location }
    }
    return nil
  }

  /// `"a/b.lua:12: boom"` → (`"a/b.lua:12"`, `"boom"`); no location → (nil, text).
  static func splitLocation(_ text: String) -> (String?, String) {
    let bytes = Array(text.utf8)
    var i = 0
    // The first ":<digits>: " ends the location (a path may hold colons, rarely).
    while i < bytes.count {
      if bytes[i] == UInt8(ascii: ":") {
        var j = i + 1
        while j < bytes.count, bytes[j] >= 48, bytes[j] <= 57 { j += 1 }
        if j > i + 1, j + 1 < bytes.count, bytes[j] == UInt8(ascii: ":"),
          bytes[j + 1] == UInt8(ascii: " ")
        {
          let loc = String(decoding: bytes[..<j], as: UTF8.self)
          let msg = String(decoding: bytes[(j + 2)...], as: UTF8.self)
          return (loc, msg)
        }
      }
      if bytes[i] == UInt8(ascii: "\n") { break }
      i += 1
    }
    return (nil, text)
  }
}
