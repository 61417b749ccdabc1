import CLISupport
import Files
import Glibc
import LuaHost
import Readable
import Render
import Rows
import Synchronization

// The machinery under `batch`: threads, a bounded queue of rows between the reader and the
// workers, serialized output, and Ctrl-C. pthreads directly: no Foundation in Sources, and
// each worker must own its Lua state for its whole life.

/// A mutex with a condition variable (pthreads), for the queue and shared results.
final class Monitor: @unchecked Sendable {
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let cond = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init() {
    pthread_mutex_init(mutex, nil)
    var attr = pthread_condattr_t()
    pthread_condattr_init(&attr)
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC)
    pthread_cond_init(cond, &attr)
    pthread_condattr_destroy(&attr)
  }

  deinit {
    pthread_cond_destroy(cond)
    pthread_mutex_destroy(mutex)
    cond.deallocate()
    mutex.deallocate()
  }

  /// Runs `body` holding the lock.
  func locked<T>(_ body: () throws -> T) rethrows -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  /// Waits (lock held) until signalled or `seconds` pass, so Ctrl-C is noticed promptly.
  func wait(seconds: Double) {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    let ns = Int(seconds * 1e9) + ts.tv_nsec
    ts.tv_sec += ns / 1_000_000_000
    ts.tv_nsec = ns % 1_000_000_000
    pthread_cond_timedwait(cond, mutex, &ts)
  }

  /// Wakes every waiter.
  func broadcast() { pthread_cond_broadcast(cond) }
}

/// Rows from the reader to the workers, each with its position among the rows taken, at
/// most `capacity` rows and `byteLimit` bytes of input waiting (memory stays flat: a row may
/// be a 1 MiB line, and 64 rows a worker of those held 64 MiB a worker).
final class RowQueue: @unchecked Sendable {
  /// A row and its position (0, 1, 2, …) among the rows this batch takes.
  typealias Job = (seq: Int, row: BatchRow)
  private let monitor = Monitor()
  private var rows: [Job?]
  private var head = 0
  private var count = 0
  private let byteLimit: Int
  private var bytes = 0
  private var closed = false
  private var stopped = false

  /// The input bytes waiting at most, whatever the number of workers: enough to keep
  /// every worker fed with the usual rows of a few hundred bytes.
  static let byteLimit = 8 << 20

  /// A queue for `workers` workers: 64 rows each, and `byteLimit` bytes in all.
  init(workers: Int) {
    rows = Array(repeating: nil, count: 64 * max(workers, 1))
    byteLimit = RowQueue.byteLimit
  }

  /// Adds a row, waiting while the queue is full; false once the batch is stopping. A row
  /// larger than the byte limit waits for an empty queue, then goes alone.
  func push(_ row: Job, interrupted: () -> Bool) -> Bool {
    monitor.locked {
      while count == rows.count || count > 0 && bytes + row.row.bytes > byteLimit,
        !stopped && !interrupted()
      {
        monitor.wait(seconds: 0.05)
      }
      if stopped || interrupted() { return false }
      rows[(head + count) % rows.count] = row
      count += 1
      bytes += row.row.bytes
      // Only an empty queue can have workers waiting: waking them per row costs a context
      // switch per row.
      if count == 1 { monitor.broadcast() }
      return true
    }
  }

  /// The next row, waiting while empty; nil once closed and drained, or stopped.
  func pop(interrupted: () -> Bool) -> Job? {
    monitor.locked {
      while count == 0 && !closed && !stopped && !interrupted() { monitor.wait(seconds: 0.05) }
      if stopped || interrupted() || count == 0 { return nil }
      let row = rows[head]
      rows[head] = nil
      head = (head + 1) % rows.count
      count -= 1
      let held = bytes
      bytes -= row?.row.bytes ?? 0
      // The reader waits on a full queue; wake it once half has drained (of the rows or
      // of the bytes), so it refills in a batch instead of one row per wake-up.
      if count == rows.count / 2 || held > byteLimit / 2 && bytes <= byteLimit / 2 {
        monitor.broadcast()
      }
      return row
    }
  }

  /// No more rows will come.
  func close() {
    monitor.locked {
      closed = true; monitor.broadcast()
    }
  }
  /// Stop now: waiting rows are dropped (Ctrl-C).
  func stop() {
    monitor.locked {
      stopped = true; monitor.broadcast()
    }
  }
}

/// A started thread, joined with `join()`.
struct WorkerThread {
  private let thread: pthread_t

