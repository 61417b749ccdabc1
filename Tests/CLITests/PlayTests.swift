import Foundation
import TestSupport
import Testing

/// How long a terminal test waits for what it expects before it fails.
let patience: Double = 60

/// A shell in a detached tmux session of a fixed size, on a private tmux server (its own
/// socket), so tests in parallel never see each other's sessions.
final class TmuxPane {
  let socket: String
  let name: String

  init(width: Int = 100, height: Int = 40, folder: String = packageRoot) throws {
    let id = UUID().uuidString.prefix(8)
    socket = "psy-play-\(id)"
    name = "play-\(id)"
    let r = try tmux([
      "new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", "-c", folder,
      "env PS1='$ ' bash --norc --noprofile",
    ])
    #expect(r.status == 0, "tmux new-session: \(r.stderr)")
  }

  deinit {
    _ = try? tmux(["kill-session", "-t", name])
    _ = try? tmux(["kill-server"])
  }

  @discardableResult
  func tmux(_ arguments: [String]) throws -> Run {
    try spawn("/usr/bin/tmux", ["-L", socket, "-f", "/dev/null"] + arguments)
  }

  /// Types a command line and presses Enter.
  func type(_ line: String) throws {
    try tmux(["send-keys", "-t", name, "-l", line])
    try tmux(["send-keys", "-t", name, "Enter"])
  }

  /// Presses keys by tmux's names (Up, Escape, C-c) or as single characters.
  func press(_ keys: String...) throws {
    try tmux(["send-keys", "-t", name] + keys)
  }

  /// Sends raw bytes to the program (mouse reports).
  func sendBytes(_ text: String) throws {
    try tmux(["send-keys", "-t", name, "-H"] + text.utf8.map { String(format: "%02x", $0) })
  }

  /// The visible screen, one string a row.
  func screen() throws -> [String] {
    let out = try tmux(["capture-pane", "-p", "-t", name]).out
    return out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
  }

  /// Polls the screen until `condition` holds (at most `seconds`: generous, as a shared
  /// machine with both cores busy may take many seconds to start a debug build); the last
  /// screen either way. Tests never wait a fixed time: they wait for what they expect.
  @discardableResult
  func waitFor(
    _ what: String, seconds: Double = patience, sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: ([String]) -> Bool
  ) throws -> [String] {
    let deadline = Date().addingTimeInterval(seconds)
    var lines = try screen()
    while !condition(lines) {
      if Date() > deadline {
        Issue.record(
          "timed out waiting for \(what); screen:\n\(lines.joined(separator: "\n"))",
          sourceLocation: sourceLocation)
        return lines
      }
      usleep(50_000)
      lines = try screen()
    }
    return lines
  }

  /// Waits until some row contains `text`.
  @discardableResult
  func waitFor(
    _ text: String, seconds: Double = patience, sourceLocation: SourceLocation = #_sourceLocation
  )
    throws -> [String]
  {
    try waitFor("'\(text)'", seconds: seconds, sourceLocation: sourceLocation) { lines in
      lines.contains { $0.contains(text) }
    }
  }

  /// Whether the pane shows the alternate screen.
  func alternateOn() throws -> Bool { try flag("alternate_on") }

  /// Whether the program asked for mouse reports (any kind).
  func mouseOn() throws -> Bool {
    try flag("mouse_any_flag") || flag("mouse_button_flag") || flag("mouse_standard_flag")
  }

  /// A pane flag as tmux tracks it from what the program wrote.
  func flag(_ format: String) throws -> Bool {
    try tmux(["display", "-p", "-t", name, "#{\(format)}"]).out
      .trimmingCharacters(in: .whitespacesAndNewlines) == "1"
  }

  /// Waits for the alternate screen to be left.
  func waitForMainScreen(sourceLocation: SourceLocation = #_sourceLocation) throws {
    let deadline = Date().addingTimeInterval(patience)
    while try alternateOn() {
      if Date() > deadline {
        Issue.record("still on the alternate screen", sourceLocation: sourceLocation)
        return
      }
      usleep(50_000)
    }
  }
}

