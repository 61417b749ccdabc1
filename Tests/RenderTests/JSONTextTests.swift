// The one JSON writer: what it writes is read back by Foundation's own parser, and each
// escaping keeps out what its place must not see.

import Foundation
import Readable
import Testing

@Suite struct JSONTextTests {
  static let awkward = [
    "", "plain", "quote \" backslash \\ slash /", "tab\tnl\ncr\r", "\u{0}\u{1}\u{1B}[31m\u{7F}",
    "</script><b>&amp;", "\u{2028}\u{2029}", "right-to-left \u{202E}olleh", "é中😀",
  ]

  func value(_ s: String) -> JSONValue {
    .object([
      ("s", .string(s)), ("list", .strings([s, "x"])), ("n", .number("-1.5")),
      ("i", .integer(42)), ("t", .bool(true)), ("f", .bool(false)), ("z", .null),
      ("nested", .array([.object([("k", .string(s))]), .array([])])),
    ])
  }

  @Test(arguments: awkward)
  func readsBackAsWrittenInEveryLayout(_ s: String) throws {
    for layout in [
      JSONLayout.compact, JSONLayout(brokenLevels: 2, spaced: true, escaping: .readable),
      JSONLayout(brokenLevels: 0, spaced: false, escaping: .script),
    ] {
      let text = value(s).text(layout)
      let object = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
      #expect(object?["s"] as? String == s)
      #expect(object?["list"] as? [String] == [s, "x"])
      #expect(object?["n"] as? Double == -1.5)
      #expect(object?["i"] as? Int == 42)
      #expect(object?["t"] as? Bool == true && object?["f"] as? Bool == false)
      #expect(object?["z"] is NSNull)
      let nested = object?["nested"] as? [Any]
      #expect((nested?.first as? [String: String])?["k"] == s)
      #expect((nested?.last as? [Any])?.isEmpty == true)
    }
  }

  @Test(arguments: awkward)
  func eachEscapingKeepsOutWhatItsPlaceMustNotSee(_ s: String) {
    let script = jsonQuoted(s, .script)
    #expect(!script.unicodeScalars.contains { "<>&\u{2028}\u{2029}".unicodeScalars.contains($0) })
    #expect(!script.unicodeScalars.contains { $0.value < 0x20 })
    let readable = jsonQuoted(s, .readable)
    #expect(!readable.unicodeScalars.contains { isTerminalControl($0.value) })
  }

  @Test func brokenLevelsPutEachMemberOnALineOfItsOwn() {
    let v = JSONValue.object([
      ("a", .array([.object([("k", .integer(1)), ("l", .strings(["x", "y"]))]), .integer(2)])),
      ("b", .array([])),
    ])
    let text = v.text(JSONLayout(brokenLevels: 2, spaced: true, escaping: .readable))
    #expect(
      text == "{\n  \"a\": [\n    {\"k\": 1, \"l\": [\"x\", \"y\"]},\n    2\n  ],\n  \"b\": []\n}")
    #expect(v.text() == "{\"a\":[{\"k\":1,\"l\":[\"x\",\"y\"]},2],\"b\":[]}")
  }
}
