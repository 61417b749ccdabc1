import Glibc
import LuaHost
import Readable

/// Why a program run as a child gave no output.
public enum ChildProcessError: Error, Equatable, CustomStringConvertible {
  /// The program is on no folder of PATH.
  case notFound(String)
  /// It could not be started (the reason).
  case cannotStart(String, String)
  /// It ran past its deadline and was killed (the seconds).
  case timeLimit(String, Double)
  /// It exited with a failure status; what it wrote on stderr.
  case failed(String, Int32, String)
  /// It wrote more than its cap on standard output (or error: the stream's name) and was
  /// killed (the cap in bytes).
  case tooMuchOutput(String, String, Int)
  /// It stopped reading its standard input before it had all of it (what it said on stderr).
  case stoppedReading(String, String)

  /// One line for a person.
  public var description: String {
    switch self {
    case .notFound(let p): "'\(p)' is not installed (no '\(p)' on PATH)"
    case .cannotStart(let p, let why): "cannot start '\(p)': \(why)"
    case .timeLimit(let p, let s):
      "'\(p)' did not finish within \(formatNumber(s)) s and was stopped"
    case .failed(let p, let status, let err):
      "'\(p)' failed (status \(status))" + (err.isEmpty ? "" : ": " + err)
    case .tooMuchOutput(let p, let stream, let cap):
      "'\(p)' wrote more than \(ChildProcess.sizeText(cap)) on its \(stream) and was stopped"
    case .stoppedReading(let p, let err):
      "'\(p)' stopped reading its input before the end" + (err.isEmpty ? "" : ": " + err)
    }
  }
}

