import CLua
import CLuaBridge
import Readable

/// Tables nested deeper than this (or cyclic ones) are refused when copied either way.
let maxTableDepth = 200

/// The work and memory of copying one Lua table into Swift. A script controls both:
/// a table that holds the same table twice, 50 levels deep, is 2^50 values once copied.
/// The copy's bytes count against the state's memory limit while it is made (given back
/// when the conversion returns: what it returns is bounded by what was left), at what the
/// copy really allocates (a dictionary's storage grows by doubling and is kept a quarter
/// empty, a string is an array of its own; a list is built as a map, then kept as an
/// array, and only the array stays counted), so a shared table is counted each time it is
/// copied and refused before the heap passes the cap; the
/// number of values has a cap of its own (for states without a limit), and the time limit
/// is looked at as it goes, since no Lua hook can stop Swift code.
struct TableCopy {
  /// The place its errors name (the declaration whose function's result it copies).
  let place: SourceLocation?
  /// Values copied so far, and bytes charged to the memory limit.
  var values = 0
  var charged = 0
  /// Bytes counted but not yet charged: charging in steps keeps the C calls rare.
  var pending = 0

  /// At most this many values in one copy, whatever the memory limit.
  static let maxValues = 1 << 24
  /// Bytes one entry of a table being copied costs in Swift at worst: its key and value in
  /// a dictionary kept at most three quarters full whose bucket count doubles (up to 8/3
  /// slots of two values an entry), and half as much again while it grows (the old storage
  /// is copied into the new). Measured: 125 bytes an entry for a list of 200,000.
  static let entryBytes = 8 * MemoryLayout<LuaValue>.stride
  /// Bytes every copied table costs besides its entries: a dictionary's storage header and
  /// the heap's own bookkeeping of its allocation.
  static let tableBytes = 96
  /// Bytes a table kept as a list costs: the array's header, the heap's, and a value an
  /// entry (what stays of a `{t, t}` once copied: measured 84 bytes).
  static func listBytes(_ count: Int) -> Int { 48 + count * MemoryLayout<LuaValue>.stride }
  /// Bytes a finished dictionary of `capacity` holds, as measured on this machine (sizes 1
  /// to 2048 buckets, within 1%): its storage object (72 bytes with the heap's), two
  /// values a bucket, and a bit a bucket in words; the bucket count is the power of two
  /// whose three quarters first reach the capacity.
  static func mapBytes(capacity: Int) -> Int {
    guard capacity > 0 else { return 0 }
    var buckets = 2
    while buckets * 3 / 4 < capacity { buckets *= 2 }
    return 72 + buckets * 2 * MemoryLayout<LuaValue>.stride + 8 * ((buckets + 63) / 64)
  }
  /// Bytes every copied string costs besides its own: the array's header and the heap's.
  static let stringBytes = 48
  static let chargeStep = 1 << 16

  /// Counts one table entry.
  mutating func entry(_ L: OpaquePointer, _ state: LuaState) throws {
    try add(TableCopy.entryBytes, L, state)
  }

  /// Counts one table, besides its entries.
  mutating func table(_ L: OpaquePointer, _ state: LuaState) throws {
    try add(TableCopy.tableBytes, L, state)
  }

  /// Counts one string of `bytes` bytes.
  mutating func string(_ bytes: Int, _ L: OpaquePointer, _ state: LuaState) throws {
    try add(TableCopy.stringBytes + bytes, L, state)
  }

  /// A table of `count` entries turned out to be a list: the map it was built in is gone,
  /// and only the list's bytes stay counted (later growth is charged against the rest).
  mutating func keptAsList(_ count: Int) {
    pending -= TableCopy.tableBytes + count * TableCopy.entryBytes - TableCopy.listBytes(count)
  }

  /// A table of `count` entries is finished as a map of `capacity`: its growth is over, and
  /// only the storage it keeps stays counted. (Charged at the growing rate to the end, the
  /// small tables of 100,000 keyframes counted 1.6 times what they hold.)
  mutating func keptAsMap(_ count: Int, capacity: Int) {
    pending -=
      TableCopy.tableBytes + count * TableCopy.entryBytes - TableCopy.mapBytes(capacity: capacity)
  }

  /// Counts one value costing `bytes`.
  private mutating func add(_ bytes: Int, _ L: OpaquePointer, _ state: LuaState) throws {
    values += 1
    pending += bytes
    guard pending >= TableCopy.chargeStep || values > TableCopy.maxValues else { return }
    try state.checkDeadline(L, place: place)
    guard values <= TableCopy.maxValues, psy_charge(L, pending) == 0 else {
      let limit =
        state.limits.memory > 0
        ? "the \(state.limits.memory >> 20) MiB memory limit" : "\(TableCopy.maxValues) values"
      throw LuaError(
        kind: .memory, location: place, message: "table too large to copy (more than \(limit))")
    }
    charged += pending
    pending = 0
  }
}

