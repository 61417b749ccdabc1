// Where Lua 5.4.4's own test suite is, for the tests that run it: beside the repository
// (`../shared/lua-5.4.4-tests`) as CI lays it out, absent in a fresh clone.

import Foundation

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

/// Why the tests that read the suite are skipped where it is absent; with `luaSuiteFolder`
/// it makes the condition they run under (TestSupport itself does not import Testing: it
/// builds in release too):
/// `@Test(.enabled(if: luaSuiteFolder != nil, Comment(rawValue: luaSuiteMissing)))`.
package let luaSuiteMissing =
  "Lua 5.4.4's test suite is not at \(luaSuiteExpectedAt) (a fresh clone has no ../shared)"
