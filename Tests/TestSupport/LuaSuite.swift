// Where Lua 5.4.4's own test suite is, for the tests that run it: beside the repository
// (`../shared/lua-5.4.4-tests`) as CI lays it out, absent in a fresh clone.

import Foundation
import Testing

/// The package's root folder, from this file's place in it.
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().path

/// Where the tests look for Lua 5.4.4's suite.
package let luaSuiteExpectedAt = URL(fileURLWithPath: root + "/../shared/lua-5.4.4-tests")
  .standardizedFileURL.path

/// The suite's folder, or nil when it is not there (its tests are then skipped, saying why).
package let luaSuiteFolder: String? = {
  var isFolder: ObjCBool = false
  let there = FileManager.default.fileExists(atPath: luaSuiteExpectedAt, isDirectory: &isFolder)
  return there && isFolder.boolValue ? luaSuiteExpectedAt : nil
}()

extension Trait where Self == ConditionTrait {
  /// Runs a test only where Lua 5.4.4's suite is present; elsewhere Swift Testing reports it
  /// skipped, with where it looked.
  package static var needsLuaSuite: Self {
    .enabled(
      if: luaSuiteFolder != nil,
      "Lua 5.4.4's test suite is not at \(luaSuiteExpectedAt) (a fresh clone has no ../shared)")
  }
}
