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
    for raw in traceback.split(separator: "\n") {
      let line = raw.drop { $0 == "\t" || $0 == " " }
      guard !line.hasPrefix("["), let colon = line.rangeOfText(": in ") else { continue }
      let place = line[..<colon.lowerBound]
      guard let lastColon = place.lastIndex(of: ":"),
        !place[place.index(after: lastColon)...].isEmpty,
        place[place.index(after: lastColon)...].allSatisfy(\.isNumber)
      else { continue }
      var what = String(line[colon.upperBound...])
      for kind in ["local '", "method '", "field '", "upvalue '", "global '"]
      where what.hasPrefix(kind) {
        what = "function '" + what.dropFirst(kind.count)
      }
      let frame = "\(place): in \(what)"
      if frames.last != frame { frames.append(frame) }
    }
    if frames.count == 1, let location, frames[0].hasPrefix(location + ": ") { return [] }
    return frames
  }
}
