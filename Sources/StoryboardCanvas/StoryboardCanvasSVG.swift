import App
import Declarations
import Files
import Geometry
import Render
import TextMetrics

/// The storyboard canvas written as SVG from dot's positions: each scene a `<g
/// class="scene">` holding its screen (the document `show --screen` writes, nested and
/// scaled, its ids prefixed with the node's), each segue a `<g class="segue">` whose path
/// starts at its button and ends at its destination's box.
extension StoryboardCanvas {
  /// The canvas's margin around dot's graph, and the heading's band above it.
  static let margin = 24.0
  static let heading = 30.0
  static let red = "#d0021b"
  /// The canvas's text fonts: the screens' list, so any script's names show and measure.
  static let families = TextWidth.families.joined(separator: ", ")

  func compose(_ layout: StoryboardLayout) -> [UInt8] {
    let m = Self.margin
    let origin = Point(m, m + Self.heading)
    let problemLines = problems.flatMap {
      wrapped($0.description, room: Self.noteRoom(max(layout.width, 400)), lines: 3)
    }
    let width = max(layout.width + 2 * m, 420)
    let height =
      layout.height + 2 * m + Self.heading
      + (problemLines.isEmpty ? 0 : 24 + Double(problemLines.count) * 14)
    var out = SVGWriter()
    let heading =
      "Storyboard: \(graph.nodes.first?.title ?? "") on \(graph.device.rawValue) \(screenSize.width > screenSize.height ? "landscape" : "portrait")"
    out.startDocument(width: n(width), height: n(height), title: heading, background: "#e6e9ee")
    element(
      "text",
      [
        ("class", "heading"), ("x", n(m)), ("y", n(m + 14)), ("font-family", Self.families),
        ("font-size", "15"), ("font-weight", "bold"), ("fill", "#3a3f47"),
      ], heading, &out)
    func moved(_ r: Rect) -> Rect {
      Rect(x: r.x + origin.x, y: r.y + origin.y, width: r.width, height: r.height)
    }
    for node in graph.nodes {
      guard let box = layout.boxes[node.id] else { continue }
      appendNode(node, in: moved(box), &out)
    }
    let boxes = layout.boxes.mapValues(moved)
    var drawn: [Int: (points: [Point], tail: Point?)] = [:]
    for (i, edge) in graph.edges.enumerated() {
      guard let route = layout.routes[i], route.count >= 2 else { continue }
      drawn[i] = drawnRoute(
        edge, route.map { Point($0.x + origin.x, $0.y + origin.y) }, boxes: boxes)
    }
    let clearance = LabelClearance(routes: drawn.mapValues(\.points))
    for (i, edge) in graph.edges.enumerated() {
      guard let route = drawn[i] else { continue }
      var label = layout.labels[i].map { Point($0.x + origin.x, $0.y + origin.y) }
      if let l = label, let size = labelSize(edge) {
        label = clearance.place(l, size: size)
      }
      appendEdge(edge, index: i, route: route.points, tail: route.tail, label: label, &out)
    }
    if !problemLines.isEmpty {
      out.open("g")
      out.attribute("class", "problems")
      out.attribute("font-family", Self.families)
      out.attribute("fill", Self.red)
      out.endStart()
      var y = origin.y + layout.height + m + 10
      element(
        "text", [("x", n(m)), ("y", n(y)), ("font-size", "13"), ("font-weight", "bold")],
        "Problems (check reports them too)", &out)
      for line in problemLines {
        y += 14
        element("text", [("x", n(m)), ("y", n(y)), ("font-size", "11")], line, &out)
      }
      out.close()
    }
    out.endDocument()
    return out.bytes
  }

