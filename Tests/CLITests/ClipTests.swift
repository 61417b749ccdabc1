import Foundation
import TestSupport
import Testing

/// Whether ffmpeg and ffprobe are installed (scripts/bootstrap installs them); the clip
/// tests are skipped, visibly, when they are not.
let hasFFmpeg: Bool = {
  (try? run(["ffmpeg", "-version"]))?.status == 0
    && (try? run(["ffprobe", "-version"]))?.status == 0
}()

/// What ffprobe reads of a clip's video stream: codec, size, pixel format, frames counted
/// by decoding them all.
struct ClipProbe {
  var codec: String
  var width: Int
  var height: Int
  var pixelFormat: String
  var frames: Int
}

/// ffprobe's reading of the file at `path`.
func probe(_ path: String) throws -> ClipProbe {
  let r = try run([
    "ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
    "stream=codec_name,width,height,pix_fmt,nb_read_frames", "-of", "json", path,
  ])
  guard r.status == 0 else { throw TestFailure("ffprobe \(path): \(r.stderr)") }
  let json = try JSONSerialization.jsonObject(with: r.stdout) as? [String: Any]
  guard let stream = (json?["streams"] as? [[String: Any]])?.first,
    let codec = stream["codec_name"] as? String, let width = stream["width"] as? Int,
    let height = stream["height"] as? Int, let format = stream["pix_fmt"] as? String,
    let frames = (stream["nb_read_frames"] as? String).flatMap(Int.init)
  else { throw TestFailure("ffprobe \(path): \(r.out)") }
  return ClipProbe(codec: codec, width: width, height: height, pixelFormat: format, frames: frames)
}

/// Frame `index` of the clip at `path`, decoded by ffmpeg to RGB.
func decodedFrame(_ path: String, _ index: Int, width: Int, height: Int) throws -> Pixels {
  let r = try run([
    "ffmpeg", "-v", "error", "-i", path, "-vf", "select=eq(n\\,\(index))", "-frames:v", "1",
    "-f", "rawvideo", "-pix_fmt", "rgb24", "-",
  ])
  guard r.status == 0, r.stdout.count == width * height * 3 else {
    throw TestFailure("frame \(index) of \(path): \(r.stdout.count) bytes, \(r.stderr)")
  }
  return Pixels(width: width, height: height, rgb: [UInt8](r.stdout))
}

/// An SVG file drawn by rsvg-convert at `zoom`, over white, decoded by ffmpeg to RGB.
func svgPixels(_ path: String, zoom: Int) throws -> Pixels {
  let png = try run(["rsvg-convert", "-z", "\(zoom)", "-b", "white", path])
  guard png.status == 0 else { throw TestFailure("rsvg-convert \(path): \(png.stderr)") }
  let size = try run(
    [
      "ffprobe", "-v", "error", "-show_entries", "stream=width,height", "-of",
      "csv=p=0", "-",
    ], input: png.stdout)
  let wh = size.out.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: ",")
  guard wh.count == 2, let w = Int(wh[0]), let h = Int(wh[1]) else {
    throw TestFailure("no size of \(path): \(size.out) \(size.stderr)")
  }
  let raw = try run(
    ["ffmpeg", "-v", "error", "-i", "-", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"],
    input: png.stdout)
  guard raw.status == 0, raw.stdout.count == w * h * 3 else {
    throw TestFailure("decoding \(path): \(raw.stderr)")
  }
  return Pixels(width: w, height: h, rgb: [UInt8](raw.stdout))
}

/// The share of channel values of `a` and `b` that differ by more than `tolerance`.
func differing(_ a: Pixels, _ b: Pixels, tolerance: Int) throws -> Double {
  let n = try #require(a.differences(from: b, tolerance: tolerance), "sizes differ")
  return Double(n) / Double(a.rgb.count)
}

@Suite(.enabled(if: hasFFmpeg, "ffmpeg and ffprobe are not installed (scripts/bootstrap)"))
struct ClipTests {
  static let formats: [Format] = [
    ("gif", "gif", ["bgra", "pal8"]), ("mp4", "h264", ["yuv420p"]),
    ("webm", "vp9", ["yuv420p"]), ("png", "apng", ["rgb24"]),
  ]

  /// The seed's push in each format at pixel scale 2: what ffprobe reads is the codec asked
  /// for, twice the screen's points, and lasts the transition's 0.35 s within one frame.
  typealias Format = (ext: String, codec: String, pixelFormats: Set<String>)

