import LuaHost
import Testing

/// Collects what scripts print.
final class Collect: LuaPrintTarget {
  var bytes: [UInt8] = []
  func write(_ b: UnsafeRawBufferPointer) { bytes.append(contentsOf: b) }
  var text: String { String(decoding: bytes, as: UTF8.self) }
}

func lua(_ source: String, limits: LuaLimits = .standard) throws -> [LuaValue] {
  let state = try LuaState(limits: limits)
  return try state.run(Array(source.utf8), chunkName: "@test.lua")
}

func failure(_ source: String, limits: LuaLimits = .standard) -> LuaError? {
  do {
    _ = try lua(source, limits: limits)
    return nil
  } catch let e as LuaError {
    return e
  } catch {
    return nil
  }
}

@Suite struct Values {
  @Test func scalarsRoundTrip() throws {
    let state = try LuaState()
    let values: [LuaValue] = [
      .nil, true, false, 0, -7, .integer(Int.max), 1.5, .number(-0.25), "plain",
      .string([0, 1, 0xFF, 0xFE, 0x80, 0]), .string([]),
    ]
    for v in values {
      try state.setGlobal("x", v)
      let back = try state.run(Array("return x".utf8), chunkName: "=t")
      #expect(back == [v])
    }
  }

  /// A flat table reaches Lua as the table its pairs make (later keys win, nil values
  /// make no entry) and comes back as the same map; Swift reads it the same way.
  @Test func flatTablesAreTheTablesTheirPairsMake() throws {
    var flat = LuaFlatTable()
    let pairs: [(LuaValue, LuaValue)] = [
      ("k", 1), ("s", .string([0x61, 0, 0xFF])), ("k", 2.5), ("gone", .nil), (7, true),
      (1.5, "x"), ("", ""),
    ]
    for (k, v) in pairs {
      let keyTaken = flat.append(k, isKey: true)
      let valueTaken = flat.append(v)
      #expect(keyTaken && valueTaken)
    }
    let count = flat.count
    let refused = [
      flat.append(.nil, isKey: true), flat.append(.number(.nan), isKey: true),
      flat.append(.array([1])),
    ]
    #expect(refused == [false, false, false] && flat.count == count)
    let expected: LuaValue = .map([
      "k": 2.5, "s": .string([0x61, 0, 0xFF]), 7: true, 1.5: "x", "": "",
    ])
    #expect(LuaValue.flat(flat)["k"] == 2.5)
    #expect(LuaValue.flat(flat)["gone"] == nil)
    #expect(LuaValue.flat(flat).typeName == "table")
    let state = try LuaState()
    try state.setGlobal("t", .flat(flat))
    let back = try state.run(
      Array("local n = 0 for _ in pairs(t) do n = n + 1 end return t, n".utf8), chunkName: "=t")
    #expect(back == [expected, 5])
    // A map of scalars and strings takes the same one-step path.
    try state.setGlobal("m", expected)
    #expect(try state.run(Array("return m".utf8), chunkName: "=t") == [expected])
  }

  @Test func stringLengthsSurviveNULs() throws {
    let state = try LuaState()
    try state.setGlobal("s", .string([0x61, 0, 0x62, 0xC3]))
    let r = try state.run(Array("return #s, s:byte(2), s:byte(4)".utf8), chunkName: "=t")
    #expect(r == [4, 0, 0xC3])
  }

  @Test func nestedTablesFiftyDeep() throws {
    var v: LuaValue = .array([1, "leaf"])
    for i in 0..<50 { v = .map(["child": v, "depth": .integer(i)]) }
    let state = try LuaState()
    try state.setGlobal("t", v)
    let back = try state.run(Array("return t".utf8), chunkName: "=t")
    #expect(back == [v])
    let made = try state.run(
      Array("local t = {} ; for i = 1, 50 do t = {t} end ; return t".utf8), chunkName: "=t")
    var depth = 0
    var cur = made[0]
    while case .array(let a) = cur, let first = a.first {
      depth += 1
      cur = first
    }
    #expect(depth == 50)
  }

  @Test func cyclicTablesAreRefused() throws {
    #expect(failure("local t = {} t.t = t return t")?.message.contains("cyclic") == true)
  }

  @Test func printGoesToTheChosenStream() throws {
    let out = Collect()
    let state = try LuaState(output: out)
    try state.run(Array("print('a', 1, nil, 2.5) print()".utf8), chunkName: "=t")
    #expect(out.text == "a\t1\tnil\t2.5\n\n")
  }
}

