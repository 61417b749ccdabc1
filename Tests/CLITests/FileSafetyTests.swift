import Foundation
import Testing
import TestSupport

/// Writes that must stay in their folder while someone swaps it, and exit statuses that
/// tell the truth when a standard descriptor is closed or full.
@Suite struct FileSafetyTests {
  let fm = FileManager.default

  /// A folder with the batch script, removed by the caller.
  func workFolder() throws -> String {
    let dir = try temporaryFolder()
    try writeFile(
      dir + "/mood.lua",
      """
      segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
      diagnosis "mood" { happiness = function(input) return input.sleep * 10 end }
      """)
    return dir
  }

  func rows(_ prefix: String, _ count: Int) -> String {
    (0..<count).map { "{\"id\": \"\(prefix)\($0)\", \"sleep\": \($0 % 10)}\n" }.joined()
  }

  /// Waits (at most 30 s) until `path` exists.
  func waitFor(_ path: String) -> Bool {
    let deadline = Date().addingTimeInterval(30)
    while !fm.fileExists(atPath: path) && Date() < deadline { usleep(5000) }
    return fm.fileExists(atPath: path)
  }

  /// Puts a symlink to `elsewhere` where `folder` was, the folder moved to `moved`.
  func swap(_ folder: String, to moved: String, linkTo elsewhere: String) throws {
    try fm.moveItem(atPath: folder, toPath: moved)
    try fm.createSymbolicLink(atPath: folder, withDestinationPath: elsewhere)
  }

