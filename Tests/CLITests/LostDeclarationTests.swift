import Foundation
import TestSupport
import Testing

/// A declaration is never lost in silence: the two-argument call a Lua programmer writes
/// first declares as the curried form does, and a name whose table never comes is an error
/// at its line, for every declaring global.
@Suite struct LostDeclarationTests {
  private func check(_ source: String) throws -> Run {
    let folder = try temporaryFolder()
    defer { removeFolder(folder) }
    try writeFile(folder + "/app.lua", source)
    return try psychologist(["check", "app.lua"], in: folder)
  }

  @Test func theTwoArgumentCallDeclares() throws {
    let r = try check(
      """
      diagnosis("bite", { happiness = 70, title = "Bite" })
      segue("showDiagnosis", { kind = "push" })
      feature("hat", { draw = function(face, pen) pen:circle(0, -1.2, 0.2) end })
      menu("more", { buttons = { "bite" } })
      segue("more", { kind = "push", menu = "more" })

      """)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.out.contains("ok (1 diagnosis, 2 segues, 0 segue kinds, 1 feature, 1 menu)"))
  }

  @Test(arguments: ["diagnosis", "segue", "segue_kind", "feature", "style", "theme", "menu"])
  func aNameWithNoTableIsAnErrorAtItsLine(_ what: String) throws {
    let r = try check("diagnosis \"ok\" { happiness = 60 }\n\(what) \"lost\"\n")
    #expect(r.status == 1)
    #expect(
      r.stderr.contains(
        "app.lua:2: \(what) 'lost' has no table, so nothing was declared: write \(what) \"lost\" { … }"
      ), "\(r.stderr)")
  }

  @Test func fieldsThatAreNoTableAreRefusedAtTheirLine() throws {
    let r = try check("\n\ndiagnosis(\"x\", 5)\n")
    #expect(r.status == 1)
    #expect(
      r.stderr.contains("app.lua:3: diagnosis 'x': its fields must be a table, got number"),
      "\(r.stderr)")
  }
}
