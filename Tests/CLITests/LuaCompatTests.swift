import Foundation
import Testing
import TestSupport

/// A script whose output under `psychologist run` must equal lua5.4's, byte for byte
/// (addresses aside): the deviations issue 12 found, each with variants.
struct CompatCase: Sendable, CustomTestStringConvertible {
  var name: String
  /// main.lua, then other files (modules) by name.
  var files: [(String, String)]
  /// Also compare stderr (warnings); otherwise both must exit 0.
  var stderr = false
  /// The script's own arguments: `lua5.4 main.lua ARGS`, `psychologist run main.lua -- ARGS`.
  var arguments: [String] = []
  var testDescription: String { name }
}

let compatCases: [CompatCase] = [
  CompatCase(
    name: "require tries pkg/init.lua after pkg.lua, in every folder (issue 21)",
    files: [
      (
        "main.lua",
        """
        print(require("pkg").name, select(2, require("pkg")))
        print(require("pkg.part"))
        print(require("flat"))
        print(package.loaded.pkg == require("pkg"))
        """
      ),
      ("pkg/init.lua", "return { name = 'pkg' }, ...\n"),
      ("pkg/part.lua", "return 'part', ...\n"),
      ("flat.lua", "return 'flat'\n"),
      ("flat/init.lua", "return 'never: flat.lua comes first'\n"),
    ]),
  CompatCase(
    name: "a module's chunk name and errors name the path require found (./mod.lua)",
    files: [
      (
        "main.lua",
        """
        print(pcall(require, "errmod"))
        print(pcall(require, "deep.errmod"))
        print(select(2, require("where")))
        """
      ),
      ("errmod.lua", "error('boom')\n"),
      ("deep/errmod/init.lua", "local x = nil\nreturn x.field\n"),
      ("where.lua", "return 'here'\n"),
    ]),
  CompatCase(
    name: "coroutine.wrap puts its call site in front of a string error (issue 21)",
    files: [
      (
        "main.lua",
        """
        local f = coroutine.wrap(function() error("boom") end)
        print(pcall(f))
        local g = coroutine.wrap(function() error("plain", 0) end)
        print(pcall(g))
        local h = coroutine.wrap(function() coroutine.yield(1) error({}) end)
        print(h())
        print(select("#", pcall(h)))
        local dead = coroutine.wrap(function() end)
        dead()
        print(pcall(dead))
        """
      )
    ]),
  CompatCase(
    name: "arg and ... hold the script's own arguments (issue 21)",
    files: [
      (
        "main.lua",
        """
        print(arg[0], #arg, arg[1], arg[2], arg[3])
        print(select("#", ...), ...)
        local function inner(...) return select("#", ...) end
        print(inner())
        """
      )
    ], arguments: ["a", "b c", ""]),
  CompatCase(
    name: "no arguments: arg holds only the script",
    files: [("main.lua", "print(arg[0], #arg, select('#', ...))\n")]),
  CompatCase(
    name: "a dead wrap cannot be resumed (error object a function)",
    files: [
      (
        "main.lua",
        """
        local f = coroutine.wrap(function() error(function() print("zombie") return "zombie" end) end)
        print(select('#', pcall(f)))
        print(pcall(f))
        print(pcall(f))
        """
      )
    ]),
  CompatCase(
    name: "a dead wrap cannot be resumed (error a string, a table)",
    files: [
      (
        "main.lua",
        """
        local f = coroutine.wrap(function() error("once") end)
        print(pcall(f))
        print(pcall(f))
        local t = {}
        local g = coroutine.wrap(function() error(t) end)
        print(select(2, pcall(g)) == t)
        print(pcall(g))
        """
      )
    ]),
  CompatCase(
    name: "the error of a __close method while a wrap dies is the one reported",
    files: [
      (
        "main.lua",
        """
        local f = coroutine.wrap(function()
          local x <close> = setmetatable({}, {__close = function() error("from close") end})
          error("orig")
        end)
        print(pcall(f))
        print(pcall(f))
        local g = coroutine.wrap(function()
          local a <close> = setmetatable({}, {__close = function(_, e) print("a sees", e) error("a") end})
          local b <close> = setmetatable({}, {__close = function(_, e) print("b sees", e) error({}) end})
          error("orig")
        end)
        print(pcall(g))
        local h = coroutine.wrap(function()
          local a <close> = setmetatable({}, {__close = function(_, e) print("closing", e) end})
          error("kept")
        end)
        print(pcall(h))
        """
      )
    ]),
  CompatCase(
    name: "coroutine.close reports a __close error and refuses running or normal coroutines",
    files: [
      (
        "main.lua",
        """
        local c = coroutine.create(function()
          local x <close> = setmetatable({}, {__close = function() error("cl") end})
          coroutine.yield()
        end)
        coroutine.resume(c)
        print(coroutine.close(c))
        print(coroutine.status(c), coroutine.close(c))
        print(pcall(coroutine.close, coroutine.running()))
        local c3
        c3 = coroutine.create(function()
          local c4 = coroutine.create(function() return coroutine.close(c3) end)
          return coroutine.resume(c4)
        end)
        print(coroutine.resume(c3))
        print(pcall(coroutine.close, 1))
        """
      )
    ]),
  CompatCase(
    name: "load with mode b refuses text as Lua does",
    files: [
      (
        "main.lua",
        """
        print(load("return 1", "c", "b"))
        print(load("return 1", "c", "B"))
        local parts = {"return 2"}
        print(load(function() return table.remove(parts) end, "r", "b"))
        print(load("return 3", "c", "t")())
        print(load("return 4", "c", "bt")())
        print(load("return x", "c", "t", {x = 5})())
        print(load("return x", "c", nil, {x = 6})())
        print(load("return _ENV")() == _ENV)
        print(load("x =", "=c"))
        """
      )
    ]),
  CompatCase(
    name: "bad argument names the function and the place",
    files: [
      (
        "main.lua",
        """
        print(pcall(setmetatable, 1))
        print(pcall(load))
        print(pcall(load, 1))
        print(pcall(coroutine.close, 1))
        print(pcall(coroutine.wrap, 1))
        print(pcall(coroutine.resume, 1))
        print(pcall(require, {}))
        print(pcall(xpcall))
        print(pcall(function() setmetatable(1) end))
        print(pcall(function() setmetatable({}, 1) end))
        print(pcall(function() load() end))
        print(pcall(function() coroutine.close(1) end))
        print(pcall(function() coroutine.wrap(1) end))
        print(pcall(function() coroutine.resume(1) end))
        print(pcall(function() coroutine.resume() end))
        print(pcall(function() require({}) end))
        print(pcall(function() xpcall() end))
        print(pcall(function() xpcall(print) end))
        print(pcall(function() local t = setmetatable({}, {__metatable = 1}) setmetatable(t, {}) end))
        """
      )
    ]),
  CompatCase(
    name: "resuming a running or normal coroutine",
    files: [
      (
        "main.lua",
        """
        local co
        co = coroutine.create(function() return coroutine.resume(co) end)
        print(coroutine.resume(co))
        print(coroutine.resume(co))
        print(coroutine.resume(coroutine.running()))
        local a, b
        a = coroutine.create(function() return coroutine.resume(b) end)
        b = coroutine.create(function() return coroutine.resume(a) end)
        print(coroutine.resume(a))
        local w
        w = coroutine.wrap(function() return pcall(w) end)
        print(w())
        """
      )
    ]),
  CompatCase(
    name: "require returns the value and the file, and keeps package.loaded set by the module",
    files: [
      (
        "main.lua",
        """
        print(require("mod"))
        print(require("mod"))
        print(require("self"))
        print(require("self"))
        print(require("nothing"))
        print(package.loaded.nothing, package.loaded.package == package)
        print(require("sub.inner"))
        """
      ),
      ("mod.lua", "return {}, 'second'\n"),
      ("self.lua", "package.loaded[...] = 'set by ' .. ...\nreturn nil\n"),
      ("nothing.lua", "local x = 1\n"),
      ("sub/inner.lua", "return select('#', ...), ...\n"),
    ]),
  CompatCase(
    name: "a script and a module starting with #! run",
    files: [
      (
        "main.lua",
        "#!/usr/bin/env lua5.4\nprint('hi', require('shebang'))\nprint(select(2, pcall(function() error('at line 3') end)))\n"
      ),
      (
        "shebang.lua",
        "\u{FEFF}# after a byte order mark\nreturn 'module', select(2, pcall(function() error('at line 2') end))\n"
      ),
    ]),
  CompatCase(
    name:
      "an order function that puts an element before itself is refused as lua5.4 refuses it (issue 36)",
    files: [
      (
        "main.lua",
        """
        local le = function(a, b) return a <= b end
        print(pcall(table.sort, {2, 4, 1, 3}, le))
        print(pcall(table.sort, {1, 1, 1, 1, 1, 1}, function() return true end))
        print(pcall(table.sort, {9, 2, 4, 8, 1, 3, 7}, le))
        -- lua5.4 compares no element with itself below four: nothing to refuse there
        local two, three = {3, 1}, {3, 1, 2}
        print(pcall(table.sort, two, le), table.concat(two, " "))
        print(pcall(table.sort, three, le), table.concat(three, " "))
        -- a strict order is fine, equal elements or not
        local t = {5, 3, 5, 1, 3}
        print(pcall(table.sort, t, function(a, b) return a > b end), table.concat(t, " "))
        """
      )
    ]),
  CompatCase(
    name: "a traceback ends where lua5.4's does, and nesting stops at its depth (issue 36)",
    files: [
      (
        "main.lua",
        """
        print(load(function() return {} end))
        local n = 0
        local function nest() n = n + 1; return pcall(nest) end
        nest()
        print(n)
        local depth = 0
        local function deep() depth = depth + 1; return 1 + deep() end
        print(pcall(deep))
        print(depth)
        """
      )
    ]),
  CompatCase(
    name: "a first line of only # and no newline",
    files: [("main.lua", "#!/usr/bin/env lua5.4")]),
  CompatCase(
    name: "warn writes Lua warning to stderr once on",
    files: [
      (
        "main.lua",
        """
        warn("not shown")
        warn("@on")
        warn("x")
        warn("a", "b", "c")
        warn("@on", "x")
        warn("@unknown")
        warn("@off")
        warn("hidden")
        warn("y", "@on")
        warn("z")
        """
      )
    ], stderr: true),
]

@Suite struct LuaCompatTests {
  @Test(arguments: compatCases)
  func sameAsLua(_ c: CompatCase) throws {
    let work = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: work) }
    for (name, text) in c.files {
      let path = work + "/" + name
      try FileManager.default.createDirectory(
        atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
      try writeFile(path, text)
    }
    // lua5.4's default path for the current folder: both forms, nothing more.
    let lua = try runProgram(
      "/usr/bin/lua5.4", ["main.lua"] + c.arguments, in: work,
      environment: ["LUA_PATH": "./?.lua;./?/init.lua"])
    let ours = try psychologist(["run", "main.lua", "--"] + c.arguments, in: work)
    // Addresses differ from run to run; module names are the same ("./mod.lua": README,
    // Safety, "require").
    func normal(_ s: String) -> String { s.replacing(/0x[0-9a-f]+/, with: "0x") }
    #expect(lua.status == 0, "lua5.4 failed: \(lua.stderr)")
    #expect(ours.status == 0, "psychologist failed: \(ours.stderr)")
    #expect(normal(ours.out) == normal(lua.out))
    if c.stderr {
      #expect(ours.stderr == lua.stderr)
    }
  }
}
