// Errors keep their type across Lua: a Swift error thrown by a Swift function that Lua
// called travels through Lua as a value and reaches the host as it was thrown (kind, place,
// message), through pcall, error(e), coroutines and nested calls; a script reads its message.

import LuaHost
import Readable
import Testing

@Suite struct ErrorValues {
  /// A state with `fail()`, which throws `error`.
  func state(throwing error: Error) throws -> LuaState {
    let state = try LuaState()
    try state.register("fail") { _ in throw error }
    return state
  }

  func failure(_ state: LuaState, _ source: String) -> LuaError? {
    do { try state.run(Array(source.utf8), chunkName: "@s.lua") } catch let e as LuaError {
      return e
    } catch { Issue.record("not a LuaError: \(error)") }
    return nil
  }

  @Test func aSwiftErrorComesBackWithItsKindAndPlace() throws {
    // No text says "file": only the value can carry the kind back.
    let thrown = LuaError(
      kind: .file, location: Readable.SourceLocation(file: "plugin.lua", line: 9),
      message: "cannot read it")
    let state = try state(throwing: thrown)
    let e = failure(
      state,
      """
      local ok, err = pcall(fail)
      local co = coroutine.wrap(function() error(err) end)
      co()
      """)
    #expect(e?.kind == .file)
    #expect(e?.location?.description == "plugin.lua:9")
    #expect(e?.message == "cannot read it")
  }

  @Test func anErrorWithoutAPlaceIsPlacedAtTheLuaCodeThatCalled() throws {
    let state = try state(throwing: LuaError(kind: .memory, location: nil, message: "too big"))
    let e = failure(state, "local x = 1\n\nfail()")
    #expect(e?.kind == .memory)
    #expect(e?.location?.description == "s.lua:3")
    #expect(e?.message == "too big")
    // Raised again by the script, it keeps the place where it was made, not the new one.
    let again = failure(state, "local ok, e = pcall(function() fail() end)\nerror(e)")
    #expect(again?.location?.description == "s.lua:1")
    #expect(again?.message == "too big")
  }

  @Test func aScriptReadsTheMessageOfAHostError() throws {
    struct Boom: Error, CustomStringConvertible { var description: String { "boom: 42" } }
    let state = try state(throwing: Boom())
    let r = try state.run(
      Array(
        """
        local ok, e = pcall(function() fail() end)
        return type(e), tostring(e), "caught " .. e, e .. "!", #e, e:match("%d+"), e:upper()
        """.utf8), chunkName: "@s.lua")
    #expect(
      r == [
        "userdata", "s.lua:1: boom: 42", "caught s.lua:1: boom: 42", "s.lua:1: boom: 42!", 17,
        "1", "S.LUA:1: BOOM: 42",
      ])
  }

  @Test func aHostErrorHidesItsMetatableAndRefusesWhatAStringWould() throws {
    let state = try state(
      throwing: LuaError(
        kind: .runtime, location: Readable.SourceLocation(file: "x.lua", line: 1), message: "no"))
    let r = try state.run(
      Array(
        """
        local ok, e = pcall(fail)
        local concat_ok, concat_error = pcall(function() return e .. {} end)
        return getmetatable(e), e.nothing, concat_ok, concat_error
        """.utf8), chunkName: "@s.lua")
    #expect(r.count == 4)
    #expect(r[0] == false)
    #expect(r[1] == .nil)
    #expect(r[2] == false)
    #expect(r[3].text?.contains("attempt to concatenate a table value") == true)
  }

  @Test func aHostErrorThroughANestedCallKeepsItsPlace() throws {
    // fail() runs inside a Lua function that Swift calls from inside another Swift function.
    let state = try LuaState()
    try state.register("fail") { _ in
      throw LuaError(kind: .memory, location: nil, message: "not enough memory")
    }
    try state.run(Array("function inner()\n  fail()\nend".utf8), chunkName: "@lib.lua")
    let inner = try state.global("inner")
    guard case .function(let f) = inner else { throw LuaError(kind: .runtime, raw: "no inner") }
    try state.register("outer") { call in _ = try call.call(f) }
    let e = failure(state, "outer()")
    #expect(e?.kind == .memory)
    #expect(e?.location?.description == "lib.lua:2")
    // Named once as the memory limit's, as Lua's own memory error is.
    #expect(e?.message == "not enough memory (limit 256 MiB)")
  }

  @Test func aMemoryErrorNamesItsLineWhenMemoryIsFull() throws {
    // The host's charges fill the limit: neither the error's value nor the handler's
    // traceback finds room, and the error still names the line that asked.
    let state = try LuaState(limits: LuaLimits(memory: 2 << 20, seconds: 10))
    try state.register("fill") { call in
      try call.charge(call.state.limits.memory - call.state.memoryUsed - 16)
    }
    try state.register("hold") { call in try call.charge(1000) }
    let e = failure(state, "fill()\n\nhold()")
    #expect(e?.kind == .memory)
    #expect(e?.location?.description == "s.lua:3")
    #expect(e?.message.hasPrefix("not enough memory") == true)
  }

  @Test func aCloseMethodOfTheOutermostCallReadsTheMessageAndTheTraceback() throws {
    let out = Collect()
    let state = try LuaState(output: out)
    _ = try? state.run(
      Array(
        """
        local x <close> = setmetatable({}, {__close = function(_, e) print(tostring(e)) end})
        error("boom")
        """.utf8), chunkName: "@s.lua")
    #expect(out.text.hasPrefix("s.lua:2: boom\nstack traceback:\n"), "\(out.text)")
  }

  @Test func whatLuaRaisesIsClassifiedByStatus() throws {
    let state = try LuaState(limits: LuaLimits(memory: 8 << 20, seconds: 10))
    // A string that merely reads like a memory error, raised with a place, is a script's.
    let e = failure(state, "error('not enough memory here')")
    #expect(e?.kind == .runtime)
    #expect(e?.location?.description == "s.lua:1")
    let m = failure(state, "local t = {} for i = 1, 1e8 do t[i] = {} end")
    #expect(m?.kind == .memory)
    #expect(m?.location?.description == "s.lua:1")
  }
}
