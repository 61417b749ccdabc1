import Foundation
import Testing

/// A state, and whatever holds a reference into it (a function, a userdata, a class, a
/// call's arguments), belongs to the thread that runs the state: none of them may be
/// Sendable, or the compiler would let one cross to another thread. Only plain data may.
@Test func onlyPlainDataInLuaHostIsSendable() throws {
  let plainData: Set<String> = [
    "LuaError", "Kind", "LuaLimits", "LuaLibraries", "LuaFlatTable", "Item", "InputTally",
  ]
  let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/LuaHost")
  // The module's files, in its role folders too.
  let files =
    (FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
    .compactMap { $0 as? URL } ?? []).filter { $0.pathExtension == "swift" }
  #expect(files.count > 3)
  let declaration = try NSRegularExpression(
    pattern: #"\b(?:struct|enum|class|actor|extension)\s+([\w.]+)[^{\n]*\bSendable\b"#)
  var sendable: Set<String> = []
  for file in files {
    let text = try String(contentsOf: file, encoding: .utf8)
    for match in declaration.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
      sendable.insert(String(text[Range(match.range(at: 1), in: text)!]))
    }
  }
  #expect(sendable.contains("LuaError"))  // the scan finds conformances at all
  #expect(
    sendable.subtracting(plainData).isEmpty, "Sendable: \(sendable.subtracting(plainData).sorted())"
  )
}