@Suite struct Errors {
  @Test func swiftErrorsReachPcallWithTheirMessage() throws {
    struct Boom: Error, CustomStringConvertible { var description: String { "boom from swift" } }
    let state = try LuaState()
    try state.register("explode") { _ in throw Boom() }
    let r = try state.run(
      Array("local ok, e = pcall(explode) return ok, e".utf8), chunkName: "@s.lua")
    #expect(r[0] == false)
    #expect(r[1].text?.contains("boom from swift") == true)
  }

  @Test func swiftErrorsNameTheCallersLine() throws {
    let state = try LuaState()
    try state.register("explode") { _ in
      throw LuaError(kind: .runtime, location: nil, message: "bad")
    }
    do {
      try state.run(Array("local x = 1\nexplode()".utf8), chunkName: "@dir/s.lua")
      Issue.record("no error")
    } catch let e as LuaError {
      #expect(e.location?.description == "dir/s.lua:2")
      #expect(e.message == "bad")
    }
  }

  @Test func luaErrorsReachSwiftWithLocationAndTraceback() throws {
    let e = failure("local function f()\n  error('deep')\nend\nf()")
    #expect(e?.kind == .runtime)
    #expect(e?.location?.description == "test.lua:2")
    #expect(e?.message == "deep")
    #expect(e?.traceback.contains("test.lua:4") == true)
  }

  @Test func syntaxErrorsNameTheirLine() throws {
    let e = failure("local a = 1\nlocal b = = 2")
    #expect(e?.kind == .syntax)
    #expect(e?.location?.description == "test.lua:2")
  }

  @Test func manyErrorsThroughTheTrampolineKeepTheStackBalanced() throws {
    let state = try LuaState()
    try state.register("fail") { _ in throw LuaError(kind: .runtime, location: nil, message: "no") }
    let r = try state.run(
      Array(
        """
        local n = 0
        for i = 1, 100000 do
          if not pcall(fail, i, "x", {}) then n = n + 1 end
        end
        return n, select('#', 1)
        """.utf8), chunkName: "=t")
    #expect(r == [100000, 1])
    #expect(try state.run(Array("return 1, 2, 3".utf8), chunkName: "=t") == [1, 2, 3])
  }

  @Test func swiftFunctionsReturnValuesAndCallBackIntoLua() throws {
    let state = try LuaState()
    try state.register("twice") { call in
      guard case .function(let f) = try call.value(1) else { return }
      let a = try call.call(f, [.integer(20)])
      let b = try call.call(f, a)
      try call.push(b.first ?? .nil)
    }
    let r = try state.run(Array("return twice(function(x) return x + 1 end)".utf8), chunkName: "=t")
    #expect(r == [22])
  }

  /// The state knows which thread called: its calls from inside a callback run on the
  /// coroutine that called (no thread passed in), and from the top on the main thread again,
  /// after a callback returned or threw.
  @Test func stateCallsRunOnTheThreadThatCalled() throws {
    let state = try LuaState()
    try state.run(
      Array("function isMain() return select(2, coroutine.running()) end".utf8), chunkName: "=t")
    guard case .function(let isMain) = try state.global("isMain") else {
      Issue.record("isMain is not a function")
      return
    }
    try state.register("inner") { call in
      try call.push(try call.state.call(isMain).first ?? .nil)
      try call.push(try call.state.call(isMain, with: .nil))
      if !call.isNil(1) { throw LuaError(kind: .runtime, location: nil, message: "asked to fail") }
    }
    let source = """
      local co = coroutine.create(function(fail) return inner(fail) end)
      local a, b, c = coroutine.resume(co)
      local d = coroutine.resume(coroutine.create(inner), true)
      return b, c, d, inner()
      """
    let r = try state.run(Array(source.utf8), chunkName: "=t")
    #expect(r == [false, false, false, true, true])
    #expect(try state.call(isMain) == [true])
    #expect(try state.call(isMain, with: 1) == true)
  }
}

final class Counter {
  var n = 0
  nonisolated(unsafe) static var released = 0
  deinit { Counter.released += 1 }
}

@Suite(.serialized) struct Objects {
  nonisolated(unsafe) static let cls = LuaClass<Counter>(name: "Counter") { c in
    c.method("bump") { me, call in me.n += Int(call.number(2) ?? 1) }
    c.property("n", get: { .integer($0.n) }, set: { o, v in o.n = Int(v.number ?? 0) })
  }

