import Glibc
import LuaHost
import Testing

/// A misspelt field of a standard library table (`math.maxx`) is named with the field
/// meant, in the error that follows the read; the read itself stays nil, as in Lua.
@Suite struct LibraryFieldTests {
  /// The host's error for `source` (run as a chunk named `=t`), or nil when it ran.
  func failure(_ source: String) -> LuaError? {
    do {
      let state = try LuaState(limits: .standard)
      try state.run(Array(source.utf8), chunkName: "=t")
    } catch let e as LuaError { return e } catch { Issue.record("not a LuaError: \(error)") }
    return nil
  }

  @Test func aMisspeltMathFunctionGetsTheNameMeant() throws {
    // The chunk's own text is where the line is read back from.
    let e = try #require(failure("local f = load('local x = 1\\nreturn math.maxx(3, 4)')\nf()"))
    #expect(
      e.message.contains("attempt to call a nil value (field 'maxx'; did you mean 'math.max'?)"),
      "\(e.message)")
    #expect(e.location?.description.hasSuffix(":2") == true, "\(String(describing: e.location))")
  }

  @Test(arguments: [
    ("return string.formt('%d', 1)", "string.format"),
    ("return table.insrt({}, 1)", "table.insert"),
    ("return utf8.charr(65)", "utf8.char"),
    ("return coroutine.wrapp(print)", "coroutine.wrap"),
    ("return os.tim()", "os.time"),
    ("return math.pii * 2", "math.pi"),
    ("return math . huje + 1", "math.huge"),
  ])
  func everyLibraryTableGetsItsOwnNames(source: String, meant: String) throws {
    let e = try #require(failure("return load(\"\(source)\")()"))
    #expect(e.message.contains("did you mean '\(meant)'?)"), "\(e.message)")
  }

  /// The line is read again only from a regular file: a chunk named after a FIFO (a file
  /// replaced since it loaded) gets its error at once, with no guess, instead of waiting
  /// forever on a pipe no one writes.
  @Test func aChunkWhoseFileIsNowAFIFOIsNotReadAgain() throws {
    let path = "/tmp/psy-fifo-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).lua"
    #expect(mkfifo(path, 0o600) == 0)
    defer { unlink(path) }
    do {
      let state = try LuaState(limits: .standard)
      try state.run(Array("local x = 1\nreturn math.maxx(3)\n".utf8), chunkName: "@" + path)
      Issue.record("math.maxx ran")
    } catch let e as LuaError {
      #expect(e.message.contains("attempt to call a nil value (field 'maxx')"), "\(e.message)")
      #expect(e.location?.line == 2)
    }
  }

  @Test func aUserTableGetsNoGuessFromTheLibraries() throws {
    let e = try #require(failure("cfg = { max = 1 }\nreturn load('return cfg.maxx()')()"))
    #expect(e.message.hasSuffix("(field 'maxx')"), "\(e.message)")
    // a library's name as a field of something else is not the library
    let f = try #require(failure("cfg = { math = {} }\nreturn load('return cfg.math.maxx()')()"))
    #expect(f.message.hasSuffix("(field 'maxx')"), "\(f.message)")
  }

  @Test func readingAMissingLibraryFieldIsStillNil() throws {
    let state = try LuaState(limits: .standard)
    let results = try state.run(
      Array(
        """
        local seen = 0
        if math.foo then seen = 1 end
        for k in pairs(math) do if k == "foo" then seen = 2 end end
        return math.foo == nil, rawget(math, "foo") == nil, getmetatable(math) == nil, seen
        """.utf8), chunkName: "=t")
    #expect(results == [.boolean(true), .boolean(true), .boolean(true), .integer(0)])
  }

  @Test func aScriptCatchingTheErrorReadsLuasOwnWords() throws {
    // Only the host's report says more; pcall's message is lua5.4's, byte for byte.
    let state = try LuaState(limits: .standard)
    let results = try state.run(
      Array("return select(2, pcall(load('return math.maxx(1)', '=c')))".utf8), chunkName: "=t")
    #expect(results == [.string(Array("c:1: attempt to call a nil value (field 'maxx')".utf8))])
  }
}
