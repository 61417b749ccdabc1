import Foundation
import TestSupport
import Testing

/// The host's copy of a table counts against the memory cap at what it holds: 100,000
/// keyframes (each a table of three fields, two of them tables of four) fit under the
/// default 256 MiB cap, as the process itself does (it peaks near 230 MiB), and twice as
/// many are still refused at the line that declares them.
@Suite struct CopyChargeTests {
  func keyframes(_ n: Int) -> String {
    """
    local n = \(n)
    local frames = {}
    for i = 1, n do
      frames[i] = { t = (i - 1) / (n - 1),
        from = { x = 1, y = 2, scale = 1, opacity = 1 }, to = { x = 3, y = 4, scale = 1, opacity = 0.5 } }
    end
    segue_kind "far" {
      perform = function(nav, scene) nav:push(scene) end,
      animate = frames,
    }
    segue "go" { kind = "far", happiness = 50 }
    """
  }

  // (A generous time limit: on a busy machine the copy itself outlasts the default 10 s.)
  @Test func keyframesAreChargedWhatTheirCopyHolds() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try writeFile(dir + "/fits.lua", keyframes(100_000))
    let fits = try psychologist(
      ["check", "fits.lua", "--time-limit", "600"], in: dir, timeout: 900)
    #expect(fits.status == 0, "\(fits.stderr)")
    #expect(fits.out.contains("fits.lua: ok"), "\(fits.out)")
    try writeFile(dir + "/twice.lua", keyframes(200_000))
    let twice = try psychologist(
      ["check", "twice.lua", "--time-limit", "600"], in: dir, timeout: 900)
    #expect(twice.status == 1)
    #expect(
      twice.stderr.contains("twice.lua:7:") && twice.stderr.contains("256 MiB memory limit"),
      "\(twice.stderr)")
  }
}
