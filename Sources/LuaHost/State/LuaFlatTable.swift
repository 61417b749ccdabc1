import CLua
import CLuaBridge
import Glibc

/// A table of scalars and strings laid out flat, as key, value, key, value…, its strings in
/// one buffer: a row of data on its way to Lua with no dictionary in between, pushed in one
/// protected step. Later pairs win over earlier ones with the same key, as in Lua.
public struct LuaFlatTable: Hashable, Sendable {
  /// One key or value: a scalar, or a string's place in `bytes`.
  struct Item: Hashable, Sendable {
    var type: Int32
    var isInteger = false
    var integer: Int = 0
    var number: Double = 0
    var offset = 0
    var length = 0
  }

  private(set) var items: [Item] = []
  private(set) var bytes: [UInt8] = []
  /// Whoever made the table knows no two pairs have the same key (a JSON row, a CSV row
  /// under a header without repeats): a key found at a pair is the one that counts. Any
  /// append forgets it.
  public private(set) var keysAreUnique = false

  /// Tables are equal when their pairs are, however they were made.
  public static func == (a: LuaFlatTable, b: LuaFlatTable) -> Bool {
    a.items == b.items && a.bytes == b.bytes
  }

  /// Hashes the pairs.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(items)
    hasher.combine(bytes)
  }

  /// Says no two pairs have the same key (the caller knows it).
  public mutating func markKeysUnique() { keysAreUnique = true }

  /// An empty table, with room for `pairs` pairs and `bytes` bytes of strings.
  public init(pairs: Int = 8, bytes: Int = 64) {
    items.reserveCapacity(2 * pairs)
    self.bytes.reserveCapacity(bytes)
  }

  /// The map's pairs, flat; nil when some key or value is a table, function or userdata.
  /// (Pairs with a nil or NaN key are left out, as Lua would.)
  public init?(_ map: [LuaValue: LuaValue]) {
    self.init(pairs: map.count)
    for (k, v) in map {
      guard append(k, isKey: true) else {
        if case .nil = k { continue }
        if case .number(let d) = k, d.isNaN { continue }
        return nil
      }
      guard append(v) else { return nil }
    }
  }

  /// How many keys and values it holds (twice the pairs, once complete).
  public var count: Int { items.count }

  /// Appends a string, key or value, copying its bytes.
  public mutating func append(string: UnsafeBufferPointer<UInt8>) {
    keysAreUnique = false
    items.append(Item(type: LUA_TSTRING, offset: bytes.count, length: string.count))
    bytes.append(contentsOf: string)
  }

  /// Appends Swift text as a string.
  public mutating func append(text: String) {
    var text = text
    text.withUTF8 { append(string: $0) }
  }

  /// Appends a scalar or a string; false (nothing appended) for a table, function or
  /// userdata, or a key Lua refuses (nil, NaN) when `isKey`.
  @discardableResult
  public mutating func append(_ value: LuaValue, isKey: Bool = false) -> Bool {
    keysAreUnique = false
    switch value {
    case .nil:
      if isKey { return false }
      items.append(Item(type: LUA_TNIL))
    case .boolean(let b): items.append(Item(type: LUA_TBOOLEAN, integer: b ? 1 : 0))
    case .integer(let i): items.append(Item(type: LUA_TNUMBER, isInteger: true, integer: i))
    case .number(let d):
      if isKey && d.isNaN { return false }
      items.append(Item(type: LUA_TNUMBER, number: d))
    case .string(let s): s.withUnsafeBufferPointer { append(string: $0) }
    case .array, .map, .flat, .function, .userdata: return false
    }
    return true
  }

  /// Puts the number `d` at `index` in place of the scalar there (a value: an odd index).
  public mutating func setNumber(_ d: Double, at index: Int) {
    precondition(index % 2 == 1 && items[index].type != LUA_TSTRING, "not a scalar value")
    items[index] = Item(type: LUA_TNUMBER, number: d)
  }

  /// Removes the last item (a key whose value turned out to be left out, or to be a table)
  /// and gives it back as a value.
  @discardableResult
  public mutating func removeLast() -> LuaValue {
    let value = value(at: items.count - 1)
    let item = items.removeLast()
    if item.type == LUA_TSTRING { bytes.removeLast(bytes.count - item.offset) }
    return value
  }

  /// The item at `index` as a value.
  func value(at index: Int) -> LuaValue {
    let item = items[index]
    switch item.type {
    case LUA_TBOOLEAN: return .boolean(item.integer != 0)
    case LUA_TNUMBER: return item.isInteger ? .integer(item.integer) : .number(item.number)
    case LUA_TSTRING: return .string(Array(bytes[item.offset..<item.offset + item.length]))
    default: return .nil
    }
  }

  /// The value of the last pair whose key is the string `key` (nil when none, or when that
  /// pair's value is nil).
  public subscript(key: String) -> LuaValue? {
    var noHint = -1
    return value(forKey: key, hint: &noHint)
  }

  /// The value of the pair whose key is the string `key`, as `self[key]` finds it, looking
  /// first at pair `hint` when the keys are unique: rows of one input put their columns in
  /// one order, so where a column was in the last row is where it is in this one. `hint`
  /// is left at the pair where the key was found.
  public func value(forKey key: String, hint: inout Int) -> LuaValue? {
    var key = key
    return key.withUTF8 { wanted -> LuaValue? in
      bytes.withUnsafeBufferPointer { all -> LuaValue? in
        func matches(_ i: Int) -> Bool {
          let k = items[i]
          return k.type == LUA_TSTRING && k.length == wanted.count
            && (k.length == 0
              || memcmp(all.baseAddress! + k.offset, wanted.baseAddress!, k.length) == 0)
        }
        func found(_ i: Int) -> LuaValue? {
          hint = i / 2
          let v = value(at: i + 1)
          if case .nil = v { return nil }
          return v
        }
        if keysAreUnique, hint >= 0, 2 * hint + 1 < items.count, matches(2 * hint) {
          return found(2 * hint)
        }
        var i = items.count - 2
        while i >= 0 {
          if matches(i) { return found(i) }
          i -= 2
        }
        return nil
      }
    }
  }

  /// The pairs as a map (later pairs win; nil values left out, as in a Lua table).
  public var map: [LuaValue: LuaValue] {
    var m: [LuaValue: LuaValue] = [:]
    for i in stride(from: 0, to: items.count - 1, by: 2) {
      let v = value(at: i + 1)
      m[value(at: i)] = v == .nil ? nil : v
    }
    return m
  }

  /// Pushes the table onto L's stack in one protected step; a table too large to count in
  /// C's int is a memory error, as Lua's own limit on table sizes would be.
  func push(_ L: OpaquePointer) throws -> Int32 {
    guard items.count <= Int(Int32.max) else {
      throw LuaError(kind: .memory, location: nil, message: "table too large")
    }
    return withUnsafeTemporaryAllocation(of: psy_item.self, capacity: max(items.count, 1)) { out in
      for (i, item) in items.enumerated() {
        out[i] = psy_item(
          type: item.type, isinteger: item.isInteger ? 1 : 0, integer: lua_Integer(item.integer),
          number: item.number, offset: item.offset, length: item.length)
      }
      return bytes.withUnsafeBufferPointer { b in
        b.withMemoryRebound(to: CChar.self) {
          psy_pushflat(
            L, out.baseAddress, Int32(items.count), $0.baseAddress, 0, Int32(items.count / 2))
        }
      }
    }
  }
}
