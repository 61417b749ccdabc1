import Face
import Glibc
import LuaHost
import Render
import Storyboard

/// Everything the session shows, drawn into Render's model: one scene's content, or the
/// whole device screen (status bar, navigation bars, split view, presented scenes).
extension Session {
  /// The focused scene in its content rect (`screen: false`) or the whole device screen.
  public func drawing(screen: Bool, invoke: Invoke) throws -> Drawing {
    if screen { return try screenDrawing(invoke: invoke) }
    let r = navigator.focusContentRect
    let bounds = Rect(x: 0, y: 0, width: r.width, height: r.height)
    return Drawing(
      width: r.width, height: r.height, title: title(of: navigator.focus), background: nil,
      items: try contentItems(navigator.focus, in: bounds, invoke: invoke))
  }

  /// The focused face's geometry at its content rect (nil when no face is focused).
  public func geometry() throws -> FaceGeometry? {
    guard let f = focusedFace else { return nil }
    let r = navigator.focusContentRect
    return try faceGeometry(
      state: f.face, style: f.style, bounds: Rect(x: 0, y: 0, width: r.width, height: r.height))
  }

  /// A title for the document: the scene and its happiness.
  func title(of scene: Scene<SceneContent>) -> String {
    if case .face(let f) = scene.content {
      // Concatenated, not interpolated: a batch titles every row's document.
      return scene.title + ": happiness " + formatNumber(f.face.happiness)
    }
    return scene.title
  }

  /// A scene's content inside `rect`: its face and features, or the menu's buttons (for a
  /// host that lays the screen out itself, as `play` does in the terminal).
  public func contentItems(_ scene: Scene<SceneContent>, in rect: Rect, invoke: Invoke) throws
    -> [Item]
  {
    switch scene.content {
    case .empty: return []
    case .menu: return menuItems(in: rect)
    case .face(let f):
      let g: FaceGeometry
      do { g = try faceGeometry(state: f.face, style: f.style, bounds: rect) } catch {
        throw sessionError("cannot draw the face: \(error)")
      }
      var items = g.items()
      // Strokes live in Swift, outside the Lua memory cap: bound them per face too, or
      // thousands of features could each draw their 10000.
      var strokesLeft = Pen.maxStrokesPerFace
      for feature in script.registry.features
      where script.registry.drawsEverywhere(feature) || f.features.contains(feature.name) {
        let drawn = try draw(feature, f, g, clip: rect, limit: strokesLeft, invoke: invoke)
        strokesLeft -= drawn.count
        items += drawn
      }
      return items
    }
  }

  /// The menu: one button a row, diagnoses then segues.
  func menuItems(in rect: Rect) -> [Item] {
    let tint = Color(r: 0, g: 122, b: 255)
    var items: [Item] = []
    for (i, name) in buttons.enumerated() {
      let y = rect.y + 16 + Double(i) * 48
      guard y + 40 <= rect.maxY else { break }
      let frame = Rect(x: rect.x + 16, y: y, width: max(rect.width - 32, 10), height: 40)
      items.append(Item(.rect(frame), paint: Paint(stroke: .gray, lineWidth: 1)))
      items.append(
        Item(
          .text(name, at: Point(frame.x + 14, frame.y + 26), size: 17),
          paint: Paint(stroke: nil, fill: tint)))
    }
    return items
  }

  /// Runs a feature's Lua `draw(face, pen)` and returns what it drew, clipped to the view.
  func draw(
    _ feature: Feature, _ f: FaceScene, _ g: FaceGeometry, clip: Rect,
    limit: Int = Pen.maxStrokes, invoke: Invoke
  ) throws -> [Item] {
    guard let draw = feature.draw else { return [] }
    let pen = Pen(geometry: g, clip: clip, limit: limit)
    let expression: LuaValue =
      f.face.expression.map { e in
        .map([
          "mouth": e.mouth.map { .number($0) } ?? .nil, "eyes": .number(e.eyes),
          "brows": e.brows.map { .number($0) } ?? .nil,
        ])
      } ?? .map(["eyes": 1])
    let face: LuaValue = .map([
      "size": .number(g.size), "happiness": .number(f.face.happiness),
      "smile": .number(f.face.smile), "scale": .number(f.face.scale), "expression": expression,
    ])
    let penValue = try script.state.userdata(pen, as: Pen.luaClass)
    do {
      _ = try invoke(draw, [face, penValue])
    } catch var e as LuaError {
      if e.location == nil { e.location = feature.location }
      // A feature that draws a face drawing itself would otherwise say so once a level.
      let prefix = "feature '\(feature.name)': "
      if !e.message.hasPrefix(prefix) { e.message = prefix + e.message }
      throw e
    }
    pen.closed = true
    return pen.items
  }

