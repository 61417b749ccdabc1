// The terminal for `play`: raw mode, the alternate screen, a hidden cursor and mouse
// reports while it runs, and the guarantee that the terminal comes back as it was: on
// a normal return, on a thrown error, on SIGINT/SIGTERM/SIGHUP (through a self-pipe the
// main loop reads) and, as a last resort, on a crash (restored in the signal handler).
// Ctrl-Z and SIGTSTP give it back while stopped; SIGCONT takes it over again.

import Glibc
import CLISupport
import Options
import Psychologist
import Render

// Read by signal handlers, which cannot capture context: set before the handlers go in.
// On the heap: Swift emits a statically initialised termios global smaller than termios
// (57 of 60 bytes), so tcgetattr wrote past it (AddressSanitizer: global-buffer-overflow).
nonisolated(unsafe) private let savedMode: UnsafeMutablePointer<termios> = {
  let p = UnsafeMutablePointer<termios>.allocate(capacity: 1)
  p.initialize(to: termios())
  return p
}()
nonisolated(unsafe) private var terminalActive: Int32 = 0
nonisolated(unsafe) private var signalPipeWrite: Int32 = -1
nonisolated(unsafe) private var leaveBytes: UnsafeMutablePointer<UInt8>? = nil
nonisolated(unsafe) private var leaveCount = 0

/// Signals the main loop handles: they are written to the self-pipe.
let loopSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGWINCH, SIGTSTP, SIGCONT]
/// Signals that end the process at once: the handler restores the terminal and re-raises.
private let fatalSignals: [Int32] = [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE]

/// Async-signal-safe: only write(2) and tcsetattr(3).
private func restoreFromHandler() {
  guard terminalActive != 0 else { return }
  terminalActive = 0
  if let p = leaveBytes { _ = Glibc.write(1, p, leaveCount) }
  _ = tcsetattr(0, TCSAFLUSH, savedMode)
}

/// Hands a loop signal to the main loop through the self-pipe.
private let writeToLoop: @convention(c) (Int32) -> Void = { signal in
  var byte = UInt8(truncatingIfNeeded: signal)
  _ = Glibc.write(signalPipeWrite, &byte, 1)
}

private func install(_ signal: Int32, _ handler: @convention(c) (Int32) -> Void) {
  var action = sigaction()
  action.__sigaction_handler.sa_handler = handler
  sigemptyset(&action.sa_mask)
  action.sa_flags = 0
  sigaction(signal, &action, nil)
}

private func reset(_ signal: Int32) {
  var action = sigaction()
  action.__sigaction_handler.sa_handler = SIG_DFL
  sigemptyset(&action.sa_mask)
  sigaction(signal, &action, nil)
}

/// The interactive terminal: create it to take the terminal over, `restore()` to give it
/// back (idempotent; also done by `deinit`).
final class Terminal {
  /// The read end of the self-pipe: one byte a caught signal (its number).
  let signalFD: Int32
  private var active = true
  /// `suspend` took the terminal over again once continued: the SIGCONT the loop reads
  /// next has nothing left to do.
  private var resumedInSuspend = false
  private var raw = termios()
  /// What taking the terminal over writes, and what giving it back writes.
  private let enter: [UInt8]
  private let leave: [UInt8]

