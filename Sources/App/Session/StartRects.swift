import Declarations
import Files
import Geometry
import Storyboard

/// Where each built-in kind puts a tapped button's scene when the app is at its start (the
/// menu, and on an iPad an empty detail), found once by navigating a session there: a batch
/// lands every row from the start, so it paints each row where the first one landed.
public final class StartRects: LandingPlaces {
  /// The session navigated to find each place (restarted each time).
  private let session: Session
  /// The walk of its menus: a button's menu is reached once, then kept.
  private let reach: Reach
  /// The places found: by kind, button, segue and title (a popover hangs from its button,
  /// sized by its segue; an iPad's bar button is as wide as the title it reads), few
  /// enough to search in order.
  private var found: [(kind: SegueKind, button: String, segue: String, title: String, rect: Rect)] =
    []

  /// Places found with `session` (which they restart; the evaluator's device and
  /// orientation must be the session's).
  public init(session: Session) {
    self.session = session
    reach = Reach(session: session, showingMaster: false, work: nil)
  }

  /// The content rect a built-in kind shows `landing`'s scene in (titled: an iPad's bar
  /// button reads it) when its button is tapped from the start screen (the menu holding
  /// the button, reached from the root); nil for a custom kind, whose Lua decides where it
  /// lands. Its face is drawn nowhere.
  public func contentRect(of landing: Landing) throws -> Rect? {
    guard case .builtin(let builtin) = landing.kind else { return nil }
    let (button, segue, title) = (landing.button, landing.segue, landing.title)
    for f in found
    where f.kind == builtin && f.button == button && f.segue == segue.identifier
      && f.title == title
    {
      return f.rect
    }
    var probe = landing
    probe.diagnosis = nil
    probe.context = .nil
    defer { session.restart() }
    try reach.start(atMenuOf: button, at: landing.segue.location)
    try session.navigate(to: probe)
    let rect = session.navigator.focusContentRect
    found.append((builtin, button, segue.identifier, title, rect))
    return rect
  }
}
