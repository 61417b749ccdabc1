import Foundation
import TestSupport
import Testing

/// A pure-Lua library Debian packages, and the script of Tests/Scripts/libraries that
/// exercises it.
struct RealLibrary: Sendable, CustomTestStringConvertible {
  /// The Debian package (scripts/bootstrap installs it).
  var package: String
  /// Its Lua files and folders, as they lie under /usr/share/lua/5.x.
  var tree: [String]
  /// The script, in Tests/Scripts/libraries.
  var script: String
  var testDescription: String { package }
}

let realLibraries: [RealLibrary] = [
  RealLibrary(package: "lua-penlight", tree: ["pl"], script: "use_penlight.lua"),
  RealLibrary(package: "lua-inspect", tree: ["inspect.lua"], script: "use_inspect.lua"),
  RealLibrary(package: "lua-dkjson", tree: ["dkjson.lua"], script: "use_dkjson.lua"),
  RealLibrary(package: "lua-argparse", tree: ["argparse.lua"], script: "use_argparse.lua"),
  RealLibrary(package: "lua-basexx", tree: ["basexx.lua"], script: "use_basexx.lua"),
  RealLibrary(package: "lua-binaryheap", tree: ["binaryheap.lua"], script: "use_binaryheap.lua"),
  RealLibrary(package: "lua-fifo", tree: ["fifo.lua"], script: "use_fifo.lua"),
  RealLibrary(package: "lua-mediator", tree: ["mediator.lua"], script: "use_mediator.lua"),
  RealLibrary(package: "lua-messagepack", tree: ["MessagePack.lua"], script: "use_messagepack.lua"),
  RealLibrary(package: "lua-moses", tree: ["moses.lua"], script: "use_moses.lua"),
]

/// Where a library's file or folder is installed (Debian puts some under 5.1 only, for
/// every Lua version), or nil.
func installedLuaPath(_ entry: String) -> String? {
  ["5.4", "5.3", "5.1"].map { "/usr/share/lua/\($0)/\(entry)" }
    .first { FileManager.default.fileExists(atPath: $0) }
}

/// Whether every library's tree is installed.
let realLibrariesInstalled = realLibraries.allSatisfy {
  $0.tree.allSatisfy { installedLuaPath($0) != nil }
}

/// Real libraries behave as under lua5.4: each library's `.lua` tree is copied beside its
/// script (links followed), which requires it and prints what it does; `psychologist run`
/// must print what `lua5.4` prints, byte for byte, lua5.4 searching the same folder with
/// its default `./?.lua;./?/init.lua`. Penlight and its like reach for `io` and `debug` when
/// they load; their scripts give stand-ins for those (the sandbox's documented rules) and
/// nothing else.
@Suite(
  .enabled(
    if: realLibrariesInstalled,
    "Debian's pure-Lua libraries are not installed (scripts/bootstrap installs them)"))
struct RealLibraryTests {
  @Test(arguments: realLibraries)
  func sameOutputAsLua54(_ library: RealLibrary) throws {
    let work = try temporaryFolder()
    defer { removeFolder(work) }
    for entry in library.tree {
      let source = try #require(installedLuaPath(entry), "\(library.package): no \(entry)")
      let copy = try run(["cp", "-RL", source, work + "/" + entry])
      #expect(copy.status == 0, "\(copy.stderr)")
    }
    try FileManager.default.copyItem(
      atPath: packageRoot + "/Tests/Scripts/libraries/" + library.script,
      toPath: work + "/" + library.script)
    let lua = try runProgram(
      "/usr/bin/lua5.4", [library.script], in: work,
      environment: ["LUA_PATH": "./?.lua;./?/init.lua", "LUA_INIT": ""])
    let ours = try psychologist(["run", library.script], in: work)
    #expect(lua.status == 0, "lua5.4: \(lua.stderr)")
    #expect(ours.status == 0, "psychologist: \(ours.stderr)")
    #expect(lua.out.split(separator: "\n").count >= 2, "the script printed too little")
    #expect(ours.out == lua.out)
  }
}
