// Errors of the navigator. They carry no file:line: the host adds where the segue was declared.

import Readable

/// Why a navigation operation was refused. Nothing changes when one is thrown.
public enum StoryboardError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The device has no segues of this kind (e.g. a popover on an iPhone).
  /// `kind` is a name so a host can report kinds it spelled itself.
  case kindNotOnDevice(kind: String, device: Device, allowed: [SegueKind])
  /// A `custom` segue reached the navigator: the host resolves custom segues into
  /// push, present, popover, replace, pop or dismiss operations.
  case customSegueUnresolved
  /// A push or replace while a modal scene (titled `modal`) covers the navigation;
  /// iOS has no navigation controller there. Going back dismisses it.
  case coveredByModal(kind: SegueKind, modal: String)
  /// A popover size that is not positive and finite.
  case invalidPopoverSize(width: Double, height: Double)
  /// Nothing is presented to dismiss. The navigator's `dismiss()` returns false instead;
  /// this case is for hosts that want to report it (e.g. a script's `nav:dismiss()`).
  case nothingToDismiss
  /// Only the root is on the navigation stack. The navigator's `pop()` returns false
  /// instead; this case is for hosts that want to report it.
  case nothingToPop

  /// A message for a person, e.g.
  /// `"popover segues do not exist on an iphone (allowed: push, modal, or a custom kind)"`.
  public var description: String {
    switch self {
    case .kindNotOnDevice(let kind, let device, let allowed):
      // "custom" is not a kind anyone writes: it stands for the host's own kinds.
      var names = allowed.filter { $0 != .custom }.map(\.rawValue)
      if allowed.contains(.custom) { names.append("or a custom kind") }
      return
        "\(kind) segues do not exist on an \(device.rawValue) (allowed: \(names.joined(separator: ", ")))"
    case .customSegueUnresolved:
      return "a custom segue must be resolved by its segue kind into push, modal, popover"
        + " or replace before it is performed"
    case .coveredByModal(let kind, let modal):
      return "cannot \(kind.rawValue): '\(modal)' is presented modally over the navigation"
        + " (go back first)"
    case .invalidPopoverSize(let width, let height):
      return "invalid popover size \(formatNumber(width))×\(formatNumber(height)) (width and height"
        + " must be positive)"
    case .nothingToDismiss:
      return "nothing is presented to dismiss"
    case .nothingToPop:
      return "nothing to pop: only the root scene is on the navigation stack"
    }
  }
}
