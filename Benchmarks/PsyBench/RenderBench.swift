// Face/render benchmarks: `PsyBench svg N` prints N face SVG documents to stdout (compare
// with bench/face_svg.c); `PsyBench terminal N` times braille frames (compare with
// bench/drawille_face.py). Both use the seed style at happiness i % 101.

import Face
import Geometry
import Glibc
import Render

/// The seed face at happiness `happiness` in a 320×480 view.
func benchFace(_ happiness: Int) -> FaceGeometry {
  do {
    let state = try FaceState(happiness: Double(happiness))
    return try faceGeometry(
      state: state, style: .seed, bounds: Rect(x: 0, y: 0, width: 320, height: 480))
  } catch {
    fatalError("\(error)")
  }
}

/// Writes all of `bytes` to file descriptor `fd`.
func writeAll(_ fd: Int32, _ bytes: [UInt8]) {
  bytes.withUnsafeBytes { raw in
    var offset = 0
    while offset < raw.count {
      let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
      if n <= 0 {
        if n < 0 && errno == EINTR { continue }
        return
      }
      offset += n
    }
  }
}

/// Prints `count` face SVG documents (happiness i % 101, 320×480) to stdout.
func benchSVG(count: Int) {
  let flushAt = 1 << 20
  var buffer: [UInt8] = []
  buffer.reserveCapacity(flushAt + 4096)
  for i in 0..<count {
    let drawing = benchFace(i % 101).drawing(width: 320, height: 480)
    SVGRenderer.append(drawing, to: &buffer)
    if buffer.count >= flushAt {
      writeAll(1, buffer)
      buffer.removeAll(keepingCapacity: true)
    }
  }
  writeAll(1, buffer)
}

/// Monotonic time in seconds.
func now() -> Double {
  var ts = timespec()
  clock_gettime(CLOCK_MONOTONIC, &ts)
  return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

/// Draws the face `count` times into 160×48 cells (and 200×60 cells) and prints the mean
/// microseconds per frame to stderr.
func benchTerminal(count: Int) {
  let count = max(count, 1)
  let faces = (0...100).map { benchFace($0).drawing(width: 320, height: 480) }
  var sink = 0
  for (columns, rows) in [(160, 48), (200, 60)] {
    for mode in [ColorMode.none, .truecolor] {
      let start = now()
      for i in 0..<count {
        let text = TerminalRenderer.render(
          faces[i % 101], columns: columns, rows: rows, colors: mode, ascii: false)
        sink &+= text.utf8.count
      }
      let micros = (now() - start) / Double(count) * 1e6
      let line = "terminal \(columns)x\(rows) \(mode): \(Double(Int(micros * 10)) / 10) us/frame\n"
      writeAll(2, Array(line.utf8))
    }
  }
  if sink == 42 { writeAll(2, [0x0A]) }
}
