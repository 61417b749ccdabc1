import Foundation
import TestSupport
import Testing

/// Help where an author gets stuck: a misspelt name gets the name meant, a runtime error
/// the script's frames that led to it.
@Suite struct AuthorHelpTests {
  private func folder(_ files: [String: String]) throws -> String {
    let dir = try temporaryFolder()
    for (name, text) in files { try writeFile(dir + "/" + name, text) }
    return dir
  }

  @Test func aMisspeltDSLGlobalGetsTheNameMeant() throws {
    let dir = try folder(["m.lua": "diagnossis \"mocha\" { happiness = 30 }\n"])
    defer { removeFolder(dir) }
    let r = try psychologist(["check", "m.lua"], in: dir)
    #expect(r.status == 1)
    #expect(r.stderr.contains("m.lua:1:"), "\(r.stderr)")
    #expect(r.stderr.contains("(global 'diagnossis'; did you mean 'diagnosis'?)"), "\(r.stderr)")
  }

  @Test func aMisspeltGlobalOfTheScriptGetsTheNameMeant() throws {
    let dir = try folder([
      "m.lua": """
      function brew_time(i) return 30 + i.shots end
      diagnosis "mocha" { happiness = function(i) return brew_tme(i) end }
      """
    ])
    defer { removeFolder(dir) }
    let r = try psychologist(
      ["show", "m.lua", "mocha", "--input", "shots=2", "-o", "m.svg"], in: dir)
    #expect(r.status == 1)
    #expect(r.stderr.contains("m.lua:2:"), "\(r.stderr)")
    #expect(r.stderr.contains("(global 'brew_tme'; did you mean 'brew_time'?)"), "\(r.stderr)")
  }

