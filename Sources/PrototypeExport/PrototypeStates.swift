import App
import Declarations
import Face
import Files
import Geometry
import LuaHost
import Readable
import Render
import Storyboard

/// One screen of an exported prototype: what the page draws (the screen below and above
/// the focused face, the face at each happiness step) and where each click leads. A screen
/// is one whatever its menus' scroll: the page draws a menu at the scroll it has
/// (`PrototypeMenu`), so a long menu is one screen, not one a scroll position.
struct PrototypeState {
  var device: Device
  var orientation: Orientation
  var width: Double
  var height: Double
  /// The focused scene's title (the page shows it, and a test reads it).
  var title: String
  /// Pieces drawn under the face (the whole screen when no face is focused) and over it:
  /// fragments (the status bar, a pane's chrome, the dimming), so a pane that many states
  /// show (the iPad's master) is stored once, and menus, which the page scrolls.
  var below: [PrototypePiece]
  var above: [PrototypePiece]
  var face: PrototypeFace?
  /// The menus whose buttons a click reaches, frontmost first (a popover's alone while one
  /// shows: a click elsewhere dismisses it), and where a click on each button leads.
  var menus: [PrototypeMenuHits] = []
  /// The menu the wheel scrolls (the frontmost on screen), if one is.
  var scrolls: Int?
  /// The back button's place in the bar, if the bar has one, and where going back leads.
  var backRect: Rect?
  var back: Int?
  /// The iPad's bar button in portrait (the master's popover), and the edge it takes.
  var barRect: Rect?
  var bar: Int?
  /// Where a click outside a popover leads (it dismisses it), and the popover's frame.
  var outside: Int?
  var popover: Rect?
  /// The state a quarter turn leads to.
  var rotate: Int?
}

/// A piece of a screen the page draws: a fragment, or a menu at the page's scroll.
enum PrototypePiece {
  case fragment(Int)
  case menu(Int)
}

/// A menu as the page draws it at any scroll: each button drawn once in the first row
/// (the page moves it to its row), the scroll indicator drawn at the top (the page moves
/// it by `indicatorStep` a button scrolled), and what each button is.
struct PrototypeMenu {
  /// The menu's name (nil: the root).
  var name: String?
  /// The menu's content rect, and the first row's button in it.
  var rect: Rect
  var row: Rect
  /// From one row to the next, and how many rows there are room for.
  var pitch: Double
  var slots: Int
  /// Each button's fragment (nil: nothing drawn), name, title and inputs' labels.
  var buttons: [Int?]
  var names: [String]
  var titles: [String]
  var inputs: [[String]]
  var indicator: Int?
  var indicatorStep: Double
}

/// Where a click on each button of a menu on one screen leads: one edge per input (nil
/// where that tap failed), or, for a button whose tap hangs a popover from it, one such
/// list per row it can be in (the popover's place follows the row).
struct PrototypeMenuHits {
  var menu: Int
  var buttons: [PrototypeButtonEdges]
}

/// The edges of one button's clicks: per input, and per row where the row matters.
struct PrototypeButtonEdges {
  var edges: [Int?]
  var byRow: [[Int?]?]? = nil
}

/// The focused face: its content rect and the fragments of it across the happiness range.
struct PrototypeFace {
  var rect: Rect
  var happiness: Double
  var scale: Double
  /// The face as tapped, at its own happiness.
  var exact: Int
  /// The face at each of `Prototype.happinessSteps`.
  var steps: [Int]
}

/// A step from one state to another and the transition that shows it (nil: a cut).
struct PrototypeEdge {
  var to: Int
  var layers: [PrototypeLayer]?
}

/// A layer of a transition: a fragment (or a menu, drawn at the page's scroll), the window
/// it moves in, its placings sampled.
struct PrototypeLayer {
  var fragment: Int?
  var menu: Int? = nil
  var window: Rect?
  /// An index into the shared tracks; nil: it does not move.
  var track: Int?
  /// Whether the layer is the focused face of the state the edge leaves: the page draws
  /// the face as a drag and the wheel left it there, not as it was tapped.
  var isFace = false
}

/// The bytes an array of `count` elements of `T` holds (its header and its elements), as
/// the walk counts what it keeps against the memory limit.
func arrayBytes<T>(_ count: Int, of _: T.Type) -> Int {
  count == 0 ? 0 : 32 + count * MemoryLayout<T>.stride
}

extension PrototypeState {
  /// About the bytes the state holds: its record, its pieces and where its buttons lead.
  var bytes: Int {
    var total = MemoryLayout<PrototypeState>.stride + title.utf8.count
    total += arrayBytes(below.count + above.count, of: PrototypePiece.self)
    total += face.map { arrayBytes($0.steps.count, of: Int.self) } ?? 0
    total += arrayBytes(menus.count, of: PrototypeMenuHits.self)
    for hits in menus {
      total += arrayBytes(hits.buttons.count, of: PrototypeButtonEdges.self)
      for b in hits.buttons {
        total += arrayBytes(b.edges.count, of: Int?.self)
        for row in b.byRow ?? [] { total += arrayBytes(row?.count ?? 0, of: Int?.self) }
      }
    }
    return total
  }
}

extension PrototypeEdge {
  /// About the bytes the edge holds: its record and its layers.
  var bytes: Int {
    MemoryLayout<PrototypeEdge>.stride + arrayBytes(layers?.count ?? 0, of: PrototypeLayer.self)
  }
}
