// swift-tools-version:6.0
import PackageDescription

// Psychologist: a scriptable storyboard-and-face engine with Lua 5.4 embedded.
// License: MIT (see LICENSE). SwiftPM's manifest has no licence field; this line and the
// LICENSE file at the root are the package's licence metadata.
// Module layout and the one direction of dependencies: see docs/ARCHITECTURE.md.
let package = Package(
  name: "Psychologist",
  products: [
    .executable(name: "psychologist", targets: ["PsychologistCLI"]),
    .library(name: "Psychologist", targets: ["Psychologist"]),
  ],
  targets: [
    .systemLibrary(
      name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
    .target(name: "CLuaBridge", dependencies: ["CLua"]),
    // How numbers and text a person reads are written (formatNumber, terminalSafe): the
    // lowest module, so LuaHost, Render and Storyboard share one formatter and one list of
    // characters a terminal must not obey.
    .target(name: "Readable"),
    .target(name: "LuaHost", dependencies: ["CLuaBridge", "CLua", "Readable"]),
    // Points, sizes and rectangles: what Render draws with and Storyboard lays out with.
    .target(name: "Geometry", dependencies: ["Readable"]),
    .target(name: "Render", dependencies: ["Geometry", "Readable"]),
    // SVG to PNG: librsvg and cairo opened with dlopen when a PNG is first asked for, so
    // the command line starts as fast as without them.
    .target(name: "CRaster"),
    .target(name: "Raster", dependencies: ["CRaster"]),
    .target(name: "Face", dependencies: ["Geometry", "Readable", "Render"]),
    // Its generics (Navigator<Content>) are specialized in the host only if their bodies
    // cross the module boundary (unspecialized, a batch row spent a tenth of its time
    // looking up generic metadata): Navigator's members are @inlinable, so no unsafe flag
    // keeps other packages from depending on this one.
    .target(name: "Storyboard", dependencies: ["Geometry", "Readable"]),
    .target(
      name: "Psychologist",
      dependencies: ["Face", "Geometry", "LuaHost", "Raster", "Readable", "Render", "Storyboard"]),
    // The command line's plumbing shared with Batch and the bench: buffered stdout, the
    // environment, the clock.
    .target(name: "CLISupport", dependencies: ["LuaHost", "Psychologist", "Readable", "Render"]),
    // Options as typed keys, commands as specifications, the parser and `--help`: the
    // command line's alone (LuaHost for its "did you mean").
    .target(name: "Options", dependencies: ["LuaHost"]),
    // Rows of input to faces: readers, the worker pool, names, output, sheet, progress.
    .target(
      name: "Batch",
      dependencies: [
        "CLISupport", "Geometry", "LuaHost", "Psychologist", "Readable", "Render", "Storyboard",
      ]),
    // The pure part of `play` (screen layout, key parsing): shared by the CLI and the bench.
    .target(
      name: "PlayUI",
      dependencies: ["Geometry", "Psychologist", "Readable", "Render", "Storyboard"]),
    .executableTarget(
      name: "PsychologistCLI",
      dependencies: [
        "Batch", "CLISupport", "Face", "Geometry", "LuaHost", "Options", "PlayUI", "Psychologist",
        "Raster", "Readable", "Render", "Storyboard",
      ]),
    .executableTarget(
      name: "PsyBench",
      dependencies: [
        "CLISupport", "Face", "Geometry", "LuaHost", "PlayUI", "Psychologist", "Render",
        "Storyboard",
      ],
      path: "Benchmarks/PsyBench"),
    .testTarget(name: "LuaHostTests", dependencies: ["LuaHost"]),
    .testTarget(name: "OptionsTests", dependencies: ["Options"]),
    // Running xmllint, rsvg-convert and a PNG decoder for the Face and Render tests.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(
      name: "RenderTests", dependencies: ["Geometry", "Readable", "Render", "TestSupport"]),
    .testTarget(name: "RasterTests", dependencies: ["Raster", "TestSupport"]),
    .testTarget(
      name: "FaceTests", dependencies: ["Face", "Geometry", "Render", "TestSupport"],
      exclude: ["Golden"]),
    .testTarget(name: "StoryboardTests", dependencies: ["Geometry", "Storyboard"]),
    .testTarget(
      name: "PsychologistTests",
      dependencies: [
        "CLISupport", "Face", "Geometry", "LuaHost", "Psychologist", "Storyboard",
        "TestSupport",
      ]),
    .testTarget(
      name: "BatchTests",
      dependencies: ["Batch", "LuaHost", "Psychologist", "TestSupport"]),
    .testTarget(
      name: "PlayUITests",
      dependencies: [
        "PlayUI", "Psychologist", "Render", "Storyboard", "TestSupport",
      ]),
    // The binary end to end: commands, exit codes, files, the terminal through tmux.
    .testTarget(
      name: "CLITests",
      dependencies: ["PlayUI", "Psychologist", "Render", "Storyboard", "TestSupport"]),
  ]
)
