// Escape sequences are written in one place: the encoder and the terminal's control codes
// beside it (Render's TerminalEncoder.swift and TerminalControl.swift). Anywhere else an
// escape would be a second encoder, or text parsed back.

import Foundation
import Testing

/// The package's folder (this file is Tests/RenderTests/…).
private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()

@Test func onlyTheEncoderAndTheTerminalsControlsWriteEscapes() throws {
  let sources =
    FileManager.default.enumerator(
      at: root.appendingPathComponent("Sources"), includingPropertiesForKeys: nil)?
    .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
  #expect(sources.count > 50)
  let escapes = ["\\u{1B}", "\\u{1b}", "\\e[", "\\033"]
  var found: Set<String> = []
  for file in sources {
    let text = try String(contentsOf: file, encoding: .utf8)
    for line in text.split(separator: "\n") where escapes.contains(where: { line.contains($0) }) {
      found.insert(file.lastPathComponent)
      #expect(
        ["TerminalControl.swift", "TerminalEncoder.swift"].contains(file.lastPathComponent),
        "\(file.lastPathComponent): \(line.trimmingCharacters(in: .whitespaces))")
    }
  }
  // The scan sees the escapes where they are (a broken pattern would pass every file).
  #expect(found.contains("TerminalControl.swift"))
}
