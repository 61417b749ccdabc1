import CLua
import CLuaBridge
import Glibc
import Readable

/// How much a script may use: memory (bytes, 0 for no cap) and time per top-level call
/// (seconds, 0 for none).
public struct LuaLimits: Sendable, Equatable {
  /// Bytes the state may hold; only growth past it fails.
  public var memory: Int
  /// Seconds one top-level call may run.
  public var seconds: Double
  /// 256 MiB and 10 s.
  public static let standard = LuaLimits(memory: 256 << 20, seconds: 10)
  /// The words of every error that ends a call past `seconds`, wherever the deadline
  /// landed (the VM, a library function's loop, an allocation, the host copying a table):
  /// `time limit exceeded (1 s)`, after the script's `file:line`.
  public var exceededMessage: String { "time limit exceeded (\(formatNumber(seconds)) s)" }
  /// Limits of the given size.
  public init(memory: Int, seconds: Double) {
    self.memory = memory
    self.seconds = seconds
  }
}

/// Where `print` writes.
public protocol LuaPrintTarget: AnyObject {
  /// Receives the bytes a script printed.
  func write(_ bytes: UnsafeRawBufferPointer)
  /// Receives one warning of `warn`, whole: `Lua warning: `, the message with control
  /// characters escaped, and a newline. By default it goes to stderr.
  func warn(_ line: String)
}

extension LuaPrintTarget {
  public func warn(_ line: String) { writeStandardError(line) }
}

/// Which standard library a state opens.
public enum LuaLibraries: Sendable {
  /// What a script may use: no io, no os beyond clocks, no debug, text chunks only.
  case sandbox
  /// Everything, for the host's own code.
  case trusted
}

/// One Lua 5.4 state: loads text chunks, calls under a traceback handler, enforces limits.
public final class LuaState {
  /// The main thread.
  let L: OpaquePointer
  /// The thread that is running: the main thread from the top, the calling thread while a
  /// Swift function called from Lua runs (a coroutine's, maybe). Calls into Lua go there, so
  /// a callback's nested calls run on its own thread's stack and under its time limit.
  /// Set and restored around each call from Lua; unchecked so that costs no access tracking.
  @exclusivity(unchecked) var running: OpaquePointer
  /// The limits in force; memory changes apply at once, time at the next top-level call.
  public var limits: LuaLimits {
    didSet {
      psy_set_memory_limit(L, limits.memory)
      psy_set_time_limit(L, limits.seconds, limits.exceededMessage)
    }
  }
  var boundClasses: [ObjectIdentifier: AnyObject] = [:]
  /// The folders `require` looks in (`setRequirePath`), for a missing module's suggestion.
  var requireFolders: [String] = []
  /// The class of each Swift type the state is given as a userdata (`bind(_:)`).
  var classesByType: [ObjectIdentifier: AnyObject] = [:]
  /// The traceback of the last error that went into Lua as a host error (a host error holds
  /// its kind, place and text only): when the call that runs it fails with that error, its
  /// frames go before the call's own, so a diagnosis's frames show under the `s:tap` that
  /// ran it.
  var carriedTraceback: (text: String, traceback: String)?
  private let printBox: PrintBox?
  private let warnings: WarningWriter
  /// Held by every `LuaReference` of this state; emptied when the state closes.
  let token: LuaStateToken

  /// A new state with the given libraries and limits; `print` goes to `output` (stdout if nil).
  public init(
    libraries: LuaLibraries = .sandbox, limits: LuaLimits = .standard,
    output: LuaPrintTarget? = nil
  ) throws {
    LuaState.installCallbacks
    guard let L = psy_newstate(limits.memory) else {
      throw LuaError(kind: .memory, location: nil, message: "cannot create a Lua state")
    }
    self.L = L
    self.running = L
    self.token = LuaStateToken(L)
    self.limits = limits
    psy_set_time_limit(L, limits.seconds, limits.exceededMessage)
    self.printBox = output.map(PrintBox.init)
    self.warnings = WarningWriter(output)
    psy_set_owner(L, Unmanaged.passUnretained(self).toOpaque())
    try check(L, psy_openlibs(L, libraries == .trusted ? 1 : 0))
    try check(L, psy_set_warn(L, warnTrampoline, Unmanaged.passUnretained(warnings).toOpaque()))
    if let printBox {
      try check(L, psy_set_print(L, printTrampoline, Unmanaged.passUnretained(printBox).toOpaque()))
    }
  }

