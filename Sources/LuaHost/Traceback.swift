import Readable

/// The script's frames of a traceback, as an author reads them.
extension LuaError {
  /// The frames of `traceback` that are the script's own, innermost first, as
  /// `file:line: in function 'name'`: C functions (`[C]: in method 'tap'`) and code with no
  /// file are the host's business, not the author's. Lua's `local 'f'`, `method 'f'`,
  /// `field 'f'` and `upvalue 'f'` all name a function; a nameless one reads `function
  /// <file:line>`, the main chunk `main chunk`. A frame met twice in a row (a traceback
  /// carried from a callback repeats the frames that called it) is said once, and a lone
  /// frame at the error's own place says nothing the message does not.
  public var scriptFrames: [String] {
    var frames: [String] = []
    var lone: SourceLocation?
    for raw in traceback.split(separator: "\n") {
      let line = raw.drop { $0 == "\t" || $0 == " " }
      guard !line.hasPrefix("["), let colon = line.rangeOfText(": in "),
        let place = SourceLocation(luaText: line[..<colon.lowerBound])
      else { continue }
      var what = String(line[colon.upperBound...])
      for kind in ["local '", "method '", "field '", "upvalue '", "global '"]
      where what.hasPrefix(kind) {
        what = "function '" + what.dropFirst(kind.count)
      }
      let frame = "\(place): in \(what)"
      if frames.last != frame {
        frames.append(frame)
        lone = place
      }
    }
    if frames.count == 1, let location, lone == location { return [] }
    return frames
  }
}
