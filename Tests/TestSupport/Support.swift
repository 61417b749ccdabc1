// Helpers for the tests: running programs (the built binary, xmllint, rsvg-convert,
// python3), temporary folders, and decoding PNGs to pixels.

import Foundation

/// What a run of a program did.
package struct RunResult {
  package var status: Int32
  package var stdout: Data
  package var stderr: String
  /// Killed by a signal (a crash): `status` is then the signal's number.
  package var signaled = false
  /// Killed after its time ran out.
  package var timedOut = false
  /// Standard output as text.
  package var out: String { String(decoding: stdout, as: UTF8.self) }

  package init(status: Int32, stdout: Data, stderr: String) {
    self.status = status
    self.stdout = stdout
    self.stderr = stderr
  }
}

/// Runs the program at `path` in `folder` with `input` on standard input; the environment
/// is the test's, without NO_COLOR, plus `environment`. Output goes through temporary
/// files, so no pipe can fill up and no reader threads are needed. Killed (SIGKILL: the
/// test runner's threads block SIGTERM, and children inherit the mask) after `timeout`
/// seconds.
package func runProgram(
  _ path: String, _ arguments: [String], in folder: String? = nil,
  environment: [String: String] = [:], input: Data = Data(), timeout: Double = 60
) throws -> RunResult {
  let directory = try temporaryFolder()
  defer { removeFolder(directory) }
  let inPath = directory + "/in"
  let outPath = directory + "/out"
  let errPath = directory + "/err"
  try input.write(to: URL(fileURLWithPath: inPath))
  _ = FileManager.default.createFile(atPath: outPath, contents: nil)
  _ = FileManager.default.createFile(atPath: errPath, contents: nil)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: path)
  process.arguments = arguments
  if let folder { process.currentDirectoryURL = URL(fileURLWithPath: folder) }
  var env = ProcessInfo.processInfo.environment
  env["NO_COLOR"] = nil
  env["SWIFT_BACKTRACE"] = "enable=no"
  for (k, v) in environment { env[k] = v }
  process.environment = env
  let stdin = try FileHandle(forReadingFrom: URL(fileURLWithPath: inPath))
  let stdout = try FileHandle(forWritingTo: URL(fileURLWithPath: outPath))
  let stderr = try FileHandle(forWritingTo: URL(fileURLWithPath: errPath))
  defer { for handle in [stdin, stdout, stderr] { try? handle.close() } }
  process.standardInput = stdin
  process.standardOutput = stdout
  process.standardError = stderr
  try process.run()
  let deadline = Date().addingTimeInterval(timeout)
  while process.isRunning && Date() < deadline { usleep(2000) }
  let timedOut = process.isRunning
  if timedOut { kill(process.processIdentifier, SIGKILL) }
  process.waitUntilExit()
  var result = RunResult(
    status: process.terminationStatus, stdout: try Data(contentsOf: URL(fileURLWithPath: outPath)),
    stderr: String(decoding: try Data(contentsOf: URL(fileURLWithPath: errPath)), as: UTF8.self))
  result.signaled = process.terminationReason == .uncaughtSignal
  result.timedOut = timedOut
  return result
}

/// Runs `arguments` (the program looked up on PATH) with `input` on standard input.
package func run(_ arguments: [String], input: Data = Data()) throws -> RunResult {
  try runProgram("/usr/bin/env", arguments, input: input)
}

/// Where this test process keeps its temporary folders: removed when the process exits,
/// so a test that forgets to remove its own (or fails before it could) leaves nothing.
/// Short, as Lua cuts a chunk name of more than 60 bytes that an error message shows.
private let temporaryRoot: String = {
  let root = NSTemporaryDirectory() + "psy-\(getpid())"
  try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  atexit { try? FileManager.default.removeItem(atPath: NSTemporaryDirectory() + "psy-\(getpid())") }
  return root
}()

/// Writes text to a file.
package func writeFile(_ path: String, _ text: String) throws {
  try text.write(toFile: path, atomically: true, encoding: .utf8)
}