  /// Starts `batch mood.lua … --input - --output-dir out` in `dir` (output discarded), its
  /// standard input a pipe the test writes rows into.
  func startBatchOnStdin(in dir: String, _ more: [String] = []) throws -> (Process, Pipe) {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: binary)
    p.arguments =
      ["batch", "mood.lua", "--diagnosis", "mood", "--input", "-", "--output-dir", "out"] + more
    p.currentDirectoryURL = URL(fileURLWithPath: dir)
    let input = Pipe()
    p.standardInput = input
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    try p.run()
    return (p, input)
  }

  @Test func aBatchReRunWhoseFolderIsSwappedForASymlinkWritesNothingOutside() throws {
    let dir = try workFolder()
    defer { try? fm.removeItem(atPath: dir) }
    let out = dir + "/out", moved = dir + "/out.moved", elsewhere = dir + "/elsewhere"
    try fm.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
    // The first run: every "r" name exists when the second run comes to it.
    try writeFile(dir + "/first.jsonl", rows("r", 500))
    let first = try psychologist(
      [
        "batch", "mood.lua", "--diagnosis", "mood", "--input", "first.jsonl", "--output-dir", "out",
      ],
      in: dir)
    #expect(first.status == 0, "\(first.stderr)")

    // The second run reads stdin: half its rows, then the swap, then the rest.
    let (p, input) = try startBatchOnStdin(in: dir, ["--jobs", "2"])
    try input.fileHandleForWriting.write(contentsOf: Data(rows("n", 100).utf8))
    #expect(waitFor(out + "/n99.svg"))
    try swap(out, to: moved, linkTo: elsewhere)
    // New names (created) and names that exist in the real folder (replaced).
    try input.fileHandleForWriting.write(contentsOf: Data((rows("m", 100) + rows("r", 500)).utf8))
    try input.fileHandleForWriting.close()
    p.waitUntilExit()

    #expect(p.terminationStatus == 0)
    #expect(try fm.contentsOfDirectory(atPath: elsewhere).isEmpty)
    let written = Set(try fm.contentsOfDirectory(atPath: moved))
    #expect(written.contains("m99.svg") && written.contains("r499.svg"))
    #expect(written.count == 700)
  }

  /// The sheet, written at the end, goes into the folder its path named at the start: a
  /// swap mid-run sent it through the new symlink (the faces stayed in the moved folder).
  @Test func aBatchSheetWhoseFolderIsSwappedStaysInIt() throws {
    let dir = try workFolder()
    defer { try? fm.removeItem(atPath: dir) }
    let out = dir + "/out", moved = dir + "/out.moved", elsewhere = dir + "/elsewhere"
    try fm.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
    let (p, input) = try startBatchOnStdin(in: dir, ["--sheet", "out/sheet.svg"])
    try input.fileHandleForWriting.write(contentsOf: Data(rows("n", 50).utf8))
    #expect(waitFor(out + "/n49.svg"))
    try swap(out, to: moved, linkTo: elsewhere)
    try input.fileHandleForWriting.write(contentsOf: Data(rows("m", 50).utf8))
    try input.fileHandleForWriting.close()
    p.waitUntilExit()

    #expect(p.terminationStatus == 0)
    #expect(try fm.contentsOfDirectory(atPath: elsewhere).isEmpty)
    #expect(fm.fileExists(atPath: moved + "/sheet.svg"))
  }

  @Test func runSnapshotsAfterTheFolderIsSwappedStayInIt() throws {
    let dir = try workFolder()
    defer { try? fm.removeItem(atPath: dir) }
    let out = dir + "/out", moved = dir + "/out.moved", elsewhere = dir + "/elsewhere"
    try fm.createDirectory(atPath: out, withIntermediateDirectories: true)
    try fm.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
    try writeFile(
      dir + "/walk.lua",
      """
      diagnosis "bite" { happiness = 70 }
      segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
      local s = session {}
      s:tap("bite")
      s:snapshot("a.svg")
      local t = os.clock() while os.clock() - t < 1 do end
      s:snapshot("a.svg")
      s:snapshot("sub/b.svg")
      s:snapshot("c.svg")
      """)
    let p = Process()
    p.executableURL = URL(fileURLWithPath: binary)
    // A second of CPU may be many of a loaded machine's wall clock: a generous limit.
    p.arguments = ["run", "walk.lua", "--output-dir", "out", "--time-limit", "120"]
    p.currentDirectoryURL = URL(fileURLWithPath: dir)
    p.standardOutput = FileHandle.nullDevice
    p.standardError = FileHandle.nullDevice
    try p.run()
    #expect(waitFor(out + "/a.svg"))
    try swap(out, to: moved, linkTo: elsewhere)
    p.waitUntilExit()
    #expect(p.terminationStatus == 0)
    #expect(try fm.contentsOfDirectory(atPath: elsewhere).isEmpty)
    #expect(fm.fileExists(atPath: moved + "/sub/b.svg") && fm.fileExists(atPath: moved + "/c.svg"))
  }

  /// Runs a shell line (the binary is `$P`) in `dir`; returns its exit status and stderr.
  func shell(_ line: String, in dir: String) throws -> Run {
    try runProgram("/bin/sh", ["-c", line], in: dir, environment: ["P": binary])
  }

  @Test func closedOrFullStandardDescriptorsAreFailures() throws {
    let dir = try workFolder()
    defer { try? fm.removeItem(atPath: dir) }
    try writeFile(dir + "/rows.jsonl", rows("r", 3))
    try writeFile(
      dir + "/loud.lua",
      "print('hello')\n" + (try String(contentsOfFile: dir + "/mood.lua", encoding: .utf8)))
    let batch = "\"$P\" batch mood.lua --diagnosis mood --output-dir out"
    // Stdin closed: it was read as the output folder ("Is a directory") and exited 0.
    let closedIn = try shell(batch + " --input - <&-", in: dir)
    #expect(closedIn.status == 2 && closedIn.stderr.contains("standard input is closed"))
    #expect(!fm.fileExists(atPath: dir + "/out/000001.svg"))
    // What rows print cannot be written: exit 3, the faces are still there.
    let full = try shell(
      "\"$P\" batch loud.lua --diagnosis mood --output-dir out --input rows.jsonl >/dev/full",
      in: dir)
    #expect(full.status == 3 && full.stderr.contains("cannot write standard output"))
    #expect(fm.fileExists(atPath: dir + "/out/r2.svg"))
    for redirect in [">/dev/full", ">&-"] {
      let face = try shell("\"$P\" face --format svg " + redirect, in: dir)
      #expect(face.status == 3, "\(redirect): \(face.stderr)")
      #expect(face.stderr.contains("cannot write standard output"))
      let run = try shell("\"$P\" run loud.lua " + redirect, in: dir)
      #expect(run.status == 3, "\(redirect): \(run.stderr)")
    }
    // Stdout closed while -o names a file: the file is written, the face is not lost.
    let o = try shell("\"$P\" face -o face.svg >&-", in: dir)
    #expect(o.status == 0 && fm.fileExists(atPath: dir + "/face.svg"))
  }

  /// A reader that has gone away (the pipe's read end closed, as `| head` leaves it) is an
  /// output failure: exit 3 with a message. SIGPIPE killed the process silently (141).
  @Test func aClosedPipeIsAnOutputFailure() throws {
    let dir = try workFolder()
    defer { try? fm.removeItem(atPath: dir) }
    try writeFile(dir + "/rows.jsonl", rows("r", 40))
    for command in [
      "face --format svg", "face --format terminal", "list mood.lua",
      "batch mood.lua --diagnosis mood --input rows.jsonl --output-dir out --sheet -",
      "batch mood.lua --diagnosis mood --input rows.jsonl --format terminal",
    ] {
      // A pipe whose read end is closed before the writer starts: its first write fails,
      // however fast it writes (a reader that closed later raced a small output into the
      // pipe's buffer).
      let closedPipe = """
        import os, subprocess, sys
        r, w = os.pipe()
        os.close(r)
        p = subprocess.run(sys.argv[1:], stdout=w, stderr=subprocess.PIPE)
        sys.stderr.buffer.write(p.stderr)
        sys.exit(p.returncode)
        """
      let r = try runProgram(
        "/usr/bin/python3",
        ["-c", closedPipe, binary] + command.split(separator: " ").map(String.init),
        in: dir, environment: ["COLUMNS": "80"])
      #expect(r.status == 3, "\(command): \(r.status) \(r.stderr)")
      #expect(r.stderr.contains("cannot write standard output"), "\(command)")
    }
  }

  /// Major 1, minor 3: /dev/null's numbers (Linux's makedev for small numbers).
  let nullDevice = dev_t(1 << 8 | 3)

  @Test func aCharacterDeviceIsNeverReplaced() throws {
    // /dev/null's own numbers, in a folder of the test's: as root, -o /dev/null replaced the
    // system's with a regular file.
    let dir = try workFolder()
    defer { try? fm.removeItem(atPath: dir) }
    guard mknod(dir + "/null", S_IFCHR | 0o666, nullDevice) == 0 else { return }  // not root
    for command in [["face", "-o", "null"], ["run", "snap.lua", "--output-dir", "."]] {
      try writeFile(
        dir + "/snap.lua",
        "diagnosis 'b' { happiness = 1 }\nsegue 'showDiagnosis' { kind = 'push', happiness = function(c) return c.diagnosis end }\n"
          + "local s = session {}\ns:tap('b')\ns:snapshot('null.svg')\n")
      if command[0] == "run" {
        #expect(mknod(dir + "/null.svg", S_IFCHR | 0o666, nullDevice) == 0)
      }
      let r = try psychologist(command, in: dir)
      if command[0] == "face" {
        // -o names the device: written into, as every Unix tool does, never replaced.
        #expect(r.status == 0, "\(command): \(r.stderr)")
      } else {
        // A session's snapshot names a file inside its output folder: a device there is
        // refused.
        #expect(r.status == 3, "\(command): \(r.stderr)")
        #expect(r.stderr.contains("is a character device, not a regular file"))
      }
      var st = stat()
      let name = command[0] == "run" ? "/null.svg" : "/null"
      #expect(lstat(dir + name, &st) == 0 && st.st_mode & S_IFMT == S_IFCHR)
    }
  }

  @Test func anInterruptedBatchExits130WithEveryFileWhole() throws {
    let dir = try workFolder()
    defer { try? fm.removeItem(atPath: dir) }
    let (p, input) = try startBatchOnStdin(in: dir)
    try input.fileHandleForWriting.write(contentsOf: Data(rows("r", 10).utf8))
    #expect(waitFor(dir + "/out/r9.svg"))
    // The reader waits for more input; SIGINT (the test runner may block SIGTERM in its
    // children) must end it.
    #expect(kill(p.processIdentifier, SIGINT) == 0)
    let deadline = Date().addingTimeInterval(20)
    while p.isRunning && Date() < deadline { usleep(5000) }
    if p.isRunning { kill(p.processIdentifier, SIGKILL) }
    p.waitUntilExit()
    try? input.fileHandleForWriting.close()
    #expect(p.terminationReason == .exit && p.terminationStatus == 130)
    for name in try fm.contentsOfDirectory(atPath: dir + "/out") {
      #expect(try validXML(Data(contentsOf: URL(fileURLWithPath: dir + "/out/" + name))))
    }
  }
}