  deinit {
    token.L = nil
    psy_close(L)
  }

  /// The state that owns a lua_State (any of its threads).
  static func owner(of L: OpaquePointer) -> LuaState {
    Unmanaged<LuaState>.fromOpaque(psy_owner(L)).takeUnretainedValue()
  }

  /// Bytes the state holds now (with what the host was charged for it).
  public var memoryUsed: Int { psy_memory_used(L) }

  /// Gives back bytes counted by `LuaCall.charge` or `charge(_:at:)`.
  public func uncharge(_ bytes: Int) { psy_uncharge(L, max(bytes, 0)) }

  /// Counts `bytes` the host holds or spends for the script against its memory limit;
  /// throws Lua's memory error at `place` when that would pass it (nothing counted then).
  /// Give them back with `uncharge`.
  public func charge(_ bytes: Int, at place: SourceLocation?) throws {
    if psy_charge(L, max(bytes, 0)) != 0 {
      throw LuaError(kind: .memory, location: place, message: LuaError.luaMemoryWords)
    }
  }

  /// Bytes the memory limit leaves the script now (`Int.max` without a limit): what host
  /// work done apart from the state (a PNG drawn in a child process) may use.
  public var memoryLeft: Int {
    limits.memory > 0 ? max(limits.memory - memoryUsed, 0) : Int.max
  }

  /// Whether the call running now is past its deadline: host work the call asked for
  /// asks as it goes (false when no call runs).
  public var isPastDeadline: Bool { psy_expired(L) != 0 }

  /// The time limit's error at `place`, for host work that stopped at the deadline.
  public func timeLimitError(at place: SourceLocation?) -> LuaError {
    LuaError(kind: .timeLimit, location: place, message: limits.exceededMessage)
  }

  /// Throws the time limit's error when the call running on `thread` is past its deadline:
  /// host work a script asks for looks at the clock between its steps.
  func checkDeadline(_ thread: OpaquePointer, place: SourceLocation? = nil) throws {
    if psy_expired(thread) != 0 { throw timeLimitError(at: place) }
  }

  /// Folders `require` searches, in order (the script's folder, then the plugin path).
  public func setRequirePath(_ folders: [String]) throws {
    let L = running
    try check(L, psy_set_require_path(L, folders.joined(separator: ";")))
    requireFolders = folders
  }

  /// Lends back what the sandbox removes (`require "debug"`, `io`, the whole `os`): only
  /// tests use it, to run Lua's own suite past its first use of them (internal: never
  /// reachable by the host).
  func lendRemovedLibraries() throws {
    try check(L, psy_lend_libraries(L))
  }

  /// The files `require` has loaded so far, in order.
  public var requiredFiles: [String] {
    let L = running
    psy_pushrequired(L)
    defer { psy_pop(L, 1) }
    guard lua_type(L, -1) == LUA_TTABLE else { return [] }
    let n = lua_rawlen(L, -1)
    var files: [String] = []
    for i in 0..<n {
      lua_rawgeti(L, -1, lua_Integer(i + 1))
      if let s = stringAt(L, -1) { files.append(s) }
      psy_pop(L, 1)
    }
    return files
  }

  // MARK: Loading and calling

  /// Loads `source` as a text chunk named `chunkName` (`@path` for files) and runs it.
  @discardableResult
  public func run(_ source: [UInt8], chunkName: String, arguments: [LuaValue] = []) throws
    -> [LuaValue]
  {
    let L = running
    let base = try begin(L, LUA_NOREF, slots: arguments.count)
    defer { lua_settop(L, base) }
    try load(L, source, chunkName: chunkName)
    // Run as lua5.4 runs a script: its traceback's last line and its nesting depth agree.
    try check(L, psy_main_frame(L))
    return try invoke(L, arguments: arguments)
  }

  /// Calls a Lua function from the top (arming the time limit) or from inside a callback.
  /// An error that has no place of its own (no Lua code ran where it happened: a result that
  /// cannot be copied, a built-in function called directly) names `place`, the declaration
  /// whose function it is.
  public func call(
    _ function: LuaReference, _ arguments: [LuaValue] = [], declaredAt place: SourceLocation? = nil
  ) throws -> [LuaValue] {
    let L = running
    let base = try begin(L, function.ref, slots: arguments.count, place: place)
    defer { lua_settop(L, base) }
    return try invoke(L, arguments: arguments, place: place)
  }