  // MARK: The whole screen

  func screenDrawing(invoke: Invoke) throws -> Drawing {
    let layout = navigator.layout()
    let s = layout.screen
    var items: [Item] = []
    let barFill = Color(r: 247, g: 247, b: 247)
    let line = Color(r: 178, g: 178, b: 178)
    let dark = Color(r: 30, g: 30, b: 30)
    items.append(Item(.rect(rect(layout.statusBar)), paint: Paint(stroke: nil, fill: dark)))
    items.append(
      Item(
        .text("\(device.rawValue) \(orientation.rawValue)", at: Point(6, 15), size: 12),
        paint: Paint(stroke: nil, fill: .white)))
    var dividerDrawn = false
    func divider() {
      if !dividerDrawn, let d = layout.divider {
        // A stroke, not a filled rect: the terminal draws fills as background (they clear
        // what lies below), so a filled 1-point divider vanished there.
        let x = d.x + d.width / 2
        items.append(
          Item(
            .line(Point(x, d.y), Point(x, d.y + d.height)),
            paint: Paint(stroke: line, lineWidth: d.width)))
      }
      dividerDrawn = true
    }
    for pane in layout.panes {
      if !dividerDrawn, pane.role == .modal || pane.role == .popover {
        divider()
        if layout.dimmed {
          let below = Rect(
            x: 0, y: layout.statusBar.maxY, width: s.width, height: s.height - layout.statusBar.maxY
          )
          items.append(Item(.rect(below), paint: Paint(stroke: nil, fill: .black, opacity: 0.4)))
        }
      }
      let frame = rect(pane.frame)
      let border: Color? = pane.role == .popover || pane.role == .modal ? dark : nil
      items.append(Item(.rect(frame), paint: Paint(stroke: border, lineWidth: 2, fill: .white)))
      if let bar = pane.navigationBar {
        let b = rect(bar)
        items.append(Item(.rect(b), paint: Paint(stroke: nil, fill: barFill)))
        items.append(
          Item(
            .line(Point(b.x, b.maxY), Point(b.maxX, b.maxY)),
            paint: Paint(stroke: line, lineWidth: 1)))
        let titleWidth = Double(pane.title.count) * 9.5
        items.append(
          Item(
            .text(pane.title, at: Point(b.midX - titleWidth / 2, b.midY + 6), size: 17),
            paint: Paint(stroke: nil, fill: .black)))
        if var back = pane.backTitle {
          // iOS shortens a back title that would run into the title.
          if Double(back.count + 2) * 9.5 + 16 > b.width / 2 - titleWidth / 2 { back = "Back" }
          items.append(
            Item(
              .text("‹ " + back, at: Point(b.x + 8, b.midY + 6), size: 17),
              paint: Paint(stroke: nil, fill: Color(r: 0, g: 122, b: 255))))
        }
      }
      if let scene = pane.scene {
        items += try contentItems(scene, in: rect(pane.contentRect), invoke: invoke)
      }
    }
    divider()
    return Drawing(
      width: s.width, height: s.height, title: title(of: navigator.focus), background: .white,
      items: items)
  }

  private func rect(_ r: StoryboardRect) -> Rect {
    Rect(x: r.x, y: r.y, width: r.width, height: r.height)
  }
}

/// The `pen` a feature draws with: face units (origin at the face's centre, 1 = the head's
/// radius, y down), turned into points and clipped to the view.
final class Pen {
  let center: Point
  let unit: Double
  let clip: Rect
  var color: Color
  var width: Double
  var current: Point?
  var items: [Item] = []
  var closed = false

