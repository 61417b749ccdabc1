import App
import Declarations
import Files
import Geometry
import Readable
import Render

/// The prototype page's data as JSON values: a few shapes of value, written compact and
/// escaped to stay inside a `<script>` element (no `<` ever appears raw).
enum PrototypeJSON {
  /// The page's layout: one line, strings escaped for a script element.
  static let layout = JSONLayout(brokenLevels: 0, spaced: false, escaping: .script)

  /// A number as SVG writes one (at most two decimals; integers bare).
  static func number(_ v: Double) -> JSONValue { .number(SVGNumber.string(v.isFinite ? v : 0)) }

  /// `[x, y, width, height]`, or `null`.
  static func rect(_ r: Rect?) -> JSONValue {
    guard let r else { return .null }
    return .array([r.x, r.y, r.width, r.height].map(number))
  }

  /// An index, or `null`.
  static func index(_ i: Int?) -> JSONValue { i.map(JSONValue.integer) ?? .null }

  /// Indices, as an array.
  static func indices(_ items: [Int]) -> JSONValue { .array(items.map(JSONValue.integer)) }

  /// Indices or nulls, as an array.
  static func indices(_ items: [Int?]) -> JSONValue { .array(items.map(index)) }

  /// A screen's pieces: a fragment's index, or `{"m": menu}` for a menu the page scrolls.
  static func pieces(_ pieces: [PrototypePiece]) -> JSONValue {
    .array(
      pieces.map { piece in
        switch piece {
        case .fragment(let f): .integer(f)
        case .menu(let m): .object([("m", .integer(m))])
        }
      })
  }

  /// A menu as the page draws it at any scroll.
  static func menu(_ m: PrototypeMenu) -> JSONValue {
    .object([
      ("r", rect(m.rect)), ("row", rect(m.row)), ("pitch", number(m.pitch)),
      ("slots", .integer(m.slots)), ("b", indices(m.buttons)), ("names", .strings(m.names)),
      ("titles", .strings(m.titles)), ("in", .array(m.inputs.map { .strings($0) })),
      ("ind", index(m.indicator)), ("step", number(m.indicatorStep)),
    ])
  }

  /// A clickable menu on a screen: its index and each button's edges (per input, and per
  /// row for a button a popover hangs from).
  static func hits(_ h: PrototypeMenuHits) -> JSONValue {
    let buttons = h.buttons.map { b -> JSONValue in
      var members: [(String, JSONValue)] = [("e", indices(b.edges))]
      if let rows = b.byRow { members.append(("k", .array(rows.map { $0.map(indices) ?? .null }))) }
      return .object(members)
    }
    return .object([("m", .integer(h.menu)), ("b", .array(buttons))])
  }
}

extension PrototypeBuilder {
  /// Everything the page's script reads: the states, edges, tracks and starts.
  func json(duration: Double) -> String {
    typealias J = PrototypeJSON
    let states = self.states.map { s -> JSONValue in
      var members: [(String, JSONValue)] = [
        ("d", .string(s.device.rawValue)), ("o", .string(s.orientation.rawValue)),
        ("w", J.number(s.width)), ("h", J.number(s.height)), ("title", .string(s.title)),
        ("below", J.pieces(s.below)), ("above", J.pieces(s.above)),
        ("back", J.index(s.back)), ("backRect", J.rect(s.backRect)),
        ("bar", J.index(s.bar)), ("barRect", J.rect(s.barRect)),
        ("outside", J.index(s.outside)), ("popover", J.rect(s.popover)),
        ("rotate", J.index(s.rotate)), ("scroll", J.index(s.scrolls)),
        ("menus", .array(s.menus.map(J.hits))),
      ]
      if let f = s.face {
        members.append(
          (
            "face",
            .object([
              ("r", J.rect(f.rect)), ("h", J.number(f.happiness)), ("s", J.number(f.scale)),
              ("exact", J.index(f.exact)), ("steps", .array(f.steps.map { J.index($0) })),
            ])
          ))
      }
      return .object(members)
    }
    let edges = self.edges.map { e -> JSONValue in
      .object([
        ("to", .integer(e.to)),
        (
          "l",
          e.layers.map { layers in
            .array(
              layers.map { l in
                .object(
                  [("f", J.index(l.fragment)), ("win", J.rect(l.window)), ("t", J.index(l.track))]
                    + (l.menu.map { [("m", .integer($0))] } ?? [])
                    + (l.isFace ? [("face", .bool(true))] : []))
              })
          } ?? .null
        ),
      ])
    }
    let tracks = self.tracks.map { JSONValue.array($0.map(J.number)) }
    let starts = JSONValue.object(starts.map { ($0.0.rawValue, .integer($0.1)) })
    return JSONValue.object([
      ("duration", J.number(duration)), ("samples", .integer(PrototypeBuilder.samples)),
      ("steps", .array(Prototype.happinessSteps.map(J.number))),
      ("starts", starts), ("states", .array(states)), ("edges", .array(edges)),
      ("tracks", .array(tracks)), ("menus", .array(menus.map(J.menu))),
    ]).text(J.layout)
  }
}
