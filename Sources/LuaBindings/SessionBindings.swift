import App
import Declarations
import Face
import Files
import Geometry
import LuaHost
import Raster
import Readable
import Render
import Storyboard

extension Session {
  /// The geometry as a Lua table (`s:face()`).
  func geometryValue() throws -> LuaValue {
    guard let g = try geometry(), let f = focusedFace else { return .nil }
    func p(_ q: Point) -> LuaValue { .map(["x": .number(q.x), "y": .number(q.y)]) }
    return .map([
      "center": p(g.center), "size": .number(g.size), "line_width": .number(g.lineWidth),
      "eyes": .map([
        "left": p(g.leftEye), "right": p(g.rightEye), "radius": .number(g.eyeRadius),
        "open": .number(g.eyeOpen),
      ]),
      "mouth": .map([
        "start": p(g.mouthStart), "control1": p(g.mouthControl1),
        "control2": p(g.mouthControl2), "end": p(g.mouthEnd),
      ]),
      "happiness": .number(f.face.happiness), "smile": .number(f.face.smile),
      "scale": .number(f.face.scale),
    ])
  }
}

/// A number for Lua: an integer when it is whole, so `print` shows `70`, not `70.0`.
func luaNumber(_ d: Double?) -> LuaValue {
  guard let d else { return .nil }
  if d == d.rounded(), abs(d) < 1e15 { return .integer(Int(d)) }
  return .number(d)
}

/// A method's number argument (argument 2), or an error naming `what`.
private func number(_ call: LuaCall, _ what: String) throws -> Double {
  guard let v = call.number(2) else {
    throw sessionError("\(what) needs a number, got \(call.typeName(2))")
  }
  return v
}

/// A method's options table at `i` (nil: none), refusing names not in `known`.
private func methodOptions(_ call: LuaCall, _ i: Int, known: [String]) throws -> [LuaValue:
  LuaValue]
{
  let v = try call.value(i)
  if case .nil = v { return [:] }
  guard case .map(let m) = v else {
    if case .array(let a) = v, a.isEmpty { return [:] }
    throw sessionError(
      "options must be a table like { \(known.map { "\($0) = …" }.joined(separator: ", ")) }")
  }
  for k in m.keys {
    let name = k.text ?? "?"
    if !known.contains(name) {
      throw sessionError("unknown option '\(name)'\(suggestion(name, known))")
    }
  }
  return m
}

/// A number property a script may set (`s.happiness = 70`), checked by the session.
private func settable(
  _ name: String, get: @escaping (Session) -> Double?,
  set: @escaping (Session, Double) throws -> Void
) -> (get: (Session) throws -> LuaValue, set: (Session, LuaValue) throws -> Void) {
  (
    { luaNumber(get($0)) },
    { s, v in
      guard let d = v.number else {
        throw sessionError("\(name) must be a number, got \(v.typeName)")
      }
      try set(s, d)
    }
  )
}

extension Script {
  /// The Lua class of sessions: the methods and fields the README lists ("The Lua side").
  nonisolated(unsafe) static let sessionClass = LuaClass<Session>(
    name: "session", misuse: { "session:\($0) must be called with ':' (s:\($0)(…))" }
  ) { members in
    addGestures(&members)
    addPictures(&members)
    addFields(&members)
  }

  /// tap, perform, pan, pinch, rotate, show_master, back: what a person does to the app.
  private static func addGestures(_ m: inout LuaClass<Session>.Members) {
    m.method("tap") { s, call in
      guard let name = call.string(2) else { throw sessionError("tap needs a button name") }
      let input = try call.value(3)
      do { try s.tap(name, input: input == .nil ? .map([:]) : input) } catch var e as LuaError
        where !e.traceback.isEmpty
      {
        // The script's own code failed inside the tap: say which tap, with which input.
        let given = input == .nil || input == .map([:]) ? "" : " with input \(luaText(input))"
        e.message += " (while tapping '\(name)'\(given))"
        throw e
      }
    }
    m.method("perform") { s, call in
      guard let id = call.string(2) else { throw sessionError("perform needs a segue identifier") }
      try s.perform(id)
    }
    m.method("pan") { s, call in try s.pan(try number(call, "pan")) }
    m.method("pinch") { s, call in try s.pinch(try number(call, "pinch")) }
    m.method("rotate") { s, _ in s.rotate() }
    m.method("show_master") { s, _ in try s.showMaster() }
    m.method("back") { s, call in try call.push(.boolean(s.back())) }
    m.method("scroll", Session.luaScroll)
    m.method("page", Session.luaPage)
  }