  @Test func methodsFieldsAndGC() throws {
    let counter = Counter()
    let before = Counter.released
    do {
      let state = try LuaState()
      try state.setGlobal("c", object: counter, as: Objects.cls)
      let r = try state.run(
        Array("c:bump(2) c:bump() c.n = c.n * 10 return c.n".utf8), chunkName: "=t")
      #expect(r == [30])
      #expect(counter.n == 30)
      // A method called with '.' gets no object: the class refuses before the method runs.
      #expect(
        failure2(state, "c.bump(2)")?.message.contains("Counter:bump must be called with ':'")
          == true)
      #expect(counter.n == 30)
      #expect(failure2(state, "c.nope = 1")?.message.contains("unknown field") == true)
      #expect(failure2(state, "return c.bmp")?.message.contains("did you mean 'bump'") == true)
      try state.setGlobal("tmp", object: Counter(), as: Objects.cls)
      try state.run(Array("tmp = nil collectgarbage() collectgarbage()".utf8), chunkName: "=t")
      #expect(Counter.released == before + 1)
    }
  }

  func failure2(_ s: LuaState, _ src: String) -> LuaError? {
    do { try s.run(Array(src.utf8), chunkName: "=t") } catch let e as LuaError { return e } catch {}
    return nil
  }
}

@Suite struct Sandbox {
  @Test func dangerousThingsAreAbsent() throws {
    let r = try lua(
      """
      return io == nil, os.execute == nil, os.exit == nil, os.getenv == nil, debug == nil,
        package.loadlib == nil, package.cpath == nil, dofile == nil, loadfile == nil,
        string.dump == nil, os.clock ~= nil, os.time ~= nil, os.date ~= nil, os.difftime ~= nil,
        getmetatable("") == false
      """)
    #expect(r.count == 15)
    #expect(r.allSatisfy { $0 == true })
  }

  @Test func bytecodeIsRefused() throws {
    let r = try lua(
      """
      local ok, err = load("\\27Lua\\84\\0")
      local ok2, err2 = load("\\27Lua", "x", "b")
      return ok == nil and err, ok2 == nil and err2
      """)
    #expect(r[0].text?.contains("binary") == true)
    #expect(r[1].text?.contains("binary") == true)
  }

  @Test func textLoadStillWorksWithEnv() throws {
    #expect(try lua("return load('return x', 'c', 't', {x = 5})()") == [5])
    #expect(try lua("y = 7 return load('return y')()") == [7])
  }

  @Test func trustedModeOpensEverything() throws {
    let s = try LuaState(libraries: .trusted)
    #expect(try s.run(Array("return io ~= nil and debug ~= nil".utf8), chunkName: "=t") == [true])
  }
}

@Suite struct Limits {
  static let small = LuaLimits(memory: 32 << 20, seconds: 1)

  @Test(arguments: [
    "return string.rep('x', 1e10)", "return string.rep('x', 1e9)",
    "local s = 'x' while true do s = s .. s end", "return string.format('%099d', 1):rep(1e8)",
  ])
  func hugeStringsAreMemoryErrors(source: String) throws {
    let state = try LuaState(limits: Limits.small)
    do {
      try state.run(Array(source.utf8), chunkName: "@m.lua")
      Issue.record("no error")
    } catch let e as LuaError {
      #expect(e.kind == .memory, "\(e)")
    }
    #expect(try state.run(Array("return 1 + 1".utf8), chunkName: "=t") == [2])
  }

  @Test func tableFillingIsAMemoryErrorAndTheStateRecovers() throws {
    let state = try LuaState(limits: Limits.small)
    do {
      try state.run(
        Array("local t = {} for i = 1, 1e9 do t[i] = {i} end".utf8), chunkName: "@m.lua")
      Issue.record("no error")
    } catch let e as LuaError {
      #expect(e.kind == .memory)
    }
    #expect(
      try state.run(
        Array("local t = {} for i = 1, 1000 do t[i] = i end return #t".utf8), chunkName: "=t") == [
          1000
        ])
  }

  @Test(arguments: [
    "while true do end",
    "while true do pcall(function() while true do end end) end",
    "local co = coroutine.create(function() while true do end end) coroutine.resume(co)",
    "local co = coroutine.wrap(function() while true do coroutine.yield() end end) while true do co() end",
    "local t = setmetatable({}, {__index = function(t, k) while true do end end}) return t.x",
    "string.gsub(string.rep('a', 100), 'a', function() while true do end end)",
    "local t = {} for i = 1, 100 do t[i] = i end table.sort(t, function(a, b) while true do end end)",
    "while true do local ok = pcall(error, 'x') end",
  ])
  func runawayLoopsStopAtTheTimeLimit(source: String) throws {
    let state = try LuaState(limits: LuaLimits(memory: 64 << 20, seconds: 0.2))
    do {
      try state.run(Array(source.utf8), chunkName: "@loop.lua")
      Issue.record("no error")
    } catch let e as LuaError {
      #expect(e.kind == .timeLimit, "\(e)")
      #expect(e.location?.description.hasPrefix("loop.lua:") == true, "\(e)")
    }
    // The next call has a fresh budget and runs at full speed.
    #expect(
      try state.run(
        Array("local n = 0 for i = 1, 1000 do n = n + i end return n".utf8), chunkName: "=t") == [
          500500
        ])
  }

  @Test func aLongCCallIsCutShortAfterTheDeadline() throws {
    let state = try LuaState(limits: LuaLimits(memory: 1 << 30, seconds: 0.2))
    do {
      try state.run(
        Array(
          "local s = 'x' while true do s = string.rep(s, 2) .. 'y' if #s > 1e8 then s = 'x' end end"
            .utf8),
        chunkName: "@rep.lua")
      Issue.record("no error")
    } catch let e as LuaError {
      #expect(e.kind == .timeLimit || e.kind == .memory, "\(e)")
    }
  }
}

