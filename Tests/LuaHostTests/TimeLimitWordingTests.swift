import LuaHost
import Testing

/// However a call ends at its time limit (the VM's hook, a library function that looks at
/// the clock, an allocation the allocator refused because time was up, the host copying a
/// table), the error reads the same: the script's file:line and `time limit exceeded`
/// with the limit written as every number the program shows.
@Suite struct TimeLimitWording {
  /// A script that spins in one place (line 2 of `spin.lua`), and how.
  static let spins: [(how: String, body: String)] = [
    ("the VM", "while true do end"),
    ("a coroutine", "coroutine.wrap(function() while true do end end)()"),
    ("the pattern matcher", "string.find(('a'):rep(30) .. 'b', ('a*'):rep(30) .. 'c')"),
    (
      "table.concat",
      "local t = {} for i = 1, 1e6 do t[i] = 'ab' end while true do table.concat(t, ',') end"
    ),
    (
      "string.rep's allocation",
      "local s = ('x'):rep(1000) while true do local u = s:rep(30000) end"
    ),
    (
      "string.upper's allocation",
      "local s = ('abc'):rep(10 << 20) while true do local u = s:upper() end"
    ),
    (
      "the host copying a table",
      "local t = {} for i = 1, 1e6 do t[i] = i end while true do take(t) end"
    ),
  ]

  @Test(arguments: [0.25, 1.0])
  func sameWordsOnEveryPath(_ seconds: Double) throws {
    let shown = seconds == 1 ? "1" : "0.25"
    for spin in TimeLimitWording.spins {
      let state = try LuaState(limits: LuaLimits(memory: 256 << 20, seconds: seconds))
      try state.register("take") { call in _ = try call.value(1) }
      do {
        try state.run(Array(("\n" + spin.body).utf8), chunkName: "@spin.lua")
        Issue.record("\(spin.how): ran past its time limit")
      } catch let e as LuaError {
        #expect(e.kind == .timeLimit, "\(spin.how): \(e)")
        #expect(e.description == "spin.lua:2: time limit exceeded (\(shown) s)", "\(spin.how)")
      }
    }
  }
}
