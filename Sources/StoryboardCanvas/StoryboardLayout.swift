import App
import Declarations
import Files
import Geometry
import Readable

/// Where Graphviz's `dot` puts the storyboard's nodes and how it routes its edges, in the
/// canvas's points (y downwards). The graph goes to `dot` as text (`StoryboardGraph.dot`),
/// its answer comes back in dot's plain format: this project lays out nothing itself.
public struct StoryboardLayout: Equatable, Sendable {
  /// The graph's width in points.
  public var width: Double
  /// The graph's height in points.
  public var height: Double
  /// Each node's box, by id.
  public var boxes: [String: Rect]
  /// Each edge's route (by its index in the graph's edges): a cubic B-spline's points as
  /// dot gives them, start, then three points a piece.
  public var routes: [Int: [Point]]
  /// Where each edge's label goes (its centre), by index, for the edges with one.
  public var labels: [Int: Point]
}

/// What goes wrong laying a storyboard out.
public enum StoryboardLayoutError: Error, CustomStringConvertible {
  /// `dot` is not installed.
  case dotMissing
  /// `dot` failed, or its answer was not understood.
  case dotFailed(String)
  /// `dot` ran past the time it was given (the seconds) and was stopped.
  case timeLimit(Double)

  /// One line for a person.
  public var description: String {
    switch self {
    case .dotMissing:
      "the storyboard's layout needs Graphviz's 'dot', which is not installed (Debian: apt-get install graphviz; scripts/bootstrap installs it); --format dot writes the graph without it"
    case .dotFailed(let why): "laying the storyboard out with Graphviz's dot failed: \(why)"
    case .timeLimit(let s):
      "Graphviz's dot did not lay the storyboard out within \(formatNumber(s)) s and was stopped"
    }
  }
}

extension StoryboardGraph {
  /// The graph in dot's language, each node `size` points (by id) and each edge labelled
  /// with its segue and kind: what `dot` lays out, and what `--format dot` writes for a
  /// person's own tools.
  public func dot(sizes: [String: Size]) -> String {
    var out = "digraph storyboard {\n"
    out += "  graph [rankdir=LR, nodesep=0.5, ranksep=0.9, fontname=\"Helvetica\"];\n"
    out += "  node [shape=box, fixedsize=true, fontname=\"Helvetica\", fontsize=12];\n"
    out += "  edge [fontname=\"Helvetica\", fontsize=11];\n"
    out += "  initial [shape=point, width=0.06, height=0.06, label=\"\"];\n"
    for n in nodes {
      let size = sizes[n.id] ?? Size(width: 100, height: 100)
      out +=
        "  \(n.id) [label=\(dotString(n.title)), width=\(inches(size.width)), height=\(inches(size.height))"
      if !n.problems.isEmpty || !n.reachable { out += ", color=red" }
      out += "];\n"
    }
    for e in edges {
      out += "  \(e.from ?? "initial") -> \(e.to)"
      var attributes: [String] = []
      if let label = edgeLabel(e) { attributes.append("label=" + dotString(label)) }
      if e.button != nil { attributes.append("tailport=e") }
      if e.from != nil { attributes.append("headport=w") }
      if case .relationship = e.role { attributes.append("style=dashed") }
      if !e.problems.isEmpty { attributes.append("color=red") }
      if !attributes.isEmpty { out += " [" + attributes.joined(separator: ", ") + "]" }
      out += ";\n"
    }
    return out + "}\n"
  }

  /// The label an edge has in dot: a segue's identifier over its kind, and the button that
  /// performs it when another arrow reads the same (the room the canvas draws it in).
  func edgeLabel(_ e: Edge) -> String? {
    switch e.role {
    case .initial: nil
    case .segue(let id, let kind):
      id + "\n" + (kind ?? "no kind") + (sharedLabelButton(e).map { "\n" + $0 } ?? "")
    case .relationship(let which): which
    }
  }

  /// The button an arrow leaves from when another arrow has the same segue and kind (one
  /// segue performed by many buttons), so their labels can be told apart; else nil.
  public func sharedLabelButton(_ e: Edge) -> String? {
    guard case .segue = e.role, let button = e.button else { return nil }
    let twin = edges.contains { $0.role == e.role && $0.button != e.button }
    return twin ? button : nil
  }