  /// A node: the scene's screen in a frame with its title under it (red when a problem
  /// or failure is at it, or no person reaches it), or the split view's or detail's box.
  private func appendNode(_ node: StoryboardGraph.Node, in box: Rect, _ out: inout SVGWriter) {
    let notes = notes(of: node)
    let faulty = !notes.isEmpty
    let outline = faulty ? Self.red : "#8a9099"
    let className = node.isScene ? "scene" : node.role == .splitView ? "split-view" : "detail"
    out.open("g")
    out.attribute("class", className)
    out.attribute("id", "scene-" + node.id)
    if faulty { out.attribute("data-problem", "true") }
    out.endStart()
    element(
      "rect",
      [
        ("class", "box"), ("x", n(box.x)), ("y", n(box.y)), ("width", n(box.width)),
        ("height", n(box.height)), ("fill", "none"), ("stroke", "none"),
      ], nil, &out)
    if node.role == .splitView {
      element(
        "rect",
        [
          ("x", n(box.x)), ("y", n(box.y)), ("width", n(box.width)), ("height", n(box.height)),
          ("rx", "8"), ("fill", "#ffffff"), ("stroke", outline), ("stroke-width", "1.5"),
        ], nil,
        &out)
      centredText("Split View Controller", x: box.midX, y: box.midY - 2, size: 12, bold: true, &out)
      centredText("master │ detail", x: box.midX, y: box.midY + 14, size: 10, bold: false, &out)
      out.close()
      return
    }
    let picture = Rect(
      x: box.x, y: box.y, width: box.width, height: screenSize.height * scale)
    if let screen = screens[node.id] {
      out.startGroup(
        class: "screen",
        transform: "translate(\(n(picture.x)) \(n(picture.y))) scale(\(n(scale, 5)))")
      out.drawing(screen.drawing, idPrefix: node.id + "-")
      out.close()
    } else {
      element(
        "rect",
        [
          ("x", n(picture.x)), ("y", n(picture.y)), ("width", n(picture.width)),
          ("height", n(picture.height)), ("fill", "#f7f8fa"), ("stroke-dasharray", "6 4"),
          ("stroke", "#8a9099"),
        ], nil, &out)
      if node.role == .detail {
        centredText("Detail", x: picture.midX, y: picture.midY - 4, size: 13, bold: true, &out)
        centredText(
          "empty until a segue replaces it", x: picture.midX, y: picture.midY + 12, size: 9,
          bold: false, &out)
      }
    }
    element(
      "rect",
      [
        ("class", "frame"), ("x", n(picture.x)), ("y", n(picture.y)), ("width", n(picture.width)),
        ("height", n(picture.height)), ("fill", "none"), ("stroke", outline),
        ("stroke-width", faulty ? "2.5" : "1"),
      ], nil, &out)
    centredText(
      node.title, x: box.midX, y: picture.maxY + 16, size: 12, bold: true, class: "title",
      color: faulty ? Self.red : "#2b2f36", &out)
    var y = picture.maxY + Self.titleBand + 8
    for line in notes {
      centredText(
        line, x: box.midX, y: y, size: 9, bold: false, class: "note", color: Self.red, &out)
      y += Self.noteLine
    }
    out.close()
  }

  /// An edge: its route as a path with an arrowhead at its destination; a segue's starts
  /// at its button (a dot on it) and carries its kind's badge and its identifier.
  private func appendEdge(
    _ edge: StoryboardGraph.Edge, index: Int, route points: [Point], tail: Point?,
    label: Point?, _ out: inout SVGWriter
  ) {
    let faulty = !edge.problems.isEmpty
    let color: String
    var attributes: [(String, String)]
    switch edge.role {
    case .initial:
      color = "#3a3f47"
      attributes = [("class", "initial")]
    case .segue(let id, let kind):
      color = faulty ? Self.red : Self.color(of: kind)
      attributes = [("class", "segue"), ("data-segue", id), ("data-kind", kind ?? "")]
    case .relationship(let which):
      color = "#7f8791"
      attributes = [("class", "relationship"), ("data-relationship", which)]
    }
    attributes.append(("id", "edge-\(index)"))
    if let from = edge.from { attributes.append(("data-from", "scene-" + from)) }
    attributes.append(("data-to", "scene-" + edge.to))
    if faulty { attributes.append(("data-problem", "true")) }
    out.open("g")
    for (k, v) in attributes { out.attribute(named: k, v) }
    out.endStart()
    var d = "M\(n(points[0].x)) \(n(points[0].y))"
    var i = 1
    while i + 2 < points.count {
      d +=
        " C\(n(points[i].x)) \(n(points[i].y)) \(n(points[i + 1].x)) \(n(points[i + 1].y)) \(n(points[i + 2].x)) \(n(points[i + 2].y))"
      i += 3
    }
    if i < points.count { for p in points[i...] { d += " L\(n(p.x)) \(n(p.y))" } }
    let dashed: [(String, String)] =
      edge.role == .relationship("master") || edge.role == .relationship("detail")
      ? [("stroke-dasharray", "7 4")] : []
    element(
      "path",
      [
        ("class", "arrow"), ("d", d), ("fill", "none"), ("stroke", color),
        ("stroke-width", edge.role == .initial ? "3" : "2"),
      ] + dashed, nil, &out)
    appendHead(from: points[points.count - 2], to: points[points.count - 1], color, &out)
    if let tail {
      element(
        "circle",
        [
          ("class", "tail"), ("cx", n(tail.x)), ("cy", n(tail.y)), ("r", "3.5"), ("fill", color),
          ("stroke", "#ffffff"), ("stroke-width", "1"),
        ], nil, &out)
    }
    if let label {
      switch edge.role {
      case .segue(let id, let kind):
        // A third line, the button, when other arrows read the same: dot centred all three.
        let button = graph.sharedLabelButton(edge)
        let y = label.y - (button == nil ? 0 : 7)
        appendBadge(kind ?? "no kind", at: Point(label.x, y - 8), color, &out)
        centredText(
          id, x: label.x, y: y + 14, size: 11, bold: false, class: "label",
          color: faulty ? Self.red : "#2b2f36", &out)
        if let button {
          centredText(
            "from " + button, x: label.x, y: y + 27, size: 10, bold: false, class: "via",
            color: "#5b6170", &out)
        }
      case .relationship(let which):
        appendBadge("⚭ " + which, at: label, color, &out)
      case .initial: break
      }
    }
    out.close()
  }

