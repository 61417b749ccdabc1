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

  @Test func aStreamedInputComesBackWholeAndInOrder() throws {
    // Pieces made as the child takes them: far more than a pipe holds.
    var next = 0
    let out = try ChildProcess.stream("cat", [], seconds: 30) {
      guard next < 100 else { return nil }
      defer { next += 1 }
      return [UInt8](repeating: UInt8(next), count: 10_000)
    }
    #expect(out.count == 1_000_000)
    #expect(out.enumerated().allSatisfy { $0.element == UInt8($0.offset / 10_000) })
  }

  /// What the producer throws stops the child and is thrown as it is.
  struct Stop: Error, Equatable {}

  @Test func aProducerThatThrowsStopsTheChild() {
    let clock = ContinuousClock()
    let start = clock.now
    var calls = 0
    #expect(throws: Stop()) {
      _ = try ChildProcess.stream("sleep", ["20"], seconds: 30) {
        calls += 1
        if calls > 1 { throw Stop() }
        return [1]
      }
    }
    #expect(clock.now - start < .seconds(10))
  }

  @Test func outputPastItsCapIsRefusedByName() {
    #expect(throws: ChildProcessError.tooMuchOutput("yes", "standard output", 1 << 16)) {
      try ChildProcess.run("yes", [], input: [], outputCap: 1 << 16)
    }
  }

  @Test func aChildThatClosesItsPipesIsStillHeldToItsDeadline() {
    let clock = ContinuousClock()
    let start = clock.now
    #expect(throws: ChildProcessError.timeLimit("sh", 0.5)) {
      try ChildProcess.run(
        "sh", ["-c", "exec <&- >&- 2>&-; exec sleep 20"], input: [], seconds: 0.5)
    }
    #expect(clock.now - start < .seconds(10))
  }

  @Test func aMissingProgramIsSaidByName() {
    #expect(throws: ChildProcessError.notFound("no-such-program-here")) {
      try ChildProcess.run("no-such-program-here", [], input: [])
    }
  }
}
