@testable import App
@testable import Declarations
@testable import Files
import Foundation
@testable import LuaBindings
import LuaHost
@testable import PrototypeExport
@testable import Psychologist
@testable import StoryboardCanvas
import Testing

/// The LuaCATS definition file, read the simple way its layout allows: `---@class NAME`
/// opens a class, `---@field NAME` adds to it, `local X = {}` names its table and
/// `function X:NAME(` adds a method; a top-level `function NAME(` is a global.
struct DefinitionFile {
  var classes: [String: Set<String>] = [:]
  var globals: Set<String> = []
  var text = ""

  init(path: String) throws {
    text = try String(contentsOfFile: path, encoding: .utf8)
    var current: String?
    var tables: [String: String] = [:]
    for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("---@class ") {
        let name = String(line.dropFirst(10).prefix { !$0.isWhitespace && $0 != ":" })
        current = name
        classes[name, default: []] = []
      } else if line.hasPrefix("---@field "), let c = current {
        let name = line.dropFirst(10).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        classes[c]!.insert(String(name))
      } else if line.hasPrefix("local "), line.hasSuffix("= {}"), let c = current {
        let name = line.dropFirst(6).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
        tables[String(name)] = c
        current = nil
      } else if line.hasPrefix("function ") {
        let sig = line.dropFirst(9).prefix { $0 != "(" }
        if let colon = sig.firstIndex(of: ":") {
          let table = String(sig[..<colon])
          let method = String(sig[sig.index(after: colon)...])
          if let c = tables[table] { classes[c]!.insert(method) }
        } else {
          globals.insert(String(sig))
        }
        current = nil
      } else if !line.hasPrefix("---") {
        current = nil
      }
    }
  }

  func members(_ cls: String) -> Set<String> { classes["psychologist." + cls] ?? [] }
}

let definitionPath =
  URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().path + "/types/psychologist.lua"

/// The keys of `_G` in a state, read by Lua itself.
func globalNames(_ state: LuaState) throws -> Set<String> {
  let r = try state.run(
    Array("local t = {} for k in pairs(_G) do t[#t + 1] = k end return table.concat(t, ' ')".utf8),
    chunkName: "=keys")
  guard let s = r.first?.text else { return [] }
  return Set(s.split(separator: " ").map(String.init))
}

@Suite struct DefinitionFileCoversTheAPI {
  let file: DefinitionFile
  init() throws { file = try DefinitionFile(path: definitionPath) }

  @Test func isAMetaFileThatLuaCanParse() throws {
    #expect(file.text.hasPrefix("---@meta"))
    // Lua itself parses it (it is plain Lua with comments), so editors will too.
    let state = try LuaState(libraries: .sandbox, output: Collect())
    _ = try state.run(Array(file.text.utf8), chunkName: "@psychologist.lua")
  }

  @Test func declaresExactlyTheGlobalsTheHostAdds() throws {
    let out = Collect()
    let script = try Script(path: "none.lua", output: out)
    let plain = try LuaState(libraries: .sandbox, output: out)
    let added = try globalNames(script.state).subtracting(try globalNames(plain))
    #expect(added.count >= 6)  // the parse of _G works
    #expect(file.globals == added)
  }

  @Test func luacheckKnowsTheSameGlobals() throws {
    let rc = try String(
      contentsOfFile: definitionPath.replacingOccurrences(
        of: "types/psychologist.lua", with: ".luacheckrc"), encoding: .utf8)
    let line = rc.split(separator: "\n").first { $0.contains("read_globals") } ?? ""
    let names = line.split(separator: "\"").enumerated().filter { $0.offset % 2 == 1 }
      .map { String($0.element) }
    #expect(Set(names) == file.globals)
  }

  @Test func describesEveryMethodAndFieldOfTheHostsClasses() {
    #expect(file.members("Session") == Set(Script.sessionClass.memberNames))
    #expect(file.members("Nav") == Set(NavigationBindings.luaClass.memberNames))
    #expect(file.members("Pen") == Set(PenBindings.luaClass.memberNames))
    #expect(PenBindings.luaClass.memberNames.contains("curve"))
  }

  @Test func describesEveryDeclarationField() {
    #expect(file.members("DiagnosisFields") == Set(DeclarationFields.diagnosis))
    #expect(file.members("SegueFields") == Set(DeclarationFields.segue))
    #expect(file.members("AppFields") == Set(DeclarationFields.app))
    #expect(file.members("MenuFields") == Set(DeclarationFields.menu))
    #expect(file.members("Size") == Set(DeclarationFields.size))
    #expect(file.members("SegueKindFields") == Set(DeclarationFields.segueKind))
    #expect(file.members("FeatureFields") == Set(DeclarationFields.feature))
    #expect(file.members("StyleFields") == Set(DeclarationFields.style))
    #expect(file.members("ThemeFields") == Set(DeclarationFields.theme))
    #expect(file.members("Expression") == Set(DeclarationFields.expression))
    #expect(file.members("SessionOptions") == Set(DeclarationFields.session))
    #expect(file.members("SvgOptions") == Set(DeclarationFields.svgOptions))
    #expect(file.members("TerminalOptions") == Set(DeclarationFields.terminalOptions))
    #expect(file.members("SnapshotOptions") == Set(DeclarationFields.snapshotOptions))
  }

  /// The tables the host hands to Lua functions, as Lua sees them at run time.
  @Test func describesTheTablesLuaFunctionsReceive() throws {
    let lines = try run(
      """
      local function keys(t)
        local k = {} for name in pairs(t) do k[#k + 1] = name end
        table.sort(k) return table.concat(k, " ")
      end
      feature "probe" {
        draw = function(face)
          print("face", keys(face)) print("expression", keys(face.expression))
        end,
      }
      segue_kind "probe" {
        perform = function(nav, scene, ctx)
          print("scene", keys(scene)) print("ctx", keys(ctx)) nav:push(scene)
        end,
      }
      diagnosis "d" { happiness = 10, expression = { mouth = 0, eyes = 1, brows = 0 } }
      segue "showDiagnosis" { kind = "probe", happiness = function(ctx) return ctx.diagnosis end }
      local s = session {}
      s:tap("d")
      s:svg()
      print("geometry", keys(s:face()))
      """)
    func set(_ prefix: String) -> Set<String> {
      guard let line = lines.first(where: { $0.hasPrefix(prefix + "\t") }) else { return [] }
      return Set(line.dropFirst(prefix.count + 1).split(separator: " ").map(String.init))
    }
    #expect(!set("face").isEmpty)
    #expect(set("face") == file.members("Face"))
    #expect(set("expression") == file.members("Expression"))
    #expect(set("scene") == file.members("Scene"))
    #expect(set("ctx") == file.members("SegueContext"))
    #expect(set("geometry") == file.members("FaceGeometry"))
  }

  @Test func everyClassItNamesIsDefined() {
    // a typo in a type name would leave editors with an unknown type and no completion
    let pattern = try! NSRegularExpression(pattern: "psychologist\\.[A-Za-z]+")
    let range = NSRange(file.text.startIndex..., in: file.text)
    var aliases: Set<String> = []
    for line in file.text.split(separator: "\n") where line.hasPrefix("---@alias ") {
      aliases.insert(String(line.dropFirst(10).prefix { !$0.isWhitespace }))
    }
    for m in pattern.matches(in: file.text, range: range) {
      let name = String(file.text[Range(m.range, in: file.text)!])
      #expect(file.classes[name] != nil || aliases.contains(name), "\(name) is not defined")
    }
  }
}
