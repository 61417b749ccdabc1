// Devices, orientations and segue kinds: the rules of the storyboard (docs/ARCHITECTURE.md,
// "The storyboard").

import Geometry

/// The kind of a segue: how the destination scene appears.
public enum SegueKind: String, CaseIterable, Sendable, CustomStringConvertible {
  /// Onto the navigation stack, under a bar with a back button; back pops it.
  case push
  /// Presented over everything (iPad: a form sheet); back dismisses it.
  case modal
  /// In a popover over the current screen (iPad only); back dismisses it.
  case popover
  /// Replaces the split view's detail scene (iPad only); no back.
  case replace
  /// Whatever the host's custom segue kind does; the navigator cannot perform it itself.
  case custom

  /// The raw name, e.g. `"push"`.
  public var description: String { rawValue }
}

/// The orientation of the device; every orientation is allowed (the app autorotates).
public enum Orientation: String, CaseIterable, Sendable, CustomStringConvertible {
  /// Taller than wide.
  case portrait
  /// Wider than tall: the portrait sides swapped.
  case landscape

  /// The other orientation.
  public var rotated: Orientation { self == .portrait ? .landscape : .portrait }

  /// The raw name, e.g. `"portrait"`.
  public var description: String { rawValue }
}

/// A device the storyboard runs on.
public enum Device: String, CaseIterable, Sendable, CustomStringConvertible {
  /// An iPhone, 320×480 points: a navigation controller on the root scene.
  case iphone
  /// A 4-inch iPhone, 320×568 points: as `iphone`, taller.
  case iphone5
  /// An iPad, 768×1024 points: a split view (master and detail).
  case ipad

  /// The height of the status bar at the top of the screen, in every orientation.
  public static let statusBarHeight: Double = 20

  /// The screen size in points, in portrait.
  @inlinable public var portraitSize: Size {
    switch self {
    case .iphone: return Size(width: 320, height: 480)
    case .iphone5: return Size(width: 320, height: 568)
    case .ipad: return Size(width: 768, height: 1024)
    }
  }

  /// The screen size in points in `orientation` (landscape swaps the sides).
  @inlinable public func size(in orientation: Orientation) -> Size {
    orientation == .portrait ? portraitSize : portraitSize.swapped
  }

  /// Whether this is an iPad (split view, popover and replace segues, form sheets).
  @inlinable public var isPad: Bool { self == .ipad }

  /// The height of a navigation bar: 44, or 32 on an iPhone in landscape.
  @inlinable public func navigationBarHeight(in orientation: Orientation) -> Double {
    !isPad && orientation == .landscape ? 32 : 44
  }

  /// The segue kinds this device has: iPhone push, modal, custom; iPad all five.
  public var allowedKinds: [SegueKind] {
    isPad ? SegueKind.allCases : [.push, .modal, .custom]
  }

  /// Whether this device has segues of `kind`.
  public func allows(_ kind: SegueKind) -> Bool { allowedKinds.contains(kind) }

  /// Throws `StoryboardError.kindNotOnDevice` when this device has no segues of `kind`
  /// (for a host validating segue tables before anything runs).
  public func check(_ kind: SegueKind) throws(StoryboardError) {
    guard allows(kind) else {
      throw .kindNotOnDevice(kind: kind.rawValue, device: self, allowed: allowedKinds)
    }
  }

  /// The raw name, e.g. `"ipad"`.
  public var description: String { rawValue }
}