  /// Takes the terminal over. Throws a usage error when stdin or stdout is not a terminal.
  /// `fullScreen` false (a pager's prompt) only reads keys: no alternate screen, no mouse,
  /// output as usual (newlines, Ctrl-C and Ctrl-Z still signal).
  init(fullScreen: Bool = true) throws {
    guard isatty(1) != 0 else {
      throw UsageError(notATerminal)
    }
    guard isatty(0) != 0 else {
      throw UsageError("play needs a terminal: standard input is not a TTY (it reads keys from it)")
    }
    var fds: [Int32] = [-1, -1]
    guard pipe(&fds) == 0 else { throw OutputError(description: "cannot create a pipe") }
    for fd in fds {
      _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
      _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    }
    signalFD = fds[0]
    signalPipeWrite = fds[1]
    (enter, leave) =
      fullScreen ? (TerminalControl.enterFullScreen, TerminalControl.leaveFullScreen) : ([], [])
    // The handler's copy of `leave`; never freed (a handler may be reading it).
    leaveCount = 0
    leaveBytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(leave.count, 1))
    leaveBytes!.initialize(from: leave, count: leave.count)
    leaveCount = leave.count
    _ = tcgetattr(0, savedMode)
    raw = savedMode.pointee
    // Raw: bytes as typed, no echo, no signals from keys (Ctrl-C arrives as 0x03).
    raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
    raw.c_cflag |= tcflag_t(CS8)
    raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN)
    if fullScreen {
      raw.c_oflag &= ~tcflag_t(OPOST)
      raw.c_lflag &= ~tcflag_t(ISIG)
    }
    withUnsafeMutableBytes(of: &raw.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    for s in loopSignals { install(s, writeToLoop) }
    for s in fatalSignals {
      install(s) { signal in
        restoreFromHandler()
        reset(signal)
        raise(signal)
      }
    }
    signal(SIGPIPE, SIG_IGN)
    // A parent may have left them blocked; a resize or a kill must still reach the loop.
    var handled = sigset_t()
    sigemptyset(&handled)
    for s in loopSignals { sigaddset(&handled, s) }
    sigprocmask(SIG_UNBLOCK, &handled, nil)
    takeOver()
  }

  /// Raw mode and the alternate screen (again after a stop: the shell had the terminal).
  /// The mode first: in the background it stops the process (SIGTTOU) before any output.
  func takeOver() {
    guard active else { return }
    _ = tcsetattr(0, TCSAFLUSH, &raw)
    terminalActive = 1
    write(enter)
  }

  /// Leaves the alternate screen and puts the terminal's mode back (what `takeOver` did
  /// undone), for a suspend or for good.
  private func giveBack() {
    terminalActive = 0
    write(leave)
    _ = tcsetattr(0, TCSAFLUSH, savedMode)
  }

  /// Ctrl-Z or SIGTSTP: gives the terminal back and stops by SIGTSTP's default action (the
  /// whole process group for Ctrl-Z, as the terminal would); on SIGCONT takes it over.
  func suspend(group: Bool) {
    guard active else { return }
    giveBack()
    reset(SIGTSTP)
    var set = sigset_t()
    sigemptyset(&set)
    sigaddset(&set, SIGTSTP)
    sigprocmask(SIG_UNBLOCK, &set, nil)
    _ = group ? kill(0, SIGTSTP) : raise(SIGTSTP)
    // Stopped here until SIGCONT.
    install(SIGTSTP, writeToLoop)
    takeOver()
    resumedInSuspend = true
  }

  /// SIGCONT, as the loop reads it: takes the terminal over again, unless `suspend` already
  /// did (a second raw-mode switch would flush the keys typed meanwhile). After a SIGSTOP
  /// from outside, nothing did.
  func resume() {
    if resumedInSuspend { resumedInSuspend = false } else { takeOver() }
  }

  deinit { restore() }

  /// Gives the terminal back: main screen, cooked mode, cursor shown, mouse off.
  func restore() {
    guard active else { return }
    active = false
    giveBack()
    for s in loopSignals + fatalSignals { reset(s) }
    close(signalFD)
    close(signalPipeWrite)
    signalPipeWrite = -1
  }

  /// The window's size in cells, at most the renderer's maximum (a 65535-cell-wide window
  /// would otherwise make frames of gigabytes).
  func size() -> (columns: Int, rows: Int) {
    // No environment: a window that reports no size is 80×24, whatever COLUMNS says.
    TerminalWindow.size(environment: [:])
  }

  /// Writes all bytes to stdout (retrying short writes and interruptions).
  func write(_ bytes: [UInt8]) {
    bytes.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count {
        let n = Glibc.write(1, raw.baseAddress! + offset, raw.count - offset)
        if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
        if n <= 0 { return }
        offset += n
      }
    }
  }

  /// Signals caught since the last call, oldest first.
  func caughtSignals() -> [Int32] {
    var buffer = [UInt8](repeating: 0, count: 64)
    var out: [Int32] = []
    while true {
      let n = read(signalFD, &buffer, buffer.count)
      if n <= 0 { break }
      out += buffer[0..<n].map { Int32($0) }
    }
    return out
  }

  /// Bytes waiting on stdin (empty at end of input).
  func readInput() -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 4096)
    let n = read(0, &buffer, buffer.count)
    if n < 0 { return errno == EINTR || errno == EAGAIN ? [] : nil }
    if n == 0 { return nil }
    return Array(buffer[0..<n])
  }

  /// Waits until input or a signal arrives, or `milliseconds` pass (-1: no limit).
  /// Returns whether (stdin, the signal pipe) are readable.
  func wait(milliseconds: Int32) -> (input: Bool, signal: Bool) {
    var fds = [
      pollfd(fd: 0, events: Int16(POLLIN), revents: 0),
      pollfd(fd: signalFD, events: Int16(POLLIN), revents: 0),
    ]
    let n = poll(&fds, 2, milliseconds)
    guard n > 0 else { return (false, false) }
    let bad = Int16(POLLHUP | POLLERR)
    return (fds[0].revents & (Int16(POLLIN) | bad) != 0, fds[1].revents & Int16(POLLIN) != 0)
  }
}

/// Ends the process by `signal`'s default action (after the terminal was restored), so
/// whoever waits for it sees how it ended.
func dieBy(_ signal: Int32) -> Never {
  FileOutput.standard.flush()
  reset(signal)
  var set = sigset_t()
  sigemptyset(&set)
  sigaddset(&set, signal)
  sigprocmask(SIG_UNBLOCK, &set, nil)
  raise(signal)
  exit(128 + signal)
}
