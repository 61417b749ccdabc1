import Face
import Files
import Geometry
import LuaHost
import Readable
import Storyboard

/// The fields each table of the DSL accepts, as Lua spells them: one list that the
/// declarations check against and the definition file's test compares with.
package enum DeclarationFields {
  static let diagnosis = [
    "happiness", "title", "segue", "expression", "features", "style", "override", "clamp",
    "examples", "channels", "ranges", "missing", "missing_words", "scale", "palette",
  ]
  static let segue = [
    "kind", "happiness", "title", "size", "style", "override", "clamp", "button", "menu",
  ]
  static let app = ["title", "language", "override", "theme"]
  static let menu = ["title", "buttons", "shared", "override"]
  static let size = ["width", "height"]
  static let segueKind = ["perform", "animate", "bars", "devices", "override"]
  static let feature = ["draw", "everywhere", "override"]
  static let style = styleKeys + ["override"]
  static let theme = ThemeFields.all
  static let expression = ["mouth", "eyes", "brows"]
  package static let session = ["device", "orientation", "theme"]
  package static let svgOptions = ["screen"]
  package static let terminalOptions = ["columns", "rows", "ascii", "screen"]
  package static let snapshotOptions = ["screen"]
}

/// The DSL's declaring globals: `diagnosis`, `segue`, `segue_kind`, `feature`, `style`,
/// `theme`, `menu` and `app`. Each but `app` is curried (`diagnosis "name" { … }`) and
/// remembers the `file:line` of its call.
extension Script {
  func registerDeclarations() throws {
    let declarers: [(String, (Script) -> (String, LuaValue, SourceLocation) -> Void)] = [
      ("diagnosis", { $0.declareDiagnosis }), ("segue", { $0.declareSegue }),
      ("segue_kind", { $0.declareKind }), ("feature", { $0.declareFeature }),
      ("style", { $0.declareStyle }), ("theme", { $0.declareTheme }),
      ("menu", { $0.declareMenu }),
    ]
    for (what, declarer) in declarers {
      try state.register(what) { [unowned self] call in
        // style { … } declares the global style at once; the rest are curried by name.
        if what == "style", call.string(1) == nil, !call.isNil(1) {
          self.declareStyle(nil, try call.value(1), call.location)
          return
        }
        // The fields function lives in Lua, which the script owns: it must not own the
        // script back (declarer(self) would), or neither is ever freed.
        try self.curried(&call, what: what) { [unowned self] in declarer(self)($0, $1, $2) }
      }
    }
    try registerApp()
  }

  /// `what "name"` returns a function taking the fields; the location is the name's line.
  /// `what("name", { … })`, the call a Lua programmer writes first, is the same declaration.
  /// A name whose table never comes is said once the file has run
  /// (`noteDeclarationsWithoutFields`): a declaration is never lost in silence.
  private func curried(
    _ call: inout LuaCall, what: String,
    declare: @escaping (String, LuaValue, SourceLocation) -> Void
  ) throws {
    guard let name = call.string(1), !name.isEmpty else {
      throw LuaError(
        kind: .runtime, location: nil,
        message: "\(what) needs a name: \(what) \"name\" { … } (got \(call.typeName(1)))")
    }
    let location = call.location
    if !call.isNil(2) {
      let value = try call.value(2)
      guard value.typeName == "table" else {
        throw LuaError(
          kind: .runtime, location: nil,
          message:
            "\(what) '\(name)': its fields must be a table, got \(value.typeName): \(what) \"\(name)\" { … }"
        )
      }
      declare(name, value, location)
      return
    }
    let key = nextAwaiting
    nextAwaiting += 1
    awaitingFields[key] = (what, name, location)
    let fields = try call.function { [unowned self] inner in
      self.awaitingFields[key] = nil
      declare(name, try inner.value(1), location)
    }
    try call.push(fields)
  }

  /// Says, at its line, each name given to a declaring global whose table never came.
  func noteDeclarationsWithoutFields() {
    guard !awaitingFields.isEmpty else { return }
    let lost = awaitingFields.sorted { $0.key < $1.key }.map(\.value)
    awaitingFields = [:]
    declared { registry in
      for (what, name, location) in lost {
        registry.problems.append(
          Problem(
            location,
            "\(what) '\(name)' has no table, so nothing was declared: write \(what) \"\(name)\" { … } (or \(what)(\"\(name)\", { … }))"
          ))
      }
    }
  }

  private func declareDiagnosis(_ name: String, _ value: LuaValue, _ location: SourceLocation) {
    var f = Fields(
      value, what: "diagnosis '\(name)'", location: location,
      texts: texts, known: DeclarationFields.diagnosis)
    var expression: ExpressionSource?
    if let e = f.raw("expression") {
      if case .function(let fn) = e {
        expression = .function(fn)
      } else {
        let (exp, problems) = readExpression(
          e, what: "diagnosis '\(name)' expression", location: location, texts: texts)
        f.problems += problems
        expression = exp.map { .value($0) }
      }
    }
    let d = Diagnosis(
      name: name, title: f.string("title"), happiness: f.happiness(), expression: expression,
      segue: f.string("segue") ?? "showDiagnosis", features: f.strings("features"),
      style: f.string("style"), location: location, plugin: currentPlugin,
      clamp: f.bool("clamp"), examples: f.examples(), channels: f.channelMapping())
    record(d, fields: f) { $0.add($1, override: $2) }
  }