/// A program run as a child process (the graph layout engine, the video encoder), held as a
/// script is: a deadline over its whole life (its pipes open or closed), what it writes
/// capped, and killed with every process it started (its own process group) when either
/// is passed. Its standard input comes from bytes or from a producer called as the child
/// reads; its standard output and error are read as they come. Spawned with
/// `posix_spawnp`: the library uses no Foundation, whose loading every command would pay
/// for at start.
package enum ChildProcess {
  /// The most a child may write on standard output unless its caller says otherwise: far
  /// beyond any layout `dot` gives for a storyboard a person reads.
  static let defaultOutputCap = 64 << 20
  /// The most a child may write on standard error: what a person reads of it is its first
  /// lines; a flood there is a fault, not a message.
  static let errorCap = 1 << 20

  /// The full path of `program` on PATH, if it is there.
  package static func find(_ program: String, path: String? = nil) -> String? {
    let folders = (path ?? (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"))
      .split(separator: ":")
    for folder in folders {
      let candidate = folder + "/" + program
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }

  /// Runs `program` with `arguments`, `input` on its standard input, and returns what it
  /// wrote on standard output; a failure status, a start that fails, output past
  /// `outputCap` or the deadline passing is an error.
  package static func run(
    _ program: String, _ arguments: [String], input: [UInt8], seconds: Double = 30,
    outputCap: Int = defaultOutputCap
  ) throws(ChildProcessError) -> [UInt8] {
    var given = false
    do {
      return try stream(program, arguments, seconds: seconds, outputCap: outputCap) {
        defer { given = true }
        return given ? nil : input
      }
    } catch let e as ChildProcessError {
      throw e
    } catch {
      // The producer above throws nothing.
      throw .cannotStart(program, String(describing: error))
    }
  }

  /// Runs `program`, its standard input the pieces `produce` returns (called whenever the
  /// child has taken the last one, until it returns nil), and returns its standard output.
  /// `descriptors` maps a child's descriptor number to one of ours it gets (an output
  /// file, a pipe of side data), kept open by the caller. An error `produce` throws stops
  /// the child and is thrown as it is; so are the child's own failures
  /// (`ChildProcessError`).
  package static func stream(
    _ program: String, _ arguments: [String], seconds: Double,
    outputCap: Int = defaultOutputCap, descriptors: [Int32: Int32] = [:],
    produce: () throws -> [UInt8]?
  ) throws -> [UInt8] {
    let deadline = monotonicSeconds() + max(seconds, 0)
    let child = try Child(program, arguments, descriptors: descriptors)
    var finished = false
    // Whatever happens, nothing is left running or unreaped.
    defer { if !finished { child.stop() } }
    let (output, error) = try child.exchange(
      produce: produce, deadline: deadline, outputCap: outputCap, seconds: seconds)
    guard let status = child.wait(until: deadline) else {
      throw ChildProcessError.timeLimit(program, seconds)
    }
    finished = true
    guard status == 0 else { throw ChildProcessError.failed(program, status, firstLines(error)) }
    return output
  }

  /// The first lines of what a child said on stderr, for one line of ours.
  static func firstLines(_ error: [UInt8]) -> String {
    String(decoding: error.prefix(2000), as: UTF8.self)
      .split(separator: "\n").prefix(3).joined(separator: "; ")
  }

  /// A size in words: `64 MiB`, `1 MiB`, `512 bytes`.
  static func sizeText(_ bytes: Int) -> String {
    bytes >= 1 << 20 && bytes % (1 << 20) == 0
      ? "\(bytes >> 20) MiB"
      : bytes >= 1 << 10 && bytes % (1 << 10) == 0
        ? "\(bytes >> 10) KiB" : "\(bytes) bytes"
  }
}

/// One child process while it runs: its pid (the leader of its own process group) and our
/// ends of its three pipes.
private final class Child {
  let program: String
  let pid: pid_t
  var input: Int32
  var output: Int32
  var error: Int32
  /// Its status once reaped (128 + the signal when a signal ended it).
  var status: Int32?

  init(_ program: String, _ arguments: [String], descriptors: [Int32: Int32])
    throws(ChildProcessError)
  {
    self.program = program
    guard let executable = ChildProcess.find(program) else { throw .notFound(program) }
    var pipes: [[Int32]] = []
    for _ in 0..<3 {
      var fds: [Int32] = [0, 0]
      guard Child.makePipe(&fds) else {
        for fd in pipes.joined() { close(fd) }
        throw .cannotStart(program, "no pipe")
      }
      pipes.append(fds)
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipes[0][0], 0)
    posix_spawn_file_actions_adddup2(&actions, pipes[1][1], 1)
    posix_spawn_file_actions_adddup2(&actions, pipes[2][1], 2)
    for (theirs, ours) in descriptors.sorted(by: { $0.key < $1.key }) {
      posix_spawn_file_actions_adddup2(&actions, ours, theirs)
    }
    // Its own process group, so a deadline stops whatever it started too.
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attributes, 0)
    let argv = ([executable] + arguments).map { strdup($0) }
    defer { for a in argv { free(a) } }
    var pid: pid_t = 0
    let started = posix_spawn(&pid, executable, &actions, &attributes, argv + [nil], environ)
    for fd in [pipes[0][0], pipes[1][1], pipes[2][1]] { close(fd) }
    guard started == 0 else {
      for fd in [pipes[0][1], pipes[1][0], pipes[2][0]] { close(fd) }
      throw .cannotStart(program, String(cString: strerror(started)))
    }
    self.pid = pid
    (input, output, error) = (pipes[0][1], pipes[1][0], pipes[2][0])
    for fd in [input, output, error] { _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK) }
  }

  deinit { for fd in [input, output, error] where fd >= 0 { close(fd) } }

  /// Feeds the child what `produce` makes and reads both its outputs as they come (a child
  /// blocked on a full pipe while its parent waits on another would never end), until it
  /// has closed both and taken all its input, or a limit is passed (thrown).
  func exchange(
    produce: () throws -> [UInt8]?, deadline: Double, outputCap: Int, seconds: Double
  ) throws -> (output: [UInt8], error: [UInt8]) {
    var out: [UInt8] = []
    var err: [UInt8] = []
    var pending: [UInt8] = []
    var written = 0
    var produced = false
    var chunk = [UInt8](repeating: 0, count: 65536)
    while output >= 0 || error >= 0 || input >= 0 {
      // What to write next, made only once the last piece is taken.
      if input >= 0 && written == pending.count && !produced {
        if let next = try produce() {
          pending = next
          written = 0
        } else {
          produced = true
        }
      }
      if input >= 0 && produced && written == pending.count { closeInput() }
      let left = deadline - monotonicSeconds()
      if left <= 0 { throw ChildProcessError.timeLimit(program, seconds) }
      var polled: [pollfd] = []
      if output >= 0 { polled.append(pollfd(fd: output, events: Int16(POLLIN), revents: 0)) }
      if error >= 0 { polled.append(pollfd(fd: error, events: Int16(POLLIN), revents: 0)) }
      if input >= 0 { polled.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
      if polled.isEmpty { break }
      let ready = poll(&polled, nfds_t(polled.count), Int32(min(left, 1) * 1000) + 1)
      if ready < 0 && errno != EINTR {
        throw ChildProcessError.cannotStart(program, String(cString: strerror(errno)))
      }
      if ready <= 0 { continue }
      for p in polled where p.revents != 0 {
        if p.fd == input {
          let n = pending[written...].withUnsafeBytes { write(input, $0.baseAddress, $0.count) }
          if n > 0 {
            written += n
          } else if n < 0 && errno != EAGAIN && errno != EINTR {
            // It closed its input (or died) with frames still to come: what it said is why.
            closeInput()
            try drainError(&err, deadline: deadline)
            guard let status = wait(until: deadline) else {
              throw ChildProcessError.timeLimit(program, seconds)
            }
            if status != 0 {
              throw ChildProcessError.failed(program, status, ChildProcess.firstLines(err))
            }
            throw ChildProcessError.stoppedReading(program, ChildProcess.firstLines(err))
          }
          continue
        }
        let isOutput = p.fd == output
        let n = chunk.withUnsafeMutableBytes { read(p.fd, $0.baseAddress, $0.count) }
        if n > 0 {
          let cap = isOutput ? outputCap : ChildProcess.errorCap
          let held = isOutput ? out.count : err.count
          // Checked: a count near Int.max must not wrap.
          let (total, over) = held.addingReportingOverflow(n)
          if over || total > cap {
            throw ChildProcessError.tooMuchOutput(
              program, isOutput ? "standard output" : "standard error", cap)
          }
          if isOutput { out += chunk[0..<n] } else { err += chunk[0..<n] }
        } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
          if isOutput { closeOutput() } else { closeError() }
        }
      }
    }
    return (out, err)
  }

  /// Reads what is left on stderr (after the child stopped reading), up to its cap and the
  /// deadline, to say why.
  private func drainError(_ err: inout [UInt8], deadline: Double) throws {
    var chunk = [UInt8](repeating: 0, count: 65536)
    while error >= 0 && err.count < ChildProcess.errorCap {
      let left = deadline - monotonicSeconds()
      if left <= 0 { return }
      var p = [pollfd(fd: error, events: Int16(POLLIN), revents: 0)]
      if poll(&p, 1, Int32(min(left, 1) * 1000) + 1) <= 0 { continue }
      let n = chunk.withUnsafeMutableBytes { read(error, $0.baseAddress, $0.count) }
      if n > 0 {
        err += chunk[0..<min(n, ChildProcess.errorCap - err.count)]
      } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
        closeError()
      }
    }
  }

  /// Waits for the child to end, until `deadline`: its status (128 + the signal when a
  /// signal ended it), or nil when the deadline passed first (it is then killed). A child
  /// whose pipes are closed is waited on too: closing them does not end its time.
  func wait(until deadline: Double) -> Int32? {
    if let status { return status }
    var pause = 0.001
    while true {
      var raw: Int32 = 0
      let r = waitpid(pid, &raw, WNOHANG)
      if r == pid {
        let exited = raw & 0x7f == 0
        let code = exited ? (raw >> 8) & 0xff : 128 + (raw & 0x7f)
        status = code
        return code
      }
      if r < 0 && errno != EINTR {
        status = 128
        return 128
      }
      let left = deadline - monotonicSeconds()
      if left <= 0 {
        stop()
        return nil
      }
      // Short at first (most children end as their pipes close), longer later.
      var ts = timespec(tv_sec: 0, tv_nsec: Int(min(pause, left) * 1e9))
      nanosleep(&ts, nil)
      pause = min(pause * 2, 0.05)
    }
  }

  /// Kills the child's whole process group and reaps the child.
  func stop() {
    for fd in [input, output, error] where fd >= 0 { close(fd) }
    (input, output, error) = (-1, -1, -1)
    guard status == nil else { return }
    kill(-pid, SIGKILL)
    kill(pid, SIGKILL)
    var raw: Int32 = 0
    while waitpid(pid, &raw, 0) < 0 && errno == EINTR {}
    status = 128 + SIGKILL
  }

  private func closeInput() {
    close(input)
    input = -1
  }
  private func closeOutput() {
    close(output)
    output = -1
  }
  private func closeError() {
    close(error)
    error = -1
  }

  /// A pipe whose ends a child spawned meanwhile does not keep (`pipe2` is not in Swift's
  /// Glibc).
  static func makePipe(_ fds: inout [Int32]) -> Bool {
    guard pipe(&fds) == 0 else { return false }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return true
  }
}