  private final class Body: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
  }

  /// Starts `body` on a new thread (8 MiB stack: Lua and Swift recurse).
  init(_ body: @escaping () -> Void) {
    let box = Unmanaged.passRetained(Body(body)).toOpaque()
    var attr = pthread_attr_t()
    pthread_attr_init(&attr)
    pthread_attr_setstacksize(&attr, 8 << 20)
    var t = pthread_t()
    let status = pthread_create(
      &t, &attr,
      { raw in
        let body = Unmanaged<Body>.fromOpaque(raw!).takeRetainedValue()
        body.run()
        return nil
      }, box)
    pthread_attr_destroy(&attr)
    if status != 0 {
      // No thread: run it here rather than lose the work.
      Unmanaged<Body>.fromOpaque(box).takeRetainedValue().run()
    }
    thread = t
  }

  /// Waits for the thread to finish.
  func join() { pthread_join(thread, nil) }
}

/// Standard output and error shared by the workers: each worker's `print` is buffered and
/// written whole at the end of each row, so lines of different rows never interleave.
final class SharedOutput: @unchecked Sendable {
  private let monitor = Monitor()
  private var firstFailure: String?

  /// Whether stdout is a terminal: what rows print is then shown escaped, never obeyed.
  private let terminal = isTerminal(1)

  /// Writes bytes to a descriptor under the lock; a failure is kept for the summary.
  func write(_ fd: Int32, _ bytes: [UInt8]) {
    var bytes = bytes
    if terminal && fd == 1 {
      bytes = Array(terminalSafe(String(decoding: bytes, as: UTF8.self), lines: true).utf8)
    }
    writeAsIs(fd, bytes)
  }

  /// Writes bytes the batch made itself (the terminal sheet: its labels are escaped, its
  /// colour codes are meant) under the lock, as they are.
  func writeAsIs(_ fd: Int32, _ bytes: [UInt8]) {
    monitor.locked {
      if !bytes.withUnsafeBytes({ FileSystem.writeAll(fd, $0) }) && firstFailure == nil {
        firstFailure = String(cString: strerror(errno))
      }
    }
  }

  /// Why a write to stdout failed (a full disk, a closed pipe), nil if none did.
  var failure: String? { monitor.locked { firstFailure } }

  /// Runs `body` holding the lock (error messages and the progress bar take turns).
  func locked(_ body: () -> Void) { monitor.locked(body) }
}

/// One worker's `print` target.
final class WorkerOutput: LuaPrintTarget, @unchecked Sendable {
  private let shared: SharedOutput
  private var buffer: [UInt8] = []
  /// Drops what is printed (the extra workers' copies of the script's top-level output).
  var muted = false

  init(_ shared: SharedOutput) { self.shared = shared }

  func write(_ bytes: UnsafeRawBufferPointer) {
    if !muted { buffer.append(contentsOf: bytes) }
  }

  /// Writes what the row printed.
  func flush() {
    guard !buffer.isEmpty else { return }
    shared.write(1, buffer)
    buffer.removeAll(keepingCapacity: true)
  }
}

/// Ctrl-C during a batch: the first SIGINT (or SIGTERM, or SIGHUP from a closed terminal)
/// asks everyone to stop after the row in hand, so every file written is whole. A clip's
/// encoding (`show --animate -o NAME.gif`, `reel`) stops at it too, between two frames.
package enum BatchInterrupt {
  /// Set by the signal handler.
  package static let flag = Atomic<Bool>(false)

  /// Whether Ctrl-C was pressed.
  package static var raised: Bool { flag.load(ordering: .relaxed) }

  /// Installs the handler without SA_RESTART, so a blocking read of stdin returns.
  package static func install() {
    var action = sigaction()
    action.__sigaction_handler.sa_handler = { _ in
      BatchInterrupt.flag.store(true, ordering: .relaxed)
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = 0
    sigaction(SIGINT, &action, nil)
    sigaction(SIGTERM, &action, nil)
    sigaction(SIGHUP, &action, nil)
    // A parent may have left them blocked (as play's terminal does, unblock them): else
    // Ctrl-C or a kill would wait for ever while the reader waits for input.
    var handled = sigset_t()
    sigemptyset(&handled)
    for s in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&handled, s) }
    pthread_sigmask(SIG_UNBLOCK, &handled, nil)
  }

  /// Puts the default handlers back.
  package static func restore() {
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
    signal(SIGHUP, SIG_DFL)
  }
}
