// The navigation state machine: what is on screen, which scene has the focus, and the
// segue operations with their device checks (docs/ARCHITECTURE.md, "The storyboard").
//
// iPhone: a navigation stack on the root scene, plus modals presented full screen over it.
// iPad: a split view (the master's navigation stack, root = the root scene, and a detail
// scene), plus form sheets and at most one popover, always the topmost, presented over it.
//
// Decisions where iOS left a choice:
// - A popover is dismissed before any other operation (as a tap outside it does in iOS),
//   so a popover is always the single topmost presentation.
// - Push and replace while a modal is presented throw `coveredByModal` (iOS has no
//   navigation controller in a presented scene); go back first.
// - In portrait the iPad's master is hidden, as UISplitViewController hid it on iOS 5/6:
//   the detail's navigation bar has a bar button titled with the master's top scene, and
//   the master shows in a popover hanging from it while the focus is in it (`showMaster`,
//   a push or a pop in the master). Showing a scene in the detail (replace) or going back
//   from the master's root dismisses that popover; turning to portrait hides the master
//   (the focus moves to the detail), turning to landscape shows both panes.
// - A popover segue hangs from the button tapped (`anchor`). In portrait the master's
//   buttons leave with its popover (UIKit dismisses a popover before presenting another),
//   so a popover from them hangs from the bar button that revealed them.

import Geometry

/// The headless storyboard: navigation state, segue operations and the screen layout,
/// generic over the host's data in each scene.
///
/// The reads a host makes on every drawing (the focus, its content rect, the layout and
/// what they read) are `@inlinable`, so the host specializes them for its content:
/// unspecialized, each looks up generic metadata, and a `run` loop of
/// `s.happiness = …; s:svg()` took 57% more instructions. The operations (push, present,
/// popover, replace, back, rotate) are not: they run once a step.
public struct Navigator<Content> {
  /// The device; fixed for the navigator's life.
  @inlinable public var device: Device { _device }
  /// The orientation; changing it keeps the navigation state and changes the layout.
  public var orientation: Orientation
  /// A popover arrow's base width and height (iOS 6's 37 by 19 unless the host's look says
  /// otherwise): the height is the gap between a popover and the button it hangs from.
  public var popoverArrowSize = PopoverArrow.ios6Size
  /// How far a popover's frame stands out around its content (iOS 6's 8 unless the host's
  /// look says otherwise): the master's panel and the arrows keep clear of it.
  public var popoverFrameInset = PopoverPlacement.contentInset
  /// The navigation stack from the root outwards: the iPhone's, or the iPad's master.
  /// Never empty: the root scene stays.
  @inlinable public var navigationStack: [Scene<Content>] { _navigationStack }
  /// The iPad's detail scene (nil until one is given or replaced in; always nil on an iPhone).
  @inlinable public var detail: Scene<Content>? { _detail }

  // The storage behind the three above: their setters are this module's alone, and the
  // @inlinable reads (specialized in the host) read it.
  @usableFromInline var _device: Device
  @usableFromInline var _navigationStack: [Scene<Content>]
  @usableFromInline var _detail: Scene<Content>?

  /// A presented scene and how it was presented.
  @usableFromInline
  struct Presentation {
    @usableFromInline var scene: Scene<Content>
    /// nil for a modal, the requested content size for a popover.
    @usableFromInline var popoverSize: Size?
    /// The button a popover hangs from (nil: none given, the old top-left place).
    @usableFromInline var anchor: Rect?

    init(
      scene: Scene<Content>, popoverSize: Size?, anchor: Rect? = nil
    ) {
      self.scene = scene
      self.popoverSize = popoverSize
      self.anchor = anchor
    }
  }

  /// Presented scenes, bottom to top; a popover can only be the last.
  @usableFromInline
  var presentations: [Presentation] = []
  /// Where the focus is when nothing is presented: the stack (master) or the detail.
  @usableFromInline
  var focusIsOnDetail = false

  /// A navigator on `device` showing `root` at the bottom of the navigation stack and, on an
  /// iPad, `detail` as the split view's initial detail scene (ignored on an iPhone). The
  /// focus starts on the detail when there is one, else on the root.
  public init(
    device: Device, orientation: Orientation, root: Scene<Content>,
    detail: Scene<Content>? = nil
  ) {
    self._device = device
    self.orientation = orientation
    self._navigationStack = [root]
    if device.isPad, let detail {
      self._detail = detail
      self.focusIsOnDetail = true
    }
  }

  /// Turns the device a quarter turn: swaps the orientation; the navigation state stays.
  /// On an iPad, turning to portrait hides the master (its popover is not shown until asked
  /// for), so the focus moves to the detail; turning to landscape shows both panes.
  public mutating func rotate() {
    orientation = orientation.rotated
    if device.isPad, orientation == .portrait, detail != nil { focusIsOnDetail = true }
  }

