import Declarations

/// The app's tour, as `reel` films it: every menu button tapped from its menu, with its
/// transition, and back.
extension Session {
  /// The buttons a tour taps: every menu's, the root's first, in the order each shows them.
  public var tourButtons: [MenuButton] {
    let registry = script.registry
    return ([nil] + registry.menus.map(\.name)).flatMap { registry.buttons(ofMenu: $0) }
  }

  /// The most segments a tour of `count` buttons makes (each there and back): what a clip's
  /// bound is checked against before anything is drawn.
  public static func tourSegmentBound(buttons count: Int) -> Int { 2 * count }

  /// `button` tapped from its menu (the session restarted first) and, when there is a way
  /// back, back: the transition and the way back as clip segments held `hold` seconds,
  /// captioned with the button, its segue and the segue's kind on this device. Their
  /// screens are drawn now, while the session shows them.
  public func tourSegments(of button: MenuButton, hold: Double) throws -> [ClipSegment] {
    restart()
    try reachMenu(of: button.name)
    let registry = script.registry
    let identifier = registry.diagnosis(button.name)?.segue ?? button.name
    let kind =
      registry.segue(identifier)?.kind.name(on: device) ?? Registry.showDiagnosis.kind.name(
        on: device) ?? "push"
    let caption = "\(button.title): segue '\(identifier)', \(kind)"
    let there = try tapAnimated(button.name)
    _ = try there.last
    var segments = [ClipSegment(movie: there, caption: caption, hold: hold)]
    let before = navigator
    if back() {
      let again = try transition(from: before, tapped: nil)
      _ = try again.last
      segments.append(ClipSegment(movie: again, caption: caption + ", back", hold: hold))
    }
    return segments
  }
}