  /// Strokes one feature may draw.
  static let maxStrokes = 10_000
  /// Strokes all the features of one face may draw together.
  static let maxStrokesPerFace = 100_000
  let limit: Int

  init(geometry g: FaceGeometry, clip: Rect, limit: Int = Pen.maxStrokes) {
    self.limit = min(limit, Pen.maxStrokes)
    center = g.center
    unit = g.size
    self.clip = clip
    color = g.color
    width = g.lineWidth
  }

  func point(_ x: Double, _ y: Double) -> Point { Point(center.x + x * unit, center.y + y * unit) }

  func add(_ shape: Shape) throws {
    guard !closed else { throw sessionError("the pen is used after its feature returned") }
    guard items.count < limit else {
      throw sessionError(
        limit < Pen.maxStrokes
          ? "the features of one face may draw at most \(Pen.maxStrokesPerFace) strokes in all"
          : "a feature may draw at most \(Pen.maxStrokes) strokes")
    }
    items.append(Item(shape, paint: Paint(stroke: color, lineWidth: width), clip: clip))
  }

  /// Reads n finite numbers from the call's arguments 2…n+1.
  static func numbers(_ call: LuaCall, _ n: Int, _ what: String) throws -> [Double] {
    var out: [Double] = []
    for i in 2..<(2 + n) {
      guard let v = call.number(i), v.isFinite else {
        throw sessionError(
          "pen:\(what) needs \(plural(n, "finite number")) (argument \(i - 1) is \(call.typeName(i)))"
        )
      }
      out.append(v)
    }
    return out
  }

  nonisolated(unsafe) static let luaClass: LuaClass<Pen> = {
    let cls = LuaClass<Pen>(name: "pen")
    func method(_ name: String, _ body: @escaping (Pen, LuaCall) throws -> Void) {
      cls.method(name) { call in
        guard let pen = call.object(1, cls) else {
          throw sessionError("pen:\(name) must be called with ':' (pen:\(name)(…))")
        }
        try body(pen, call)
      }
    }
    method("move") { pen, call in
      let v = try numbers(call, 2, "move")
      pen.current = pen.point(v[0], v[1])
    }
    method("line") { pen, call in
      let v = try numbers(call, 2, "line")
      let to = pen.point(v[0], v[1])
      if let from = pen.current { try pen.add(.line(from, to)) }
      pen.current = to
    }
    method("curve") { pen, call in
      let v = try numbers(call, 6, "curve")
      let to = pen.point(v[4], v[5])
      guard let from = pen.current else { throw sessionError("pen:curve needs a pen:move first") }
      try pen.add(.cubic(from, pen.point(v[0], v[1]), pen.point(v[2], v[3]), to))
      pen.current = to
    }
    method("circle") { pen, call in
      let v = try numbers(call, 3, "circle")
      try pen.add(.circle(center: pen.point(v[0], v[1]), radius: abs(v[2]) * pen.unit))
    }
    method("arc") { pen, call in
      // arc(x, y, r, from, to): angles in radians, clockwise on screen (y down)
      let v = try numbers(call, 5, "arc")
      let steps = max(8, min(256, Int(abs(v[4] - v[3]) * 16)))
      var points: [Point] = []
      for i in 0...steps {
        let a = v[3] + (v[4] - v[3]) * Double(i) / Double(steps)
        points.append(pen.point(v[0] + v[2] * cos(a), v[1] + v[2] * sin(a)))
      }
      try pen.add(.polyline(points))
      pen.current = points.last
    }
    method("color") { pen, call in
      guard let name = call.string(2), let c = Color(parsing: name) else {
        throw sessionError(
          "pen:color needs a colour name or #rrggbb (got \(call.string(2) ?? call.typeName(2)))")
      }
      pen.color = c
    }
    method("width") { pen, call in
      let v = try numbers(call, 1, "width")
      guard v[0] > 0, v[0] <= 100 else {
        throw sessionError("pen:width must be above 0 and at most 100")
      }
      pen.width = v[0]
    }
    return cls
  }()
}
