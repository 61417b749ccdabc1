// The one rule for cutting text to a length (labels, legend levels, quoted values).

import Readable
import Testing

@Suite struct TextCutTests {
  @Test(arguments: [
    "", "a", "exactly16letters", "seventeen letters", "é中😀👍🏽e\u{301}",
    String(repeating: "x", count: 5000),
    "👨‍👩‍👧‍👦 family of four, one character",
  ])
  func keepsWholeCharactersAndMarksTheCut(_ text: String) {
    for limit in [1, 2, 5, 16, 17, 40] {
      let shown = cut(text, to: limit)
      #expect(shown.count <= limit)
      if text.count <= limit {
        #expect(shown == text)
      } else {
        // Its first characters, whole (no grapheme split), then the ellipsis.
        #expect(shown.hasSuffix("…"))
        #expect(text.hasPrefix(String(shown.dropLast())))
        #expect(shown.count == limit)
      }
    }
  }
}