/// Runs a program with posix_spawn and waits for it. Not Foundation's Process: it learns
/// that a child ended when a socket the child inherited closes, and the tmux server that
/// `new-session` forks keeps that socket open forever.
func spawn(_ path: String, _ arguments: [String]) throws -> Run {
  let dir = try temporaryFolder()
  defer { try? FileManager.default.removeItem(atPath: dir) }
  var actions = posix_spawn_file_actions_t()
  posix_spawn_file_actions_init(&actions)
  defer { posix_spawn_file_actions_destroy(&actions) }
  posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
  posix_spawn_file_actions_addopen(&actions, 1, dir + "/out", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  posix_spawn_file_actions_addopen(&actions, 2, dir + "/err", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
  let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
  defer { for p in argv { free(p) } }
  // The test runner's threads block signals; a shell (and the player) must start with
  // none blocked and default actions, as from a real terminal.
  var attributes = posix_spawnattr_t()
  posix_spawnattr_init(&attributes)
  defer { posix_spawnattr_destroy(&attributes) }
  var none = sigset_t()
  sigemptyset(&none)
  var all = sigset_t()
  sigfillset(&all)
  posix_spawnattr_setsigmask(&attributes, &none)
  posix_spawnattr_setsigdefault(&attributes, &all)
  posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
  var pid: pid_t = 0
  let rc = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
  guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EINVAL) }
  var status: Int32 = 0
  while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
  let out = FileManager.default.contents(atPath: dir + "/out") ?? Data()
  let err = FileManager.default.contents(atPath: dir + "/err") ?? Data()
  let code = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
  return Run(status: code, stdout: out, stderr: String(decoding: err, as: UTF8.self))
}

/// The key the menu shows in brackets before `button`, e.g. "2" for `[2] bite`.
func keyShown(for button: String, in lines: [String]) -> String? {
  for line in lines {
    guard let range = line.range(of: "] \(button)"), line[range.upperBound...].first ?? " " == " "
    else { continue }
    let before = line[..<range.lowerBound]
    guard let open = before.lastIndex(of: "[") else { continue }
    let key = before[before.index(after: open)...]
    if key.count == 1 { return String(key) }
  }
  return nil
}

/// Rows and columns of the cells holding braille dots (the face), as a bounding box.
func brailleBox(_ lines: [String]) -> (rows: ClosedRange<Int>, columns: ClosedRange<Int>)? {
  var rows: [Int] = []
  var columns: [Int] = []
  for (r, line) in lines.enumerated() {
    for (c, scalar) in line.unicodeScalars.enumerated()
    where (0x2801...0x28FF).contains(scalar.value) {
      rows.append(r)
      columns.append(c)
    }
  }
  guard let r0 = rows.min(), let r1 = rows.max(), let c0 = columns.min(), let c1 = columns.max()
  else { return nil }
  return (r0...r1, c0...c1)
}

/// The status line (the row reading "happiness").
func statusLine(_ lines: [String]) -> String {
  lines.last { $0.contains("happiness") } ?? ""
}

/// The terminal settings as `stty -g` prints them, written by the shell in the pane.
func sttyCommand(_ file: String) -> String { "stty -g > \(file)" }

/// Whether the shell has written `stty -g`'s whole line to the file (it ends with a newline).
func sttyWritten(_ file: String) -> Bool {
  ((try? String(contentsOfFile: file, encoding: .utf8)) ?? "").hasSuffix("\n")
}

@Suite("play", .serialized)
struct PlayTests {
  let seed = packageRoot + "/examples/psychologist.lua"

