import Foundation
import TestSupport
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
typealias Run = RunResult

/// Runs the binary with arguments in a folder (the package's root by default); stdin is
/// empty, stdout is a file (not a TTY).
@discardableResult
func psychologist(
  _ arguments: [String], in folder: String? = nil, environment: [String: String] = [:],
  timeout: Double = 60
) throws -> Run {
  let r = try runProgram(
    binary, arguments, in: folder ?? packageRoot, environment: environment, timeout: timeout)
  if r.timedOut { Issue.record("timed out after \(timeout) s: \(arguments)") }
  return r
}

/// `xmllint --noout` accepts the document.
func validXML(_ data: Data) throws -> Bool {
  try xmlProblem(String(decoding: data, as: UTF8.self)) == nil
}

/// An SVG document rendered by rsvg-convert and decoded to pixels (over white).
func rasterize(_ svg: Data) throws -> Pixels {
  try TestSupport.rasterize(String(decoding: svg, as: UTF8.self))
}

/// Whether the pixel at (x, y) is mostly blue (the face's stroke).
func isBlue(_ image: Pixels, _ x: Int, _ y: Int) -> Bool {
  guard let (r, g, b) = image.at(x, y) else { return false }
  return b > 150 && r < 100 && g < 100
}

/// Any blue within `radius` pixels of (x, y).
func blueNear(_ image: Pixels, _ x: Int, _ y: Int, radius: Int = 3) -> Bool {
  for dy in -radius...radius {
    for dx in -radius...radius where isBlue(image, x + dx, y + dy) { return true }
  }
  return false
}
