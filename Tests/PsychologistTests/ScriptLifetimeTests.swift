import Foundation
import LuaHost
import Psychologist
import Testing

/// A script and its Lua state are freed once the host lets go, whatever the script did
/// (`show --watch` makes a fresh one on every edit: a cycle would keep each old state).
@Suite struct ScriptLifetime {
  @Test(arguments: [
    "diagnosis \"ok\" {}",
    "diagnosis \"ok\" {}\ndiagnosis(nil) { happiness = 5 }",
    "local f = diagnosis \"kept\"\nKEEP = f\nsegue \"s\" { kind = \"push\" }",
    "diagnosis \"d\" { happiness = 5 }\nsegue \"showDiagnosis\" { kind = \"push\" }\n"
      + "local s = session {}\ns:tap(\"d\")\nS = s\nfeature \"f\" { draw = function() end }",
  ])
  func scriptIsFreed(_ source: String) throws {
    let dir = NSTemporaryDirectory() + "psy-lifetime-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try source.write(toFile: dir + "/s.lua", atomically: true, encoding: .utf8)
    weak var weakScript: Script?
    weak var weakState: LuaState?
    do {
      let script = try Script(path: dir + "/s.lua", output: Collect())
      weakScript = script
      weakState = script.state
      try? script.load()
    }
    #expect(weakScript == nil)
    #expect(weakState == nil)
  }
}