  @Test func aMisspeltLibraryFieldGetsTheNameMeant() throws {
    // The line is read back from the script's file (and a module's) when the error is said.
    let dir = try folder([
      "m.lua":
        "local helper = require 'helper'\nlocal x = math.max(1, 2)\nprint(math.maxx(x, 3))\n",
      "helper.lua": "return { fmt = function(v) return string.formt('%d', v) end }\n",
      "n.lua": "local h = require 'helper'\nprint(h.fmt(3))\n",
    ])
    defer { removeFolder(dir) }
    let r = try psychologist(["run", "m.lua"], in: dir)
    #expect(r.status == 1)
    #expect(
      r.stderr.hasPrefix(
        "psychologist: error: m.lua:3: attempt to call a nil value (field 'maxx'; did you mean 'math.max'?)"
      ), "\(r.stderr)")
    let n = try psychologist(["run", "n.lua"], in: dir)
    #expect(
      n.stderr.contains(
        "helper.lua:1: attempt to call a nil value (field 'formt'; did you mean 'string.format'?)"),
      "\(n.stderr)")
  }

  @Test func aGlobalNothingIsNearGetsNoGuess() throws {
    let dir = try folder(["m.lua": "zzqqxx \"mocha\" { happiness = 30 }\n"])
    defer { removeFolder(dir) }
    let r = try psychologist(["check", "m.lua"], in: dir)
    #expect(r.status == 1)
    #expect(r.stderr.contains("(global 'zzqqxx')"), "\(r.stderr)")
    #expect(!r.stderr.contains("did you mean"))
  }

  /// A session taps a diagnosis whose function calls a local helper that fails.
  private let brewing = """
    local function grind(n)
      return n.beans * 2
    end
    local function brew(i)
      local cup = 30 + grind(i)
      return cup
    end
    diagnosis "mocha" { happiness = function(i) return brew(i) + 0 end }
    local s = session {}
    s:tap("mocha", { beanz = 2 })
    """

  @Test func aRuntimeErrorShowsTheScriptFramesInnermostFirst() throws {
    let dir = try folder(["b.lua": brewing])
    defer { removeFolder(dir) }
    let r = try psychologist(["run", "b.lua"], in: dir)
    #expect(r.status == 1)
    let lines = r.stderr.split(separator: "\n").map(String.init)
    #expect(
      lines.first?.hasPrefix("psychologist: error: b.lua:2: attempt to perform arithmetic") == true,
      "\(r.stderr)")
    // The diagnosis's frames, then the session's tap that ran it; no C frames.
    #expect(
      Array(lines.dropFirst()) == [
        "  b.lua:2: in function 'grind'", "  b.lua:5: in function 'brew'",
        "  b.lua:8: in function <b.lua:8>", "  b.lua:10: in main chunk",
      ], "\(r.stderr)")
    #expect(!r.stderr.contains("[C]"))
    // Which callback: the session's tap, with its input.
    #expect(
      lines.first?.hasSuffix("(while tapping 'mocha' with input { beanz = 2 })") == true,
      "\(r.stderr)")
    let terse = try psychologist(["run", "b.lua", "--traceback=off"], in: dir)
    #expect(terse.status == 1)
    #expect(terse.stderr.split(separator: "\n").count == 1, "\(terse.stderr)")
  }

  @Test func helpLuaShowsTheReferenceAndOneName() throws {
    let all = try psychologist(["help", "lua"])
    #expect(all.status == 0)
    #expect(
      all.out == (try String(contentsOfFile: packageRoot + "/docs/lua-api.md", encoding: .utf8)))
    let one = try psychologist(["help", "lua", "pen:color"])
    #expect(one.status == 0)
    #expect(one.out.hasPrefix("### Pen:color(name)\n"), "\(one.out)")
    #expect(one.out.contains("- `name` (`ColorName`)"))
    let wrong = try psychologist(["help", "lua", "sesion"])
    #expect(wrong.status == 2)
    #expect(wrong.stderr.contains("(did you mean 'session'?)"), "\(wrong.stderr)")
  }

  @Test(arguments: ["face", "show", "run", "check", "list", "batch", "play", "export"])
  func helpCommandIsCommandHelp(command: String) throws {
    let a = try psychologist(["help", command])
    let b = try psychologist([command, "--help"])
    #expect(a.status == 0 && b.status == 0)
    #expect(a.out == b.out && !a.out.isEmpty)
  }

  @Test func showWatchSaysWhenItRedrewAndWhatFailed() throws {
    let dir = try folder(["c.lua": "diagnosis \"latte\" { happiness = 70 }\n"])
    defer { removeFolder(dir) }
    let pane = try TmuxPane(folder: dir)
    try pane.type("\(binary) show c.lua latte --watch -o c.svg")
    try pane.waitFor("drew 'latte' into c.svg (1 time)")
    try writeFile(dir + "/c.lua", "diagnosis \"latte\" { happiness = 30 }\n")
    try pane.waitFor("drew 'latte' into c.svg (2 times)")
    try writeFile(dir + "/c.lua", "diagnosis \"latte\" { happiness = 30 \n")
    let failed = try pane.waitFor("the last good face stays")
    #expect(failed.contains { $0.contains("psychologist: error: c.lua:") })
    try writeFile(dir + "/c.lua", "diagnosis \"latte\" { happiness = 40 }\n")
    try pane.waitFor("drew 'latte' into c.svg (3 times)")
    try pane.press("C-c")
  }

  @Test func anAnimationErrorSaysWhichKindAndT() throws {
    let dir = try folder([
      "k.lua": """
      segue_kind "steam" {
        perform = function(nav, scene) nav:push(scene) end,
        animate = function(t, from, to)
          if t > 0.4 then error("too hot") end
          return { x = 0 }, { x = 1 - t }
        end,
      }
      segue "go" { kind = "steam", happiness = 60 }
      """
    ])
    defer { removeFolder(dir) }
    let r = try psychologist(["show", "k.lua", "go", "--screen", "--frames", "3"], in: dir)
    #expect(r.status == 1)
    #expect(
      r.stderr.contains("k.lua:4: too hot (in segue_kind 'steam' animate (t = 0.5))"), "\(r.stderr)"
    )
  }
}
