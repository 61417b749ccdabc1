import Foundation
import TestSupport
import Testing

/// A child process is held as a script is: a fake `dot` first on PATH that answers a
/// route count of 2^62, floods its output, closes its pipes and sleeps, or fails, gives a
/// clear error and the right status, promptly, and nothing is written.
@Suite struct ChildProcessLimitTests {
  /// Runs `storyboard` of the barista example with `body` as `dot` (a shell script) first
  /// on PATH; the run, its seconds and whether the canvas was written.
  func storyboard(dot body: String, extra: [String] = []) throws -> (Run, Double, Bool) {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try FileManager.default.createDirectory(
      atPath: dir + "/bin", withIntermediateDirectories: true)
    try writeFile(dir + "/bin/dot", "#!/bin/sh\n" + body + "\n")
    chmod(dir + "/bin/dot", 0o755)
    let path = dir + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    let start = Date()
    let r = try psychologist(
      ["storyboard", packageRoot + "/examples/barista.lua", "-o", "board.svg"] + extra, in: dir,
      environment: ["PATH": path], timeout: 120)
    let seconds = Date().timeIntervalSince(start)
    return (r, seconds, FileManager.default.fileExists(atPath: dir + "/board.svg"))
  }

  @Test func aRouteCountOfTwoToTheSixtySecondIsRefusedNotACrash() throws {
    // A graph line, a node and an edge claiming 2^62 points: the old reader computed
    // 4 + 2 * n unchecked and died of SIGILL.
    let (r, _, written) = try storyboard(
      dot: """
        cat > /dev/null
        echo "graph 1 10 10"
        echo "node a 1 1 1 1 a solid box black lightgrey"
        echo "edge a a 4611686018427387904 1 1 2 2"
        echo "stop"
        """)
    #expect(!r.signaled, "crashed: \(r.stderr)")
    #expect(r.status == 3, "\(r.stderr)")
    #expect(r.stderr.contains("an edge line is cut short"), "\(r.stderr)")
    #expect(!written)
  }

  @Test func aCoordinateNoCanvasCouldHaveIsRefused() throws {
    // 1e308 inches are finite; in points they would be infinite.
    let (r, _, written) = try storyboard(
      dot: """
        cat > /dev/null
        echo "graph 1 1e308 10"
        echo "stop"
        """)
    #expect(!r.signaled, "crashed: \(r.stderr)")
    #expect(r.status == 3, "\(r.stderr)")
    #expect(
      r.stderr.contains("'1e308' is not a number of inches a canvas can have"), "\(r.stderr)")
    #expect(!written)
  }

  @Test func aFloodOfOutputIsCutAtItsCap() throws {
    let (r, seconds, written) = try storyboard(dot: "cat > /dev/null\nexec yes")
    #expect(r.status == 3, "\(r.stderr)")
    #expect(
      r.stderr.contains("'dot' wrote more than 64 MiB on its standard output and was stopped"),
      "\(r.stderr)")
    #expect(seconds < 60, "took \(seconds) s")
    #expect(!written)
  }

  @Test func aFloodOnStandardErrorIsCutToo() throws {
    let (r, _, written) = try storyboard(dot: "cat > /dev/null\nyes >&2")
    #expect(r.status == 3, "\(r.stderr)")
    #expect(r.stderr.contains("on its standard error and was stopped"), "\(r.stderr)")
    #expect(!written)
  }

  @Test func aChildThatClosesItsPipesAndSleepsEndsAtTheTimeLimit() throws {
    // It closes all three pipes and sleeps in a process of its own: neither it nor its
    // sleeping child may keep us.
    let (r, seconds, written) = try storyboard(
      dot: "exec <&- >&- 2>&-\nsleep 300 &\nexec sleep 300", extra: ["--time-limit", "1"])
    #expect(r.status == 1, "\(r.stderr)")
    #expect(r.stderr.contains("time limit exceeded (1 s)"), "\(r.stderr)")
    #expect(r.stderr.contains("barista.lua"), "\(r.stderr)")
    // A generous bound on a busy machine, far below the 300 s the fake sleeps.
    #expect(seconds < 30, "took \(seconds) s")
    #expect(!written)
  }

  @Test func aFailureSaysTheStatusAndWhatTheChildSaid() throws {
    let (r, _, written) = try storyboard(
      dot: "cat > /dev/null\necho 'Error: <stdin>: syntax error in line 1' >&2\nexit 3")
    #expect(r.status == 3, "\(r.stderr)")
    #expect(
      r.stderr.contains("'dot' failed (status 3): Error: <stdin>: syntax error in line 1"),
      "\(r.stderr)")
    #expect(!written)
  }
}
