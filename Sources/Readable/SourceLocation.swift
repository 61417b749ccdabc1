// A place in a script, carried as data from where Lua gives it (its debug information, the
// text in front of an error it raised, a traceback's frame) to where a person reads it:
// made once where it enters the host, never taken apart again from `file:line` text.

/// A file and, when known, a line in it, written `file:line` (or `file` alone).
public struct SourceLocation: Hashable, Comparable, Sendable, CustomStringConvertible {
  /// The file as Lua names its chunk (the path the author gave, `(built in)`, a module's).
  public var file: String
  /// The line, from 1; nil when the place is a whole file or the host's own.
  public var line: Int?

  /// A place at `line` of `file` (nil: the file as a whole).
  public init(file: String, line: Int? = nil) {
    self.file = file
    self.line = line
  }

  /// What the host declares itself (the built-in kinds and styles).
  public static let builtIn = SourceLocation(file: "(built in)")

  /// No place: a problem of the whole app, said without a place in front.
  public static let nowhere = SourceLocation(file: "")

  /// Whether this is no place at all.
  public var isNowhere: Bool { file.isEmpty && line == nil }

  /// The same file at another line.
  public func at(line: Int) -> SourceLocation { SourceLocation(file: file, line: line) }

  /// `file:line`, or `file` without a line.
  public var description: String { line.map { "\(file):\($0)" } ?? file }

  /// By file, then by line (a place without a line first).
  public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
    a.file != b.file ? a.file < b.file : (a.line ?? 0) < (b.line ?? 0)
  }

  /// The place Lua wrote as text (`chunk:12`, a path that may hold colons): the last
  /// `:digits` ends it. Nil for text without a line. Used only where Lua hands the host text
  /// (a raised message's prefix, a traceback's frame).
  public init?(luaText text: Substring) {
    guard let colon = text.lastIndex(of: ":") else { return nil }
    let digits = text[text.index(after: colon)...]
    guard !digits.isEmpty, digits.utf8.count <= 18, digits.allSatisfy(\.isASCII),
      digits.allSatisfy(\.isNumber), let line = Int(digits)
    else { return nil }
    self.init(file: String(text[..<colon]), line: line)
  }
}
