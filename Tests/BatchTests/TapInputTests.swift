import LuaHost
import Batch
import Psychologist
import Testing

/// `show --input`: KEY=VALUE pairs and JSON objects become the table a tap passes.
@Suite struct TapInputTests {
  /// The table's entries as Swift values, whatever representation the reader chose.
  private func entries(_ v: LuaValue) -> [String: LuaValue] {
    let map: [LuaValue: LuaValue]
    switch v {
    case .map(let m): map = m
    case .flat(let f): map = f.map
    default: map = [:]
    }
    var out: [String: LuaValue] = [:]
    for case (.string(let key), let value) in map {
      out[String(decoding: key, as: UTF8.self)] = value
    }
    return out
  }

  /// What a pair reads as (test arguments are Sendable; a LuaValue is not).
  enum Read: Sendable {
    case integer(Int), number(Double), text(String)
    var value: LuaValue {
      switch self {
      case .integer(let i): .integer(i)
      case .number(let d): .number(d)
      case .text(let s): .text(s)
      }
    }
  }

  @Test(arguments: [
    ("sleep=7", Read.integer(7)), ("sleep=7.5", .number(7.5)), ("sleep=-3e2", .number(-300)),
    ("sleep=+.5", .number(0.5)), ("sleep=0x10", .text("0x10")), ("sleep=inf", .text("inf")),
    ("sleep=nan", .text("nan")), ("sleep= 7", .text(" 7")), ("sleep=seven", .text("seven")),
    ("sleep=a=b", .text("a=b")),
  ])
  func numbersReadAsNumbersAndTheRestAsText(pair: String, read: Read) throws {
    #expect(entries(try TapInput.parse([pair])) == ["sleep": read.value])
  }

  @Test func pairsAndJSONGiveTheSameTable() throws {
    let pairs = entries(try TapInput.parse(["sleep=7", "mood=ok", "stress=2.5"]))
    let json = entries(try TapInput.parse([#"{"sleep": 7, "mood": "ok", "stress": 2.5}"#]))
    #expect(pairs == json && pairs.count == 3)
    #expect(entries(try TapInput.parse([])).isEmpty)
  }

  @Test(arguments: [
    (["sleep"], "must be KEY=VALUE"), (["=1"], "must be KEY=VALUE"), (["a="], "no value"),
    (["a=1", "a=2"], "twice"), (["{"], "not a JSON object"), (["[1]"], "must be KEY=VALUE"),
    // A name given twice in a JSON object, at the top, nested, or once as null.
    ([#"{"a": 1, "a": 2}"#], "'a' is given twice"),
    ([#"{"a": 1, "b": {"c": 1, "c": 2}}"#], "'c' is given twice"),
    ([#"{"a": null, "a": 2}"#], "'a' is given twice"),
    ([#"{"a": 1}"#, "b=2"], "not both"), ([#"{"a": 1} x"#], "unexpected text after the object"),
  ])
  func badInputIsATapInputErrorNamingIt(values: [String], problem: String) {
    // The command line turns it into a usage error (exit 2): ShowInputTests.
    #expect {
      _ = try TapInput.parse(values)
    } throws: { ($0 as? TapInputError)?.description.contains(problem) == true }
  }
}
