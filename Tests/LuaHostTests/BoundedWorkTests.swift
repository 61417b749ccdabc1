import Foundation
import LuaHost
import Readable
import TestSupport
import Testing

/// Library calls whose work a script sets: each must end at the time limit (they run in C,
/// where Lua's hook never fires), and Lua→Swift copies must stay inside the memory limit.
@Suite struct BoundedWork {
  static let longCalls = [
    "string.find(('a'):rep(30) .. 'b', ('a*'):rep(30) .. 'c')",
    "string.match(('a'):rep(1e6), '.-b')",
    "for w in (('a'):rep(1e6)):gmatch('a-b') do end",
    "string.gsub(('a'):rep(40), ('a?'):rep(40) .. ('a'):rep(40) .. 'b', '')",
    "string.find(('('):rep(3e7), '%b()')",
    "string.find(('a'):rep(1e8), ('a'):rep(1e5) .. 'b', 1, true)",
    // A long set is one lookup in the compiled pattern; quadratic backtracking over it is
    // what takes the time.
    "string.find(('a'):rep(1e5), '[' .. ('a'):rep(1e3) .. ']-[' .. ('b'):rep(1e3) .. ']')",
    "table.move({}, 1, 1e15, 2)",
    "table.insert(setmetatable({}, {__len = function() return 1e15 end}), 1, 0)",
    "table.remove(setmetatable({}, {__len = function() return 1e15 end}), 1)",
    "local s = ('a'):rep(1e8) local t = {} for i = 1, 1000 do t[i] = s end table.sort(t)",
  ]

  @Test(arguments: longCalls)
  func endsAtTheTimeLimit(_ source: String) throws {
    let state = try LuaState(limits: LuaLimits(memory: 256 << 20, seconds: 0.3))
    let started = Date()
    #expect(throws: LuaError.self) {
      try state.run(Array(source.utf8), chunkName: "@work.lua")
    }
    do {
      try state.run(Array(source.utf8), chunkName: "@work.lua")
    } catch let e as LuaError {
      #expect(e.kind == .timeLimit, "\(source): \(e)")
      #expect(e.location?.description == "work.lua:1", "\(source): \(e)")
      #expect(e.message == "time limit exceeded (0.3 s)", "\(source): \(e)")
    }
    // Two runs, each 0.3 s and a tick; without the checks each ran for minutes. (Ten
    // seconds: the limit is wall time, and a machine with both cores busy is slow to start.)
    #expect(Date().timeIntervalSince(started) < 10)
  }

  @Test func emptyRepeatsAreInstant() throws {
    let state = try LuaState(limits: LuaLimits(memory: 256 << 20, seconds: 1))
    let r = try state.run(
      Array(
        "return #string.rep('', 1e15), #string.rep('', 1e15, ''), string.rep('ab', 3, '-')".utf8),
      chunkName: "=t")
    #expect(r == [.integer(0), .integer(0), .string(Array("ab-ab-ab".utf8))])
  }

  @Test func sharedTablesCopyWithinTheMemoryLimit() throws {
    let state = try LuaState(limits: LuaLimits(memory: 8 << 20, seconds: 10))
    let dag = "local t = {} for i = 1, 50 do t = {t, t} end return t"
    do {
      _ = try state.run(Array(dag.utf8), chunkName: "@dag.lua")
      Issue.record("a copy of 2^50 values succeeded")
    } catch let e as LuaError {
      #expect(e.kind == .memory)
      #expect(e.message.contains("table too large to copy"), "\(e)")
    }
    // The copy's charge is given back when it ends: forty copies of 2^15 values each
    // (about 2 MiB apiece in Swift) fit one after another under the 8 MiB limit.
    let before = state.memoryUsed
    for _ in 0..<40 {
      let r = try state.run(
        Array("local t = {} for i = 1, 15 do t = {t, t} end return t".utf8), chunkName: "=t")
      #expect(r.count == 1)
    }
    #expect(abs(state.memoryUsed - before) < 1 << 20)
  }
}

/// "Did you mean" stays cheap whatever a script names, and still finds near misses.
@Suite struct Suggestions {
  /// Plain Levenshtein, the textbook way, as the independent reference.
  func reference(_ a: [Character], _ b: [Character]) -> Int {
    var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in stride(from: 1, through: a.count, by: 1) {
      for j in stride(from: 1, through: b.count, by: 1) {
        d[i][j] = Swift.min(
          d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
    }
    return d[a.count][b.count]
  }

  @Test func nearMissesAreFoundAsBefore() throws {
    var seed: UInt64 = 7
    func next(_ n: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(n))
    }
    let letters = Array("abcé")
    for _ in 0..<3000 {
      let word = String((0..<next(8)).map { _ in letters[next(letters.count)] })
      let names = (0..<3).map { _ in String((0..<next(8)).map { _ in letters[next(letters.count)] })
      }
      // the first name at the smallest distance, if within two edits
      let distances = names.map { reference(Array(word), Array($0)) }
      let best = distances.enumerated().filter { $0.element <= 2 }.min { $0.element < $1.element }
      let wanted = best.map { " (did you mean '\(names[$0.offset])'?)" } ?? ""
      #expect(suggestion(word, names) == wanted, "\(word) \(names)")
    }
  }

  @Test func longNamesCostNothing() throws {
    let names =
      (0..<2000).map { "name\($0)" }
      + (0..<200).map { String(repeating: "n", count: 20000 + $0 % 5) }
    let started = threadCPUSeconds()
    #expect(suggestion(String(repeating: "n", count: 20000), names) == "")
    #expect(suggestion("nam12", names) == " (did you mean 'name2'?)")  // one edit; name12 is later
    #expect(threadCPUSeconds() - started < 0.5)
  }
}
