import Channels
import Declarations
import Face
import Files
import Geometry
import LuaHost
import Readable
import Storyboard

/// What a diagnosis computed from its input, before its segue runs.
struct Diagnosed {
  /// The diagnosis value (the seed's `diagnosis`): its happiness, else its mouth's curve.
  var value: Double
  /// The expression it gives, if any.
  var expression: Expression?
  /// The channels its mapping gives the input (none mapped: all at their defaults).
  var channels: Channels
  /// The input as Lua saw it (a proxy noting its reads while `Script.inputReads` is on):
  /// what the face's features read as `face.input`.
  var input: LuaValue
}

/// Taps worked out without navigating: (diagnosis, input) → `Landing`. It calls the
/// script's Lua (happiness, expression and channels functions, a segue's happiness) and
/// checks the results as a tap does; where the scene appears is `Session.apply(_:)`'s
/// business, or a batch's, which paints the landing where its kind puts it.
/// (A class: a batch worker asks its evaluator for every row, and a struct of a dozen
/// references was copied, each counted, at every ask.)
public final class Evaluator {
  /// The script whose declarations and Lua state are used.
  public let script: Script
  /// The device a segue's kind is chosen for, and `ctx.device`.
  public let device: Device
  /// `ctx.orientation`.
  public let orientation: Orientation
  /// Column ranges that scale the diagnoses' `channels` before the ranges a script
  /// declares (a batch's scan of its input, or `--ranges`).
  public var columnRanges: [String: ColumnRange] { didSet { resolved.clear() } }
  /// Column means that `missing = "mean"` draws and `scale = "centred"` centres on (a
  /// batch's pass over its file, check's examples).
  public var columnMeans: [String: Double] = [:] { didSet { resolved.clear() } }
  /// The levels of text columns found in the data (a batch's pass, check's examples), in
  /// order of appearance; declared `levels` come first.
  public var columnLevels: [String: [String]] = [:] { didSet { resolved.clear() } }
  /// Each diagnosis's mapping made ready for rows once, not a row at a time.
  private let resolved = ResolvedMappings()
  /// Where each built-in kind puts its scene, when the evaluation knows it beforehand (a
  /// batch: every row lands from the start screen); nil: `Landing.contentRect` stays nil.
  public var startRects: (any LandingPlaces)?
  /// What rows looked up last: their segue, while the registry is unchanged, and the
  /// segue's `ctx` tables (a batch performs one segue on every row).
  private let memo = Memo()

  /// Lookups kept between taps of one evaluator.
  /// (Plain stored properties, no optional tuples: copying those goes through the
  /// runtime's generic value witnesses, which cost more than the lookups saved.)
  private final class Memo {
    /// The segue looked up last, and the registry's revision then.
    var segue: Segue?
    var segueRevision: Registry.Revision?
    /// The segue whose `ctx` tables these are: with `diagnosis` first (its value a
    /// placeholder), and without.
    var contextSegue: String?
    var contextWithDiagnosis = LuaFlatTable(pairs: 0, bytes: 0)
    var contextWithout = LuaFlatTable(pairs: 0, bytes: 0)
  }

  /// An evaluator of `script`'s taps on `device` in `orientation`.
  public init(
    script: Script, device: Device, orientation: Orientation,
    columnRanges: [String: ColumnRange] = [:], startRects: (any LandingPlaces)? = nil
  ) {
    self.script = script
    self.device = device
    self.orientation = orientation
    self.columnRanges = columnRanges
    self.startRects = startRects
  }

  /// A tap of diagnosis `d` with `input`: its value, then its segue's landing.
  public func landing(tapping d: Diagnosis, input: LuaValue) throws -> Landing {
    try landing(of: diagnose(d, input: input), by: d)
  }

