import Foundation
import Testing

/// The package's root folder.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().path

/// The built binary (swift test builds it beside the tests; PSYCHOLOGIST_BINARY overrides,
/// e.g. a sanitized build in another build folder).
let binary: String = {
  if let path = ProcessInfo.processInfo.environment["PSYCHOLOGIST_BINARY"] { return path }
  for config in ["debug", "release"] {
    let p = packageRoot + "/.build/\(config)/psychologist"
    if FileManager.default.isExecutableFile(atPath: p) { return p }
  }
  return packageRoot + "/.build/debug/psychologist"
}()

/// What a run of the binary did.
struct Run {
  var status: Int32
  var stdout: Data
  var stderr: String
  /// Killed by a signal (a crash): `status` is then the signal's number.
  var signaled = false
  var out: String { String(decoding: stdout, as: UTF8.self) }
}

/// Runs the binary with arguments in a folder; stdin is empty, stdout is a pipe (not a TTY).
@discardableResult
func psychologist(
  _ arguments: [String], in folder: String? = nil, environment: [String: String] = [:],
  timeout: Double = 60
) throws -> Run {
  try runProgram(binary, arguments, in: folder, environment: environment, timeout: timeout)
}

/// Runs any program and collects its output; kills it after `timeout` seconds.
func runProgram(
  _ path: String, _ arguments: [String], in folder: String? = nil,
  environment: [String: String] = [:], timeout: Double = 60
) throws -> Run {
  let p = Process()
  p.executableURL = URL(fileURLWithPath: path)
  p.arguments = arguments
  p.currentDirectoryURL = URL(fileURLWithPath: folder ?? packageRoot)
  var env = ProcessInfo.processInfo.environment
  env["NO_COLOR"] = nil
  env["SWIFT_BACKTRACE"] = "enable=no"
  for (k, v) in environment { env[k] = v }
  p.environment = env
  // Files, not pipes: nothing can block, and no reader threads are needed.
  let dir = try temporaryFolder()
  _ = FileManager.default.createFile(atPath: dir + "/out", contents: nil)
  _ = FileManager.default.createFile(atPath: dir + "/err", contents: nil)
  let out = try FileHandle(forWritingTo: URL(fileURLWithPath: dir + "/out"))
  let err = try FileHandle(forWritingTo: URL(fileURLWithPath: dir + "/err"))
  p.standardOutput = out
  p.standardError = err
  p.standardInput = FileHandle.nullDevice
  try p.run()
  let deadline = Date().addingTimeInterval(timeout)
  while p.isRunning && Date() < deadline { usleep(2000) }
  if p.isRunning {
    // SIGKILL: the test runner's threads block SIGTERM, and children inherit the mask.
    kill(p.processIdentifier, SIGKILL)
    Issue.record("timed out after \(timeout) s: \(arguments)")
  }
  p.waitUntilExit()
  try out.close()
  try err.close()
  let stdout = FileManager.default.contents(atPath: dir + "/out") ?? Data()
  let stderr = FileManager.default.contents(atPath: dir + "/err") ?? Data()
  try? FileManager.default.removeItem(atPath: dir)
  return Run(
    status: p.terminationStatus, stdout: stdout, stderr: String(decoding: stderr, as: UTF8.self),
    signaled: p.terminationReason == .uncaughtSignal)
}

/// A fresh temporary folder.
func temporaryFolder() throws -> String {
  let path = NSTemporaryDirectory() + "psy-\(UUID().uuidString)"
  try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  return path
}

/// Writes text to a file.
func writeFile(_ path: String, _ text: String) throws {
  try text.write(toFile: path, atomically: true, encoding: .utf8)
}

/// `xmllint --noout` accepts the document.
func validXML(_ data: Data) throws -> Bool {
  let dir = try temporaryFolder()
  let file = dir + "/doc.svg"
  try data.write(to: URL(fileURLWithPath: file))
  return try runProgram("/usr/bin/xmllint", ["--noout", file]).status == 0
}

/// Renders an SVG with rsvg-convert and returns (width, height, RGBA pixels) via a tiny PPM
/// conversion in Python (standard library only: PNG inflate with zlib).
func rasterize(_ svg: Data) throws -> (width: Int, height: Int, pixels: [UInt8]) {
  let dir = try temporaryFolder()
  try svg.write(to: URL(fileURLWithPath: dir + "/in.svg"))
  let r = try runProgram(
    "/usr/bin/rsvg-convert", ["-b", "white", "-o", dir + "/out.png", dir + "/in.svg"])
  guard r.status == 0 else { throw CocoaError(.fileReadCorruptFile) }
  let script = """
    import sys, zlib, struct
    d = open(sys.argv[1], 'rb').read()
    pos, w, h, idat = 8, 0, 0, b''
    while pos < len(d):
        n = struct.unpack('>I', d[pos:pos+4])[0]; t = d[pos+4:pos+8]; c = d[pos+8:pos+8+n]
        if t == b'IHDR': w, h, depth, ctype = struct.unpack('>IIBB', c[:10])
        if t == b'IDAT': idat += c
        pos += 12 + n
    raw = zlib.decompress(idat); bpp = 4 if ctype == 6 else 3; stride = w * bpp
    out = bytearray(); prev = bytearray(stride); i = 0
    for y in range(h):
        f = raw[i]; i += 1; line = bytearray(raw[i:i+stride]); i += stride
        for x in range(stride):
            a = line[x-bpp] if x >= bpp else 0; b = prev[x]; c = prev[x-bpp] if x >= bpp else 0
            if f == 1: line[x] = (line[x] + a) & 255
            elif f == 2: line[x] = (line[x] + b) & 255
            elif f == 3: line[x] = (line[x] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c; pa, pb, pc = abs(p-a), abs(p-b), abs(p-c)
                line[x] = (line[x] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        for x in range(w):
            px = line[x*bpp:x*bpp+bpp]; out += bytes(px[:3]) + (bytes([px[3]]) if bpp == 4 else b'\\xff')
        prev = line
    sys.stdout.buffer.write(struct.pack('>II', w, h) + bytes(out))
    """
  try writeFile(dir + "/png.py", script)
  let p = try runProgram("/usr/bin/env", ["python3", dir + "/png.py", dir + "/out.png"])
  let bytes = [UInt8](p.stdout)
  let w = Int(bytes[0]) << 24 | Int(bytes[1]) << 16 | Int(bytes[2]) << 8 | Int(bytes[3])
  let h = Int(bytes[4]) << 24 | Int(bytes[5]) << 16 | Int(bytes[6]) << 8 | Int(bytes[7])
  return (w, h, Array(bytes[8...]))
}

/// Whether the pixel at (x, y) is mostly blue (the face's stroke).
func isBlue(_ image: (width: Int, height: Int, pixels: [UInt8]), _ x: Int, _ y: Int) -> Bool {
  guard x >= 0, y >= 0, x < image.width, y < image.height else { return false }
  let i = (y * image.width + x) * 4
  let (r, g, b) = (Int(image.pixels[i]), Int(image.pixels[i + 1]), Int(image.pixels[i + 2]))
  return b > 150 && r < 100 && g < 100
}

/// Any blue within `radius` pixels of (x, y).
func blueNear(
  _ image: (width: Int, height: Int, pixels: [UInt8]), _ x: Int, _ y: Int, radius: Int = 3
) -> Bool {
  for dy in -radius...radius {
    for dx in -radius...radius where isBlue(image, x + dx, y + dy) { return true }
  }
  return false
}