/// A fresh, empty temporary folder (remove it with `removeFolder` when done).
package func temporaryFolder() throws -> String {
  var template = Array((temporaryRoot + "/XXXXXX").utf8CString)
  guard let made = mkdtemp(&template) else { throw TestFailure("mkdtemp failed: \(errno)") }
  return String(cString: made)
}

/// Removes a folder made by `temporaryFolder` and everything in it.
package func removeFolder(_ path: String) {
  try? FileManager.default.removeItem(atPath: path)
}

/// xmllint's complaint about `svg`, or nil when it is well-formed XML.
package func xmlProblem(_ svg: String) throws -> String? {
  let result = try run(["xmllint", "--noout", "-"], input: Data(svg.utf8))
  return result.status == 0 ? nil : "xmllint exit \(result.status): \(result.stderr)"
}

/// An RGB image decoded from a PNG, composited over white.
package struct Pixels {
  package var width: Int
  package var height: Int
  package var rgb: [UInt8]

  /// An image of `width`×`height` pixels, `rgb` three bytes each, row after row.
  package init(width: Int, height: Int, rgb: [UInt8]) {
    self.width = width
    self.height = height
    self.rgb = rgb
  }

  /// The colour at (x, y), or nil outside the image.
  package func at(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int)? {
    guard x >= 0, y >= 0, x < width, y < height else { return nil }
    let i = (y * width + x) * 3
    return (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
  }

  /// The colour at (x, y), or (-1, -1, -1) outside the image: an expectation on it says
  /// where, without printing the whole image as a failed `#require` would.
  package func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
    at(x, y) ?? (-1, -1, -1)
  }

  /// Whether the pixel at (x, y) is iOS 6's popover frame navy (its gradient runs from
  /// #3a465c to #0c1424): dark, and bluer than red.
  package func isPopoverNavy(_ x: Int, _ y: Int) -> Bool {
    let p = pixel(x, y)
    return p.r >= 0 && p.r < 70 && p.g < 80 && p.b < 100 && p.b > p.r
  }

  /// How many channel values differ from `other`'s by more than `tolerance` (nil when the
  /// sizes differ).
  package func differences(from other: Pixels, tolerance: Int = 8) -> Int? {
    guard width == other.width, height == other.height else { return nil }
    return zip(rgb, other.rgb).filter { abs(Int($0) - Int($1)) > tolerance }.count
  }

  /// Whether any pixel within `radius` of (x, y) is close to `color`.
  package func has(_ color: (Int, Int, Int), near x: Double, _ y: Double, radius: Int = 2) -> Bool {
    let cx = Int(x.rounded(.down)), cy = Int(y.rounded(.down))
    for dy in -radius...radius {
      for dx in -radius...radius {
        if let p = at(cx + dx, cy + dy),
          abs(p.r - color.0) + abs(p.g - color.1) + abs(p.b - color.2) < 120
        {
          return true
        }
      }
    }
    return false
  }
}