  /// The landing of diagnosis `d`'s segue once `d` has `diagnosed` its value from `input`.
  func landing(of diagnosed: Diagnosed, by d: Diagnosis) throws -> Landing {
    try landing(
      segue(d.segue), from: d, diagnosis: diagnosed.value, expression: diagnosed.expression,
      channels: diagnosed.channels, input: diagnosed.input)
  }

  /// What diagnosis `d` computes from `input`: its happiness, expression and channels.
  func diagnose(_ d: Diagnosis, input given: LuaValue) throws -> Diagnosed {
    let input = try script.inputReads.track(given, place: d.location, in: script.state)
    let value = try d.happiness.map {
      try happiness($0, input, what: "diagnosis '\(d.name)'", at: d.location, clamp: d.clamp)
    }
    let expression = try self.expression(of: d, input: input)
    let channels = try d.channels.map {
      try channelValues($0, of: d, input: input, given: given)
    }
    // A diagnosis without happiness diagnoses its mouth's curve, else neutral 50, as
    // `Diagnosis.happiness` says; keeping the last tap's value would leak it across buttons.
    let diagnosis =
      value ?? channels?[.smile].map { 50 + 50 * $0 } ?? expression?.mouth.map { 50 + 50 * $0 }
      ?? 50
    return Diagnosed(
      value: diagnosis, expression: expression, channels: channels ?? Channels(), input: input)
  }

  /// The segue with `identifier`, or the error a tap of it reports.
  func segue(_ identifier: String) throws -> Segue {
    let revision = script.registry.revision
    if memo.segueRevision == revision, let last = memo.segue, last.identifier == identifier {
      return last
    }
    guard let segue = script.registry.segue(identifier) else {
      let ids = script.registry.segues.map(\.identifier)
      throw sessionError(
        "no segue '\(identifier)'\(suggestion(identifier, ids)) \(listing("segues", ids, none: "none is declared"))"
      )
    }
    memo.segue = segue
    memo.segueRevision = revision
    return segue
  }

  /// Where `segue` lands, performed by diagnosis `d` (nil: from the menu, by its own
  /// button) with `diagnosis` in effect: its happiness, style and scene, and its kind on
  /// the device, checked.
  package func landing(
    _ segue: Segue, from d: Diagnosis?, diagnosis: Double?, expression: Expression?,
    channels: Channels = Channels(), input: LuaValue = .nil
  ) throws -> Landing {
    let identifier = segue.identifier
    var context = LuaValue.nil
    var value = diagnosis ?? 50
    if let h = segue.happiness, segue.menu == nil {
      if case .function = h { context = self.context(identifier, diagnosis: diagnosis) }
      value = try happiness(
        h, context, what: "segue '\(identifier)'", at: segue.location, clamp: segue.clamp,
        whenNil: diagnosis == nil ? noDiagnosisHint(identifier) : "")
    }
    let style = try self.style(from: d, segue)
    var face: FaceState
    do {
      face = try FaceState(happiness: value, scale: style.scale)
    } catch {
      throw sessionError("\(error)", at: segue.location)
    }
    face.expression = expression
    face.channels = channels
    let kind = try self.kind(of: segue)
    if case .custom = kind, case .nil = context {
      context = self.context(identifier, diagnosis: diagnosis)
    }
    // A segue that shows a menu titles its scene as the menu does.
    let title =
      segue.menu.map { script.registry.title(ofMenu: $0, shownBy: segue) } ?? d?.title
      ?? segue.title ?? "Happiness"
    let scene = FaceScene(face: face, style: style, features: d?.features ?? [], input: input)
    let button = d?.name ?? identifier
    var landing = Landing(
      diagnosis: d == nil ? nil : diagnosis, title: title, face: scene, segue: segue,
      kind: kind, button: button, context: context)
    landing.menu = segue.menu
    landing.contentRect = try startRects?.contentRect(of: landing)
    return landing
  }

