import CLua
import CLuaBridge
import Readable

/// A method of a class: gets the receiver (argument 1, already checked to be an object of
/// the class) and the call, as mlua's `add_method` does.
public typealias LuaMethod<Object> = (Object, inout LuaCall) throws -> Void

/// How Swift objects of one type look in Lua: methods (`obj:name(...)`) and properties
/// (`obj.name`, `obj.name = v`). `__gc` releases the object. Built once, then immutable.
public final class LuaClass<Object: AnyObject> {
  /// The type's name in Lua (`__name`, error messages).
  public let name: String
  let methods: [String: LuaMethod<Object>]
  let getters: [String: (Object) throws -> LuaValue]
  let setters: [String: (Object, LuaValue) throws -> Void]
  /// The message for a method called without its object (`obj.name()` for `obj:name()`).
  let misuse: (String) -> String
  /// Every method and property name, sorted (for suggestions and documentation checks).
  public let memberNames: [String]

  /// The members, as a class's builder adds them.
  public struct Members {
    var methods: [String: LuaMethod<Object>] = [:]
    var getters: [String: (Object) throws -> LuaValue] = [:]
    var setters: [String: (Object, LuaValue) throws -> Void] = [:]

    /// Adds a method.
    public mutating func method(_ name: String, _ body: @escaping LuaMethod<Object>) {
      methods[name] = body
    }

    /// Adds a property, read-only unless `set` is given.
    public mutating func property(
      _ name: String, get: @escaping (Object) throws -> LuaValue,
      set: ((Object, LuaValue) throws -> Void)? = nil
    ) {
      getters[name] = get
      setters[name] = set
    }
  }

  /// A class named `name` with the members `build` adds; `misuse` words the error for a
  /// method called with `.` instead of `:` (given the method's name).
  public init(
    name: String, misuse: ((String) -> String)? = nil, _ build: (inout Members) -> Void
  ) {
    var members = Members()
    build(&members)
    self.name = name
    methods = members.methods
    getters = members.getters
    setters = members.setters
    self.misuse = misuse ?? { "\(name):\($0) must be called with ':' (\(name):\($0)(…))" }
    memberNames = (Array(members.methods.keys) + Array(members.getters.keys)).sorted()
  }
}

/// A class as registered in one state: its metatable's tag and its method functions.
final class BoundClass {
  let tag: UnsafeMutableRawPointer
  var methodRefs: [String: Int32] = [:]
  init() { tag = UnsafeMutableRawPointer.allocate(byteCount: 1, alignment: 1) }
  deinit { tag.deallocate() }
}

extension LuaState {
  func bound<Object>(_ cls: LuaClass<Object>) -> BoundClass? {
    boundClasses[ObjectIdentifier(cls)] as? BoundClass
  }

  /// Builds the metatable of `cls` in this state: __index, __newindex, __tostring.
  func bind<Object>(_ L: OpaquePointer, _ cls: LuaClass<Object>) throws -> BoundClass {
    if let b = bound(cls) { return b }
    let b = BoundClass()
    // The tag, not `cls`: a call finds its object without looking the class up.
    let tag = b.tag
    for (name, body) in cls.methods {
      let misuse = cls.misuse(name)
      try pushFunction(L) { call in
        guard let object: Object = call.object(1, tag: tag) else {
          throw LuaError(kind: .runtime, location: nil, message: misuse)
        }
        try body(object, &call)
      }
      var ref: Int32 = 0
      let status = psy_ref(L, -1, &ref)
      psy_pop(L, 1)
      try check(L, status)
      b.methodRefs[name] = ref
    }
    try check(L, psy_newclass(L, b.tag, cls.name))
    defer { psy_pop(L, 1) }
    let typeName = cls.name
    try pushFunction(L) { [unowned b] call in
      guard let object: Object = call.object(1, tag: tag), let key = call.string(2) else {
        throw LuaError(kind: .runtime, location: nil, message: "bad \(typeName) access")
      }
      if let ref = b.methodRefs[key] {
        lua_rawgeti(call.L, psy_LUA_REGISTRYINDEX, lua_Integer(ref))
        call.results += 1
      } else if let get = cls.getters[key] {
        try call.push(try get(object))
      } else {
        throw LuaError(
          kind: .runtime, location: nil,
          message: "\(typeName) has no field '\(key)'\(suggestion(key, cls.memberNames))")
      }
    }
    try check(L, psy_setfield(L, -2, "__index"))
    try pushFunction(L) { call in
      guard let object: Object = call.object(1, tag: tag), let key = call.string(2) else {
        throw LuaError(kind: .runtime, location: nil, message: "bad \(typeName) assignment")
      }
      guard let set = cls.setters[key] else {
        let what = cls.getters[key] != nil || cls.methods[key] != nil ? "read-only" : "unknown"
        throw LuaError(
          kind: .runtime, location: nil,
          message: "cannot assign \(what) field '\(key)' of \(typeName)")
      }
      try set(object, try call.value(3))
    }
    try check(L, psy_setfield(L, -2, "__newindex"))
    try pushFunction(L) { call in
      try call.push(.text(typeName))
    }
    try check(L, psy_setfield(L, -2, "__tostring"))
    boundClasses[ObjectIdentifier(cls)] = b
    return b
  }

  func push<Object>(_ L: OpaquePointer, _ object: Object, as cls: LuaClass<Object>) throws {
    let b = try bind(L, cls)
    let box = Unmanaged.passRetained(object)
    let status = psy_pushobject(L, box.toOpaque(), b.tag)
    if status != LUA_OK { box.release() }
    try check(L, status)
  }

  /// Pushes a Swift object as a userdata of `cls` and makes it a global.
  public func setGlobal<Object>(_ name: String, object: Object, as cls: LuaClass<Object>) throws {
    let L = running
    try push(L, object, as: cls)
    try check(L, psy_setglobal(L, name))
  }
}

extension LuaState {
  /// A Swift object as a userdata value of `cls`, to pass to Lua functions.
  public func userdata<Object>(_ object: Object, as cls: LuaClass<Object>) throws -> LuaValue {
    let L = running
    try push(L, object, as: cls)
    defer { psy_pop(L, 1) }
    return try value(L, at: -1)
  }
}

extension LuaState {
  /// Makes `cls` the Lua class of every `Object` this state is handed (`userdata(_:)`): the
  /// domain hands over a plain Swift object, the binding layer alone says its methods.
  public func bind<Object>(_ cls: LuaClass<Object>) {
    classesByType[ObjectIdentifier(Object.self)] = cls
  }

  /// A Swift object as a userdata of the class bound to its type; an error when no class is.
  public func userdata<Object: AnyObject>(_ object: Object) throws -> LuaValue {
    guard let cls = classesByType[ObjectIdentifier(Object.self)] as? LuaClass<Object> else {
      throw LuaError(
        kind: .runtime, location: nil, message: "no Lua class is bound for \(Object.self)")
    }
    return try userdata(object, as: cls)
  }
}
