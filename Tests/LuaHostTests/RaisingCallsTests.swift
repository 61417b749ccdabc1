import Foundation
import Testing

// Only CLuaBridge may raise Lua errors: a longjmp must never cross a Swift frame. Swift and
// the shim's inline wrappers (which run in Swift's frame, unprotected) may call only the
// Lua C functions below; everything else goes through CLuaBridge's protected helpers.
// The reason is the function's error mark in the Lua 5.4 manual (§4.6: "-" never raises)
// unless the entry says more. See docs/ARCHITECTURE.md ("C and Swift: who may raise").

/// The Lua C functions Swift may call, each with why it cannot raise.
let mayCallFromSwift: [String: String] = [
  "lua_absindex": "- : index arithmetic",
  "lua_checkstack": "- : grows the stack without raising; returns 0 when it cannot",
  "lua_gettop": "- : reads the top",
  "lua_settop": """
  e in 5.4 only to run __close on a slot marked by lua_toclose, which no code here \
  calls (checked below); Lua frames' to-be-closed variables are closed before they return
  """,
  "lua_pop": "a macro for lua_settop (above)",
  "lua_type": "- : reads a tag",
  "lua_typename": "- : a static name",
  "lua_toboolean": "- : reads a value",
  "lua_isinteger": "- : reads a tag",
  "lua_tointegerx": "- : converts without allocating (a string is parsed, not replaced)",
  "lua_tonumberx": "- : converts without allocating (a string is parsed, not replaced)",
  "lua_rawlen": "- : no __len",
  "lua_rawgeti": "- : a raw read, no __index",
  "lua_pushnil": "- : no allocation",
  "lua_pushboolean": "- : no allocation",
  "lua_pushinteger": "- : no allocation",
  "lua_pushnumber": "- : no allocation",
  "lua_pushglobaltable": "- : a raw read of the registry",
  "luaL_unref": "- : raw writes to slots the reference already holds",
]

/// Allowed in Sources/CLua/shim.h only, behind a check that removes the way it raises.
let mayCallInShim: [String: String] = [
  "lua_tolstring": """
  m (a number is converted in place, which allocates); psy_stringat calls it only after \
  lua_type said the value is a string
  """
]

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

/// The Lua C functions called in `text`, comments left out.
func luaCalls(in text: String) throws -> Set<String> {
  let code = text.split(separator: "\n", omittingEmptySubsequences: false)
    .map { line in line.range(of: "//").map { String(line[..<$0.lowerBound]) } ?? String(line) }
    .joined(separator: "\n")
  let pattern = try NSRegularExpression(pattern: #"\b(luaL?_[a-z]\w*)\s*\("#)
  let range = NSRange(code.startIndex..., in: code)
  return Set(
    pattern.matches(in: code, range: range).map {
      String(code[Range($0.range(at: 1), in: code)!])
    })
}

private func files(under folder: String, ending suffix: String) -> [URL] {
  let base = root.appendingPathComponent(folder)
  return
    (FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)?
    .compactMap { $0 as? URL } ?? []).filter { $0.lastPathComponent.hasSuffix(suffix) }
}

@Test func swiftCallsOnlyLuaFunctionsThatCannotRaise() throws {
  let sources = files(under: "Sources", ending: ".swift") + files(under: "fuzz", ending: ".swift")
  #expect(sources.count > 5)
  var seen: Set<String> = []
  for file in sources {
    let calls = try luaCalls(in: String(contentsOf: file, encoding: .utf8))
    seen.formUnion(calls)
    let refused = calls.subtracting(mayCallFromSwift.keys).sorted()
    #expect(refused.isEmpty, "\(file.lastPathComponent) calls \(refused): use a protected helper")
  }
  // The scan finds calls at all (a broken pattern would pass every file).
  #expect(seen.isSuperset(of: ["lua_settop", "lua_type", "lua_checkstack"]))
}

@Test func theShimWrapsOnlyLuaFunctionsThatCannotRaise() throws {
  let shim = root.appendingPathComponent("Sources/CLua/shim.h")
  let calls = try luaCalls(in: String(contentsOf: shim, encoding: .utf8))
  #expect(calls.contains("lua_pop"))
  let allowed = Set(mayCallFromSwift.keys).union(mayCallInShim.keys)
  #expect(calls.subtracting(allowed).isEmpty, "shim.h wraps \(calls.subtracting(allowed).sorted())")
}

/// lua_settop is on the list because no slot is ever marked to be closed.
@Test func noCodeMarksASlotToBeClosed() throws {
  for file in files(under: "Sources", ending: ".c") + files(under: "Sources", ending: ".swift") {
    let calls = try luaCalls(in: String(contentsOf: file, encoding: .utf8))
    #expect(!calls.contains("lua_toclose"), "\(file.lastPathComponent) calls lua_toclose")
  }
}

/// A header of ours named like a standard one would be found first by `#include <…>`.
@Test func noHeaderShadowsAStandardOne() throws {
  let standard: Set<String> = [
    "assert.h", "ctype.h", "errno.h", "float.h", "limits.h", "locale.h", "math.h", "setjmp.h",
    "signal.h", "stdarg.h", "stddef.h", "stdint.h", "stdio.h", "stdlib.h", "string.h",
    "time.h", "stdatomic.h", "stdbool.h", "pthread.h", "dlfcn.h", "unistd.h",
  ]
  let headers = files(under: "Sources", ending: ".h")
  #expect(headers.count >= 3)
  for header in headers {
    #expect(
      !standard.contains(header.lastPathComponent),
      "\(header.path) shadows <\(header.lastPathComponent)>")
  }
}
