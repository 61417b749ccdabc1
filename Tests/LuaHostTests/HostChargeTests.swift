// What the host holds for a script counts against its memory limit: a charge past the
// limit fails as Lua's own memory error does (kind, file:line), and uncharging gives back.

import LuaHost
import Testing

@Suite struct HostCharges {
  @Test func chargesCountUntilTheLimitAndUnchargingGivesThemBack() throws {
    let state = try LuaState(limits: LuaLimits(memory: 4 << 20, seconds: 10))
    try state.register("hold") { call in try call.charge(Int(call.number(1) ?? 0)) }
    let before = state.memoryUsed
    _ = try state.run(Array("hold(1000000)".utf8), chunkName: "@a.lua")
    #expect(state.memoryUsed >= before + 1_000_000)
    do {
      _ = try state.run(Array("local x = 1\nhold(4000000)".utf8), chunkName: "@dir/a.lua")
      Issue.record("a charge past the limit was taken")
    } catch let e as LuaError {
      #expect(e.kind == .memory)
      #expect(e.location?.description == "dir/a.lua:2")
      #expect(e.message.hasPrefix("not enough memory"))
    }
    // The refused charge counted nothing; giving back the first one frees its room.
    state.uncharge(1_000_000)
    #expect(state.memoryUsed < before + 1_000_000)
    _ = try state.run(Array("hold(3000000)".utf8), chunkName: "@a.lua")
    state.uncharge(3_000_000)
    // Giving back more than was charged cannot wrap the count around.
    state.uncharge(Int.max)
    #expect(state.memoryUsed >= 0 && state.memoryUsed < 4 << 20)
    #expect(
      try state.run(Array("return ('x'):rep(1000)".utf8), chunkName: "@a.lua")[0].text?.count
        == 1000)
  }

  @Test func withoutALimitEveryChargeIsTaken() throws {
    let state = try LuaState(limits: LuaLimits(memory: 0, seconds: 10))
    try state.register("hold") { call in try call.charge(1 << 40) }
    _ = try state.run(Array("hold()".utf8), chunkName: "@a.lua")
    state.uncharge(1 << 40)
  }
}