  /// An edge's route as the canvas draws it: from its button's right end, on its row, into
  /// dot's route (which leaves the scene's box); with that start, the tail's dot.
  private func drawnRoute(
    _ edge: StoryboardGraph.Edge, _ route: [Point], boxes: [String: Rect]
  ) -> (points: [Point], tail: Point?) {
    var points = route
    guard let button = edge.button, let from = edge.from, let box = boxes[from],
      let rect = screens[from]?.buttons[button]
    else { return (points, nil) }
    let start = Point(box.x + (rect.maxX - 10) * scale, box.y + rect.midY * scale)
    let dy = start.y - points[0].y
    points[0] = start
    if points.count > 1 { points[1].y += dy }
    return (points, start)
  }

  /// The box a segue's label is drawn in around its point (badge, identifier, and the
  /// button when shown), with room for an arrow to pass clear of it; nil for other labels.
  private func labelSize(_ edge: StoryboardGraph.Edge) -> Size? {
    guard case .segue(let id, let kind) = edge.role else { return nil }
    let button = graph.sharedLabelButton(edge)
    let width = max(
      TextWidth.of(id, size: 11, weight: .regular),
      TextWidth.of(kind ?? "no kind", size: 10.5, weight: .bold) + 12,
      button.map { TextWidth.of("from " + $0, size: 10, weight: .regular) } ?? 0)
    return Size(width: width + 16, height: button == nil ? 42 : 54)
  }

  /// A kind's badge: a rounded label in its colour reading the kind.
  private func appendBadge(
    _ text: String, at centre: Point, _ color: String, _ out: inout SVGWriter
  ) {
    let w = TextWidth.of(text, size: 10.5, weight: .bold) + 12
    out.startGroup(class: "badge")
    element(
      "rect",
      [
        ("x", n(centre.x - w / 2)), ("y", n(centre.y - 8)), ("width", n(w)), ("height", "16"),
        ("rx", "8"), ("fill", color),
      ], nil, &out)
    centredText(
      text, x: centre.x, y: centre.y + 4, size: 10.5, bold: true, class: "kind",
      color: "#ffffff", &out)
    out.close()
  }

  /// An arrowhead whose tip is `tip`, pointing along `from`→`tip`.
  private func appendHead(from: Point, to tip: Point, _ color: String, _ out: inout SVGWriter) {
    var (dx, dy) = (tip.x - from.x, tip.y - from.y)
    let length = (dx * dx + dy * dy).squareRoot()
    if length < 1e-6 { (dx, dy) = (1, 0) } else { (dx, dy) = (dx / length, dy / length) }
    let (l, w) = (11.0, 5.0)
    let base = Point(tip.x - dx * l, tip.y - dy * l)
    let a = Point(base.x - dy * w, base.y + dx * w)
    let b = Point(base.x + dy * w, base.y - dx * w)
    element(
      "polygon",
      [
        ("class", "head"),
        ("points", "\(n(tip.x)),\(n(tip.y)) \(n(a.x)),\(n(a.y)) \(n(b.x)),\(n(b.y))"),
        ("fill", color),
      ], nil, &out)
  }

  /// The colour of a kind's arrow and badge.
  static func color(of kind: String?) -> String {
    switch kind {
    case "push": "#2f6fdf"
    case "modal": "#d9822b"
    case "popover": "#8e44ad"
    case "replace": "#138a72"
    case nil: "#7f8791"
    default: "#3c9a3c"
    }
  }

  private func centredText(
    _ text: String, x: Double, y: Double, size: Double, bold: Bool, class name: String? = nil,
    color: String = "#2b2f36", _ out: inout SVGWriter
  ) {
    var a: [(String, String)] = name.map { [("class", $0)] } ?? []
    a += [
      ("x", n(x)), ("y", n(y)), ("text-anchor", "middle"), ("font-family", Self.families),
      ("font-size", n(size)), ("fill", color),
    ]
    if bold { a.append(("font-weight", "bold")) }
    element("text", a, text, &out)
  }
}

/// `<name a="v" …>text</name>`, or self-closed without text; text and values escaped.
private func element(
  _ name: StaticString, _ attributes: [(String, String)], _ text: String?,
  _ out: inout SVGWriter
) {
  out.open(name)
  for (k, v) in attributes { out.attribute(named: k, v) }
  if let text { out.endText(text) } else { out.endEmpty() }
}

/// A number as SVG writes it: at most `places` decimals, no trailing zeros.
private func n(_ v: Double, _ places: Int = 2) -> String {
  guard v.isFinite else { return "0" }
  var p = 1.0
  for _ in 0..<places { p *= 10 }
  let r = (v * p).rounded() / p
  if r == 0 { return "0" }
  if r == r.rounded(), abs(r) < 1e15 { return String(Int(r)) }
  return "\(r)"
}
