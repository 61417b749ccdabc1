import Foundation
import TestSupport
import Testing

/// One rule titles a scene (issue 36): the tapped diagnosis's title, else its segue's; and
/// `check` notes a segue's title that no tap can show.
@Suite struct TitleRuleTests {
  let clinic = """
    segue "showDiagnosis" { kind = "push", title = "Diagnosis", happiness = function(c) return c.diagnosis end }
    diagnosis "bite" { happiness = 70, title = "Bite" }
    diagnosis "cough" { happiness = 40, title = "Cough" }

    """

  func folder(_ script: String) throws -> String {
    let dir = try temporaryFolder()
    try writeFile(dir + "/m.lua", script)
    return dir
  }

  @Test func aSegueTitleEveryDiagnosisOutranksIsNoted() throws {
    let dir = try folder(clinic)
    defer { removeFolder(dir) }
    let r = try psychologist(["check", "m.lua"], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.out.contains("m.lua: ok"), "\(r.out)")
    #expect(
      r.stderr.contains(
        "note: m.lua:1: segue 'showDiagnosis' has title 'Diagnosis', which no tap shows (only show and s:perform, performing it by name): each of the 2 diagnoses that perform it has its own title, and a diagnosis's title wins"
      ), "\(r.stderr)")
    // What the warning says, as a session sees it: the diagnosis's title wins.
    try writeFile(
      dir + "/s.lua",
      clinic
        + "local s = session {}\ns:tap('bite')\nprint(s.scene)\ns:back()\ns:perform('showDiagnosis')\nprint(s.scene)\n"
    )
    let run = try psychologist(["run", "s.lua"], in: dir)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.out == "Bite\nDiagnosis\n", "\(run.out)")
  }

  @Test func aSegueTitleSomeTapShowsIsNotNoted() throws {
    // cough has no title: its scene takes the segue's.
    let dir = try folder(clinic.replacingOccurrences(of: ", title = \"Cough\"", with: ""))
    defer { removeFolder(dir) }
    let r = try psychologist(["check", "m.lua"], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(!r.stderr.contains("no tap shows"), "\(r.stderr)")
    try writeFile(
      dir + "/s.lua",
      clinic.replacingOccurrences(of: ", title = \"Cough\"", with: "")
        + "local s = session {}\ns:tap('cough')\nprint(s.scene)\n")
    let run = try psychologist(["run", "s.lua"], in: dir)
    #expect(run.out == "Diagnosis\n", "\(run.out) \(run.stderr)")
  }
}
