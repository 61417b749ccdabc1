import Foundation
import TestSupport
import Testing

/// `show SCRIPT NAME --input …` passes an input to a computed diagnosis, as
/// `s:tap(name, input)` does; a segue performed without a diagnosis says why it has no
/// happiness.
@Suite struct ShowInputTests {
  /// The happiness `show` drew, from the SVG's title.
  private func shownHappiness(_ arguments: [String]) throws -> (Run, String?) {
    let r = try psychologist(["show", "examples/mood.lua", "mood", "--format", "svg"] + arguments)
    let title = r.out.split(separator: "\n").first { $0.hasPrefix("<title>") }
    return (r, title.map { String($0.dropFirst(7).prefix { $0 != "<" }) })
  }

  // examples/mood.lua: 20 + 6 × (8 − |sleep − 8| × 1.5) + min(exercise, 60)/6 − 5 × (stress − 5),
  // with sleep 7, exercise 0 and stress 5 by default.
  @Test(arguments: [
    (["--input", "sleep=7"], "Mood: happiness 59"),
    (["--input", #"{"sleep": 7}"#], "Mood: happiness 59"),
    (["--input", "sleep=4", "--input", "stress=2"], "Mood: happiness 47"),
    (["--input", #" {"sleep": 4, "stress": 2.0}"#], "Mood: happiness 47"),
    (["--input", "exercise=30"], "Mood: happiness 64"),
    ([], "Mood: happiness 59"),
  ])
  func aComputedDiagnosisGetsTheInput(arguments: [String], title: String) throws {
    let (r, shown) = try shownHappiness(arguments)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(shown == title)
  }

  @Test func theInputIsWhatATapInASessionGets() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try FileManager.default.copyItem(
      atPath: packageRoot + "/examples/mood.lua", toPath: dir + "/mood.lua")
    try writeFile(
      dir + "/tap.lua",
      "require 'mood'\nlocal s = session {}\ns:tap('mood', { sleep = 5.5, stress = 1 })\nprint(s:svg())\n"
    )
    let session = try psychologist(["run", dir + "/tap.lua"])
    #expect(session.status == 0, "\(session.stderr)")
    let show = try psychologist([
      "show", dir + "/mood.lua", "mood", "--input", "sleep=5.5", "--input", "stress=1",
      "--format", "svg",
    ])
    #expect(show.status == 0 && show.out + "\n" == session.out, "\(show.stderr)")
  }

  @Test(arguments: [
    (["--input", "sleep"], "must be KEY=VALUE"),
    (["--input", "=7"], "must be KEY=VALUE"),
    (["--input", "sleep="], "gives 'sleep' no value"),
    (["--input", "sleep=7", "--input", "sleep=8"], "gives 'sleep' twice"),
    (["--input", "{sleep: 7}"], "is not a JSON object: malformed JSON at column 2"),
    (["--input", #"{"sleep": 7"#], "is not a JSON object"),
    (["--input", #"{"sleep": 7}"#, "--input", "stress=2"], "not both"),
    // A text where a number belongs is the script's own complaint, at its line.
    (["--input", "sleep=seven"], "mood.lua:13: sleep must be a number, got \"seven\""),
  ])
  func badInputIsNamed(arguments: [String], problem: String) throws {
    let (r, _) = try shownHappiness(arguments)
    #expect(r.status == (problem.hasPrefix("mood.lua") ? 1 : 2))
    #expect(r.stderr.contains(problem), "\(r.stderr)")
    #expect(r.out.isEmpty)
  }

  @Test func inputForWhatReadsNoneIsAUsageError() throws {
    let segue = try psychologist(["show", "examples/psychologist.lua", "cartoon", "--input", "a=1"])
    #expect(segue.status == 2 && segue.stderr.contains("'cartoon' is a segue"), "\(segue.stderr)")
    let fixed = try psychologist(["show", "examples/psychologist.lua", "bite", "--input", "a=1"])
    #expect(fixed.status == 2 && fixed.stderr.contains("reads no input"), "\(fixed.stderr)")
    #expect(fixed.stderr.contains("examples/psychologist.lua:9"))
  }

  @Test func aSegueShownWithoutADiagnosisSaysWhyItHasNoHappiness() throws {
    let r = try psychologist(["show", "examples/psychologist.lua", "showDiagnosis"])
    #expect(r.status == 1)
    #expect(r.stderr.contains("psychologist.lua:12:"), "\(r.stderr)")
    #expect(r.stderr.contains("performed without a diagnosis, so ctx.diagnosis is nil"))
    #expect(r.stderr.contains("(flaying, bite, play)"))
  }

  @Test func helpTellsOfInput() throws {
    let r = try psychologist(["show", "--help"])
    #expect(r.out.contains("--input JSON|K=V") && r.out.contains("--input sleep=7"))
  }
}
