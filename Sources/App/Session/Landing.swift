import Declarations
import Face
import Files
import Geometry
import LuaHost
import Storyboard

/// How a landing's scene comes on screen: a built-in kind, which Storyboard performs, or a
/// `segue_kind` whose Lua `perform` navigates.
public enum LandingKind {
  /// push, modal, popover or replace.
  case builtin(SegueKind)
  /// A `segue_kind` declared in Lua, and its `perform` function.
  case custom(CustomKind, perform: LuaReference)
}

/// Where a tap lands, worked out before anything navigates: the face it diagnosed (its
/// happiness, expression, channels, style and features), the scene that shows it, and the
/// segue and kind that bring that scene on screen. `Evaluator` makes one;
/// `Session.apply(_:)` navigates to it, and a batch paints it without navigating.
public struct Landing {
  /// The value the tap diagnosed (the seed's `diagnosis`); nil when a segue was performed
  /// from the menu, which keeps the last one.
  public var diagnosis: Double?
  /// The destination scene's title.
  public var title: String
  /// The face the destination scene shows (a menu's: the diagnosis in effect, drawn nowhere).
  public var face: FaceScene
  /// The menu the destination scene shows instead of a face (`segue … { menu = … }`).
  public var menu: String? = nil
  /// The segue performed.
  public var segue: Segue
  /// Its kind on the device.
  public var kind: LandingKind
  /// The menu button tapped (a popover hangs from it).
  public var button: String
  /// The segue's `ctx` table, which a custom kind's `perform` gets too (`.nil` when no Lua
  /// reads it: a built-in kind and a happiness that is a number).
  public var context: LuaValue
  /// Where the face is drawn, when the evaluation was given the place of each built-in kind
  /// (`StartRects`, a batch's start screen); nil: known once the landing is applied.
  public var contentRect: Rect? = nil

  /// The destination scene, as the navigator holds it.
  public var scene: Scene<SceneContent> {
    Scene(title: title, content: menu.map { .menu($0) } ?? .face(face))
  }
  /// The face's happiness.
  public var happiness: Double { face.face.happiness }
  /// The title of a document of the face alone (a batch row's file, `show`'s SVG).
  public var documentTitle: String { faceDocumentTitle(title, face) }
}
