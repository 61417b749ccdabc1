extension Navigator {
  /// The navigator as its screen shows it and one click changes it: the top two scenes of
  /// the navigation stack (the one shown and the one its back button names, and goes back
  /// to) and of the presentations, the rest dropped. Two navigators the same here draw
  /// the same screen and offer the same clicks, however deep the way to them was: a walk
  /// of every screen (the exported page's) keys its screens by it, so menus that lead to
  /// each other are a cycle it closes, not a stack that grows.
  public var shown: Navigator {
    var top = self
    if _navigationStack.count > 2 { top._navigationStack.removeFirst(_navigationStack.count - 2) }
    if presentations.count > 2 { top.presentations.removeFirst(presentations.count - 2) }
    return top
  }
}
