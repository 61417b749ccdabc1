// Numbers at the edges (±inf, nan, ±1e308, ±2^63, 1e18, -0.0, 1e-320, …) through every
// entry point where a Lua number reaches Swift: each is either taken (in range) or refused
// with main.lua:LINE, the argument's name and its value; none may crash the host.

import Foundation
import Geometry
import LuaHost
import Psychologist
import Testing

/// An edge value: its Lua spelling, the Double Swift sees, and text its message must hold.
struct Edge: Sendable {
  let lua: String
  let value: Double
  let shown: String
}

let edges: [Edge] = [
  Edge(lua: "1/0", value: .infinity, shown: "inf"),
  Edge(lua: "-1/0", value: -.infinity, shown: "-inf"),
  Edge(lua: "0/0", value: .nan, shown: "nan"),
  Edge(lua: "1e308", value: 1e308, shown: "1e+308"),
  Edge(lua: "-1e308", value: -1e308, shown: "-1e+308"),
  Edge(lua: "2^63", value: 0x1p63, shown: "e+18"),
  Edge(lua: "-2^63", value: -0x1p63, shown: "e+18"),
  Edge(lua: "math.maxinteger", value: 0x1p63, shown: "e+18"),
  Edge(lua: "math.mininteger", value: -0x1p63, shown: "e+18"),
  Edge(lua: "1e18", value: 1e18, shown: "1e+18"),
  Edge(lua: "-1e18", value: -1e18, shown: "-1e+18"),
  Edge(lua: "0", value: 0, shown: "0"),
  Edge(lua: "-0.0", value: -0.0, shown: "0"),
  Edge(lua: "1e-320", value: Double("1e-320")!, shown: "e-320"),
  Edge(lua: "-1", value: -1, shown: "-1"),
  Edge(lua: "0.5", value: 0.5, shown: "0.5"),
]

/// Runs `source` as main.lua in a fresh folder (removed afterwards); its printed lines.
func runEdges(_ source: String, memory: Int = 64 << 20) throws -> [String] {
  let dir = NSTemporaryDirectory() + "psy-edges-\(UUID().uuidString)"
  try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: dir) }
  try source.write(toFile: dir + "/main.lua", atomically: true, encoding: .utf8)
  var o = ScriptOptions()
  o.outputDirectory = dir
  o.dryRun = true
  o.limits = LuaLimits(memory: memory, seconds: 20)
  let out = Collect()
  let script = try Script(path: dir + "/main.lua", options: o, output: out)
  try script.load()
  return out.lines
}

/// One entry point: `call` uses `V` for the edge value; `accepts` says (independently of
/// the code) which values the documentation allows.
struct EntryPoint: Sendable, CustomStringConvertible {
  let call: String
  let name: String
  let accepts: @Sendable (Double) -> Bool
  /// Whether a refusal shows the value given (a pinch shows the scale it would make).
  var showsValue = true
  var description: String { call }
}

func within(_ lo: Double, _ hi: Double) -> @Sendable (Double) -> Bool { { $0 >= lo && $0 <= hi } }

let face =
  "diagnosis \"bite\" { happiness = 70 }\n"
  + "segue \"showDiagnosis\" { kind = \"push\", happiness = function(ctx) return ctx.diagnosis end }\n"

/// Pen methods: the README's face units (coordinates and radii at most 1000, angles at most
/// 1000 radians), radii not negative, widths above 0 and at most 100.
let penEntryPoints: [EntryPoint] = [
  EntryPoint(call: "pen:move(V, 0)", name: "x", accepts: within(-1000, 1000)),
  EntryPoint(call: "pen:move(0, V)", name: "y", accepts: within(-1000, 1000)),
  EntryPoint(call: "pen:move(0, 0) pen:line(V, 0)", name: "x", accepts: within(-1000, 1000)),
  EntryPoint(call: "pen:move(0, 0) pen:line(0, V)", name: "y", accepts: within(-1000, 1000)),
  EntryPoint(
    call: "pen:move(0, 0) pen:curve(V, 0, 0, 0, 1, 1)", name: "x1", accepts: within(-1000, 1000)),
  EntryPoint(
    call: "pen:move(0, 0) pen:curve(0, 0, 0, V, 1, 1)", name: "y2", accepts: within(-1000, 1000)),
  EntryPoint(
    call: "pen:move(0, 0) pen:curve(0, 0, 0, 0, 1, V)", name: "y", accepts: within(-1000, 1000)),
  EntryPoint(call: "pen:circle(V, 0, 0.5)", name: "x", accepts: within(-1000, 1000)),
  EntryPoint(call: "pen:circle(0, 0, V)", name: "r", accepts: within(0, 1000)),
  EntryPoint(call: "pen:arc(V, 0, 0.5, 0, 1)", name: "x", accepts: within(-1000, 1000)),
  EntryPoint(call: "pen:arc(0, 0, V, 0, 1)", name: "r", accepts: within(0, 1000)),
  EntryPoint(call: "pen:arc(0, 0, 0.5, V, 1)", name: "from", accepts: within(-1000, 1000)),
  EntryPoint(call: "pen:arc(0, 0, 0.5, 0, V)", name: "to", accepts: within(-1000, 1000)),
  EntryPoint(call: "pen:width(V)", name: "points", accepts: { $0 > 0 && $0 <= 100 }),
]

