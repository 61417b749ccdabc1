import Declarations
import Files
import Readable
import Storyboard

extension Reach {
  /// Reach's other walk: every screen a person can reach by clicking (taps, back, the bar
  /// button, a tap outside a popover, rotation), each visited once. A screen is what it
  /// shows and what one click does from it (`key`), not the way to it: menus leading to
  /// each other close a cycle instead of growing a stack. The page's export walks it
  /// drawing every screen and transition, and `check` walks it drawing without writing.
  /// Every step looks at the walk's deadline, and the screens still to visit count
  /// against the script's memory limit.
  public final class Screens {
    /// The walk's limits: its deadline, and the memory what it keeps is charged to.
    private let work: HostWork
    /// The declaration whose button the walk clicked last: a limit met names it.
    public var place = SourceLocation.nowhere
    /// Each screen's id, by its key.
    private var ids: [String: Int] = [:]
    /// How many screens have been found.
    public private(set) var count = 0
    /// The screens found and not yet visited, in the order found (nil once visited: a
    /// screen deep in the menus holds its whole way).
    private var pending: [(screen: Screen, bytes: Int)?] = []
    /// How far `pending` has been visited.
    private var first = 0
    /// The bytes charged for the screens still to visit.
    private var charged = 0
    /// Whether a button's segue can read the last diagnosis, by device.
    private var readers: [Device: Bool] = [:]

    /// A screen found, to visit: its session, and where in it the screen is.
    public struct Screen {
      /// The screen's id: the order it was found in, from 0.
      public let id: Int
      /// The session the screen is in (shared by every screen found from the same start).
      public let session: Session
      /// The session's state showing the screen.
      public let checkpoint: Session.Checkpoint
      /// How far the menus were scrolled when it was found.
      public let scroll: Int

      /// Puts the session back at this screen.
      public func reset() {
        session.restore(checkpoint)
        session.menuScroll = scroll
      }
    }

    /// A walk under `work`'s limits.
    public init(work: HostWork) { self.work = work }

    deinit { work.release(charged) }

    /// The id of the screen `s` shows. A screen not seen before is handed to `found` first
    /// (its id is the count of screens found before it) and queued to visit.
    public func id(of s: Session, found: (Session) throws -> Void) throws -> Int {
      let key = key(s)
      if let id = ids[key] { return id }
      let id = count
      try found(s)
      ids[key] = id
      count += 1
      let bytes = (s.navigator.depth + 2) * Reach.sceneBytes
      try work.charge(bytes, at: place)
      charged += bytes
      pending.append(
        (Screen(id: id, session: s, checkpoint: s.checkpoint, scroll: s.menuScroll), bytes))
      return id
    }

    /// Visits every screen found, in the order found, with those its visits find; each is
    /// visited once, its session at it.
    public func walk(_ visit: (Screen) throws -> Void) throws {
      while first < pending.count {
        guard let (screen, bytes) = pending[first] else { break }
        pending[first] = nil
        work.release(bytes)
        charged -= bytes
        first += 1
        // A queue read from its front by index: what was read goes at times, so it holds
        // the screens still to visit (removing the first of an array moves the rest).
        if first >= 1024 && 2 * first >= pending.count {
          pending.removeFirst(first)
          first = 0
        }
        try work.check(at: place)
        screen.reset()
        try visit(screen)
      }
    }

    /// What makes two screens the same: what the screen shows (`Navigator.shown`: the
    /// scenes, their faces and inputs, the one the back button names, the presentations,
    /// the device and orientation), and what is not drawn but changes what a click does
    /// (the last diagnosis, the kinds that showed the top scenes, the button a popover
    /// hangs from).
    private func key(_ s: Session) -> String {
      let nav = s.navigator
      let depth = nav.depth
      // Going back runs the kind that showed the top scene in reverse, then the one below's.
      let kinds = s.animatedKinds.filter { $0.key >= depth - 1 }.sorted { $0.key < $1.key }
        .map { "\($0.key - depth):\($0.value.title):\($0.value.kind)" }
      // A rotation hangs a popover again from its button, wherever that is then.
      let hung = nav.popoverAnchor == nil ? "" : s.popoverButton ?? ""
      return [
        readsDiagnosis(s) ? String(describing: s.diagnosis) : "",
        kinds.joined(separator: ","), hung, String(describing: nav.shown),
      ].joined(separator: "\n")
    }

    /// Whether a button's segue can read the last diagnosis on `s`'s device (its happiness
    /// function's `ctx.diagnosis`, or a segue_kind's perform): then two menus alike but for
    /// it differ. A diagnosis's own tap sets it before its segue runs.
    private func readsDiagnosis(_ s: Session) -> Bool {
      if let known = readers[s.device] { return known }
      let registry = s.script.registry
      let reads = registry.segues.contains { segue in
        guard registry.isButton(segue) else { return false }
        if case .function? = segue.happiness { return true }
        return segue.kind.name(on: s.device).flatMap(registry.kind) != nil
      }
      readers[s.device] = reads
      return reads
    }
  }
}