  /// The seed's push as `push.EXT` in `dir`, no hold, with `extra` options.
  func push(_ ext: String, _ extra: [String] = [], in dir: String) throws {
    let r = try psychologist(
      [
        "show", packageRoot + "/examples/psychologist.lua", "bite", "--screen", "--animate",
        "--hold", "0", "-o", "push." + ext,
      ] + extra, in: dir, timeout: 180)
    #expect(r.status == 0, "\(r.stderr)")
  }

  @Test(arguments: formats)
  func eachFormatIsWhatItsNameSays(_ f: Format) throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try push(f.ext, ["--pixel-scale", "2"], in: dir)
    let p = try probe(dir + "/push." + f.ext)
    #expect(p.codec == f.codec)
    #expect(p.width == 640 && p.height == 960, "\(p.width)×\(p.height)")
    #expect(f.pixelFormats.contains(p.pixelFormat), "\(p.pixelFormat)")
    #expect(abs(Double(p.frames) / 30 - 0.35) <= 1.0 / 30, "\(p.frames) frames")
    // Nothing else is left in the folder (no temporary file, no frames).
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["push." + f.ext])
  }

  /// The frames decoded back are the `--frames` SVGs of the same moments, as rsvg-convert
  /// draws them, within what each codec loses (GIF: its palette; MP4 and WebM: yuv420p).
  @Test(arguments: formats)
  func framesMatchTheStillFrames(_ f: Format) throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try push(f.ext, in: dir)
    let frames = try probe(dir + "/push." + f.ext).frames
    let stills = try psychologist(
      [
        "show", packageRoot + "/examples/psychologist.lua", "bite", "--screen", "--frames",
        "\(frames)", "--output-dir", dir + "/frames",
      ], in: dir)
    #expect(stills.status == 0, "\(stills.stderr)")
    for i in [0, frames / 3, frames / 2, frames - 1] {
      let name = String(format: "frame-%03d.svg", i)
      let expected = try svgPixels(dir + "/frames/" + name, zoom: 1)
      let got = try decodedFrame(dir + "/push." + f.ext, i, width: 320, height: 480)
      // Lossless APNG to the value; the others' losses stay at edges and in gradients.
      let (tolerance, share) = f.ext == "png" ? (2, 0.001) : (48, 0.02)
      let d = try differing(got, expected, tolerance: tolerance)
      #expect(d <= share, "frame \(i) of push.\(f.ext): \(d) of the values differ")
    }
  }

  /// The GIF ends on the screen `show --screen` draws at rest.
  @Test func theGIFsLastFrameIsTheScreenAtRest() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    let script = packageRoot + "/examples/psychologist.lua"
    let gif = try psychologist(
      ["show", script, "bite", "--screen", "--animate", "-o", "push.gif"], in: dir)
    #expect(gif.status == 0, "\(gif.stderr)")
    let still = try psychologist(["show", script, "bite", "--screen", "-o", "rest.svg"], in: dir)
    #expect(still.status == 0, "\(still.stderr)")
    let p = try probe(dir + "/push.gif")
    let last = try decodedFrame(dir + "/push.gif", p.frames - 1, width: 320, height: 480)
    let rest = try svgPixels(dir + "/rest.svg", zoom: 1)
    let d = try differing(last, rest, tolerance: 48)
    #expect(d <= 0.01, "\(d) of the values differ")
    // The navigation bar's gradient (rows 21 to 62, left of the back button) keeps its
    // shades: a palette too coarse for it would band it into steps far from them. (The
    // palette also holds the two half-faded titles over the gradient mid-push: a shade may
    // be off by 10 of its 67 steps, no more.)
    var worst = 0
    for y in 21...62 {
      for x in 0..<6 {
        let (a, b) = (try #require(last.at(x, y)), try #require(rest.at(x, y)))
        worst = max(worst, abs(a.r - b.r), abs(a.g - b.g), abs(a.b - b.b))
      }
    }
    #expect(worst <= 10, "the bar's gradient is off by \(worst)")
  }

  /// A clip that cannot be written says why, exits 3 and leaves nothing behind.
  @Test func aClipNotWrittenSaysWhyAndLeavesNothing() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    let script = packageRoot + "/examples/psychologist.lua"
    func show(_ output: String, environment: [String: String] = [:]) throws -> Run {
      try psychologist(
        ["show", script, "bite", "--screen", "--animate", "-o", output], in: dir,
        environment: environment)
    }
    // No ffmpeg on PATH: the Debian package is named, before anything is drawn.
    let missing = try show("push.gif", environment: ["PATH": "/nonexistent"])
    #expect(missing.status == 3, "\(missing.stderr)")
    #expect(missing.stderr.contains("apt-get install ffmpeg"), "\(missing.stderr)")
    // Into a folder that is not there.
    let folder = try show("nosuch/push.mp4")
    #expect(folder.status == 3, "\(folder.stderr)")
    #expect(folder.stderr.contains("nosuch/push.mp4"), "\(folder.stderr)")
    // A symlink is not written through; what it points at is untouched.
    try writeFile(dir + "/target.txt", "keep")
    try FileManager.default.createSymbolicLink(
      atPath: dir + "/link.gif", withDestinationPath: dir + "/target.txt")
    let link = try show("link.gif")
    #expect(link.status == 3, "\(link.stderr)")
    #expect(link.stderr.contains("symlink"), "\(link.stderr)")
    #expect(try String(contentsOfFile: dir + "/target.txt", encoding: .utf8) == "keep")
    // A full device.
    try FileManager.default.createSymbolicLink(
      atPath: dir + "/full.mp4", withDestinationPath: "/dev/full")
    let full = try show("full.mp4")
    #expect(full.status == 3, "\(full.stderr)")
    #expect(full.stderr.contains("ffmpeg"), "\(full.stderr)")
    let left = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    #expect(left == ["full.mp4", "link.gif", "target.txt"], "\(left)")
  }

  /// ffmpeg killed while frames still stream in: a clear error, exit 3, nothing written
  /// and no temporary file left.
  @Test func anEncoderKilledMidwayLeavesNothing() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try FileManager.default.createDirectory(
      atPath: dir + "/bin", withIntermediateDirectories: true)
    let real = try #require(
      try run(["sh", "-c", "command -v ffmpeg"]).out.split(separator: "\n").first.map(String.init))
    // The real encoder, killed once it has taken its first frames.
    try writeFile(
      dir + "/bin/ffmpeg",
      """
      #!/bin/sh
      '\(real)' "$@" &
      pid=$!
      while kill -0 $pid 2>/dev/null; do
        taken=$(awk '/^rchar/ {print $2}' /proc/$pid/io 2>/dev/null)
        [ "${taken:-0}" -ge 4000000 ] && break
        sleep 0.01
      done
      kill -9 $pid
      wait $pid
      """)
    chmod(dir + "/bin/ffmpeg", 0o755)
    let path = dir + "/bin:" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
    let r = try psychologist(
      [
        "show", packageRoot + "/examples/psychologist.lua", "bite", "--screen", "--animate",
        "--time-limit", "120", "-o", "push.mp4",
      ], in: dir, environment: ["PATH": path, "PSYCHOLOGIST_SLOW_ANIMATIONS": "20"],
      timeout: 180)
    #expect(r.status == 3, "\(r.stderr)")
    #expect(r.stderr.contains("ffmpeg"), "\(r.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["bin"])
  }

  /// Drawing and encoding a clip are host work: they end at --time-limit with the time
  /// limit's error at the tapped declaration's line, and nothing is written. A clip's
  /// options without a clip are refused.
  @Test func aClipEndsAtTheTimeLimit() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    let script = packageRoot + "/examples/psychologist.lua"
    let start = Date()
    let r = try psychologist(
      ["show", script, "bite", "--screen", "--animate", "--time-limit", "0.2", "-o", "slow.mp4"],
      in: dir, environment: ["PSYCHOLOGIST_SLOW_ANIMATIONS": "50"])
    #expect(r.status == 1, "\(r.stderr)")
    #expect(r.stderr.contains("psychologist.lua:9: time limit exceeded (0.2 s)"), "\(r.stderr)")
    #expect(Date().timeIntervalSince(start) < 30)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    for option in [["--fps", "10"], ["--pixel-scale", "2"], ["--hold", "1"], ["--back"]] {
      let refused = try psychologist(["show", script, "bite", "--screen"] + option, in: dir)
      #expect(refused.status == 2, "\(refused.stderr)")
      #expect(refused.stderr.contains("\(option[0]) is for a clip"), "\(refused.stderr)")
    }
  }

  /// librsvg cannot be interrupted, so a clip's frames are drawn in a child process that is
  /// killed when the time limit passes, even in the middle of a frame: a face of 40,000
  /// circles on an iPad at pixel scale 4 kept librsvg busy for 13 s on its first frames,
  /// past a 1 s limit (the deadline was looked at between frames). A frame that
  /// needs more memory than the limit leaves the child ends with the memory error, at the
  /// tapped declaration's line, not as a drawing that failed.
  @Test func aFrameIsStoppedAtTheLimitsMidway() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    var lines = ["segue \"showDiagnosis\" { kind = \"push\" }"]
    for (name, n) in [("a", 97), ("b", 83), ("c", 71), ("d", 61)] {
      lines.append(
        "feature \"\(name)\" { draw = function(face, pen) for j = 1, 10000 do "
          + "pen:circle((j % \(n)) / \(n), (j % \(n - 8)) / \(n - 8), 0.5) end end }")
    }
    lines.append(
      "diagnosis \"heavy\" { happiness = 50, features = { \"a\", \"b\", \"c\", \"d\" } }")
    try writeFile(dir + "/app.lua", lines.joined(separator: "\n") + "\n")
    let start = Date()
    let r = try psychologist(
      [
        "show", "app.lua", "heavy", "--screen", "--animate", "--device", "ipad",
        "--pixel-scale", "4", "--hold", "0", "--time-limit", "1", "-o", "heavy.gif",
      ], in: dir, timeout: 300)
    let seconds = Date().timeIntervalSince(start)
    #expect(r.status == 1, "\(r.stderr)")
    #expect(r.stderr.contains("app.lua:6: time limit exceeded (1 s)"), "\(r.stderr)")
    #expect(seconds < 5, "\(seconds) s")
    let big = try psychologist(
      [
        "show", packageRoot + "/examples/psychologist.lua", "bite", "--screen", "--animate",
        "--device", "ipad", "--pixel-scale", "4", "--memory-limit", "80", "--time-limit", "120",
        "-o", "big.gif",
      ], in: dir, timeout: 300)
    #expect(big.status == 1, "\(big.stderr)")
    #expect(
      big.stderr.contains("psychologist.lua:9: not enough memory to draw a frame"), "\(big.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["app.lua"])
  }

  /// Ctrl-C while a clip is encoded: exit 130, the encoder stopped, no temporary file left.
  @Test func anInterruptedClipLeavesNothing() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = [
      "show", packageRoot + "/examples/psychologist.lua", "bite", "--screen", "--animate",
      "--time-limit", "300", "-o", "x.mp4",
    ]
    process.currentDirectoryURL = URL(fileURLWithPath: dir)
    var env = ProcessInfo.processInfo.environment
    env["PSYCHOLOGIST_SLOW_ANIMATIONS"] = "100"
    process.environment = env
    process.standardError = FileHandle.nullDevice
    try process.run()
    // Waits (up to a generous deadline) until ffmpeg writes into the temporary file.
    let deadline = Date().addingTimeInterval(120)
    var writing = false
    while !writing && process.isRunning && Date() < deadline {
      let names = try FileManager.default.contentsOfDirectory(atPath: dir)
      writing = names.contains { $0.hasPrefix(".psychologist-") }
      if !writing { usleep(20_000) }
    }
    #expect(writing, "no temporary file appeared")
    kill(process.processIdentifier, SIGINT)
    let end = Date().addingTimeInterval(120)
    while process.isRunning && Date() < end { usleep(20_000) }
    if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    process.waitUntilExit()
    #expect(process.terminationStatus == 130)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
  }

  /// The README's GIF is what the command printed under it makes (scripts/readme-images
  /// makes it again): the push there and back at pixel scale 2, under 500 KB.
  @Test func theReadmeGIFIsWhatItsCommandMakes() throws {
    let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
    let command =
      "psychologist show examples/psychologist.lua bite --screen --animate --back --pixel-scale 2 -o push.gif"
    #expect(readme.contains("<img src=\"docs/push.gif\""))
    #expect(readme.contains(command))
    let path = packageRoot + "/docs/push.gif"
    let bytes = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
    #expect(bytes < 500_000, "docs/push.gif is \(bytes) bytes")
    let p = try probe(path)
    #expect(p.codec == "gif" && p.width == 640 && p.height == 960)
    // There and back, each 11 frames and a hold of 1 s.
    #expect(p.frames == 2 * (11 + 30), "\(p.frames)")
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    let rest = try psychologist(
      ["show", packageRoot + "/examples/psychologist.lua", "bite", "--screen", "-o", "r.svg"],
      in: dir)
    #expect(rest.status == 0, "\(rest.stderr)")
    // Its held face is today's screen.
    let held = try decodedFrame(path, 20, width: 640, height: 960)
    #expect(try differing(held, try svgPixels(dir + "/r.svg", zoom: 2), tolerance: 48) <= 0.01)
  }

  /// A clip past 10,000 frames is refused before anything is drawn.
  @Test func aClipTooLongIsRefusedBeforeDrawing() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    let start = Date()
    let r = try psychologist(
      [
        "show", packageRoot + "/examples/psychologist.lua", "bite", "--screen", "--animate",
        "--back", "--fps", "60", "--hold", "60", "-o", "long.gif",
      ], in: dir, environment: ["PSYCHOLOGIST_SLOW_ANIMATIONS": "100"])
    #expect(r.status == 2, "\(r.stderr)")
    #expect(r.stderr.contains("at most 10000 frames and 10 minutes"), "\(r.stderr)")
    #expect(Date().timeIntervalSince(start) < 30)
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
  }

  /// `--back` plays the transition, holds, goes back and holds: twice the frames, ending on
  /// the menu it started from.
  @Test func backGoesBackToTheMenu() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    let script = packageRoot + "/examples/psychologist.lua"
    let r = try psychologist(
      [
        "show", script, "cartoon", "--screen", "--animate", "--back", "--hold", "0.5", "-o",
        "m.webm",
      ],
      in: dir, timeout: 180)
    #expect(r.status == 0, "\(r.stderr)")
    let p = try probe(dir + "/m.webm")
    #expect(p.frames == 2 * (11 + 15), "\(p.frames)")
    let menu = try psychologist(["show", script, "cartoon", "--screen", "--frames", "2"], in: dir)
    #expect(menu.status == 0, "\(menu.stderr)")
    let first = try svgPixels(dir + "/frame-000.svg", zoom: 1)
    let last = try decodedFrame(dir + "/m.webm", p.frames - 1, width: 320, height: 480)
    #expect(try differing(last, first, tolerance: 48) <= 0.02)
  }

  /// The reel: every button of the lesson's menu with its transition, a hold and a back,
  /// each frame over a caption's dark band; on an iPad the replace has no way back.
  @Test func theReelToursEveryButton() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    let script = packageRoot + "/examples/lesson.lua"
    let phone = try psychologist(
      ["reel", script, "--hold", "0.5", "--time-limit", "120", "-o", "lesson.gif"], in: dir,
      timeout: 300)
    #expect(phone.status == 0, "\(phone.stderr)")
    let p = try probe(dir + "/lesson.gif")
    // Six buttons, each there and back: 12 transitions of 11 frames (0.35 s at 30 a second, rounded) and holds of 15.
    #expect(p.frames == 12 * (11 + 15), "\(p.frames)")
    #expect(p.width == 320 && p.height == 480 + 32)
    let frame = try decodedFrame(dir + "/lesson.gif", 30, width: 320, height: 512)
    var dark = 0
    var light = 0
    for y in 482..<510 {
      for x in 0..<320 {
        let c = try #require(frame.at(x, y))
        if c.r < 60 && c.g < 60 && c.b < 60 { dark += 1 }
        if c.r > 200 && c.g > 200 && c.b > 200 { light += 1 }
      }
    }
    #expect(dark > 320 * 28 / 2, "the band: \(dark) dark pixels")
    #expect(light > 50, "the caption's letters: \(light) light pixels")
    let pad = try psychologist(
      [
        "reel", script, "--device", "ipad", "--orientation", "landscape", "--hold", "0.2",
        "--time-limit", "120", "-o", "ipad.mp4",
      ], in: dir, timeout: 300)
    #expect(pad.status == 0, "\(pad.stderr)")
    let q = try probe(dir + "/ipad.mp4")
    #expect(q.width == 1024 && q.height == 768 + 32)
    // Five there and back, the replace there only: 11 transitions.
    #expect(q.frames == 11 * (11 + 6), "\(q.frames)")
    let refused = try psychologist(["reel", script, "-o", "lesson.svg"], in: dir)
    #expect(refused.status == 2, "\(refused.stderr)")
  }
}
