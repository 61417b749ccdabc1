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
    // Lua's VM comes from Debian's liblua5.4.a (the module map links it). No pkg-config: its
    // `-llua5.4` would make the binary load liblua5.4.so at every start for nothing; the
    // headers are named by their folder instead (<lua5.4/lua.h>).
    .systemLibrary(name: "CLua", providers: [.apt(["liblua5.4-dev"])]),
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
    .target(name: "Storyboard", dependencies: ["Geometry", "Readable"]),
    // The host, one module a job (docs/ARCHITECTURE.md draws them; ModuleGraphTests holds
    // every target to the imports listed here). Files: the file system, the output folder and
    // its names, PNG files and child processes.
    .target(name: "Files", dependencies: ["LuaHost", "Raster", "Readable"]),
    // Declarations: a script's Lua state and what it declares (registry, fields, menus,
    // themes, channels), and the problems found in them.
    .target(
      name: "Declarations",
      dependencies: [
        "Files", "Face", "Geometry", "LuaHost", "Raster", "Readable", "Render", "Storyboard",
      ]),
    // App: the headless app: evaluation, sessions, navigation, transitions, painting in points,
    // check, and the explorer of screens.
    .target(
      name: "App",
      dependencies: [
        "Declarations", "Files", "Face", "Geometry", "LuaHost", "Raster", "Readable", "Render",
        "Storyboard",
      ]),
    // LuaBindings: the Lua classes over the app (the session, its geometry) and the API
    // reference that `help lua` and the LuaCATS file are written from.
    .target(
      name: "LuaBindings",
      dependencies: [
        "App", "Declarations", "Files", "Face", "Geometry", "LuaHost", "Raster", "Readable",
        "Render", "Storyboard",
      ]),
    // The storyboard canvas (`storyboard`): the graph of scenes, its layout by `dot`, and
    // its drawing.
    .target(
      name: "StoryboardCanvas",
      dependencies: [
        "App", "Declarations", "Files", "Face", "Geometry", "LuaHost", "Raster", "Readable",
        "Render", "Storyboard",
      ]),
    // The HTML page (`export`): every state of the app and the script that plays it.
    .target(
      name: "PrototypeExport",
      dependencies: [
        "App", "Declarations", "Files", "StoryboardCanvas", "Face", "Geometry", "LuaHost", "Raster",
        "Readable", "Render", "Storyboard",
      ]),
    // The library as an embedding program sees it: the loader that registers the Lua side,
    // and every module above re-exported under one name.
    .target(
      name: "Psychologist",
      dependencies: [
        "App", "Declarations", "Files", "LuaBindings", "PrototypeExport", "StoryboardCanvas",
        "Face", "Geometry", "LuaHost", "Raster", "Readable", "Render", "Storyboard",
      ]),
    // The command line's plumbing shared with Batch and the bench: buffered stdout, the
    // environment.
    .target(name: "CLISupport", dependencies: ["Files", "LuaHost", "Readable", "Render"]),
    // Options as typed keys, commands as specifications, the parser and `--help`: the
    // command line's alone.
    .target(name: "Options", dependencies: ["Readable"]),
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
    .testTarget(name: "LuaHostTests", dependencies: ["LuaHost", "Readable", "TestSupport"]),
    .testTarget(name: "OptionsTests", dependencies: ["Options"]),
    // Running xmllint, rsvg-convert and a PNG decoder for the Face and Render tests.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(
      name: "RenderTests", dependencies: ["Geometry", "Readable", "Render", "TestSupport"]),
    .testTarget(name: "RasterTests", dependencies: ["Raster", "TestSupport"]),
    .testTarget(
      name: "FaceTests", dependencies: ["Face", "Geometry", "Raster", "Render", "TestSupport"],
      exclude: ["Golden"]),
    .testTarget(name: "StoryboardTests", dependencies: ["Geometry", "Storyboard"]),
    .testTarget(
      name: "PsychologistTests",
      dependencies: [
        "App", "CLISupport", "Declarations", "Face", "Files", "Geometry", "LuaBindings", "LuaHost",
        "PrototypeExport", "Psychologist", "Storyboard", "StoryboardCanvas", "TestSupport",
      ]),
    .testTarget(
      name: "BatchTests",
      dependencies: [
        "App", "Batch", "Declarations", "Files", "LuaBindings", "LuaHost", "PrototypeExport",
        "Psychologist", "Raster", "StoryboardCanvas", "TestSupport",
      ]),
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
