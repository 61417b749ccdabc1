// Helpers for the Render tests: running tools (xmllint) on generated documents.

import Foundation

/// The result of running a command.
struct RunResult {
  var status: Int32
  var stdout: Data
  var stderr: String
}

/// Runs `arguments` (looked up on PATH) with `input` on standard input; output goes
/// through temporary files, so no pipe can fill up.
func run(_ arguments: [String], input: Data = Data()) throws -> RunResult {
  let directory = FileManager.default.temporaryDirectory
    .appendingPathComponent("psy-test-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: directory) }
  let inURL = directory.appendingPathComponent("in")
  let outURL = directory.appendingPathComponent("out")
  let errURL = directory.appendingPathComponent("err")
  try input.write(to: inURL)
  _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
  _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = arguments
  process.standardInput = try FileHandle(forReadingFrom: inURL)
  process.standardOutput = try FileHandle(forWritingTo: outURL)
  process.standardError = try FileHandle(forWritingTo: errURL)
  try process.run()
  process.waitUntilExit()
  return RunResult(
    status: process.terminationStatus, stdout: try Data(contentsOf: outURL),
    stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
}

/// xmllint's complaint about `svg`, or nil when it is well-formed XML.
func xmlProblem(_ svg: String) throws -> String? {
  let result = try run(["xmllint", "--noout", "-"], input: Data(svg.utf8))
  return result.status == 0 ? nil : "xmllint exit \(result.status): \(result.stderr)"
}