  /// svg, terminal, face, snapshot: what the app shows.
  private static func addPictures(_ m: inout LuaClass<Session>.Members) {
    m.method("svg") { s, call in
      let o = try methodOptions(call, 2, known: DeclarationFields.svgOptions)
      let bytes = render(try s.drawing(screen: o[.text("screen")] == true), format: .svg)
      try bytes.withUnsafeBytes { try call.push(bytes: $0) }
    }
    m.method("terminal", terminal)
    m.method("face") { s, call in try call.push(try s.geometryValue()) }
    m.method("snapshot") { s, call in
      guard let name = call.string(2) else { throw sessionError("snapshot needs a file name") }
      let o = try methodOptions(call, 3, known: DeclarationFields.snapshotOptions)
      let path = try s.snapshot(name, screen: o[.text("screen")] == true, at: call.location)
      try call.push(.text(path))
    }
    m.method("animate", Session.luaAnimate)
    m.method("frames", Session.luaFrames)
  }

  /// `s:terminal{ columns, rows, ascii, screen }`: the picture as terminal text.
  private static func terminal(_ s: Session, _ call: inout LuaCall) throws {
    let o = try methodOptions(call, 2, known: DeclarationFields.terminalOptions)
    // Checked as doubles: Int(nan) or Int(1e300) would trap.
    func shown(_ v: LuaValue) -> String { v.number.map(formatNumber) ?? v.typeName }
    let c = o[.text("columns")] ?? 80, r = o[.text("rows")] ?? 24
    guard let cd = c.number, let rd = r.number, (4...1000).contains(cd), (2...500).contains(rd)
    else {
      throw sessionError(
        "terminal size must be 4…1000 columns and 2…500 rows (got \(shown(c)) and \(shown(r)))")
    }
    let format: OutputFormat = o[.text("ascii")] == true ? .ascii : .terminal
    let d = try s.drawing(screen: o[.text("screen")] == true)
    let bytes = try HostWork(during: s.script.state, at: call.location).terminal(
      d, columns: Int(cd), rows: Int(rd), colors: .none, ascii: format == .ascii)
    try bytes.withUnsafeBytes { try call.push(bytes: $0) }
  }

  /// The fields: happiness and scale settable, the rest read-only.
  private static func addFields(_ m: inout LuaClass<Session>.Members) {
    let happiness = settable("happiness", get: \.happiness) { try $0.setHappiness($1) }
    m.property("happiness", get: happiness.get, set: happiness.set)
    let scale = settable("scale", get: \.scale) { try $0.setScale($1) }
    m.property("scale", get: scale.get, set: scale.set)
    m.property("scene", get: { .text($0.sceneTitle) })
    m.property("stack", get: { .array($0.stack.map { .text($0) }) })
    m.property("device", get: { .text($0.device.rawValue) })
    m.property("orientation", get: { .text($0.orientation.rawValue) })
    m.property("diagnosis", get: { luaNumber($0.diagnosis) })
    m.property("buttons", get: { .array($0.buttons.map { .text($0) }) })
  }

  /// Registers `session { device = …, orientation = … }`.
  package func registerSessions() throws {
    state.bind(PenBindings.luaClass)
    state.bind(NavigationBindings.luaClass)
    try state.register("session") { [unowned self] call in
      let v = try call.value(1)
      var f = Fields(
        v == .nil ? .map([:]) : v, what: "session", location: .nowhere, texts: self.texts,
        known: DeclarationFields.session)
      var device = self.options.device
      var orientation = self.options.orientation
      if let d = f.string("device") {
        guard let dev = Device(rawValue: d) else {
          throw sessionError(
            "unknown device '\(d)'\(suggestion(d, Device.allCases.map(\.rawValue))) (devices: iphone, iphone5, ipad)"
          )
        }
        device = dev
      }
      if let o = f.string("orientation") {
        guard let or = Orientation(rawValue: o) else {
          throw sessionError(
            "unknown orientation '\(o)'\(suggestion(o, ["portrait", "landscape"]))")
        }
        orientation = or
      }
      let theme = f.string("theme")
      if let theme, self.theme(named: theme) == nil {
        throw sessionError(
          "unknown theme '\(theme)'\(suggestion(theme, themeNames)) (themes: \(themeNames.joined(separator: ", ")))"
        )
      }
      if let p = f.problems.first { throw sessionError(p.message) }
      self.sessionsStarted += 1
      // Held by Lua but living in Swift: a table of a million sessions counts as it weighs.
      try call.charge(Session.hostBytes)
      let session: Session
      do { session = try Session(script: self, device: device, orientation: orientation) } catch {
        state.uncharge(Session.hostBytes)
        throw error
      }
      session.chargedTo = state
      session.themeName = theme
      try call.push(session, as: Script.sessionClass)
    }
  }
}
