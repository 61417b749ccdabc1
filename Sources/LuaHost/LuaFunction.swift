import CLua
import CLuaBridge
import Readable

/// A Swift function callable from Lua: reads its arguments from the call and pushes results.
/// What it throws is raised in Lua (after Swift has returned) as a host error: the error as a
/// value, placed at the caller's `file:line` unless it names a place; a script that catches
/// it reads its message, and the host gets it back as it was thrown.
public typealias LuaFunction = (inout LuaCall) throws -> Void

/// One call from Lua into Swift: typed, non-raising access to the arguments and a place for
/// the results.
public struct LuaCall {
  let L: OpaquePointer
  /// The state the call runs in (alive for the whole call: it is the caller; unowned so a
  /// call costs no reference counting).
  public unowned(unsafe) let state: LuaState
  /// How many arguments Lua passed.
  public let count: Int
  var results: Int32 = 0

  init(L: OpaquePointer) {
    self.L = L
    self.state = LuaState.owner(of: L)
    self.count = Int(lua_gettop(L))
  }

  /// The argument at i (1-based) copied into Swift.
  public func value(_ i: Int) throws -> LuaValue {
    i <= count ? try state.value(L, at: Int32(i)) : .nil
  }

  /// The argument's Lua type name.
  public func typeName(_ i: Int) -> String {
    i <= count ? String(cString: lua_typename(L, lua_type(L, Int32(i)))) : "no value"
  }

  /// The argument when it is a string.
  public func string(_ i: Int) -> String? { i <= count ? stringAt(L, Int32(i)) : nil }

  /// The argument when it is a number (or a string that reads as one).
  public func number(_ i: Int) -> Double? {
    guard i <= count else { return nil }
    var ok: Int32 = 0
    let d = lua_tonumberx(L, Int32(i), &ok)
    return ok != 0 ? d : nil
  }

  /// True when the argument is absent or nil.
  public func isNil(_ i: Int) -> Bool { i > count || lua_type(L, Int32(i)) <= LUA_TNIL }

  /// The Swift object the argument holds, when it was pushed as `cls`.
  public func object<Object>(_ i: Int, _ cls: LuaClass<Object>) -> Object? {
    guard let bound = state.bound(cls) else { return nil }
    return object(i, tag: bound.tag)
  }

  /// The object at `i` if it is a userdata of the class bound with `tag`.
  func object<Object: AnyObject>(_ i: Int, tag: UnsafeMutableRawPointer) -> Object? {
    guard i <= count, let raw = psy_toobject(L, Int32(i), tag) else { return nil }
    return Unmanaged<Object>.fromOpaque(raw).takeUnretainedValue()
  }

  /// The Lua code that made this call (nowhere if unknown); through C callers such as
  /// `pcall(s.snapshot, s, …)`, the nearest Lua code below them.
  public var location: SourceLocation {
    var site = psy_site()
    psy_nearest_site(L, 1, &site)
    return LuaHost.location(of: site) ?? .nowhere
  }

  /// Counts `bytes` the host holds for the script against its memory limit; throws Lua's
  /// memory error (raised at the caller's `file:line`) when that would pass the limit.
  /// Give the bytes back with `LuaState.uncharge` once the host lets them go.
  public func charge(_ bytes: Int) throws {
    if psy_charge(L, max(bytes, 0)) != 0 {
      throw LuaError(kind: .memory, location: nil, message: LuaError.luaMemoryWords)
    }
  }

  /// Throws the time limit's error (said at the caller's `file:line`) once the call is past
  /// its deadline: long host work for the script (frames, say) asks between its steps.
  public func checkDeadline() throws { try state.checkDeadline(L) }

  /// Pushes a result.
  public mutating func push(_ value: LuaValue) throws {
    try state.push(L, value)
    results += 1
  }

  /// Pushes a string result straight from bytes (no intermediate array).
  public mutating func push(bytes: UnsafeRawBufferPointer) throws {
    guard lua_checkstack(L, 4) != 0 else { throw LuaError.stackOverflow() }
    try check(
      L, psy_pushstring(L, bytes.baseAddress?.assumingMemoryBound(to: CChar.self), bytes.count))
    results += 1
  }

  /// Pushes a number result.
  public mutating func push(_ number: Double) {
    if lua_checkstack(L, 1) != 0 {
      lua_pushnumber(L, number)
      results += 1
    }
  }

  /// Pushes a Swift object as userdata of class `cls` (registered on first use).
  public mutating func push<Object>(_ object: Object, as cls: LuaClass<Object>) throws {
    try state.push(L, object, as: cls)
    results += 1
  }

  /// Calls a Lua function from inside this call, on the running thread.
  public func call(_ function: LuaReference, _ arguments: [LuaValue] = []) throws -> [LuaValue] {
    try state.call(function, arguments)
  }
}

/// Retains a Swift function for as long as Lua holds it.
final class FunctionBox {
  let function: LuaFunction
  init(_ function: @escaping LuaFunction) { self.function = function }
}

extension LuaState {
  /// Installs the trampoline's callbacks once per process.
  static let installCallbacks: Void = psy_set_callbacks(dispatch, release)

  func pushFunction(_ L: OpaquePointer, _ function: @escaping LuaFunction) throws {
    let box = Unmanaged.passRetained(FunctionBox(function))
    let status = psy_pushfunction(L, box.toOpaque())
    if status != LUA_OK { box.release() }
    try check(L, status)
  }
}

/// Runs a Swift function for the trampoline: returns the result count, or leaves the error it
/// threw, as a host error, for the trampoline to raise once this frame is gone.
private let dispatch: psy_dispatch_fn = { L, raw in
  guard let L, let raw else { return PSY_RAISE }
  var call = LuaCall(L: L)
  // Calls the function makes into Lua run on this thread: Swift states only the call.
  let outer = call.state.running
  call.state.running = L
  defer { call.state.running = outer }
  do {
    // Lua holds the box for as long as the function exists: no retain needed to call it.
    try Unmanaged<FunctionBox>.fromOpaque(raw)._withUnsafeGuaranteedRef { try $0.function(&call) }
    return call.results
  } catch {
    lua_settop(L, Int32(call.count))
    let hostError = LuaError(goingIntoLua: error)
    call.state.carriedTraceback =
      hostError.traceback.isEmpty ? nil : (hostError.message, hostError.traceback)
    pushHostError(L, hostError)
    return PSY_RAISE
  }
}

private let release: psy_release_fn = { raw in
  guard let raw else { return }
  Unmanaged<AnyObject>.fromOpaque(raw).release()
}

extension LuaCall {
  /// A Lua function value that calls `body`, made on the running thread.
  public func function(_ body: @escaping LuaFunction) throws -> LuaValue {
    try state.function(body)
  }
}

extension LuaState {
  /// A Lua function value that calls `body`, made on the running thread.
  public func function(_ body: @escaping LuaFunction) throws -> LuaValue {
    let L = running
    try pushFunction(L, body)
    defer { psy_pop(L, 1) }
    return try value(L, at: -1)
  }
}
