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

  /// One line for a person.
  public var description: String {
    switch self {
    case .notFound(let p): "'\(p)' is not installed (no '\(p)' on PATH)"
    case .cannotStart(let p, let why): "cannot start '\(p)': \(why)"
    case .timeLimit(let p, let s):
      "'\(p)' did not finish within \(formatNumber(s)) s and was stopped"
    case .failed(let p, let status, let err):
      "'\(p)' failed (status \(status))" + (err.isEmpty ? "" : ": " + err)
    }
  }
}

/// A program run as a child process (the graph layout engine), its standard input from
/// bytes, its standard output and error read until it exits, killed at a deadline. Spawned
/// with `posix_spawnp`: the library uses no Foundation, whose loading every command would
/// pay for at start.
package enum ChildProcess {
  /// The full path of `program` on PATH, if it is there.
  static func find(_ program: String, path: String? = nil) -> String? {
    let folders = (path ?? (getenv("PATH").map { String(cString: $0) } ?? "/usr/bin:/bin"))
      .split(separator: ":")
    for folder in folders {
      let candidate = folder + "/" + program
      if access(candidate, X_OK) == 0 { return candidate }
    }
    return nil
  }

  /// Runs `program` with `arguments`, `input` on its standard input, and returns what it
  /// wrote on standard output; a failure status, a start that fails or the deadline
  /// passing is an error.
  package static func run(
    _ program: String, _ arguments: [String], input: [UInt8], seconds: Double = 30
  ) throws(ChildProcessError) -> [UInt8] {
    guard let executable = find(program) else { throw .notFound(program) }
    var inPipe: [Int32] = [0, 0]
    var outPipe: [Int32] = [0, 0]
    var errPipe: [Int32] = [0, 0]
    guard makePipe(&inPipe) else { throw .cannotStart(program, "no pipe") }
    guard makePipe(&outPipe) else {
      close(inPipe[0])
      close(inPipe[1])
      throw .cannotStart(program, "no pipe")
    }
    guard makePipe(&errPipe) else {
      for fd in inPipe + outPipe { close(fd) }
      throw .cannotStart(program, "no pipe")
    }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, inPipe[0], 0)
    posix_spawn_file_actions_adddup2(&actions, outPipe[1], 1)
    posix_spawn_file_actions_adddup2(&actions, errPipe[1], 2)
    let argv = ([executable] + arguments).map { strdup($0) }
    defer { for a in argv { free(a) } }
    var pid: pid_t = 0
    let started = posix_spawn(&pid, executable, &actions, nil, argv + [nil], environ)
    for fd in [inPipe[0], outPipe[1], errPipe[1]] { close(fd) }
    guard started == 0 else {
      for fd in [inPipe[1], outPipe[0], errPipe[0]] { close(fd) }
      throw .cannotStart(program, String(cString: strerror(started)))
    }
    let (out, err, inTime) = exchange(
      input: input, with: (inPipe[1], outPipe[0], errPipe[0]), seconds: seconds)
    if !inTime { kill(pid, SIGKILL) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    guard inTime else { throw .timeLimit(program, seconds) }
    let exited = status & 0x7f == 0
    let code = exited ? (status >> 8) & 0xff : 128 + (status & 0x7f)
    guard code == 0 else {
      let text = String(decoding: err.prefix(2000), as: UTF8.self)
        .split(separator: "\n").prefix(3).joined(separator: "; ")
      throw .failed(program, code, text)
    }
    return out
  }

  /// Writes `input` and reads both outputs as they come (a child blocked on a full pipe
  /// while its parent waits on another would never end), until both close or the deadline
  /// passes (`inTime` false). Closes the three descriptors.
  private static func exchange(
    input: [UInt8], with fds: (input: Int32, output: Int32, error: Int32), seconds: Double
  ) -> (output: [UInt8], error: [UInt8], inTime: Bool) {
    var written = 0
    var inputFD = fds.input
    if input.isEmpty {
      close(inputFD)
      inputFD = -1
    } else {
      _ = fcntl(inputFD, F_SETFL, fcntl(inputFD, F_GETFL) | O_NONBLOCK)
    }
    var open: [Int32] = [fds.output, fds.error]
    var output: [UInt8] = []
    var error: [UInt8] = []
    let deadline = monotonicSeconds() + seconds
    var chunk = [UInt8](repeating: 0, count: 65536)
    defer {
      for fd in open { close(fd) }
      if inputFD >= 0 { close(inputFD) }
    }
    while !open.isEmpty {
      let left = deadline - monotonicSeconds()
      if left <= 0 { return (output, error, false) }
      var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
      if inputFD >= 0 { polled.append(pollfd(fd: inputFD, events: Int16(POLLOUT), revents: 0)) }
      let ready = poll(&polled, nfds_t(polled.count), Int32(min(left, 1) * 1000) + 1)
      if ready < 0 && errno != EINTR { return (output, error, false) }
      if ready <= 0 { continue }
      for p in polled where p.revents != 0 {
        if p.fd == inputFD {
          let n = input[written...].withUnsafeBytes { write(inputFD, $0.baseAddress, $0.count) }
          if n > 0 { written += n }
          if written == input.count || (n < 0 && errno != EAGAIN && errno != EINTR) {
            close(inputFD)
            inputFD = -1
          }
          continue
        }
        let n = chunk.withUnsafeMutableBytes { read(p.fd, $0.baseAddress, $0.count) }
        if n > 0 {
          if p.fd == fds.output { output += chunk[0..<n] } else { error += chunk[0..<n] }
        } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
          close(p.fd)
          open.removeAll { $0 == p.fd }
        }
      }
    }
    return (output, error, true)
  }

  /// A pipe whose ends a child spawned meanwhile does not keep (`pipe2` is not in Swift's
  /// Glibc).
  private static func makePipe(_ fds: inout [Int32]) -> Bool {
    guard pipe(&fds) == 0 else { return false }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return true
  }
}
