import Testing

@testable import StoryboardCanvas
@testable import PrototypeExport
@testable import LuaBindings
@testable import Files
@testable import Declarations
@testable import App
@testable import Psychologist

/// The child process `storyboard` runs dot in: its input and outputs in full, its failure
/// and its deadline.
@Suite struct ChildProcessTests {
  @Test func aLargeInputComesBackWhole() throws {
    // More than a pipe holds both ways: written and read as they come, or it would hang.
    let input = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 % 251) }
    let out = try ChildProcess.run("cat", [], input: input, seconds: 30)
    #expect(out == input)
  }

  @Test func aFailureSaysItsStatusAndWhatItWrote() {
    #expect(throws: ChildProcessError.failed("sh", 3, "went wrong")) {
      try ChildProcess.run("sh", ["-c", "echo went wrong >&2; exit 3"], input: [])
    }
  }

  @Test func aChildPastItsDeadlineIsStopped() {
    let clock = ContinuousClock()
    let start = clock.now
    #expect(throws: ChildProcessError.timeLimit("sleep", 0.3)) {
      try ChildProcess.run("sleep", ["20"], input: [], seconds: 0.3)
    }
    #expect(clock.now - start < .seconds(10))
  }

  @Test func aMissingProgramIsSaidByName() {
    #expect(throws: ChildProcessError.notFound("no-such-program-here")) {
      try ChildProcess.run("no-such-program-here", [], input: [])
    }
  }
}
