import CLua
import CLuaBridge

/// A Lua value copied into Swift: scalars and strings by value, tables as arrays or maps,
/// functions and userdata by reference. Not Sendable: a function or userdata belongs to the
/// thread that runs its state.
public enum LuaValue: Hashable {
  case `nil`
  case boolean(Bool)
  case integer(Int)
  case number(Double)
  /// The string's bytes exactly (NULs and invalid UTF-8 included).
  case string([UInt8])
  /// A table whose keys are exactly 1…n.
  case array([LuaValue])
  /// Any other table (the empty table is an empty array).
  case map([LuaValue: LuaValue])
  /// A table of scalars and strings built in Swift (a row of data), pushed in one step;
  /// Lua never gives one back (tables come back as `array` or `map`).
  indirect case flat(LuaFlatTable)
  /// A Lua function, callable while its state lives.
  case function(LuaReference)
  /// A userdata or a thread, kept as a reference.
  case userdata(LuaReference)

  /// A string value from Swift text.
  public static func text(_ s: String) -> LuaValue { .string(Array(s.utf8)) }

  /// The value as a number when it is one (integers widen).
  public var number: Double? {
    switch self {
    case .integer(let i): return Double(i)
    case .number(let d): return d
    default: return nil
    }
  }

  /// The value as a Swift string when it is a Lua string (invalid UTF-8 repaired).
  public var text: String? {
    if case .string(let bytes) = self { return String(decoding: bytes, as: UTF8.self) }
    return nil
  }

  /// The name Lua's `type()` gives this value.
  public var typeName: String {
    switch self {
    case .nil: return "nil"
    case .boolean: return "boolean"
    case .integer, .number: return "number"
    case .string: return "string"
    case .array, .map, .flat: return "table"
    case .function: return "function"
    case .userdata(let r): return r.typeName
    }
  }

  /// A field of a map by string key (nil when absent or not a table).
  public subscript(key: String) -> LuaValue? {
    switch self {
    case .map(let m): return m[.text(key)]
    case .flat(let t): return t[key]
    default: return nil
    }
  }

  /// A field of a map by string key, found first where `hint` says it was in the last row
  /// (see `LuaFlatTable.value(forKey:hint:)`).
  public func field(_ key: String, hint: inout Int) -> LuaValue? {
    switch self {
    case .map(let m): return m[.text(key)]
    case .flat(let t): return t.value(forKey: key, hint: &hint)
    default: return nil
    }
  }

  /// The table's entries as (key, value) pairs; arrays give integer keys from 1.
  public var entries: [(key: LuaValue, value: LuaValue)] {
    switch self {
    case .array(let a): return a.enumerated().map { (LuaValue.integer($0.offset + 1), $0.element) }
    case .map(let m): return m.map { ($0.key, $0.value) }
    case .flat(let t): return t.map.map { ($0.key, $0.value) }
    default: return []
    }
  }
}

extension LuaValue {
  /// Hashes a string's bytes in one step (the synthesized hash feeds the hasher a byte at a
  /// time, which made building small tables, rows and contexts cost more than using them).
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .nil: hasher.combine(0 as UInt8)
    case .boolean(let b): hasher.combine(b)
    case .integer(let i): hasher.combine(i)
    case .number(let d): hasher.combine(d)
    case .string(let bytes):
      hasher.combine(bytes.count)
      bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    case .array(let items): hasher.combine(items)
    case .map(let entries): hasher.combine(entries)
    case .flat(let table): hasher.combine(table)
    case .function(let r), .userdata(let r): hasher.combine(r)
    }
  }
}

extension LuaValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
  ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral
{
  /// A string literal is a Lua string.
  public init(stringLiteral value: String) { self = .text(value) }
  /// An integer literal is a Lua integer.
  public init(integerLiteral value: Int) { self = .integer(value) }
  /// A float literal is a Lua float.
  public init(floatLiteral value: Double) { self = .number(value) }
  /// A boolean literal is a Lua boolean.
  public init(booleanLiteral value: Bool) { self = .boolean(value) }
  /// `nil` is Lua's nil.
  public init(nilLiteral: ()) { self = .nil }
}

/// A value kept alive in a state's registry: a function or userdata that Swift holds. Not
/// Sendable: it may be used, and released, only on the thread that runs its state.
public final class LuaReference: Hashable {
  let token: LuaStateToken
  let ref: Int32
  /// `function`, `userdata` or `thread`.
  public let typeName: String

  init(state: LuaState, ref: Int32, typeName: String) {
    self.token = state.token
    self.ref = ref
    self.typeName = typeName
  }

  deinit {
    if let L = token.L { luaL_unref(L, psy_LUA_REGISTRYINDEX, ref) }
  }

  /// References are equal when they are the same reference.
  public static func == (a: LuaReference, b: LuaReference) -> Bool { a === b }
  /// Hashes by identity.
  public func hash(into h: inout Hasher) { h.combine(ObjectIdentifier(self)) }
}

/// A state's lua_State for as long as the state lives (nil after): what references hold
/// instead of a weak reference to the state, whose every retain would then take the
/// runtime's slow path (a weakly referenced object keeps its counts in a side table).
final class LuaStateToken {
  var L: OpaquePointer?
  init(_ L: OpaquePointer) { self.L = L }
}