  /// Calls a Lua function with one argument and returns its first result: the host's hot
  /// path (a diagnosis per row, a happiness per tap), with no arrays to allocate.
  public func call(
    _ function: LuaReference, with argument: LuaValue, declaredAt place: SourceLocation? = nil
  ) throws -> LuaValue {
    let L = running
    var scalar = psy_scalar(type: LUA_TNIL, isinteger: 0, integer: 0, number: 0)
    switch argument {
    case .integer(let i):
      scalar = psy_scalar(type: LUA_TNUMBER, isinteger: 1, integer: lua_Integer(i), number: 0)
    case .number(let d): scalar = psy_scalar(type: LUA_TNUMBER, isinteger: 0, integer: 0, number: d)
    case .nil: break
    default: return try callGeneral(function, with: argument, place: place)
    }
    // Numbers in and out: the whole call is one step in C.
    var timedOut: Int32 = 0
    let status = psy_call_scalar(L, function.ref, &scalar, &timedOut)
    if status == LUA_OK {
      switch scalar.type {
      case LUA_TNUMBER:
        return scalar.isinteger != 0 ? .integer(Int(scalar.integer)) : .number(scalar.number)
      case LUA_TNIL: return .nil
      default:
        // Another type's result is on top, the handler below it.
        let base = lua_gettop(L) - 2
        defer { lua_settop(L, base) }
        return try value(L, at: -1, place: place)
      }
    }
    if status == PSY_NOSTACK { throw LuaError.stackOverflow(at: place) }
    throw callError(
      L, handler: lua_gettop(L) - 1, status: status, timedOut: timedOut != 0, place: place)
  }

  private func callGeneral(
    _ function: LuaReference, with argument: LuaValue, place: SourceLocation?
  )
    throws -> LuaValue
  {
    let L = running
    let base = try begin(L, function.ref, slots: 1, place: place)
    defer { lua_settop(L, base) }
    try push(L, argument, place: place)
    try protectedCall(L, handler: base + 1, arguments: 1, results: 1, place: place)
    return try value(L, at: -1, place: place)
  }

  /// Sets a global variable.
  public func setGlobal(_ name: String, _ value: LuaValue) throws {
    let L = running
    try push(L, value)
    try check(L, psy_setglobal(L, name))
  }

  /// Reads a global variable.
  public func global(_ name: String) throws -> LuaValue {
    let L = running
    psy_pushglobaltable(L)
    defer { psy_pop(L, 2) }
    try check(L, psy_getfield(L, -1, name))
    return try value(L, at: -1)
  }

  /// Makes a Swift function callable from Lua as a global.
  public func register(_ name: String, _ function: @escaping LuaFunction) throws {
    let L = running
    try pushFunction(L, function)
    try check(L, psy_setglobal(L, name))
  }

  func load(_ L: OpaquePointer, _ source: [UInt8], chunkName: String) throws {
    let status =
      source.isEmpty
      ? psy_loadtext(L, "", 0, chunkName)
      : source.withUnsafeBufferPointer { buf in
        buf.withMemoryRebound(to: CChar.self) {
          psy_loadtext(L, $0.baseAddress, $0.count, chunkName)
        }
      }
    if status != LUA_OK {
      let raw = stringAt(L, -1) ?? "cannot load"
      psy_pop(L, 1)
      // A binary chunk is refused before any line is read: the file's first line it is.
      let firstLine =
        chunkName.hasPrefix("@")
        ? SourceLocation(file: String(chunkName.dropFirst()), line: 1) : nil
      throw LuaError(status: status, raised: raw, orAt: firstLine)
    }
  }

  /// Pushes the message handler and the function `ref` (none for LUA_NOREF); returns the
  /// stack top to restore afterwards.
  func begin(_ L: OpaquePointer, _ ref: Int32, slots: Int, place: SourceLocation? = nil) throws
    -> Int32
  {
    let base = psy_pushcall(L, ref, Int32(clamping: slots + 4))
    guard base >= 0 else { throw LuaError.stackOverflow(at: place) }
    return base
  }