extension LuaState {
  /// Pushes a Swift value; everything that allocates runs protected. Its errors name
  /// `place` (the declaration whose function the value goes to).
  func push(_ L: OpaquePointer, _ value: LuaValue, depth: Int = 0, place: SourceLocation? = nil)
    throws
  {
    guard lua_checkstack(L, 8) != 0 else { throw LuaError.stackOverflow(at: place) }
    switch value {
    case .nil: lua_pushnil(L)
    case .boolean(let b): lua_pushboolean(L, b ? 1 : 0)
    case .integer(let i): lua_pushinteger(L, lua_Integer(i))
    case .number(let d): lua_pushnumber(L, d)
    case .string(let bytes): try pushBytes(L, bytes, place: place)
    case .array(let items):
      guard depth < maxTableDepth else { throw tooDeep(at: place) }
      try check(L, psy_newtable(L, Int32(clamping: items.count), 0), place: place)
      for (i, item) in items.enumerated() {
        try push(L, item, depth: depth + 1, place: place)
        try check(L, psy_rawseti(L, -2, lua_Integer(i + 1)), place: place)
      }
    case .map(let entries):
      guard depth < maxTableDepth else { throw tooDeep(at: place) }
      // A table of scalars and strings (the usual context) goes in one protected step.
      if let flat = LuaFlatTable(entries) { return try check(L, try flat.push(L), place: place) }
      try check(L, psy_newtable(L, 0, Int32(clamping: entries.count)), place: place)
      for (k, v) in entries {
        if case .nil = k { continue }
        if case .number(let d) = k, d.isNaN { continue }
        try push(L, k, depth: depth + 1, place: place)
        try push(L, v, depth: depth + 1, place: place)
        try check(L, psy_rawset(L, -3), place: place)
      }
    case .flat(let table):
      try check(L, try table.push(L), place: place)
    case .function(let r), .userdata(let r):
      guard r.token === token else {
        throw LuaError(kind: .runtime, location: place, message: "value from another Lua state")
      }
      lua_rawgeti(L, psy_LUA_REGISTRYINDEX, lua_Integer(r.ref))
    }
  }

  func pushBytes(_ L: OpaquePointer, _ bytes: [UInt8], place: SourceLocation? = nil) throws {
    let status = bytes.withUnsafeBufferPointer { buf in
      buf.withMemoryRebound(to: CChar.self) { psy_pushstring(L, $0.baseAddress, $0.count) }
    }
    try check(L, status, place: place)
  }

  /// Copies the value at idx into Swift (never raises: raw reads, no conversions in place;
  /// the walk of a table steps through the protected `psy_next`). Its errors name `place`
  /// (the declaration whose function's result it is). A host error (a Swift error a script
  /// caught) comes back as its message, the text a script reads of it.
  func value(_ L: OpaquePointer, at idx: Int32, place: SourceLocation? = nil) throws -> LuaValue {
    var copy = TableCopy(place: place)
    defer { if copy.charged > 0 { psy_uncharge(L, copy.charged) } }
    return try value(L, at: idx, depth: 0, &copy)
  }

  private func value(_ L: OpaquePointer, at idx: Int32, depth: Int, _ copy: inout TableCopy)
    throws -> LuaValue
  {
    switch lua_type(L, idx) {
    case LUA_TNIL, LUA_TNONE: return .nil
    case LUA_TBOOLEAN: return .boolean(lua_toboolean(L, idx) != 0)
    case LUA_TNUMBER:
      if lua_isinteger(L, idx) != 0 { return .integer(Int(lua_tointegerx(L, idx, nil))) }
      return .number(lua_tonumberx(L, idx, nil))
    case LUA_TSTRING:
      var n = 0
      let p = psy_stringat(L, idx, &n)!
      if depth > 0 { try copy.string(n, L, self) }
      return .string(Array(UnsafeRawBufferPointer(start: p, count: n)))
    case LUA_TTABLE:
      return try table(L, at: idx, depth: depth, &copy)
    case let t:
      if t == LUA_TUSERDATA, let text = hostErrorText(L, at: idx) { return .string(text) }
      let name = t == LUA_TFUNCTION ? "function" : t == LUA_TTHREAD ? "thread" : "userdata"
      var ref: Int32 = 0
      try check(L, psy_ref(L, idx, &ref), place: copy.place)
      let r = LuaReference(state: self, ref: ref, typeName: name)
      return t == LUA_TFUNCTION ? .function(r) : .userdata(r)
    }
  }

  private func table(_ L: OpaquePointer, at idx: Int32, depth: Int, _ copy: inout TableCopy)
    throws -> LuaValue
  {
    guard depth < maxTableDepth else { throw tooDeep(at: copy.place) }
    guard lua_checkstack(L, 4) != 0 else { throw tooDeep(at: copy.place) }
    // An input handed back by the function it was given to is the input, not the empty
    // proxy that watched its reads (see input_reads.c).
    let untracked = psy_pushuntracked(L, idx) != 0
    defer { if untracked { psy_pop(L, 1) } }
    let t = untracked ? lua_gettop(L) : lua_absindex(L, idx)
    try copy.table(L, self)
    var map: [LuaValue: LuaValue] = [:]
    var maxIndex = 0
    var integerKeys = 0
    lua_pushnil(L)
    var more: Int32 = 0
    while true {
      try check(L, psy_next(L, t, &more), place: copy.place)
      if more == 0 { break }
      let key: LuaValue
      do {
        try copy.entry(L, self)
        key = try value(L, at: -2, depth: depth + 1, &copy)
        map[key] = try value(L, at: -1, depth: depth + 1, &copy)
      } catch {
        psy_pop(L, 2)
        throw error
      }
      if case .integer(let i) = key, i > 0 {
        integerKeys += 1
        maxIndex = max(maxIndex, i)
      }
      psy_pop(L, 1)
    }
    if integerKeys == map.count && maxIndex == map.count {
      copy.keptAsList(map.count)
      return .array((0..<maxIndex).map { map[.integer($0 + 1)]! })
    }
    copy.keptAsMap(map.count, capacity: map.capacity)
    return .map(map)
  }

  private func tooDeep(at place: SourceLocation?) -> LuaError {
    LuaError(kind: .runtime, location: place, message: "table nested too deeply (or cyclic)")
  }
}