/// What a session takes: any finite pan, a positive scale of at most 1000 (set or pinched to), any finite
/// happiness (clamped), terminal sizes of 4…1000 columns and 2…500 rows, popover sizes of
/// 1…4096 points.
let sessionEntryPoints: [EntryPoint] = [
  EntryPoint(call: "s:pan(V)", name: "pan", accepts: { $0.isFinite }),
  EntryPoint(
    call: "s:pinch(V)", name: "pinch", accepts: { $0.isFinite && $0 > 0 && 0.9 * $0 <= 1000 },
    showsValue: false),
  EntryPoint(call: "s.happiness = V", name: "happiness", accepts: { $0.isFinite }),
  EntryPoint(call: "s.scale = V", name: "scale", accepts: { $0 > 0 && $0 <= 1000 }),
  EntryPoint(call: "s:terminal { columns = V }", name: "terminal size", accepts: within(4, 1000)),
  EntryPoint(call: "s:terminal { rows = V }", name: "terminal size", accepts: within(2, 500)),
]

@Suite struct NumbersAtTheEdges {
  /// Checks one printed line `index\tok\tmessage` against the entry point's rule.
  func check(_ lines: [String], _ entry: EntryPoint, line: Int) {
    // One line an edge value, once for each time the code ran (a feature runs per drawing).
    #expect(!lines.isEmpty && lines.count % edges.count == 0, "\(entry): \(lines)")
    for (k, printed) in lines.enumerated() {
      let edge = edges[k % edges.count]
      let parts = printed.split(separator: "\t", maxSplits: 1).map(String.init)
      let ok = parts.first == "true"
      if entry.accepts(edge.value) {
        #expect(ok, "\(entry) with \(edge.lua): \(printed)")
      } else {
        #expect(!ok, "\(entry) with \(edge.lua) was taken")
        let message = parts.count > 1 ? parts[1] : ""
        #expect(message.contains("main.lua:\(line):"), "\(entry) with \(edge.lua): \(message)")
        #expect(message.contains(entry.name), "\(entry) with \(edge.lua): \(message)")
        #expect(
          !entry.showsValue || message.contains(edge.shown), "\(entry) with \(edge.lua): \(message)"
        )
      }
    }
  }

  /// A loop over every edge value: `before`, then `call` with V set to it under pcall (on
  /// the loop's second line), printing `ok<TAB>message`, then `after`.
  func eachEdge(_ call: String, before: String = "", after: String = "") -> String {
    "for _, v in ipairs { \(edges.map(\.lua).joined(separator: ", ")) } do \(before)\n"
      + "  local ok, m = pcall(function() local V = v; \(call) end)\n"
      + "  print(tostring(ok) .. '\\t' .. tostring(m)) \(after)\nend\n"
  }

  @Test(arguments: penEntryPoints)
  func penMethods(_ entry: EntryPoint) throws {
    // The call sits on line 5; the face is drawn in the terminal and as SVG.
    let source =
      face + "feature \"f\" { draw = function(face, pen)\n" + eachEdge(entry.call) + "end }\n"
      + "local s = session {}\ns:tap('bite')\nlocal t = s:terminal { columns = 200, rows = 100 }\n"
      + "local svg = s:svg()\n"
    check(try runEdges(source), entry, line: 5)
  }

  @Test(arguments: sessionEntryPoints)
  func sessionMethodsAndFields(_ entry: EntryPoint) throws {
    let source =
      face + "local s = session {}\n"
      + eachEdge(entry.call, before: "s:tap('bite')", after: "s:terminal() s:svg() s:back()")
    check(try runEdges(source), entry, line: 5)
  }

  @Test func popoverSizesFromNav() throws {
    for (field, other) in [("width", "height"), ("height", "width")] {
      let source =
        face + "segue_kind \"pop\" { perform = function(nav, scene)\n"
        + "  nav:popover(scene, { \(field) = Size, \(other) = 300 })\nend }\n"
        + "segue \"p\" { kind = \"pop\", happiness = 50 }\nlocal s = session { device = \"ipad\" }\n"
        + eachEdge(
          "Size = V; s:perform('p')",
          after: "s:terminal() s:svg { screen = true } while s:back() do end")
      check(
        try runEdges(source),
        EntryPoint(call: "nav:popover", name: field, accepts: within(1, 4096)), line: 4)
    }
  }

  /// Declared numbers are checked by `check` and `run` alike: one problem a field.
  @Test(
    arguments: [
      ("style { scale = V }", "scale", within(0.01, 10)),
      ("style { line_width = V }", "line_width", within(0.1, 100)),
      ("style { eye_radius = V }", "eye_radius", within(0, 2)),
      ("style { mouth_smile = V }", "mouth_smile", within(-2, 2)),
      ("diagnosis \"d\" { happiness = 1, expression = { mouth = V } }", "mouth", within(-1, 1)),
      ("diagnosis \"d\" { happiness = 1, expression = { eyes = V } }", "eyes", within(0, 1)),
      ("diagnosis \"d\" { happiness = V }", "happiness", within(0, 100)),
      (
        "segue \"p\" { kind = \"push\", happiness = 1, size = { width = V, height = 9 } }", "width",
        within(1, 4096)
      ),
    ] as [(String, String, @Sendable (Double) -> Bool)])
  func declaredNumbers(_ declaration: String, _ name: String, _ accepts: @Sendable (Double) -> Bool)
    throws
  {
    for edge in edges {
      let source =
        face + "local V = \(edge.lua)\n" + declaration + "\nlocal s = session {}\ns:tap('bite')\n"
      do {
        _ = try runEdges(source)
        #expect(accepts(edge.value), "\(declaration) took \(edge.lua)")
      } catch let e as LuaError {
        #expect(!accepts(edge.value), "\(declaration) refused \(edge.lua): \(e)")
        #expect(e.location?.description.hasSuffix("main.lua:4") == true, "\(e)")
        #expect(e.message.contains(name) && e.message.contains(edge.shown), "\(e)")
      }
    }
  }

  /// A computed happiness or expression is checked as it comes back: within 0…100, as a
  /// literal must be (no `clamp = true` here).
  @Test func computedNumbers() throws {
    for edge in edges {
      let source =
        "diagnosis \"bite\" { happiness = function() return \(edge.lua) end,\n"
        + "  expression = function() return { mouth = 0 } end }\n"
        + "segue \"showDiagnosis\" { kind = \"push\", happiness = function(ctx) return ctx.diagnosis end }\n"
        + "local s = session {}\ns:tap('bite')\nprint(s.happiness)\n"
      do {
        let lines = try runEdges(source)
        #expect((0...100).contains(edge.value), "\(edge.lua) gave \(lines)")
      } catch let e as LuaError {
        #expect(!(0...100).contains(edge.value), "\(edge.lua): \(e)")
        #expect(e.location?.description.hasSuffix("main.lua:1") == true, "\(e)")
        #expect(e.message.contains(edge.shown), "\(e)")
      }
    }
  }
}

