import Foundation
import TestSupport
import Testing

/// An error whose text is 120 MiB (a plain string, a `__tostring`) at the default memory
/// cap: the message names file:line and is cut with "…" past 64 KiB, so stderr stays small
/// and the host's copies of it do not double the process (it peaked at 489–609 MiB and
/// printed 126 MB).
@Suite struct LongErrorTests {
  @Test(arguments: [
    "error(string.rep('x', 120 * 1024 * 1024))",
    "error(setmetatable({}, { __tostring = function() return string.rep('x', 120 * 1024 * 1024) end }))",
  ])
  func aHugeErrorMessageIsCut(raise: String) throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try writeFile(dir + "/big.lua", "local a = 1\n" + raise + "\n")
    let r = try peakMemory(binary, ["run", "big.lua"], in: dir)
    #expect(r.status == 1)
    #expect(r.err.utf8.count < 70_000, "\(r.err.utf8.count) bytes on stderr")
    #expect(r.err.hasPrefix("psychologist: error: big.lua:2: xxxx"), "\(r.err.prefix(80))")
    #expect(r.err.hasSuffix("x…\n"), "\(r.err.suffix(20))")
    // The script's own string (and error's copy of it, with its place) count against the
    // 256 MiB cap; the host adds its 64 KiB.
    #expect(r.mib < 400, "peak \(r.mib) MiB")
  }
}