  /// The graph laid out by `dot` (run with a deadline of `seconds`).
  public func layout(sizes: [String: Size], seconds: Double = 30) throws(StoryboardLayoutError)
    -> StoryboardLayout
  {
    let text = dot(sizes: sizes)
    let plain: [UInt8]
    do {
      // Without arrowheads dot's routes end at the boxes; the canvas draws its own heads.
      plain = try ChildProcess.run(
        "dot", ["-Tplain", "-Earrowhead=none"], input: Array(text.utf8), seconds: seconds)
    } catch .notFound {
      throw .dotMissing
    } catch .timeLimit(_, let s) {
      throw .timeLimit(s)
    } catch {
      throw .dotFailed(error.description)
    }
    return try readPlain(String(decoding: plain, as: UTF8.self))
  }

  /// dot's plain answer read into points: nodes by id, edges matched to this graph's by
  /// their ends and label, in order.
  func readPlain(_ text: String) throws(StoryboardLayoutError) -> StoryboardLayout {
    var layout = StoryboardLayout(width: 0, height: 0, boxes: [:], routes: [:], labels: [:])
    var height = 0.0
    // The edges not yet matched, by their ends.
    var waiting: [String: [Int]] = [:]
    for (i, e) in edges.enumerated() {
      waiting[(e.from ?? "initial") + " " + e.to, default: []].append(i)
    }
    func number(_ t: String) throws(StoryboardLayoutError) -> Double {
      // Inches to points within what any canvas could be: 1e308 inches would be infinite.
      guard let v = Double(t), v.isFinite, abs(v) <= 1e9 else {
        throw .dotFailed("'\(t)' is not a number of inches a canvas can have")
      }
      return v * 72
    }
    for line in text.split(separator: "\n") {
      let t = plainTokens(line)
      guard let head = t.first else { continue }
      switch head {
      case "graph" where t.count >= 4:
        layout.width = try number(t[2])
        height = try number(t[3])
        layout.height = height
      case "node" where t.count >= 6:
        let (x, y, w, h) = (try number(t[2]), try number(t[3]), try number(t[4]), try number(t[5]))
        layout.boxes[t[1]] = Rect(x: x - w / 2, y: height - y - h / 2, width: w, height: h)
      case "edge" where t.count >= 4:
        // Counted against the words there are, never multiplied: a child's count (2^62)
        // must not overflow.
        guard let n = Int(t[3]), n > 0, n <= (t.count - 4) / 2 else {
          throw .dotFailed("an edge line is cut short")
        }
        var points: [Point] = []
        for k in 0..<n {
          points.append(Point(try number(t[4 + 2 * k]), height - (try number(t[5 + 2 * k]))))
        }
        let rest = Array(t[(4 + 2 * n)...])
        let key = t[1] + " " + t[2]
        guard var candidates = waiting[key], !candidates.isEmpty else { continue }
        // Two edges between the same scenes: their labels tell them apart.
        var pick = 0
        if rest.count >= 5, candidates.count > 1 {
          pick =
            candidates.firstIndex { edgeLabel(edges[$0]).map(escapedForDot) == rest[0] } ?? 0
        }
        let index = candidates.remove(at: pick)
        waiting[key] = candidates
        layout.routes[index] = points
        if rest.count >= 5 {
          layout.labels[index] = Point(try number(rest[1]), height - (try number(rest[2])))
        }
      default: continue
      }
    }
    for n in nodes where layout.boxes[n.id] == nil {
      throw .dotFailed("dot placed no node '\(n.id)'")
    }
    return layout
  }
}

/// A length in points as dot's inches.
private func inches(_ points: Double) -> String {
  let v = (max(points, 1) / 72 * 10000).rounded() / 10000
  return "\(v)"
}

/// `s` with what a quoted dot string must escape escaped, control characters as spaces.
private func escapedForDot(_ s: String) -> String {
  var out = ""
  for u in s.unicodeScalars {
    switch u {
    case "\\": out += "\\\\"
    case "\"": out += "\\\""
    case "\n": out += "\\n"
    default: out.unicodeScalars.append(u.value < 32 || u.value == 127 ? " " : u)
    }
  }
  return out
}

/// `s` as a quoted dot string.
private func dotString(_ s: String) -> String { "\"" + escapedForDot(s) + "\"" }

/// A line of dot's plain format split into its words; a quoted word keeps its escapes.
private func plainTokens(_ line: Substring) -> [String] {
  var tokens: [String] = []
  var current = ""
  var inQuotes = false
  var escaped = false
  var started = false
  for c in line {
    if inQuotes {
      if escaped {
        current.append(c)
        escaped = false
      } else if c == "\\" {
        current.append(c)
        escaped = true
      } else if c == "\"" {
        inQuotes = false
      } else {
        current.append(c)
      }
    } else if c == " " {
      if started { tokens.append(current) }
      current = ""
      started = false
    } else if c == "\"" {
      inQuotes = true
      started = true
    } else {
      current.append(c)
      started = true
    }
  }
  if started { tokens.append(current) }
  return tokens
}
