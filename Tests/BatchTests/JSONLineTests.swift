import LuaHost
@testable import Rows
import Testing

@testable import Batch
@testable import StoryboardCanvas
@testable import PrototypeExport
@testable import LuaBindings
@testable import Files
@testable import Declarations
@testable import App
@testable import Psychologist

/// The JSON Lines reader: its quick flat reading of plain rows must give exactly the tables
/// (and errors) of its general reading, and its numbers those of Swift's own conversions.
@Suite struct JSONLineReading {
  /// A small deterministic generator (xorshift), so a failure can be replayed.
  struct Random {
    var state: UInt64
    mutating func next(_ n: Int) -> Int {
      state ^= state << 13
      state ^= state >> 7
      state ^= state << 17
      return Int(state % UInt64(n))
    }
  }

  static let pieces = [
    #""id""#, #""sleep""#, #""a\"b""#, #""\u0069d""#, #""é""#, #""\ud83d\ude00""#, #""""#,
    "0", "-0", "7", "-12", "5.9", "0.1", "1e3", "2.5E-2", "12345678901234567", "1.0",
    "true", "false", "null", "[]", "[1, null]", "{}", #"{"x": 1}"#, #""tab\there""#,
  ]

  /// A line that is usually an object of a few fields, sometimes broken on purpose.
  static func line(_ r: inout Random) -> [UInt8] {
    var text = "{"
    for f in 0..<r.next(5) {
      if f > 0 { text += r.next(8) == 0 ? " " : ", " }
      text += pieces[r.next(7)] + ":" + (r.next(2) == 0 ? " " : "") + pieces[r.next(pieces.count)]
    }
    text += r.next(10) == 0 ? "" : "}"
    var bytes = Array(text.utf8)
    if r.next(6) == 0 && !bytes.isEmpty { bytes.remove(at: r.next(bytes.count)) }
    if r.next(8) == 0 {
      bytes.insert(Array(",:\"{}[]\\ x9".utf8)[r.next(11)], at: r.next(bytes.count + 1))
    }
    return bytes
  }

  /// A table as the map Lua would hold.
  static func map(_ v: LuaValue) -> LuaValue {
    if case .flat(let t) = v { return .map(t.map) }
    return v
  }

  @Test func flatAndGeneralReadingsAgree() {
    var r = Random(state: 0x9E37_79B9_7F4A_7C15)
    var flats = 0
    for _ in 0..<20_000 {
      let bytes = JSONLineReading.line(&r)
      let quick = Result { () throws(JSONLineError) in try JSONLine.object(bytes[...]) }
      let general = Result { () throws(JSONLineError) in
        try JSONLine.object(bytes[...], flat: false)
      }
      switch (quick, general) {
      case (.success(let a), .success(let b)):
        if case .flat = a { flats += 1 }
        #expect(JSONLineReading.map(a) == b, "\(String(decoding: bytes, as: UTF8.self))")
      case (.failure(let a), .failure(let b)):
        #expect(a.description == b.description)
      default:
        Issue.record("one reading failed: \(String(decoding: bytes, as: UTF8.self))")
      }
    }
    // Both paths were exercised.
    #expect(flats > 1000)
  }

  @Test func numbersAreWhatSwiftReadsFromTheirText() throws {
    var r = Random(state: 42)
    for _ in 0..<20_000 {
      var text = r.next(3) == 0 ? "-" : ""
      let intDigits =
        r.next(4) == 0
        ? "0" : String(1 + r.next(9)) + (0..<r.next(17)).map { _ in String(r.next(10)) }.joined()
      text += intDigits
      if r.next(2) == 0 {
        text += "." + (0..<(1 + r.next(18))).map { _ in String(r.next(10)) }.joined()
      }
      if r.next(5) == 0 { text += "e" + (r.next(2) == 0 ? "-" : "") + String(r.next(30)) }
      let v = try JSONLine.object(Array("{\"n\": \(text)}".utf8)[...])["n"]
      if let i = Int(text), !text.contains("."), !text.contains("e") {
        #expect(v == .integer(i), "\(text)")
      } else {
        let d = try #require(Double(text))
        #expect(v == .number(d), "\(text)")
        if case .number(let got)? = v { #expect(got.sign == d.sign, "\(text)") }
      }
    }
  }
}
