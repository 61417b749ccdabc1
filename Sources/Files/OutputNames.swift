import Readable
/// One rule for every file the program writes, from `-o` to `s:snapshot`: the extension
/// says what is written, and an extension it does not know is refused instead of holding
/// SVG text under a `.jpg` name or gaining a second extension (`ok.jpg.svg`).
public enum OutputName {
  /// The extensions known, as messages list them.
  public static let known = ".svg, .png, .txt"
  /// The extensions of clips, which only `show --animate` and `reel` write.
  static let clips = [".gif", ".mp4", ".webm"]

  /// An extension the program writes nothing as.
  public struct UnknownExtension: Error, CustomStringConvertible, Sendable {
    /// The name given.
    public var name: String
    /// Its extension, with the dot (`.jpg`).
    public var ext: String
    /// `'sad.jpg': .jpg is not a format this writes (known: .svg, .png, .txt)`.
    public var description: String {
      let clip =
        OutputName.clips.contains(ext)
        ? "; a transition is written as \(ext) by show NAME --screen --animate" : ""
      return
        "\(quotedPrefix(name)): \(ext) is not a format this writes (known: \(OutputName.known))\(clip)"
    }
  }

  /// The extension of `name`'s last part, lower case with its dot (`.svg`), nil when it has
  /// none (`face`, `/dev/null`, a hidden `.profile`).
  public static func extensionOf(_ name: String) -> String? {
    let last = name.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard let dot = last.lastIndex(of: "."), dot != last.startIndex,
      last.index(after: dot) != last.endIndex
    else { return nil }
    return String(last[dot...]).lowercased()
  }

  /// Throws for a name whose extension is not `.svg`, `.png` or `.txt` (any letter case); a
  /// name without one is allowed (SVG, or what `--format` says).
  public static func check(_ name: String) throws(UnknownExtension) {
    guard let ext = extensionOf(name), ![".svg", ".png", ".txt"].contains(ext) else { return }
    throw UnknownExtension(name: name, ext: ext)
  }
}