/// Pen strokes live in Swift: they count against the script's memory limit while a drawing
/// is made, and are given back once it is done.
@Suite struct StrokeMemory {
  /// Runs `source` under a 16 MiB limit; the error, if any.
  func failure(_ source: String) -> LuaError? {
    do { _ = try runEdges(source, memory: 16 << 20) } catch let e as LuaError { return e } catch {
      return LuaError(kind: .file, raw: "\(error)")
    }
    return nil
  }

  @Test func onehundredThousandArcsPassTheLimitAtTheirLine() {
    let e = failure(
      face + "for i = 1, 10 do feature('f' .. i) { draw = function(face, pen)\n"
        + "  for j = 1, 10000 do pen:arc(0, 0, 0.5, 0, 6.28) end\nend } end\n"
        + "local s = session {}\ns:tap('bite')\nlocal svg = s:svg()\n")
    #expect(e?.kind == .memory)
    #expect(e?.location?.description.hasSuffix("main.lua:4") == true, "\(String(describing: e))")
    #expect(e?.message.contains("not enough memory") == true)
  }

  @Test func drawingsGiveTheirStrokesBack() {
    // 400 arcs are over 3 MiB: twenty drawings would pass 16 MiB if none gave them back.
    let e = failure(
      face + "feature 'f' { draw = function(face, pen)\n"
        + "  for j = 1, 400 do pen:arc(0, 0, 0.5, 0, 6.28) end\nend }\n"
        + "local s = session {}\ns:tap('bite')\n"
        + "for i = 1, 10 do local t = s:svg() t = s:terminal() t = s:face() end\n")
    #expect(e == nil, "\(String(describing: e))")
  }
}