@Suite struct Require {
  @Test func requireFindsSourceFilesOnThePathOnly() throws {
    let dir = "/tmp/psy-require-\(UInt32.random(in: 0...UInt32.max))"
    try shell(
      "mkdir -p \(dir)/lib && printf 'return {v = 42}' > \(dir)/lib/mod.lua && printf 'error(\"bad module\")' > \(dir)/broken.lua"
    )
    let state = try LuaState()
    try state.setRequirePath([dir])
    #expect(
      try state.run(
        Array("return require('lib.mod').v, require('lib.mod') == require('lib.mod')".utf8),
        chunkName: "=t") == [42, true])
    #expect(state.requiredFiles == ["\(dir)/lib/mod.lua"])
    let r = try state.run(
      Array(
        "return pcall(require, '../etc/passwd'), pcall(require, 'nope'), select(2, pcall(require, 'broken'))"
          .utf8), chunkName: "=t")
    #expect(r[0] == false)
    #expect(r[1] == false)
    #expect(r.last?.text?.contains("broken.lua:1: bad module") == true)
  }
}

@discardableResult
func shell(_ command: String) throws -> Int32 {
  system(command)
}

@_silgen_name("system") func system(_ command: UnsafePointer<CChar>) -> Int32

@Suite struct OneArgumentCalls {
  @Test func scalarsStringsTablesAndErrorsComeBackAndTheStackStaysPut() throws {
    let state = try LuaState()
    try state.run(
      Array(
        """
        function f(x)
          if x == nil then return nil end
          if x == 1 then return "one" end
          if x == 2 then return {1, 2} end
          if x == 3 then error("three") end
          return x * 2
        end
        """.utf8), chunkName: "@f.lua")
    guard case .function(let f) = try state.global("f") else { Issue.record("no f"); return }
    for _ in 0..<3 {
      #expect(try state.call(f, with: .integer(21)) == .integer(42))
      #expect(try state.call(f, with: .number(0.25)) == .number(0.5))
      #expect(try state.call(f, with: .nil) == .nil)
      #expect(try state.call(f, with: .integer(1)) == .text("one"))
      #expect(try state.call(f, with: .integer(2)) == .array([1, 2]))
      #expect(throws: LuaError.self) { try state.call(f, with: .map(["a": 1])) }
      do {
        _ = try state.call(f, with: .integer(3))
        Issue.record("no error")
      } catch let e as LuaError {
        #expect(e.location?.description == "f.lua:5" && e.message == "three")
      }
    }
    // Nothing was left behind: a fresh run sees an empty stack.
    #expect(try state.run(Array("return select('#', ...)".utf8), chunkName: "=t") == [0])
  }

  /// The scalar call checks its stack room by the frame's size (Lua's LUA_MINSTACK slots)
  /// and asks Lua only past it: from a callback holding 0 to 5,000 values, calls on both
  /// sides of that line return their results and leave the callback's frame as it was.
  @Test(arguments: [0, 16, 17, 18, 19, 40, 5000])
  func callsFromAFullFrame(_ held: Int) throws {
    let state = try LuaState()
    try state.run(
      Array("function f(x) if x == 1 then return 'one' end return x * 2 end".utf8),
      chunkName: "@f.lua")
    guard case .function(let f) = try state.global("f") else { Issue.record("no f"); return }
    try state.register("hold") { call in
      for _ in 0..<3 {
        let number = try call.state.call(f, with: .integer(21))
        let text = try call.state.call(f, with: .integer(1))
        #expect(number == .integer(42) && text == .text("one"))
      }
      let last = held > 0 ? try call.value(held) : .integer(0)
      #expect(call.count == held && last == .integer(held))
    }
    let source = "local t = {} for i = 1, \(held) do t[i] = i end hold(table.unpack(t))"
    try state.run(Array(source.utf8), chunkName: "=t")
  }
}