  /// A segue's `ctx` table: `diagnosis` (the value in effect, if any), `segue`, `device`
  /// and `orientation`. Built flat, once per segue: a batch makes one per row, which then
  /// only puts its diagnosis in.
  func context(_ identifier: String, diagnosis: Double?) -> LuaValue {
    if memo.contextSegue != identifier {
      func table(withDiagnosis: Bool) -> LuaFlatTable {
        var ctx = LuaFlatTable(pairs: 4)
        if withDiagnosis {
          ctx.append(text: "diagnosis")
          ctx.append(.number(0))
        }
        ctx.append(text: "segue")
        ctx.append(text: identifier)
        ctx.append(text: "device")
        ctx.append(text: device.rawValue)
        ctx.append(text: "orientation")
        ctx.append(text: orientation.rawValue)
        return ctx
      }
      memo.contextSegue = identifier
      memo.contextWithDiagnosis = table(withDiagnosis: true)
      memo.contextWithout = table(withDiagnosis: false)
    }
    guard let diagnosis else { return .flat(memo.contextWithout) }
    // Set in the memo's own table: the last row's landing, which shared it, is gone by
    // now, so no copy is made (a copy is, should something still hold it).
    memo.contextWithDiagnosis.setNumber(diagnosis, at: 1)
    return .flat(memo.contextWithDiagnosis)
  }

  // MARK: The parts of a landing

  /// The expression diagnosis `d` gives `input`: as declared, or its function's result,
  /// checked.
  private func expression(of d: Diagnosis, input: LuaValue) throws -> Expression? {
    switch d.expression {
    case .value(let e)?: return e
    case .function(let f)?:
      let r = try script.state.call(f, [input], declaredAt: d.location).first ?? .nil
      let (e, problems) = readExpression(
        r, what: "diagnosis '\(d.name)' expression function's result", location: d.location,
        texts: script.texts)
      if let p = problems.first { throw sessionError(p.message, at: d.location) }
      return e
    case nil: return nil
    }
  }

  /// The channels a diagnosis's mapping gives `input`, checked (a function's result too).
  private func channelValues(
    _ m: ChannelMapping, of d: Diagnosis, input: LuaValue, given: LuaValue
  ) throws -> Channels {
    do {
      let ready = resolved.mapping(m, of: d.name) {
        ResolvedMapping(m, ranges: columnRanges, means: columnMeans, levels: columnLevels)
      }
      // A function is handed the row's numbers scaled by their ranges too.
      // (watched as the row is: a column read through it is read).
      let scaled =
        m.usesFunctions
        ? try script.inputReads.track(ready.scaled(given), place: d.location, in: script.state)
        : .nil
      guard case .function(let f) = m.source else {
        // The host reads the mapping's columns itself, from the input as given.
        // (Only while reads are watched: the list is made anew each time it is asked for.)
        if script.inputReads.isOn { script.inputReads.noteRead(m.columns) }
        var out = try ready.channels(for: given, means: columnMeans, at: d.location)
        for fc in m.functions {
          try functionChannel(fc, of: d, input: input, scaled: scaled, into: &out)
        }
        return out
      }
      let at = m.location ?? d.location
      let r = try script.state.call(f, [input, scaled], declaredAt: at).first ?? .nil
      var out = try ChannelMapping.channels(
        returned: r, what: "diagnosis '\(d.name)' channels function's result", at: at)
      out.palette = m.palette?.fill(levels: nil)
      return out
    } catch let p as Problem {
      throw sessionError(p.message, at: p.location)
    }
  }

  /// A channel computed by its own function beside the columns: a number in the channel's
  /// range, or nil (the channel left as the seed draws it); else the row fails at the line
  /// of the channel's field.
  private func functionChannel(
    _ fc: FunctionChannel, of d: Diagnosis, input: LuaValue, scaled: LuaValue,
    into out: inout Channels
  ) throws {
    let r =
      try script.state.call(fc.function, [input, scaled], declaredAt: fc.location).first ?? .nil
    let what = "diagnosis '\(d.name)' channel \(fc.name)'s function"
    if case .nil = r { return }
    guard let x = r.number else {
      throw Problem(fc.location, "\(what) must return a number or nil, got \(r.typeName)")
    }
    guard x.isFinite, x >= fc.channel.lowest, x <= 1 else {
      throw Problem(
        fc.location,
        "\(what) must return a finite number in \(formatNumber(fc.channel.lowest))…1, got \(formatNumber(x))"
      )
    }
    if let side = fc.side { out[fc.channel, side] = x } else { out[fc.channel] = x }
  }