  @Test func keysTapPanPinchBackAndQuit() throws {
    let dir = try temporaryFolder()
    let pane = try TmuxPane()
    try pane.type("\(sttyCommand(dir + "/before")); echo BEFORE-PLAY")
    try pane.waitFor("BEFORE-PLAY")
    // The plain look (its labels are read below); the colours are PlayChromeColorTests'.
    try pane.type(
      "\(binary) play \(seed) --color never; echo STATUS=$?; \(sttyCommand(dir + "/after"))")
    // The status line is the frame's last row: once it shows, the whole frame is there.
    var lines = try pane.waitFor("happiness – · scale –")
    #expect(try pane.alternateOn())
    #expect(lines.contains { $0.contains("[1] flaying") })
    #expect(statusLine(lines).contains("happiness – · scale –"))
    #expect(statusLine(lines).contains("9:41 AM"))  // iOS's status bar, not debug words
    let key = try #require(keyShown(for: "bite", in: lines))
    try pane.press(key)
    lines = try pane.waitFor("happiness 70 · scale 0.90")
    // A round face: its dots span as far across as down (2×4 dots a cell).
    let box = try #require(brailleBox(lines))
    let wide = Double(box.columns.count * 2), high = Double(box.rows.count * 4)
    #expect(abs(wide / high - 1) < 0.12, "face \(wide)×\(high) dots")
    #expect(high > 0.6 * 4 * 36, "the face should fill most of the height: \(high) dots")
    // iOS's rule, as `show --screen` draws it: "Psychologist" fits beside the title.
    #expect(lines[0].contains("‹ Psychologist [b]") && lines[0].contains("Happiness"))
    try pane.press("Up")
    try pane.press("Up")
    try pane.waitFor("happiness 90 · scale 0.90")
    try pane.press("+")
    try pane.waitFor("happiness 90 · scale 0.99")  // 0.90 × 1.1
    try pane.press("j")
    try pane.waitFor("happiness 80 · scale 0.99")
    try pane.press("b")
    lines = try pane.waitFor("back on the menu") { lines in
      lines.contains { $0.contains("[1] flaying") } && statusLine(lines).contains("happiness –")
    }
    #expect(brailleBox(lines) == nil)
    try pane.press("q")
    try pane.waitFor("STATUS=0")
    try pane.waitForMainScreen()
    lines = try pane.screen()
    #expect(lines.contains { $0.contains("BEFORE-PLAY") }, "the main screen is back")
    #expect(!lines.contains { $0.contains("flaying") })
    try pane.waitFor("stty saved") { _ in sttyWritten(dir + "/after") }
    let before = try String(contentsOfFile: dir + "/before", encoding: .utf8)
    let after = try String(contentsOfFile: dir + "/after", encoding: .utf8)
    #expect(before == after, "terminal modes restored")
    #expect(!before.isEmpty)
  }

