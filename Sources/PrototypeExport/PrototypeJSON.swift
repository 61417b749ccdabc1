import App
import Declarations
import Files
import Geometry
import Render
import StoryboardCanvas

/// JSON text for the prototype page's data, written by hand: a few shapes of value, and
/// text that stays inside a `<script>` element (no `<` ever appears raw).
struct PrototypeJSON {
  private(set) var text = ""

  /// A number as SVG writes one (at most two decimals; integers bare).
  static func number(_ v: Double) -> String { SVGNumber.string(v.isFinite ? v : 0) }

  /// A string literal. Quotes, backslashes, controls, the line separators JavaScript once
  /// refused and `<`, `>`, `&` (so no `</script>` can end the element) are `\u` escapes.
  static func string(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
      guard u.value < 0x20 || "\"\\<>&\u{2028}\u{2029}".unicodeScalars.contains(u) else {
        out.unicodeScalars.append(u)
        continue
      }
      let hex = String(u.value, radix: 16)
      out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }
    return out + "\""
  }

  /// `[x, y, width, height]`, or `null`.
  static func rect(_ r: Rect?) -> String {
    guard let r else { return "null" }
    return "[" + [r.x, r.y, r.width, r.height].map(number).joined(separator: ",") + "]"
  }

  /// An index, or `null`.
  static func index(_ i: Int?) -> String { i.map(String.init) ?? "null" }

  /// An object of already written members, in the order given.
  static func object(_ members: [(String, String)]) -> String {
    "{" + members.map { string($0.0) + ":" + $0.1 }.joined(separator: ",") + "}"
  }

  /// An array of already written values.
  static func array(_ values: [String]) -> String { "[" + values.joined(separator: ",") + "]" }
}

extension PrototypeBuilder {
  /// Everything the page's script reads: the states, edges, tracks and starts.
  func json(duration: Double) -> String {
    typealias J = PrototypeJSON
    let states = self.states.map { s -> String in
      var members: [(String, String)] = [
        ("d", J.string(s.device.rawValue)), ("o", J.string(s.orientation.rawValue)),
        ("w", J.number(s.width)), ("h", J.number(s.height)), ("title", J.string(s.title)),
        ("below", J.array(s.below.map(String.init))), ("above", J.array(s.above.map(String.init))),
        ("back", J.index(s.back)), ("backRect", J.rect(s.backRect)),
        ("bar", J.index(s.bar)), ("barRect", J.rect(s.barRect)),
        ("outside", J.index(s.outside)), ("popover", J.rect(s.popover)),
        ("rotate", J.index(s.rotate)), ("down", J.index(s.scrollDown)),
        ("up", J.index(s.scrollUp)),
      ]
      if let f = s.face {
        members.append(
          (
            "face",
            J.object([
              ("r", J.rect(f.rect)), ("h", J.number(f.happiness)), ("s", J.number(f.scale)),
              ("exact", J.index(f.exact)), ("steps", J.array(f.steps.map { J.index($0) })),
            ])
          ))
      }
      let hits = s.hits.map { h in
        J.object([
          ("r", J.rect(h.rect)), ("name", J.string(h.name)),
          ("title", J.string(h.title)),
          ("e", J.array(h.edges.map(J.index))), ("in", J.array(h.inputs.map(J.string))),
        ])
      }
      members.append(("hits", J.array(hits)))
      return J.object(members)
    }
    let edges = self.edges.map { e in
      J.object([
        ("to", String(e.to)),
        (
          "l",
          e.layers.map { layers in
            J.array(
              layers.map { l in
                J.object(
                  [("f", String(l.fragment)), ("win", J.rect(l.window)), ("t", J.index(l.track))]
                    + (l.isFace ? [("face", "true")] : []))
              })
          } ?? "null"
        ),
      ])
    }
    let tracks = self.tracks.map { J.array($0.map(J.number)) }
    let starts = J.object(starts.map { ($0.0.rawValue, String($0.1)) })
    return J.object([
      ("duration", J.number(duration)), ("samples", String(PrototypeBuilder.samples)),
      ("steps", J.array(Prototype.happinessSteps.map(J.number))),
      ("starts", starts), ("states", J.array(states)), ("edges", J.array(edges)),
      ("tracks", J.array(tracks)),
    ])
  }
}
