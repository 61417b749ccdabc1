import CLISupport
import Files
import Glibc
import LuaHost
import Readable
import Render
import Synchronization

/// The progress bar on stderr (only when it is a terminal): rows done, rows per second and,
/// when the input is a file of known size, how far through it and the time left. Redrawn
/// by its own thread ten times a second; workers only bump a counter.
final class BatchProgress: @unchecked Sendable {
  private let shared: SharedOutput
  private let totalBytes: Int
  private let done = Atomic<Int>(0)
  private let consumed = Atomic<Int>(0)
  private let running = Atomic<Bool>(false)
  private var thread: WorkerThread?
  private let started: Double
  private var drawn = false

  init(shared: SharedOutput, totalBytes: Int) {
    self.shared = shared
    self.totalBytes = totalBytes
    started = monotonicSeconds()
  }

  func rowDone() { done.add(1, ordering: .relaxed) }
  func bytesRead(_ n: Int) { consumed.store(n, ordering: .relaxed) }

  func start() {
    running.store(true, ordering: .relaxed)
    thread = WorkerThread { [self] in
      while running.load(ordering: .relaxed) {
        usleep(100_000)
        shared.locked { draw() }
      }
    }
  }

  /// Erases the bar (the caller holds the output lock) so a message gets a clean line.
  func clearLine() {
    if drawn { write(2, TerminalControl.eraseLine) }
    drawn = false
  }

  /// Stops the thread and erases the bar.
  func finish() {
    running.store(false, ordering: .relaxed)
    thread?.join()
    shared.locked { clearLine() }
  }

  private func write(_ fd: Int32, _ bytes: [UInt8]) {
    _ = bytes.withUnsafeBytes { FileSystem.writeAll(fd, $0) }
  }

  private func draw() {
    let rows = done.load(ordering: .relaxed)
    let elapsed = max(monotonicSeconds() - started, 1e-3)
    let rate = Double(rows) / elapsed
    var line = ""
    if totalBytes > 0 {
      let fraction = min(Double(consumed.load(ordering: .relaxed)) / Double(totalBytes), 1)
      let width = 24
      let filled = Int(fraction * Double(width))
      line +=
        "[" + String(repeating: "#", count: filled)
        + String(repeating: " ", count: width - filled) + "] "
      line += "\(Int(fraction * 100))%  "
      if fraction > 0.01 {
        let left = elapsed * (1 - fraction) / fraction
        line += "ETA \(duration(left))  "
      }
    }
    line += plural(rows, "row") + "  \(Int(rate)) rows/s"
    write(2, TerminalControl.eraseLine + Array(line.utf8))
    drawn = true
  }

  private func duration(_ s: Double) -> String {
    let t = Int(s.rounded())
    return t >= 60 ? "\(t / 60)m\(t % 60)s" : "\(t)s"
  }
}