  /// Keeps a declaration and the problems of its fields; `override = true` replaces an
  /// earlier one of the same name, else the two are reported as a conflict.
  func record<T: Declared>(
    _ item: T, fields f: Fields, add: (inout Registry, T, _ override: Bool) -> Void
  ) {
    var f = f
    let override = f.bool("override")
    declared {
      $0.problems += f.problems
      $0.noteUnknownFields(f.unknown, at: item.location)
      add(&$0, item, override)
    }
  }

  private func declareSegue(_ id: String, _ value: LuaValue, _ location: SourceLocation) {
    var f = Fields(
      value, what: "segue '\(id)'", location: location,
      texts: texts, known: DeclarationFields.segue)
    var kind = KindChoice.same("push")
    switch f.raw("kind") {
    case nil: break
    case .string?: kind = .same(f.string("kind") ?? "push")
    case .map(let m)?:
      var perDevice: [String: String] = [:]
      for (k, v) in m {
        guard let device = k.text, let name = v.text else {
          f.fail(
            "kind's table maps device names to kinds, like { iphone = \"push\", ipad = \"replace\" }"
          )
          continue
        }
        if Device(rawValue: device) == nil {
          let names = Device.allCases.map(\.rawValue)
          f.fail("kind names an unknown device '\(device)'\(suggestion(device, names))")
        }
        perDevice[device] = name
      }
      kind = .perDevice(perDevice)
    case let other?: f.fail("kind must be a string or a table per device, got \(other.typeName)")
    }
    var size: Size?
    if let s = f.raw("size") {
      var sf = Fields(
        s, what: "segue '\(id)' size", location: location, texts: texts,
        known: DeclarationFields.size)
      if let w = sf.number("width", in: 1...4096), let h = sf.number("height", in: 1...4096) {
        size = Size(width: w, height: h)
      } else if sf.problems.isEmpty {
        sf.fail("needs both width and height")
      }
      f.problems += sf.problems
    }
    var s = Segue(
      identifier: id, kind: kind, happiness: f.happiness(), title: f.string("title"), size: size,
      style: f.string("style"), location: location, plugin: currentPlugin, clamp: f.bool("clamp"))
    readStoryboardFields(of: &s, &f)
    record(s, fields: f) { $0.add($1, override: $2) }
  }

  private func declareKind(_ name: String, _ value: LuaValue, _ location: SourceLocation) {
    var f = Fields(
      value, what: "segue_kind '\(name)'", location: location,
      texts: texts, known: DeclarationFields.segueKind)
    if SegueKind(rawValue: name) != nil {
      f.fail("'\(name)' is a built-in kind; choose another name")
    }
    let perform = f.function("perform")
    if f.raw("perform") == nil { f.fail("needs perform = function(nav, scene, ctx) … end") }
    var devices: [Device]?
    if f.raw("devices") != nil {
      devices = f.strings("devices").compactMap { d in
        if let dev = Device(rawValue: d) { return dev }
        f.fail(
          "devices names an unknown device '\(d)'\(suggestion(d, Device.allCases.map(\.rawValue)))")
        return nil
      }
    }
    var k = CustomKind(
      name: name, perform: perform, devices: devices, location: location, plugin: currentPlugin)
    k.animation = readAnimation(&f)
    if let bars = f.string("bars") {
      if bars == "move" || bars == "stay" {
        k.movesBars = bars == "move"
      } else {
        f.fail("bars must be \"move\" or \"stay\", got '\(bars)'", atKey: "bars")
      }
    }
    record(k, fields: f) { $0.add($1, override: $2) }
  }

  private func declareFeature(_ name: String, _ value: LuaValue, _ location: SourceLocation) {
    var f = Fields(
      value, what: "feature '\(name)'", location: location,
      texts: texts, known: DeclarationFields.feature)
    let draw = f.function("draw")
    if f.raw("draw") == nil { f.fail("needs draw = function(face, pen) … end") }
    let everywhere: Bool? = f.raw("everywhere") == nil ? nil : f.bool("everywhere")
    let feature = Feature(
      name: name, draw: draw, everywhere: everywhere, location: location, plugin: currentPlugin)
    record(feature, fields: f) { $0.add($1, override: $2) }
  }

  private func declareStyle(_ name: String?, _ value: LuaValue, _ location: SourceLocation) {
    var f = Fields(
      value, what: name.map { "style '\($0)'" } ?? "style", location: location,
      texts: texts, known: DeclarationFields.style)
    let base = registry.globalStyle
    let style = readStyle(&f, over: base)
    let override = f.bool("override") || name == nil  // the global style accumulates
    let decl = StyleDeclaration(name: name, style: style, location: location, plugin: currentPlugin)
    declared {
      $0.problems += f.problems
      $0.noteUnknownFields(f.unknown, at: location)
      $0.add(decl, override: override)
    }
  }
}
