// Lua overhead benchmarks (issue 2): calls from Lua into a Swift function and from Swift
// into a Lua function, through LuaHost's public API with the standard limits on. Compare
// with bench/lua_calls.c, the same calls made from C.

import Glibc
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

/// `PsyBench lua-file FILE N`: runs a Lua file N times in one sandboxed state with the
/// standard limits (as Lua 5.4's suite driver would: `_port`, `_soft` set), the embedding's
/// cost for CPU-bound Lua. Compare with `lua5.4 bench/lua_file.lua FILE N`.
func benchLuaFile(path: String, count: Int) {
  do {
    guard let source = readWhole(path) else { fatalError("cannot read \(path)") }
    let state = try LuaState(libraries: .sandbox, limits: .standard)
    for flag in ["_port", "_soft", "_nomsg"] { try state.setGlobal(flag, true) }
    // The same fixed seed as lua_file.lua's (see the file): runs seeded apart differ in work.
    let prelude = "Benchmarks/fixed_seed.lua"
    guard let seed = readWhole(prelude) else { fatalError("cannot read \(prelude)") }
    try state.run(seed, chunkName: "@" + prelude)
    let start = now()
    for _ in 0..<count { try state.run(source, chunkName: "@" + path) }
    let ms = (now() - start) / Double(max(count, 1)) * 1e3
    writeAll(2, Array("lua-file: \(Double(Int(ms * 1000)) / 1000) ms/run\n".utf8))
  } catch {
    fatalError("\(error)")
  }
}

/// The bytes of a file, or nil.
private func readWhole(_ path: String) -> [UInt8]? {
  let fd = open(path, O_RDONLY)
  guard fd >= 0 else { return nil }
  defer { close(fd) }
  var bytes: [UInt8] = []
  var chunk = [UInt8](repeating: 0, count: 1 << 16)
  while true {
    let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    if n < 0 && errno == EINTR { continue }
    if n <= 0 { return n == 0 ? bytes : nil }
    bytes.append(contentsOf: chunk[..<n])
  }
}