  // MARK: Segue operations

  /// Performs a segue of a built-in `kind` to `scene`. `popoverSize` is the popover's content
  /// size (default 320×320) and `anchor` the button it hangs from; other kinds ignore both.
  /// A kind the device lacks throws `kindNotOnDevice`; `custom` throws
  /// `customSegueUnresolved`: the host resolves a custom segue into the operations below.
  public mutating func perform(
    _ kind: SegueKind, _ scene: Scene<Content>, popoverSize: Size? = nil,
    anchor: Rect? = nil
  ) throws(StoryboardError) {
    switch kind {
    case .push: try push(scene)
    case .modal: try present(scene)
    case .popover: try popover(scene, size: popoverSize, anchor: anchor)
    case .replace: try replace(scene)
    case .custom:
      try device.check(.custom)
      throw .customSegueUnresolved
    }
  }

  /// Pushes `scene` onto the navigation stack (the iPad's master) and focuses it.
  /// Dismisses a popover first; throws `coveredByModal` while a modal is presented.
  public mutating func push(_ scene: Scene<Content>) throws(StoryboardError) {
    try device.check(.push)
    try requireNoModal(for: .push)
    dismissPopover()
    _navigationStack.append(scene)
    focusIsOnDetail = false
  }

  /// Presents `scene` modally: on an iPhone full screen below the status bar, on an iPad as
  /// a 540×620 form sheet centred over the dimmed screen. Dismisses a popover first.
  public mutating func present(_ scene: Scene<Content>) throws(StoryboardError) {
    try device.check(.modal)
    dismissPopover()
    presentations.append(Presentation(scene: scene, popoverSize: nil))
  }

  /// Shows `scene` in a popover (iPad only) over the current screen, its content `size`
  /// (default 320×320, shrunk to fit the screen), hanging from `anchor` (the tapped button's
  /// rect in screen points) with an arrow pointing at it; with no anchor (or a non-finite
  /// one) it sits at the top left under the navigation bar, without an arrow. A popover
  /// already shown (the master's in portrait too) is dismissed first.
  public mutating func popover(
    _ scene: Scene<Content>, size: Size? = nil, anchor: Rect? = nil
  ) throws(StoryboardError) {
    try device.check(.popover)
    let size = size ?? Navigator.defaultPopoverSize
    guard size.width.isFinite, size.height.isFinite, size.width > 0, size.height > 0 else {
      throw .invalidPopoverSize(width: size.width, height: size.height)
    }
    dismissPopover()
    var anchor = anchor.flatMap { $0.isFinite ? $0 : nil }
    if anchor != nil, masterIsInPopover, !isPresentingModal, let bar = barButton {
      // The master's buttons leave with its popover: hang from the button that showed them.
      anchor = bar.rect
      focusIsOnDetail = true
    }
    presentations.append(Presentation(scene: scene, popoverSize: size, anchor: anchor))
  }

  /// The rect the topmost popover hangs from (nil: no popover, or one without an anchor).
  public var popoverAnchor: Rect? {
    isShowingPopover ? presentations[presentations.count - 1].anchor : nil
  }

  /// Hangs the topmost popover from `anchor` (where its button is after a rotation);
  /// nothing when no popover is shown or the anchor is not finite.
  public mutating func reanchorPopover(_ anchor: Rect?) {
    guard isShowingPopover, let anchor, anchor.isFinite else { return }
    presentations[presentations.count - 1].anchor = anchor
  }

  /// Shows the iPad's master in a popover hanging from the detail's bar button, as tapping
  /// that button did on iOS 5/6 (portrait only: in landscape the master is always shown).
  /// Dismisses a popover first. Returns false, changing nothing, on an iPhone, in
  /// landscape, with no detail, or while a modal is presented.
  @discardableResult public mutating func showMaster() -> Bool {
    guard device.isPad, orientation == .portrait, detail != nil, !isPresentingModal else {
      return false
    }
    dismissPopover()
    focusIsOnDetail = false
    return true
  }

  /// Replaces the iPad's detail scene with `scene` and focuses it; the master's stack is
  /// untouched and there is no back. Dismisses a popover first; throws `coveredByModal`
  /// while a modal is presented.
  public mutating func replace(_ scene: Scene<Content>) throws(StoryboardError) {
    try device.check(.replace)
    try requireNoModal(for: .replace)
    dismissPopover()
    _detail = scene
    focusIsOnDetail = true
  }

  /// Pops the navigation stack (the iPad's master) and focuses its new top; never the root.
  /// Dismisses a popover first. Returns false, changing nothing else, when only the root is
  /// on the stack or a modal covers it.
  public mutating func pop() -> Bool {
    guard navigationStack.count > 1, !isPresentingModal else { return false }
    dismissPopover()
    _navigationStack.removeLast()
    focusIsOnDetail = false
    return true
  }

