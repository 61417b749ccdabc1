// Lua overhead benchmarks (issue 2): calls from Lua into a Swift function and from Swift
// into a Lua function, through LuaHost's public API with the standard limits on. Compare
// with bench/lua_calls.c, the same calls made from C.

import LuaHost

/// `PsyBench lua-to-swift N`: a Lua loop calling a registered Swift function N times.
func benchLuaToSwift(count: Int) {
  do {
    let state = try LuaState(libraries: .sandbox, limits: .standard)
    // A counter behind a pointer, like the C baseline's static: no exclusivity tracking.
    let sink = UnsafeMutablePointer<Int>.allocate(capacity: 1)
    sink.initialize(to: 0)
    try state.register("f") { call in sink.pointee &+= call.count }
    let source = Array("local f = f for i = 1, \(count) do f(i) end".utf8)
    let start = now()
    try state.run(source, chunkName: "=bench")
    let ns = (now() - start) / Double(max(count, 1)) * 1e9
    writeAll(1, Array("lua-to-swift: \(Double(Int(ns * 10)) / 10) ns/call\n".utf8))
    if sink.pointee == 42 { writeAll(2, [0x0A]) }
  } catch {
    fatalError("\(error)")
  }
}

/// `PsyBench swift-to-lua N`: Swift calling a Lua function N times (each a protected call
/// with a traceback handler and the time limit armed, as every top-level call is).
func benchSwiftToLua(count: Int) {
  do {
    let state = try LuaState(libraries: .sandbox, limits: .standard)
    try state.run(Array("function g(x) return x end".utf8), chunkName: "=bench")
    guard case .function(let g) = try state.global("g") else { fatalError("no g") }
    var sink = 0
    let start = now()
    for i in 0..<count {
      if case .integer(let v) = try state.call(g, with: .integer(i)) { sink &+= v }
    }
    let ns = (now() - start) / Double(max(count, 1)) * 1e9
    writeAll(1, Array("swift-to-lua: \(Double(Int(ns * 10)) / 10) ns/call\n".utf8))
    if sink == 42 { writeAll(2, [0x0A]) }
  } catch {
    fatalError("\(error)")
  }
}