  /// The style a landing's face is drawn in: `--style`, else the diagnosis's, else the
  /// segue's, else the global one.
  private func style(from d: Diagnosis?, _ segue: Segue) throws -> FaceStyle {
    let styleName = script.options.style ?? d?.style ?? segue.style
    guard let style = script.registry.style(styleName) else {
      throw sessionError("unknown style '\(styleName ?? "")'", at: d?.location ?? segue.location)
    }
    return style
  }

  /// The kind `segue` has on the device: a built-in one the device has, or a declared
  /// `segue_kind` with a `perform`.
  private func kind(of segue: Segue) throws -> LandingKind {
    let identifier = segue.identifier
    guard let kindName = segue.kind.name(on: device) else {
      throw sessionError(
        "segue '\(identifier)' gives no kind for \(device.rawValue)", at: segue.location)
    }
    if let builtin = SegueKind(rawValue: kindName), builtin != .custom {
      guard device.allows(builtin) else {
        throw sessionError(
          "segue '\(identifier)': \(kindMissing(kindName, on: device))", at: segue.location)
      }
      return .builtin(builtin)
    }
    if let custom = script.registry.kind(kindName), let perform = custom.perform {
      return .custom(custom, perform: perform)
    }
    throw sessionError("segue '\(identifier)': unknown kind '\(kindName)'", at: segue.location)
  }

  /// A happiness from a number or a function's result; a result outside 0…100 is an error
  /// like a literal one, unless the declaration says `clamp = true`.
  private func happiness(
    _ source: HappinessSource, _ argument: LuaValue, what: @autoclosure () -> String,
    at location: SourceLocation, clamp: Bool,
    whenNil: @autoclosure () -> String = ""
  ) throws -> Double {
    switch source {
    case .value(let v): return v
    case .function(let f):
      let r = try script.state.call(f, with: argument, declaredAt: location)
      guard let v = r.number else {
        throw sessionError(
          "\(what()): its happiness function returned \(r.typeName), expected a number"
            + (r == .nil ? whenNil() : ""),
          at: location)
      }
      guard v.isFinite else {
        throw sessionError(
          "\(what()): its happiness function returned \(formatNumber(v)), expected a finite number",
          at: location)
      }
      guard clamp || (0...100).contains(v) else {
        throw sessionError(
          "\(what()): its happiness function returned \(formatNumber(v)), outside 0…100 (say clamp = true to clamp it)",
          at: location)
      }
      return min(max(v, 0), 100)
    }
  }

  /// Why a segue performed with no diagnosis tapped may have no happiness, and what to do.
  private func noDiagnosisHint(_ identifier: String) -> String {
    let tappers = script.registry.diagnoses.filter { $0.segue == identifier }.map(\.name)
    let tap =
      tappers.isEmpty
      ? "" : " tap a diagnosis that performs it (\(tappers.prefix(5).joined(separator: ", "))), or"
    return
      ": it was performed without a diagnosis, so ctx.diagnosis is nil;\(tap) give the segue a happiness of its own for when ctx.diagnosis is nil"
  }
}

/// Where a built-in kind puts a tapped button's scene, known before anything navigates (a
/// batch's rows all land from the start screen): the evaluator asks it through this, so it
/// never holds the session that finds the places (`StartRects`).
public protocol LandingPlaces: AnyObject {
  /// The content rect `landing`'s scene is shown in; nil when its kind's Lua decides.
  func contentRect(of landing: Landing) throws -> Rect?
}