  /// Dismisses the topmost presented scene (popover or modal); false when none is presented.
  public mutating func dismiss() -> Bool {
    guard !presentations.isEmpty else { return false }
    presentations.removeLast()
    return true
  }

  /// Goes back as the back button (or a tap outside a popover) does: dismisses the topmost
  /// popover or modal, else pops the navigation stack (never the root), else dismisses the
  /// master's popover in portrait (a tap outside it). Returns false when there is nothing
  /// to go back to.
  @discardableResult public mutating func back() -> Bool {
    dismiss() || pop() || dismissMasterPopover()
  }

  /// Dismisses the master's popover (iPad portrait), focusing the detail; false when it is
  /// not shown or a modal covers it.
  mutating func dismissMasterPopover() -> Bool {
    guard masterIsInPopover, !isPresentingModal else { return false }
    focusIsOnDetail = true
    return true
  }

  // MARK: State

  /// The content size of a popover whose segue gives none.
  @inlinable
  public static var defaultPopoverSize: Size { Size(width: 320, height: 320) }

  /// The presented scenes (modals and a popover), bottom to top.
  @inlinable
  public var presented: [Scene<Content>] { presentations.map(\.scene) }

  /// Whether a modal scene (full screen, or the iPad's form sheet) is presented.
  @inlinable
  public var isPresentingModal: Bool { presentations.contains { $0.popoverSize == nil } }

  /// Whether a popover is shown.
  @inlinable
  public var isShowingPopover: Bool { presentations.last?.popoverSize != nil }

  /// The scene gestures apply to: the topmost popover or modal, else the scene most recently
  /// shown by a push, pop or replace (the top of the navigation stack, or the iPad's detail).
  @inlinable
  public var focus: Scene<Content> {
    if let top = presentations.last { return top.scene }
    if focusIsOnDetail, let detail { return detail }
    return navigationStack[navigationStack.count - 1]
  }

  /// The role of the pane that shows the focus.
  @inlinable
  public var focusRole: PaneRole {
    if let top = presentations.last { return top.popoverSize == nil ? .modal : .popover }
    if !device.isPad { return .navigation }
    return focusIsOnDetail && detail != nil ? .detail : .master
  }

  /// Changes the focused scene (its title or content) in place.
  @inlinable
  public mutating func updateFocus(_ body: (inout Scene<Content>) -> Void) {
    if !presentations.isEmpty {
      body(&presentations[presentations.count - 1].scene)
    } else if focusIsOnDetail, detail != nil {
      body(&_detail!)
    } else {
      body(&_navigationStack[_navigationStack.count - 1])
    }
  }

  /// Where the focused scene's content (the face) is drawn, in screen coordinates.
  @inlinable
  public var focusContentRect: Rect {
    let size = presentations.last?.popoverSize ?? Navigator.defaultPopoverSize
    return geometry(focusRole, popoverSize: size, anchor: presentations.last?.anchor).content
  }

  /// The titles of what is on screen, from the root outwards: the navigation stack (the
  /// iPad's master), then the iPad's detail, then the presented scenes, bottom to top;
  /// e.g. `["Psychologist", "Happiness"]`.
  @inlinable
  public var stack: [String] {
    navigationStack.map(\.title) + (detail.map { [$0.title] } ?? [])
      + presentations.map(\.scene.title)
  }

  /// How many scenes `stack` lists, without building it (every step asks, to note which
  /// kind showed the scene on top).
  public var depth: Int {
    navigationStack.count + (detail == nil ? 0 : 1) + presentations.count
  }

  /// Whether `back()` would do something.
  @inlinable
  public var canGoBack: Bool {
    !presentations.isEmpty || navigationStack.count > 1 || masterIsInPopover
  }

  /// Whether the root (menu) scene can be tapped: it is the only scene on the navigation
  /// stack and no modal covers it. A popover does not count: tapping outside it dismisses
  /// it, and every operation dismisses it first. On an iPad in portrait the master (with
  /// the root) is hidden but reachable, as iOS's split view button makes it, so the same
  /// rule holds in both orientations.
  @inlinable
  public var rootIsVisible: Bool { navigationStack.count == 1 && !isPresentingModal }

  // MARK: Helpers

  func requireNoModal(for kind: SegueKind) throws(StoryboardError) {
    if let modal = presentations.last(where: { $0.popoverSize == nil }) {
      throw .coveredByModal(kind: kind, modal: modal.scene.title)
    }
  }

  mutating func dismissPopover() {
    if isShowingPopover { presentations.removeLast() }
  }
}

extension Navigator: Sendable where Content: Sendable {}
extension Navigator.Presentation: Sendable where Content: Sendable {}
