import Readable
import Testing

/// Our own text search (Readable.TextSearch), checked against answers worked out by hand.
struct TextSearchTests {
  @Test func findsTheFirstOccurrenceByCharacter() {
    let s = "a: in b: in c"
    let r = s.rangeOfText(": in ")
    #expect(r.map { s.distance(from: s.startIndex, to: $0.lowerBound) } == 1)
    #expect(r.map { String(s[$0.upperBound...]) } == "b: in c")
    #expect("abc".rangeOfText("abcd") == nil)
    #expect("abc".rangeOfText("") == "abc".startIndex..<"abc".startIndex)
    // Characters, not bytes: an é made of e and a combining accent is one character.
    #expect("cafe\u{301}".rangeOfText("cafe") == nil)
    #expect("cafe\u{301}!".containsText("e\u{301}!"))
  }

  @Test func replacesEveryOccurrenceFromTheLeft() {
    #expect(
      "psychologist.Pen|psychologist.Nav".replacingText("psychologist.", with: "") == "Pen|Nav")
    #expect("aaa".replacingText("aa", with: "b") == "ba")
    #expect("pen.color".replacingText(".", with: ":") == "pen:color")
    #expect("none here".replacingText("x", with: "y") == "none here")
  }
}
