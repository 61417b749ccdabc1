// swift-tools-version:6.0
import Foundation
import PackageDescription

// Module layout and the one direction of dependencies: see DESIGN.md ("Modules").

#if arch(x86_64)
  let luaArchive = "/usr/lib/x86_64-linux-gnu/liblua5.4.a"
#elseif arch(arm64)
  let luaArchive = "/usr/lib/aarch64-linux-gnu/liblua5.4.a"
#else
  let luaArchive = ""
#endif
let staticLua: [LinkerSetting] =
  !luaArchive.isEmpty && FileManager.default.fileExists(atPath: luaArchive)
  ? [.unsafeFlags([luaArchive])] : []
let package = Package(
  name: "Psychologist",
  products: [
    .executable(name: "psychologist", targets: ["PsychologistCLI"]),
    .library(name: "Psychologist", targets: ["Psychologist"]),
  ],
  targets: [
    .systemLibrary(
      name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
    // Lua's VM linked in from Debian's liblua5.4.a (the same build as the .so): calls within
    // the library then go direct instead of through the shared object's PLT, which cost
    // table.sort-heavy code 8% against lua5.4 (itself linked so). Every Lua symbol of the
    // binaries resolves to the archive (`nm -D --undefined-only` lists none): one VM.
    .target(name: "CLuaBridge", dependencies: ["CLua"], linkerSettings: staticLua),
    .target(name: "LuaHost", dependencies: ["CLuaBridge", "CLua"]),
    .target(name: "Render"),
    .target(name: "Face", dependencies: ["Render"]),
    // Its generics (Navigator<Content>) are specialized in the host only if their bodies
    // cross the module boundary: unspecialized, a batch row spent a tenth of its time
    // looking up generic metadata.
    .target(name: "Storyboard", swiftSettings: [.unsafeFlags(["-cross-module-optimization"])]),
    .target(name: "Psychologist", dependencies: ["LuaHost", "Face", "Render", "Storyboard"]),
    // The pure part of `play` (screen layout, key parsing): shared by the CLI and the bench.
    .target(name: "PlayUI", dependencies: ["Psychologist", "Render", "Storyboard"]),
    .executableTarget(
      name: "PsychologistCLI", dependencies: ["Psychologist", "PlayUI"],
      path: "Sources/psychologist"),
    .executableTarget(
      name: "PsyBench", dependencies: ["Psychologist", "LuaHost", "Face", "Render", "PlayUI"],
      path: "Sources/bench"),
    .testTarget(name: "LuaHostTests", dependencies: ["LuaHost"]),
    // Running xmllint, rsvg-convert and a PNG decoder for the Face and Render tests.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "RenderTests", dependencies: ["Render", "TestSupport"]),
    .testTarget(
      name: "FaceTests", dependencies: ["Face", "Render", "TestSupport"], exclude: ["Golden"]),
    .testTarget(name: "StoryboardTests", dependencies: ["Storyboard"]),
    .testTarget(name: "PsychologistTests", dependencies: ["Psychologist"]),
    .testTarget(name: "CLITests", dependencies: ["Psychologist", "PlayUI"]),
  ]
)
