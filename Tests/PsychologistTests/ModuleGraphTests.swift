// The module graph, read from the sources: which of the package's modules each module's
// files import. Arrows go down only (docs/ARCHITECTURE.md draws the same table): Face,
// Render and Storyboard know no Lua, the host's modules each do one job, and a module that
// imports a module above it does not compile here before it confuses a reader.

import Foundation
import Testing

/// The package's root folder, from this file's place in it.
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().path

/// What each module may import of the package's own, lowest first. A module not listed
/// fails the test: a new module takes its place here, and in ARCHITECTURE.md, on purpose.
private let allowed: KeyValuePairs<String, Set<String>> = [
  "Readable": [],
  "TextMetrics": [],
  "CLua": [],
  "CLuaBridge": ["CLua"],
  "CRaster": [],
  "Geometry": ["Readable"],
  "Render": ["Geometry", "Readable", "TextMetrics"],
  "Face": ["Geometry", "Readable", "Render"],
  "Storyboard": ["Geometry", "Readable", "TextMetrics"],
  "LuaHost": ["CLua", "CLuaBridge", "Readable"],
  "Raster": ["CRaster"],
  "Files": ["LuaHost", "Raster", "Readable"],
  "Channels": ["Face", "Geometry", "LuaHost", "Readable", "Render"],
  "Declarations": host(["Channels", "Files"]),
  "App": host(["Channels", "Declarations", "Files"]),
  "LuaBindings": host(["App", "Channels", "Declarations", "Files"]),
  "StoryboardCanvas": host(["App", "Channels", "Declarations", "Files"]),
  "PrototypeExport": host(["App", "Channels", "Declarations", "Files"]),
  "Psychologist": host([
    "App", "Channels", "Declarations", "Files", "LuaBindings", "PrototypeExport",
    "StoryboardCanvas",
  ]),
  "CLISupport": ["Files", "LuaHost", "Readable", "Render"],
  "Options": ["Readable"],
  "Rows": ["Files", "LuaHost", "Readable"],
  // Batch loads its workers' scripts through the loader, and names what else it uses.
  "Batch": host(["App", "CLISupport", "Channels", "Declarations", "Files", "Psychologist", "Rows"]),
  "PlayUI": host(["App", "Declarations"]),
  "PsychologistCLI": host([
    "Batch", "CLISupport", "Options", "PlayUI", "Psychologist", "Rows",
  ]),
]

/// The plain modules every host module may use, and `extra`.
private func host(_ extra: Set<String>) -> Set<String> {
  extra.union([
    "Face", "Geometry", "LuaHost", "Raster", "Readable", "Render", "Storyboard", "TextMetrics",
  ])
}

/// The modules a folder's Swift files import (`import X`, `@testable`/`@_exported import X`).
private func imports(of folder: String) throws -> Set<String> {
  let files = FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []
  var found: Set<String> = []
  for file in files where file.hasSuffix(".swift") {
    let text = try String(contentsOfFile: folder + "/" + file, encoding: .utf8)
    for line in text.split(separator: "\n") {
      let words = line.split(separator: " ")
      guard let i = words.firstIndex(of: "import"), i + 1 < words.count,
        words[..<i].allSatisfy({ $0.hasPrefix("@") })
      else { continue }
      found.insert(String(words[i + 1]))
    }
  }
  return found
}

@Suite struct ModuleGraphTests {
  /// The modules of the package: the folders under Sources.
  private var modules: [String] {
    get throws {
      try FileManager.default.contentsOfDirectory(atPath: root + "/Sources").filter {
        !$0.hasPrefix(".")
      }.sorted()
    }
  }

  @Test func everyModuleHasItsPlace() throws {
    let listed = Set(allowed.map(\.key))
    let found = try modules
    #expect(found.count > 15)
    for module in found {
      #expect(listed.contains(module), "Sources/\(module) is in no row of the module graph")
    }
  }

  @Test func arrowsGoDownOnly() {
    // Each row may import only rows above it: the table is in order, so a cycle or an
    // arrow up is a row naming a module listed later (or not at all).
    var seen: Set<String> = []
    for (module, may) in allowed {
      for m in may { #expect(seen.contains(m), "\(module) may import \(m), which is not below it") }
      seen.insert(module)
    }
  }

  @Test func everyImportIsAllowed() throws {
    let own = Set(allowed.map(\.key))
    for (module, may) in allowed {
      let used = try imports(of: root + "/Sources/" + module).intersection(own)
      let extra = used.subtracting(may)
      #expect(extra.isEmpty, "\(module) imports \(extra.sorted()), above it or beside it")
    }
  }

  @Test func plainModulesKnowNoLua() throws {
    for module in ["Face", "Geometry", "Readable", "Render", "Storyboard", "Options"] {
      let used = try imports(of: root + "/Sources/" + module)
      #expect(used.isDisjoint(with: ["LuaHost", "CLua", "CLuaBridge"]), "\(module): \(used)")
    }
  }

  @Test func theTestSeesAnUpwardImport() throws {
    // The reader itself: a file that imports a module above its own is caught.
    let folder = FileManager.default.temporaryDirectory.path + "/psy-graph-\(getpid())"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "import Geometry\n@testable import App\n// import Batch\n".write(
      toFile: folder + "/X.swift", atomically: true, encoding: .utf8)
    #expect(try imports(of: folder) == ["Geometry", "App"])
  }
}
