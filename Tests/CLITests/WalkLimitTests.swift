import Foundation
import TestSupport
import Testing

/// The host's own walks of an app's screens (`check`, `storyboard`, `export`, `list`) are
/// held to `--time-limit` as a script's calls are, and reach a deep scene without tapping
/// its whole way from the root again for each: valid apps of deep or wide menus end in
/// seconds, and a walk that runs out of time says so at the declaration it had reached.
@Suite struct WalkLimitTests {
  /// Menus `depth` deep, each leading to the next; the last holds a diagnosis.
  private static func deepMenus(_ depth: Int) -> String {
    var lines = [
      "diagnosis \"leaf\" { happiness = 70 }", "segue \"showDiagnosis\" { kind = \"push\" }",
      "segue \"m1\" { kind = \"push\", menu = \"m1\" }",
    ]
    for i in 1...depth {
      let button = i < depth ? "m\(i + 1)" : "leaf"
      lines.append("menu \"m\(i)\" { title = \"Menu \(i)\", buttons = { \"\(button)\" } }")
      if i < depth { lines.append("segue \"m\(i + 1)\" { kind = \"push\", menu = \"m\(i + 1)\" }") }
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A second menu of `count` diagnoses.
  private static func wideMenu(_ count: Int) -> String {
    var lines = [
      "segue \"showDiagnosis\" { kind = \"push\" }",
      "segue \"more\" { kind = \"push\", menu = \"more\" }",
    ]
    let names = (0..<count).map { "d\($0)" }
    for n in names { lines.append("diagnosis \"\(n)\" { happiness = 50 }") }
    lines.append(
      "menu \"more\" { title = \"More\", buttons = { "
        + names.map { "\"\($0)\"" }.joined(separator: ", ") + " } }")
    return lines.joined(separator: "\n") + "\n"
  }

  /// Runs `arguments` (the script's path for `@`) on `source`, timing the run.
  private func run(_ source: String, _ arguments: [String]) throws -> (Run, Double, String) {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    let path = folder + "/app.lua"
    try writeFile(path, source)
    let start = Date()
    // The deadline is generous: the point is that the walk stops near its limit, where it
    // ran for 40 s and more before.
    let r = try psychologist(
      arguments.map { $0 == "@" ? path : $0.replacingOccurrences(of: "@/", with: folder + "/") },
      timeout: 60)
    return (r, Date().timeIntervalSince(start), path)
  }

  /// `stderr` says the time limit of `seconds` at a line of the script.
  private func saysTimeLimitAtALine(_ r: Run, _ path: String, _ seconds: String) -> Bool {
    let lines = r.stderr.split(separator: "\n")
    return lines.contains { line in
      guard line.hasPrefix("psychologist: error: \(path):") else { return false }
      let rest = line.dropFirst("psychologist: error: \(path):".count)
      let number = rest.prefix { $0.isNumber }
      return !number.isEmpty
        && rest.dropFirst(number.count).hasPrefix(
          ": time limit exceeded (\(seconds) s)")
    }
  }

  @Test(arguments: ["check", "storyboard", "export"])
  func aWalkOfMenusAThousandDeepEndsAtTheTimeLimitAtALine(_ command: String) throws {
    var arguments = [command, "@", "--time-limit", "1"]
    if command != "check" {
      arguments += ["-o", "@/out." + (command == "export" ? "html" : "svg")]
    }
    let (r, seconds, path) = try run(Self.deepMenus(1000), arguments)
    #expect(!r.timedOut)
    // Ends at its limit (1 s) and a little: before, 40 s and more.
    #expect(seconds < 20, "\(command) took \(seconds) s")
    if r.status != 0 {
      #expect(r.status == 1)
      #expect(saysTimeLimitAtALine(r, path, "1"), "\(r.stderr)")
    }
  }

  @Test func aDeepSceneIsReachedAndDrawn() throws {
    // 60 menus deep: check taps the leaf from its menu, and the canvas draws its screen
    // (a scene that could not be reached is drawn as a failure, in red, and said).
    let (c, _, _) = try run(Self.deepMenus(60), ["check", "@"])
    #expect(c.status == 0, "\(c.stderr)")
    #expect(c.out.contains("ok (1 diagnosis, 61 segues"))
    let (s, _, _) = try run(Self.deepMenus(60), ["storyboard", "@", "-o", "@/board.svg"])
    #expect(s.status == 0, "\(s.stderr)")
    #expect(s.stderr.isEmpty)
  }

  @Test func aMenuOfTenThousandButtonsIsAGraphInSeconds() throws {
    // The graph alone (no screens drawn) looked at every edge from every node: 36–49 s.
    let (r, seconds, _) = try run(
      Self.wideMenu(10_000), ["storyboard", "@", "--format", "dot", "--time-limit", "2"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.out.contains("d9999"))
    #expect(seconds < 20, "took \(seconds) s")
  }

  @Test func checkOfTenThousandButtonsEndsAtTheTimeLimitAtALine() throws {
    let (r, seconds, path) = try run(Self.wideMenu(10_000), ["check", "@", "--time-limit", "1"])
    #expect(!r.timedOut)
    #expect(seconds < 20, "took \(seconds) s")
    if r.status != 0 { #expect(saysTimeLimitAtALine(r, path, "1"), "\(r.stderr)") }
  }
}