/// PNG's five filters undone in Python: `unfilter(f, line, prev, bpp)` gives row `line`
/// (bytes after its filter byte `f`) as it was, `prev` the row above as it was.
package let pngUnfilter = #"""
  def unfilter(f, line, prev, bpp):
      line = bytearray(line)
      if f == 0: return line
      if f == 2: return bytearray((a + b) & 255 for a, b in zip(line, prev))
      for x in range(len(line)):
          a = line[x - bpp] if x >= bpp else 0
          b = prev[x]
          c = prev[x - bpp] if x >= bpp else 0
          if f == 1: line[x] = (line[x] + a) & 255
          elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
          elif f == 4:
              p = a + b - c
              pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
              line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
      return line

  """#

/// A PNG decoder in Python's standard library (zlib + the five PNG filters) that prints a
/// binary PPM, composited over white: the tests check pixels without any image library.
package let pngToPPM =
  pngUnfilter + #"""
    import sys, zlib, struct
    data = sys.stdin.buffer.read()
    assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
    pos, idat = 8, b''
    while pos < len(data):
        n, kind = struct.unpack('>I4s', data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + n]
        pos += 12 + n
        if kind == b'IHDR':
            w, h, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
        elif kind == b'IDAT':
            idat += body
    assert depth == 8 and interlace == 0 and ctype in (0, 2, 4, 6), 'unsupported PNG'
    bpp = {0: 1, 2: 3, 4: 2, 6: 4}[ctype]
    raw = zlib.decompress(idat)
    stride = w * bpp
    prev = bytearray(stride)
    out = bytearray()
    i = 0
    for y in range(h):
        line = unfilter(raw[i], raw[i + 1:i + 1 + stride], prev, bpp)
        i += 1 + stride
        prev = line
        for x in range(w):
            px = line[x * bpp:(x + 1) * bpp]
            if ctype == 6: r, g, bl, al = px
            elif ctype == 2: (r, g, bl), al = px, 255
            elif ctype == 4: r = g = bl = px[0]; al = px[1]
            else: r = g = bl = px[0]; al = 255
            out += bytes(((v * al + 255 * (255 - al)) // 255) for v in (r, g, bl))
    sys.stdout.buffer.write(b'P6 %d %d 255\n' % (w, h) + bytes(out))
    """#

/// Exit status, peak resident memory (MiB) and standard error of one run of `program`, as
/// the kernel counts it for the child (python's `RUSAGE_CHILDREN`, the child alone).
package func peakMemory(_ program: String, _ arguments: [String], in dir: String) throws -> (
  status: Int32, mib: Double, err: String
) {
  let measure = """
    import resource, subprocess, sys
    r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    sys.stderr.write(r.stderr.decode("utf-8", "replace"))
    print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
    """
  let r = try runProgram(
    "/usr/bin/python3", ["-c", measure, program] + arguments, in: dir, timeout: 600)
  let words = r.out.split(whereSeparator: \.isWhitespace)
  guard words.count == 2, let status = Int32(words[0]), let kib = Double(words[1]) else {
    throw TestFailure("no measure: \(r.out) \(r.stderr)")
  }
  return (status, kib / 1024, r.stderr)
}

/// `svg` rendered by rsvg-convert and decoded to pixels.
package func rasterize(_ svg: String) throws -> Pixels {
  let png = try run(["rsvg-convert", "--format=png"], input: Data(svg.utf8))
  guard png.status == 0, !png.stdout.isEmpty else {
    throw TestFailure("rsvg-convert failed: \(png.stderr)")
  }
  return try decodePNG(png.stdout)
}

/// PNG bytes decoded to pixels (composited over white) by `pngToPPM`.
package func decodePNG(_ png: Data) throws -> Pixels {
  let ppm = try run(["python3", "-c", pngToPPM], input: png)
  guard ppm.status == 0 else { throw TestFailure("PNG decoding failed: \(ppm.stderr)") }
  let bytes = [UInt8](ppm.stdout)
  guard let newline = bytes.firstIndex(of: 0x0A) else { throw TestFailure("no PPM header") }
  let header = String(decoding: bytes[..<newline], as: UTF8.self).split(separator: " ")
  guard header.count == 4, header[0] == "P6", let w = Int(header[1]), let h = Int(header[2]) else {
    throw TestFailure("bad PPM header \(header)")
  }
  let rgb = Array(bytes[(newline + 1)...])
  guard rgb.count == w * h * 3 else { throw TestFailure("PPM size \(rgb.count) for \(w)x\(h)") }
  return Pixels(width: w, height: h, rgb: rgb)
}

/// A failure of the test machinery itself.
package struct TestFailure: Error, CustomStringConvertible {
  package var description: String
  package init(_ description: String) { self.description = description }
}

/// The CPU time this thread has used, in seconds: what a test of "costs next to nothing"
/// measures, since the wall clock also counts the time a machine with both cores busy gives
/// to other programs (a 20 ms bound on wall time failed there).
package func threadCPUSeconds() -> Double {
  var t = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
  return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}