  /// Calls the function on top of L (the message handler just below it) with arguments and
  /// returns its results; leaves the stack as it found it below the handler. Errors with no
  /// place of their own name `place`.
  func invoke(_ L: OpaquePointer, arguments: [LuaValue], place: SourceLocation? = nil) throws
    -> [LuaValue]
  {
    let handler = lua_gettop(L) - 1
    for a in arguments { try push(L, a, place: place) }
    try protectedCall(
      L, handler: handler, arguments: Int32(arguments.count), results: LUA_MULTRET, place: place)
    var results: [LuaValue] = []
    let top = lua_gettop(L)
    if top > handler {
      results.reserveCapacity(Int(top - handler))
      for i in (handler + 1)...top { results.append(try value(L, at: i, place: place)) }
    }
    lua_settop(L, handler - 1)
    return results
  }

  /// lua_pcall under the handler at `handler`, with the time limit armed when this is the
  /// outermost call; a failure becomes a LuaError of the right kind.
  @inline(__always)
  func protectedCall(
    _ L: OpaquePointer, handler: Int32, arguments: Int32, results: Int32,
    place: SourceLocation? = nil
  ) throws {
    var timedOut: Int32 = 0
    let status = psy_call(L, arguments, results, handler, &timedOut)
    guard status != LUA_OK else { return }
    throw callError(L, handler: handler, status: status, timedOut: timedOut != 0, place: place)
  }

  /// The LuaError for a failed call (the handler's failure is on top); clears the stack to
  /// below the handler.
  @inline(never)
  func callError(
    _ L: OpaquePointer, handler: Int32, status: Int32, timedOut: Bool, place: SourceLocation? = nil
  ) -> LuaError {
    let failure = Failure(L, at: -1)
    lua_settop(L, handler - 1)
    return error(of: failure, L, status: status, timedOut: timedOut, place: place)
  }

  /// The error a failed call ends with. A host error is the Swift error as it was thrown;
  /// an error Lua raised is of the kind the call's status says. Past the deadline it is the
  /// time limit's (Lua's memory error then means the allocator refused to grow because time
  /// was up: the time limit's words, at the place the allocation was refused). Every error
  /// names file:line: one with none of its own (Lua's memory error, error({}),
  /// error("x", 0), a yield outside a coroutine) is placed where the allocator refused
  /// memory, else at the innermost Lua code when it was raised, else at `place`.
  func error(
    of failure: Failure, _ L: OpaquePointer, status: Int32, timedOut: Bool, place: SourceLocation?
  ) -> LuaError {
    var error =
      failure.host ?? LuaError(status: status, raised: failure.text ?? "error")
    error.traceback = failure.traceback
    if let host = failure.host, let carried = carriedTraceback, carried.text == host.message {
      error.traceback = carried.traceback + "\n" + failure.traceback
    }
    carriedTraceback = nil
    if timedOut {
      if failure.isLuaMemoryError(status: status) {
        (error.message, error.location) = (limits.exceededMessage, nil)
      }
      error.kind = .timeLimit
    }
    if error.kind == .memory && error.message == LuaError.luaMemoryWords {
      error.message += " (limit \(limits.memory >> 20) MiB)"
    }
    if error.location == nil {
      let refusedAt = psy_memory_where(L).map { location(of: $0.pointee) } ?? nil
      let limited = error.kind == .memory || error.kind == .timeLimit
      error.location = limited && refusedAt != nil ? refusedAt : failure.place ?? place
    }
    if failure.host == nil {
      error.message = withModuleSuggestion(withGlobalSuggestion(error.message, L))
      if let library = failure.library {
        error.message = withLibraryFieldSuggestion(error.message, library: library, L)
      }
    }
    return error
  }

  /// Lua's words about a global that is nil (`attempt to call a nil value (global
  /// 'diagnossis')`) with the nearest name the globals hold now (the DSL's and the script's
  /// own) inside its parentheses: `(global 'diagnossis'; did you mean 'diagnosis'?)`.
  func withGlobalSuggestion(_ message: String, _ L: OpaquePointer) -> String {
    guard message.hasSuffix("')"), let start = message.rangeOfText("(global '")?.upperBound
    else { return message }
    let name = String(message[start..<message.index(message.endIndex, offsetBy: -2)])
    // Two edits turn any short name into another (`io` into `os`): a guess there misleads.
    guard name.count >= 4 else { return message }
    let hint = suggestion(name, globalNames(L))
    // suggestion's " (did you mean 'x'?)", said inside Lua's own parentheses.
    guard hint.hasPrefix(" (") else { return message }
    return message.dropLast() + "; " + hint.dropFirst(2)
  }

