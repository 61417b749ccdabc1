import LuaHost
import Psychologist
import Testing

@testable import Batch

/// `--label`'s fields as a person wrote them: an id past 2^53 stays itself (it printed as the
/// nearest Double, two ids as one), a JSON boolean reads true or false (it printed
/// "boolean"), a table shows nothing (it printed "table").
@Test func labelFieldsReadAsWritten() {
  let fields = LuaValue.map([
    .text("id"): .integer(9_007_199_254_740_993), .text("max"): .integer(Int.max),
    .text("ok"): .boolean(true), .text("list"): .array([.integer(1)]),
    .text("mpg"): .number(21.5), .text("name"): .text("Mazda"),
  ])
  let text = SheetLabel.render("{id}|{max}|{ok}|{list}|{mpg}|{name}", fields: fields, row: 3)
  #expect(text == "9007199254740993|9223372036854775807|true||21.5|Mazda")
}

/// Ticks along an axis whose range is narrower than a Double can step at its size: one tick
/// each, not twelve copies of the same number.
@Test func ticksOfARangeAtTheEdgeOfPrecision() {
  let ticks = SheetScatter.ticks(ColumnRange(low: 1e15, high: 1.000_000_000_000_000_2e15))
  #expect(Set(ticks).count == ticks.count, "\(ticks)")
  #expect(!ticks.isEmpty)
}

/// A label is filled in only as far as it is kept: 40,000 `{a}` over a 1 MB field give 256
/// characters, the last an ellipsis, and a short label is whole.
@Test func aLabelStopsAtItsBound() {
  let field = String(repeating: "x", count: 1_000_000)
  let fields = LuaValue.map([.text("a"): .text(field), .text("b"): .text("short")])
  let long = SheetLabel.render(String(repeating: "{a}", count: 40_000), fields: fields, row: 1)
  #expect(long.count == SheetLabel.limit)
  #expect(long.hasSuffix("…") && long.hasPrefix("xxxx"))
  #expect(SheetLabel.render("{b} · {row}", fields: fields, row: 7) == "short · 7")
  // Unclosed braces are letters, read once: a long run of them is cut like any text.
  let braces = SheetLabel.render(String(repeating: "{a", count: 50_000), fields: fields, row: 1)
  #expect(braces.count == SheetLabel.limit && braces.hasPrefix("{a{a"))
  #expect(SheetLabel.bounded(String(repeating: "é", count: 256)).count == 256)
  #expect(SheetLabel.bounded(String(repeating: "é", count: 257)).hasSuffix("…"))
  #expect(SheetLabel.bounded(String(repeating: "é", count: 257)).count == 256)
}
