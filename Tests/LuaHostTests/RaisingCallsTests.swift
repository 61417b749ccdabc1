import Foundation
import Testing

/// Only CLuaBridge may raise Lua errors: a longjmp must never cross a Swift frame.
@Test func noSwiftSourceCallsARaisingLuaFunction() throws {
  let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources")
  let files = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil)!
    .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
  #expect(files.count > 5)
  let pattern = try NSRegularExpression(
    pattern:
      #"\b(lua_error|luaL_error|lua_call|lua_callk|luaL_check\w+|luaL_tolstring|lua_gettable|lua_settable|lua_getfield|lua_setfield|lua_concat|lua_arith)\s*\("#
  )
  for file in files {
    let text = try String(contentsOf: file, encoding: .utf8)
    let hits = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
    #expect(hits.isEmpty, "\(file.lastPathComponent) calls a raising Lua API")
  }
}
