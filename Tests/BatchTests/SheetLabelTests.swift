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

/// Labels from generated templates and rows (the fuzzing of `--label`): 20,000 templates of
/// braces, letters and field names over rows of long, odd and missing fields. Each is held
/// to a plain expansion written here from the documented rules (`{{` and `}}` are braces, a
/// `{` never closed is a letter, `{row}` the row's number unless a column has that name),
/// cut to the bound: never longer, the last character `…` exactly when cut.
@Test func generatedLabelsKeepTheRulesAndTheBound() {
  var seed: UInt64 = 0x5EED_1AB3
  func next(_ n: Int) -> Int {
    seed &+= 0x9E37_79B9_7F4A_7C15
    var z = seed
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(n))
  }
  let names = ["a", "b", "row", "", "é", "x y"]
  let pieces = ["{", "}", "{{", "}}", "a", "b", "row", " ", "é", "\u{1B}", "🙂"]
  func field() -> LuaValue? {
    switch next(7) {
    case 0: return nil
    case 1: return .text(String(repeating: "{}é", count: next(400)))
    case 2: return .integer(Int.max - next(10))
    case 3: return .number([Double.nan, .infinity, -0.0, 1e300, 2.5][next(5)])
    case 4: return .boolean(next(2) == 0)
    case 5: return .array([.integer(1)])
    default: return .text(pieces[next(pieces.count)])
    }
  }
  /// The label as the rules say, uncut.
  func expanded(_ template: String, _ fields: LuaValue, row: Int) -> String {
    var out = ""
    var rest = Substring(template)
    while let c = rest.first {
      rest = rest.dropFirst()
      if (c == "{" || c == "}") && rest.first == c {
        out.append(c)
        rest = rest.dropFirst()
      } else if c == "{", let close = rest.firstIndex(of: "}") {
        let name = String(rest[..<close])
        if let v = fields[name] {
          out += SheetLabel.text(v)
        } else if name == "row" {
          out += String(row)
        }
        rest = rest[rest.index(after: close)...]
      } else {
        out.append(c)
      }
    }
    return out
  }
  for _ in 0..<20_000 {
    var template = ""
    for _ in 0..<next(30) {
      template += next(3) == 0 ? "{\(names[next(names.count)])}" : pieces[next(pieces.count)]
    }
    if next(50) == 0 { template += String(repeating: "{a}", count: 300) }
    var entries: [LuaValue: LuaValue] = [:]
    for name in names { if let v = field() { entries[.text(name)] = v } }
    let fields = LuaValue.map(entries)
    let row = next(1_000_000)
    let label = SheetLabel.render(template, fields: fields, row: row)
    let whole = expanded(template, fields, row: row)
    let expected =
      whole.count < SheetLabel.limit ? whole : String(whole.prefix(SheetLabel.limit - 1)) + "…"
    #expect(label == expected, "template \(template.debugDescription)")
    #expect(label.count <= SheetLabel.limit)
  }
}
