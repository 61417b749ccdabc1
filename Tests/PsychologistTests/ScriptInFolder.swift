@testable import App
@testable import Declarations
@testable import Files
import Foundation
@testable import LuaBindings
@testable import PrototypeExport
@testable import Psychologist
@testable import StoryboardCanvas

/// A script of `source` (`s.lua`) in a fresh folder of its own, named after `tag`, its
/// prints collected; the caller removes the folder.
func scriptInFolder(_ source: String, tag: String) throws -> (Script, String) {
  let dir = NSTemporaryDirectory() + "psy-\(tag)-\(UUID().uuidString)"
  try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  try source.write(toFile: dir + "/s.lua", atomically: true, encoding: .utf8)
  return (try Script(path: dir + "/s.lua", output: Collect()), dir)
}
