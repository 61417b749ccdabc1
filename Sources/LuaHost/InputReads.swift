import CLua
import CLuaBridge
import Readable

/// Which keys of the inputs given to a script's functions were read, so a key nothing read
/// (`--input shot=3` for a script that reads `shots`) is said instead of silently ignored.
/// While it is on, an input goes into Lua as a proxy that notes each key read (see
/// `input_reads.c`); the host keeps the table of keys each proxy read until asked.
public final class InputReads {
  /// Whether inputs are tracked (off: they go into Lua as they are, at no cost).
  public var isOn = false
  /// Keys given, in the order first given, with where they were given.
  public private(set) var given: [(key: String, place: SourceLocation)] = []
  private var givenKeys: Set<String> = []
  /// The reads tables of the proxies made so far.
  private var readTables: [(reads: LuaReference, had: Set<String>)] = []
  /// Keys the host read itself (a channel mapping's columns).
  private var readByHost: Set<String> = []

  /// Tracks nothing until `isOn` is set.
  public init() {}

  /// `input` as Lua should see it: when on and it is a table, a proxy noting its reads,
  /// its string keys noted as given at `place`; else `input` itself.
  public func track(_ input: LuaValue, place: SourceLocation, in state: LuaState) throws -> LuaValue
  {
    guard isOn else { return input }
    let keys: [String]
    switch input {
    case .map(let m): keys = m.keys.compactMap(\.text)
    case .flat(let t): keys = t.stringKeys
    default: return input
    }
    for key in keys.sorted() where givenKeys.insert(key).inserted { given.append((key, place)) }
    let (proxy, reads) = try state.trackedTable(input)
    readTables.append((reads, Set(keys)))
    return proxy
  }

  /// Notes keys the host read from an input itself.
  public func noteRead(_ keys: [String]) {
    if isOn { readByHost.formUnion(keys) }
  }

  /// Every key read so far, and whether a walk (`pairs`) read them all.
  /// `missed`: the keys read from an input that did not have them (see `misspelt`).
  public func read(in state: LuaState) -> (keys: Set<String>, everything: Bool, missed: Set<String>)
  {
    var keys = readByHost
    var everything = false
    var missed: Set<String> = []
    for table in readTables {
      let (k, all) = state.keys(of: table.reads)
      keys.formUnion(k)
      missed.formUnion(k.subtracting(table.had))
      everything = everything || all
    }
    return (keys, everything, missed)
  }

  /// `input 'shot' was never read (did you mean 'shots'?)` for each key given that nothing
  /// read, each once, with where it was given (the guess among the names read from an input
  /// that lacked them: see `guess`); nothing when a walk read every key. Keys in
  /// `except` are the host's own (a row's `id`), never said.
  public func unreadWarnings(
    in state: LuaState, except: Set<String> = []
  ) -> [(place: SourceLocation, message: String)] {
    let (read, everything, missed) = self.read(in: state)
    guard !everything else { return [] }
    let candidates = missed.sorted()
    return given.filter { !read.contains($0.key) && !except.contains($0.key) }.map { key, place in
      (place, "input '\(key)' was never read\(guess(key, candidates))")
    }
  }

  /// What was given and read so far, as plain data (a batch gathers its workers').
  public func tally(in state: LuaState) -> InputTally {
    let (read, everything, missed) = self.read(in: state)
    return InputTally(given: given.map(\.key), read: read, everything: everything, missed: missed)
  }
}

/// Keys given and keys read, gathered from several states (a batch's workers).
public struct InputTally: Sendable {
  /// Keys given, in the order first given.
  public var given: [String] = []
  /// Keys read.
  public var read: Set<String> = []
  /// Whether a walk read every key.
  public var everything = false
  /// Keys read from an input that did not have them.
  public var missed: Set<String> = []

  /// An empty tally.
  public init() {}

  init(given: [String], read: Set<String>, everything: Bool, missed: Set<String>) {
    (self.given, self.read, self.everything, self.missed) = (given, read, everything, missed)
  }

  /// Adds another state's tally.
  public mutating func add(_ other: InputTally) {
    for key in other.given where !given.contains(key) { given.append(key) }
    read.formUnion(other.read)
    everything = everything || other.everything
    missed.formUnion(other.missed)
  }

  /// The keys given that nothing read, but `except`, with the nearest key read from an
  /// input that lacked it for each (`shot`, " (did you mean 'shots'?)"); none when a walk read every key.
  public func unread(except: Set<String> = []) -> [(key: String, hint: String)] {
    guard !everything else { return [] }
    let candidates = missed.sorted()
    return given.filter { !read.contains($0) && !except.contains($0) }.map {
      ($0, guess($0, candidates))
    }
  }
}

/// `suggestion` for the unread `key` among `missed`, the names a script read from an input
/// that did not have them: only these can be a misspelling of it (`mgp` read, `mpg`
/// unread). A name read from an input that had it is another column read rightly (`am`
/// unread is no misspelling of `wt` read). None for a key of two letters: two edits turn
/// any into another (`am` into `hp`, an optional column read as `i.hp or 0`).
func guess(_ key: String, _ missed: [String]) -> String {
  key.count < 3 ? "" : suggestion(key, missed)
}

extension LuaState {
  /// A proxy of `table` that notes the keys read, and the table they are noted in.
  func trackedTable(_ table: LuaValue) throws -> (LuaValue, LuaReference) {
    let L = running
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    try push(L, table)
    try check(L, psy_pushtracked(L))
    var proxy: Int32 = 0
    var reads: Int32 = 0
    try check(L, psy_ref(L, -2, &proxy))
    let proxyRef = LuaReference(state: self, ref: proxy, typeName: "table")
    try check(L, psy_ref(L, -1, &reads))
    return (.userdata(proxyRef), LuaReference(state: self, ref: reads, typeName: "table"))
  }

  /// The string keys of the table `table` refers to, and whether it holds the key `true`.
  func keys(of table: LuaReference) -> (Set<String>, Bool) {
    let L = running
    guard lua_checkstack(L, 4) != 0 else { return ([], false) }
    let top = lua_gettop(L)
    defer { lua_settop(L, top) }
    lua_rawgeti(L, psy_LUA_REGISTRYINDEX, lua_Integer(table.ref))
    lua_pushnil(L)
    var keys: Set<String> = []
    var everything = false
    var more: Int32 = 0
    while psy_next(L, -2, &more) == LUA_OK, more != 0 {
      if let key = stringAt(L, -2) {
        keys.insert(key)
      } else if lua_type(L, -2) == LUA_TBOOLEAN, lua_toboolean(L, -1) != 0 {
        everything = true
      }
      psy_pop(L, 1)
    }
    return (keys, everything)
  }
}

extension LuaFlatTable {
  /// The keys that are strings (a flat table holds key, value, key, value, …).
  var stringKeys: [String] {
    stride(from: 0, to: items.count, by: 2).compactMap { i in
      let item = items[i]
      guard item.type == LUA_TSTRING else { return nil }
      return String(decoding: bytes[item.offset..<item.offset + item.length], as: UTF8.self)
    }
  }
}