  /// Lua's words about a missing field of a standard library table, read through the
  /// library's name (`math.maxx(1)`: `attempt to call a nil value (field 'maxx')`), with
  /// the nearest name that library holds now: `(field 'maxx'; did you mean 'math.max'?)`.
  /// The read itself stays nil, as in Lua: only the error that follows it says more.
  func withLibraryFieldSuggestion(_ message: String, library: String, _ L: OpaquePointer)
    -> String
  {
    guard message.hasSuffix("')"), let start = message.rangeOfText("(field '")
    else { return message }
    let name = String(message[start.upperBound..<message.index(message.endIndex, offsetBy: -2)])
    guard let near = nearest(name, keys(ofGlobal: library, L), count: 1).first else {
      return message
    }
    return message.dropLast() + "; did you mean '\(library).\(near)'?)"
  }

  /// require's words about a module it did not find (`module 'clinc' not found: no such
  /// file on the script path`) with the nearest module the script's folders hold.
  func withModuleSuggestion(_ message: String) -> String {
    let tail = "' not found: no such file on the script path"
    guard message.hasSuffix(tail), let start = message.rangeOfText("module '")?.upperBound
    else { return message }
    let name = String(message[start..<message.index(message.endIndex, offsetBy: -tail.count)])
    guard name.count >= 4 else { return message }
    return message + suggestion(name, luaFiles(in: requireFolders))
  }

  /// The string keys of the globals table (a walk through the protected `psy_next`; a
  /// failure gives what was read).
  func globalNames(_ L: OpaquePointer) -> [String] {
    guard lua_checkstack(L, 4) != 0 else { return [] }
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    psy_pushglobaltable(L)
    return stringKeys(L)
  }

  /// The string keys of the global table `name` (none when that global is no table).
  func keys(ofGlobal name: String, _ L: OpaquePointer) -> [String] {
    guard lua_checkstack(L, 5) != 0 else { return [] }
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    psy_pushglobaltable(L)
    guard psy_getfield(L, -1, name) == LUA_OK, lua_type(L, -1) == LUA_TTABLE else { return [] }
    return stringKeys(L)
  }

  /// The string keys of the table on top, which stays there.
  private func stringKeys(_ L: OpaquePointer) -> [String] {
    lua_pushnil(L)
    var names: [String] = []
    var more: Int32 = 0
    while psy_next(L, -2, &more) == LUA_OK, more != 0 {
      if let name = stringAt(L, -2) { names.append(name) }
      psy_pop(L, 1)
    }
    return names
  }
}

/// Throws the error a protected helper left on the stack (and pops it); one with no place
/// of its own names `place`.
func check(_ L: OpaquePointer, _ status: Int32, place: SourceLocation? = nil) throws {
  if status == LUA_OK { return }
  if status == PSY_NOSTACK { throw LuaError.stackOverflow(at: place) }
  let raw = stringAt(L, -1) ?? "error"
  psy_pop(L, 1)
  throw LuaError(status: status, raised: raw, orAt: place)
}

/// The string at idx if it is a string (never converts, never raises).
func stringAt(_ L: OpaquePointer, _ idx: Int32) -> String? {
  var n = 0
  guard let p = psy_stringat(L, idx, &n) else { return nil }
  return p.withMemoryRebound(to: UInt8.self, capacity: n) {
    String(decoding: UnsafeBufferPointer(start: $0, count: n), as: UTF8.self)
  }
}

/// Holds the print target so the C side can reach it without a dynamic cast.
final class PrintBox {
  let target: LuaPrintTarget
  init(_ target: LuaPrintTarget) { self.target = target }
}

private let printTrampoline: psy_write_fn = { ctx, bytes, count in
  guard let ctx, let bytes else { return }
  Unmanaged<PrintBox>.fromOpaque(ctx).takeUnretainedValue().target.write(
    UnsafeRawBufferPointer(start: bytes, count: count))
}

/// The modules a folder holds, by the names `require` takes: its `*.lua` files without the
/// extension (at most 1,000 a folder are read: a suggestion is no reason to walk a huge one).
func luaFiles(in folders: [String]) -> [String] {
  var names: [String] = []
  for folder in folders {
    guard let dir = opendir(folder) else { continue }
    defer { closedir(dir) }
    var read = 0
    while read < 1000, let entry = readdir(dir) {
      read += 1
      let name = withUnsafePointer(to: entry.pointee.d_name) {
        $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
      }
      if name.hasSuffix(".lua"), name.count > 4 { names.append(String(name.dropLast(4))) }
    }
  }
  return names.sorted()
}