  @Test func escapeGoesBackAndCtrlCQuits() throws {
    let pane = try TmuxPane()
    try pane.type("echo BEFORE-PLAY; \(binary) play \(seed); echo STATUS=$?")
    let lines = try pane.waitFor("flaying")
    try pane.press(try #require(keyShown(for: "cartoon", in: lines)))
    try pane.waitFor("happiness 100")
    try pane.press("Escape")
    try pane.waitFor("menu") { statusLine($0).contains("happiness –") }
    try pane.press(try #require(keyShown(for: "play", in: lines)))
    try pane.waitFor("happiness 20")
    try pane.press("BSpace")
    try pane.waitFor("menu") { statusLine($0).contains("happiness –") }
    try pane.press("C-c")
    try pane.waitFor("STATUS=0")
    try pane.waitForMainScreen()
    #expect(try pane.screen().contains { $0.contains("BEFORE-PLAY") })
  }

  @Test func sigtermRestoresTheTerminal() throws {
    let dir = try temporaryFolder()
    let pane = try TmuxPane()
    try pane.type("\(sttyCommand(dir + "/before")); echo BEFORE-PLAY")
    try pane.waitFor("BEFORE-PLAY")
    // sh writes its pid, then becomes the player: that pid is the player's.
    try pane.type(
      "sh -c 'echo $$ > \(dir)/pid; exec \(binary) play \(seed)'; echo STATUS=$?; "
        + sttyCommand(dir + "/after"))
    let lines = try pane.waitFor("flaying")
    try pane.press(try #require(keyShown(for: "bite", in: lines)))
    try pane.waitFor("happiness 70")
    let pid = try #require(
      pid_t(
        try String(contentsOfFile: dir + "/pid", encoding: .utf8)
          .trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(kill(pid, SIGTERM) == 0)
    try pane.waitFor("STATUS=143")  // ended by SIGTERM, as a shell reports it
    try pane.waitForMainScreen()
    #expect(try pane.screen().contains { $0.contains("BEFORE-PLAY") })
    try pane.waitFor("stty saved") { _ in sttyWritten(dir + "/after") }
    #expect(
      try String(contentsOfFile: dir + "/before", encoding: .utf8)
        == String(contentsOfFile: dir + "/after", encoding: .utf8))
  }

  @Test func resizeRedrawsAtTheNewSize() throws {
    let pane = try TmuxPane(width: 100, height: 40)
    try pane.type("\(binary) play \(seed) --color never")
    var lines = try pane.waitFor("flaying")
    try pane.press(try #require(keyShown(for: "bite", in: lines)))
    lines = try pane.waitFor("happiness 70")
    let big = try #require(brailleBox(lines))
    try pane.tmux(["resize-window", "-t", pane.name, "-x", "60", "-y", "20"])
    lines = try pane.waitFor("a frame of 60×20") { lines in
      lines.count >= 20 && lines[19].contains("happiness 70")
        && lines[1].filter { $0 == "─" }.count == 60
    }
    let small = try #require(brailleBox(lines))
    #expect(small.rows.upperBound < 19 && small.columns.upperBound < 60)
    #expect(small.rows.count < big.rows.count && small.rows.count >= 10)
    // Still round at the new size.
    let ratio = Double(small.columns.count * 2) / Double(small.rows.count * 4)
    #expect(abs(ratio - 1) < 0.15, "\(ratio)")
    // The bar's rule spans exactly the new width.
    #expect(lines[1].filter { $0 == "─" }.count == 60)
    #expect(lines[0].contains("Happiness"))
    try pane.press("q")
    try pane.waitForMainScreen()
  }

  @Test func mouseClicksAButtonDragsAndWheels() throws {
    let pane = try TmuxPane()
    try pane.type("\(binary) play \(seed)")
    let lines = try pane.waitFor("flaying")
    let row = try #require(lines.firstIndex { $0.contains("] bite") })
    // SGR reports are 1-based: press and release the left button on bite's row.
    try pane.sendBytes("\u{1B}[<0;6;\(row + 1)M\u{1B}[<0;6;\(row + 1)m")
    try pane.waitFor("happiness 70 · scale 0.90")
    try pane.sendBytes("\u{1B}[<64;50;20M")  // wheel up: pinch out
    try pane.waitFor("scale 0.99")
    // Drag upwards on the face: happier.
    try pane.sendBytes("\u{1B}[<0;50;25M\u{1B}[<32;50;22M\u{1B}[<32;50;18M\u{1B}[<0;50;18m")
    let after = try pane.waitFor("a pan upwards") { lines in
      let status = statusLine(lines)
      guard let r = status.range(of: "happiness "),
        let v = Double(status[r.upperBound...].prefix { $0 != " " })
      else { return false }
      return v > 80
    }
    #expect(!statusLine(after).contains("happiness 70 "))
    try pane.press("q")
    try pane.waitForMainScreen()
  }

  @Test func ipadShowsMasterAndDetailAndABorderedPopover() throws {
    let pane = try TmuxPane()
    try pane.type("\(binary) play examples/ipad.lua --device ipad --orientation landscape")
    var lines = try pane.waitFor("9:41 AM")  // the status line: the whole frame is in
    #expect(statusLine(lines).contains("9:41 AM"))
    try pane.press(try #require(keyShown(for: "bite", in: lines)))
    lines = try pane.waitFor("happiness 70")
    // The menu stays on the left (master); the face is right of the divider (detail).
    let divider = try #require(lines[5].firstIndex(of: "│")).utf16Offset(in: lines[5])
    #expect(lines.contains { $0.contains("] flaying") })
    let face = try #require(brailleBox(lines))
    #expect(face.columns.lowerBound > divider)
    try pane.press(try #require(keyShown(for: "teleplay", in: lines)))
    lines = try pane.waitFor("happiness 20")
    #expect(lines.contains { $0.contains("┌─ Happiness") })
    #expect(lines.contains { $0.contains("└─") })
    try pane.press("b")
    lines = try pane.waitFor("happiness 70")
    #expect(!lines.contains { $0.contains("┌─") })
    try pane.press("q")
    try pane.waitForMainScreen()
  }

  /// A diagnosis, a custom kind's perform or animate and a feature's draw that fail: each
  /// shows its file:line in the message line, the menu stays (a failed animate undoes its
  /// tap, as `s:animate` does), and the next key still taps.
  @Test func scriptErrorsKeepTheSession() throws {
    let dir = try temporaryFolder()
    try writeFile(
      dir + "/boom.lua",
      """
      diagnosis "fine" { happiness = 50 }
      diagnosis "boom" { happiness = function() error("kaboom") end }
      diagnosis "grim" { happiness = 10, features = { "spike" } }
      segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
      segue_kind "broken" { perform = function(nav, scene) nav:push(scene) error("no way") end }
      segue "odd" { kind = "broken" }
      feature "spike" { draw = function(face) if face.happiness < 20 then error("spiky") end end }
      segue_kind "jerky" { perform = function(nav, scene) nav:push(scene) end, animate = function(t) error("no animation") end }
      segue "jump" { kind = "jerky" }
      """)
    let pane = try TmuxPane(folder: dir)
    try pane.type("\(binary) play boom.lua; echo STATUS=$?")
    let menu = try pane.waitFor("] odd")
    func menuKept(_ lines: [String]) -> Bool {
      lines.contains { $0.contains("] fine") } && brailleBox(lines) == nil
        && statusLine(lines).contains("happiness –")
    }
    for (button, place, message) in [
      ("boom", "boom.lua:2:", "kaboom"), ("odd", "boom.lua:5:", "no way"),
      ("grim", "boom.lua:7:", "spiky"), ("jump", "boom.lua:8:", "no animation"),
    ] {
      try pane.press(try #require(keyShown(for: button, in: menu)))
      let lines = try pane.waitFor("\(place) \(message)") { lines in
        lines.contains { $0.contains(place) && $0.contains(message) }
      }
      #expect(menuKept(lines), "the menu stays after \(button)")
    }
    try pane.press(try #require(keyShown(for: "fine", in: menu)))
    let face = try pane.waitFor("happiness 50 · scale 0.90")
    #expect(brailleBox(face) != nil)
    #expect(!face.contains { $0.contains("boom.lua:") }, "the error goes with the next step")
    try pane.press("q")
    try pane.waitFor("STATUS=0")
    try pane.waitForMainScreen()
  }

  /// Ctrl-Z gives the shell a sane terminal (main screen, cooked, echo, no mouse); `fg`
  /// draws the same scene again and keys work.
  @Test func ctrlZSuspendsAndFgResumes() throws {
    let dir = try temporaryFolder()
    let pane = try TmuxPane()
    try pane.type("echo BEFORE-PLAY; \(binary) play \(seed)")
    try expectSuspendAndResume(pane, dir) { try pane.press("C-z") }
    try pane.press("Up")
    try pane.waitFor("happiness 80 · scale 0.90")
    try pane.press("q")
    try pane.waitForMainScreen()
  }

  /// SIGTSTP from outside suspends as Ctrl-Z does; `fg` (SIGCONT) resumes.
  @Test func sigtstpFromOutsideSuspendsAndFgResumes() throws {
    let dir = try temporaryFolder()
    let pane = try TmuxPane()
    try pane.type("sh -c 'echo $$ > \(dir)/pid; exec \(binary) play \(seed)'")
    try expectSuspendAndResume(pane, dir) {
      let pid = try #require(
        pid_t(
          try String(contentsOfFile: dir + "/pid", encoding: .utf8)
            .trimmingCharacters(in: .whitespacesAndNewlines)))
      #expect(kill(pid, SIGTSTP) == 0)
    }
    try pane.press("j")
    try pane.waitFor("happiness 60 · scale 0.90")
    try pane.press("q")
    try pane.waitForMainScreen()
  }

  /// On the started play: taps bite, suspends, checks the shell's terminal, resumes with
  /// `fg` and checks the face is drawn again with the terminal taken over.
  private func expectSuspendAndResume(
    _ pane: TmuxPane, _ dir: String, sourceLocation: SourceLocation = #_sourceLocation,
    suspend: () throws -> Void
  ) throws {
    let menu = try pane.waitFor("happiness – · scale –")
    try pane.press(try #require(keyShown(for: "bite", in: menu)))
    try pane.waitFor("happiness 70 · scale 0.90")
    try suspend()
    try pane.waitFor("Stopped", sourceLocation: sourceLocation)
    try pane.waitForMainScreen(sourceLocation: sourceLocation)
    #expect(try !pane.mouseOn(), sourceLocation: sourceLocation)
    try expectSaneTerminal(pane, dir, sourceLocation: sourceLocation)
    try pane.type("fg")
    let back = try pane.waitFor("happiness 70 · scale 0.90", sourceLocation: sourceLocation)
    #expect(try pane.alternateOn() && pane.mouseOn(), sourceLocation: sourceLocation)
    #expect(brailleBox(back) != nil && !back.contains { $0.contains("Stopped") })
  }

  /// The shell's `stty -a` in the pane shows canonical mode and echo on.
  private func expectSaneTerminal(
    _ pane: TmuxPane, _ dir: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws {
    try pane.type("stty -a > \(dir)/stty")
    try pane.waitFor("stty -a written") { _ in
      (try? String(contentsOfFile: dir + "/stty", encoding: .utf8))?.contains("icanon") == true
    }
    let words = try String(contentsOfFile: dir + "/stty", encoding: .utf8)
      .split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == ";" })
    #expect(words.contains("icanon") && words.contains("echo"), sourceLocation: sourceLocation)
    #expect(!words.contains("-icanon") && !words.contains("-echo"), sourceLocation: sourceLocation)
  }

  @Test func refusesWithoutATerminal() throws {
    let r = try psychologist(["play", "examples/psychologist.lua"])
    #expect(r.status == 2)
    #expect(r.stderr.contains("play needs a terminal"))
    #expect(r.stdout.isEmpty)
  }

  @Test func watchReloadsShowsErrorsAndResumes() throws {
    let dir = try temporaryFolder()
    let original = try String(contentsOfFile: seed, encoding: .utf8)
    let file = dir + "/psychologist.lua"
    try writeFile(file, original)
    let pane = try TmuxPane(folder: dir)
    try pane.type("\(binary) play psychologist.lua --watch")
    var lines = try pane.waitFor("flaying")
    try pane.press(try #require(keyShown(for: "bite", in: lines)))
    try pane.waitFor("happiness 70 · scale 0.90")
    try pane.press("Up")
    try pane.waitFor("happiness 80")
    // A new value: the reload replays the tap and the pan.
    try writeFile(
      file,
      original.replacingOccurrences(
        of: "\"bite\" { happiness = 70 }", with: "\"bite\" { happiness = 30 }"))
    lines = try pane.waitFor("happiness 40 · scale 0.90")
    let good = try #require(brailleBox(lines))
    // A broken edit: the error with file:line, the last good face kept.
    let broken = original.replacingOccurrences(
      of: "\"bite\" { happiness = 70 }", with: "\"bite\" { happiness = 30")
    try writeFile(file, broken)
    let brokenLine =
      try #require(
        broken.split(separator: "\n", omittingEmptySubsequences: false)
          .firstIndex { $0.contains("diagnosis \"play\"") }) + 1
    lines = try pane.waitFor("psychologist.lua:\(brokenLine):")
    #expect(statusLine(lines).contains("happiness 40"))
    #expect(brailleBox(lines)?.rows.lowerBound == good.rows.lowerBound)
    // Fixed: the face again, the error gone.
    try writeFile(
      file,
      original.replacingOccurrences(
        of: "\"bite\" { happiness = 70 }", with: "\"bite\" { happiness = 55 }"))
    lines = try pane.waitFor("happiness 65 · scale 0.90")
    #expect(!lines.contains { $0.contains("psychologist.lua:") })
    #expect(brailleBox(lines) != nil)
    try pane.press("q")
    try pane.waitForMainScreen()
  }

  @Test func watchFollowsRequiredFiles() throws {
    let dir = try temporaryFolder()
    try writeFile(dir + "/values.lua", "return { bite = 70 }\n")
    try writeFile(
      dir + "/main.lua",
      """
      local values = require("values")
      diagnosis "bite" { happiness = values.bite }
      segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
      """)
    let pane = try TmuxPane(folder: dir)
    try pane.type("\(binary) play main.lua --watch")
    let lines = try pane.waitFor("bite")
    try pane.press(try #require(keyShown(for: "bite", in: lines)))
    try pane.waitFor("happiness 70")
    try writeFile(dir + "/values.lua", "return { bite = 25 }\n")
    try pane.waitFor("happiness 25")
    try pane.press("q")
    try pane.waitForMainScreen()
  }

  @Test func showWatchRedrawsOnEveryEdit() throws {
    let dir = try temporaryFolder()
    let original = try String(contentsOfFile: seed, encoding: .utf8)
    let file = dir + "/psychologist.lua"
    try writeFile(file, original)
    let pane = try TmuxPane(folder: dir)
    try pane.type("\(binary) show psychologist.lua bite --watch --format svg")
    try pane.waitFor("<title>Happiness: happiness 70</title>")
    try writeFile(file, original.replacingOccurrences(of: "happiness = 70", with: "happiness = 35"))
    try pane.waitFor("<title>Happiness: happiness 35</title>")
    let broken = original.replacingOccurrences(of: "happiness = 70 }", with: "happiness = 35")
    try writeFile(file, broken)
    // Lua notices the missing '}' on the next line, the one declaring "play".
    let line =
      try #require(
        broken.split(separator: "\n", omittingEmptySubsequences: false)
          .firstIndex { $0.contains("diagnosis \"play\"") }) + 1
    try pane.waitFor("psychologist: error: psychologist.lua:\(line):")
    try writeFile(file, original.replacingOccurrences(of: "happiness = 70", with: "happiness = 45"))
    let lines = try pane.waitFor("<title>Happiness: happiness 45</title>")
    #expect(!lines.contains { $0.contains("error") })
    try pane.press("C-c")
  }
}

@Suite("play transitions", .serialized)
struct PlayTransitionTests {
  let seed = packageRoot + "/examples/psychologist.lua"

  /// A push, slowed 100 times (35 s): caught half-way, both scenes on screen where the
  /// model puts them; then a key finishes it at once and still acts. (Slowed so far that a
  /// machine with both cores busy still draws frames in the half it is caught in, and the
  /// key's finish, seconds later at worst, is far from the natural one.)
  @Test func pushAnimatesAndAKeyFinishesIt() throws {
    let pane = try TmuxPane(width: 100, height: 30)
    try pane.type(
      "PSYCHOLOGIST_SLOW_ANIMATIONS=100 \(binary) play \(seed) --color never; echo STATUS=$?")
    let menu = try pane.waitFor("[1] flaying")
    let column = try #require(menu.first { $0.contains("] flaying") }?.range(of: "flaying"))
    let restColumn = menu.first { $0.contains("] flaying") }!.distance(
      from: menu.first { $0.contains("] flaying") }!.startIndex, to: column.lowerBound)
    try pane.press(try #require(keyShown(for: "bite", in: menu)))
    // While the new face comes in from the right, the menu has moved left as far (iOS 6
    // slides both scenes by the full width): the face's dots begin right of the screen's
    // middle less a little (its left edge at 100 × (1 − eased t) columns), and no label of
    // the menu is where it rests (it has slid out of the left edge, or partly so).
    let mid = try pane.waitFor("both scenes half-way") { lines in
      guard let box = brailleBox(lines), box.columns.lowerBound > 40 else { return false }
      return true
    }
    let box = try #require(brailleBox(mid))
    #expect(!mid.contains { $0.contains("] flaying") }, "the menu has not moved: \(mid)")
    if let label = mid.first(where: { $0.contains("ying") }) {
      let labelColumn = label.distance(
        from: label.startIndex, to: label.range(of: "ying")!.lowerBound)
      // "flaying" minus "fla": the label rests at restColumn + 3, now further left.
      #expect(labelColumn < restColumn + 3)
    }
    #expect(statusLine(mid).contains("happiness –"), "the status line changes at the end")
    // A key finishes the transition at once, well before its 35 s: caught with the face's
    // left edge past column 40, at most 60% of it had run, so at least 14 s were left. x
    // does nothing else. (Ten seconds: the next frame, on a machine whose both cores are
    // busy.)
    let pressed = Date()
    try pane.press("x")
    let end = try pane.waitFor("finished") { lines in
      !lines.contains { $0.contains("ying") } && brailleBox(lines) != nil
        && lines[0].contains("‹ Psychologist")
    }
    #expect(Date().timeIntervalSince(pressed) < 10)
    let rest = try #require(brailleBox(end))
    // Caught with its left edge past column 40 of 100, the face was shifted right by
    // 100 × (1 − e) columns, some of the way: more than nothing, less than the width.
    let faceShift = Double(box.columns.lowerBound - rest.columns.lowerBound)
    #expect(faceShift > 0 && faceShift < 100, "face shift \(faceShift)")
    try pane.press("q")
    try pane.waitFor("STATUS=0")
  }
}
