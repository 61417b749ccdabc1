import Testing

@testable import LuaHost

/// Finding a row's column where it was in the last row gives what a search from the end
/// gives: the value of the last pair with the key.
struct FlatTableHintTests {
  func row(_ pairs: [(String, LuaValue)], unique: Bool) -> LuaFlatTable {
    var t = LuaFlatTable()
    for (k, v) in pairs {
      t.append(text: k)
      t.append(v)
    }
    if unique { t.markKeysUnique() }
    return t
  }

  @Test func aHintLeadsStraightToTheColumnAndFollowsItWhenItMoves() {
    let a = row([("id", .text("r1")), ("x", .integer(1)), ("y", .integer(2))], unique: true)
    var hint = 0
    #expect(a.value(forKey: "y", hint: &hint) == .integer(2))
    #expect(hint == 2)
    #expect(a.value(forKey: "y", hint: &hint) == .integer(2))
    // The next row has no id: y moved, the stale hint misses and the search finds it.
    let b = row([("x", .integer(3)), ("y", .integer(4))], unique: true)
    #expect(b.value(forKey: "y", hint: &hint) == .integer(4))
    #expect(hint == 1)
    #expect(b.value(forKey: "id", hint: &hint) == nil)
    #expect(b.value(forKey: "", hint: &hint) == nil)
  }

  @Test func withoutUniqueKeysTheLastPairWinsWhateverTheHint() {
    let t = row([("x", .integer(1)), ("x", .integer(2)), ("y", .nil)], unique: false)
    var hint = 0
    #expect(t.value(forKey: "x", hint: &hint) == .integer(2))
    hint = 0
    #expect(t.value(forKey: "x", hint: &hint) == .integer(2))
    // A nil value is no value, as in Lua.
    #expect(t.value(forKey: "y", hint: &hint) == nil)
    // Appending after marking forgets the mark: a later repeat must win again.
    var u = row([("x", .integer(1))], unique: true)
    u.append(text: "x")
    u.append(.integer(5))
    #expect(!u.keysAreUnique)
    hint = 0
    #expect(u.value(forKey: "x", hint: &hint) == .integer(5))
    #expect(u == row([("x", .integer(1)), ("x", .integer(5))], unique: false))
  }
}
