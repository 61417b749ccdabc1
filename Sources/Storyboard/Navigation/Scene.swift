// A scene of the storyboard: a title and whatever the host keeps in it.

/// A scene (a view controller's screen): its title, shown in the navigation bar, and the
/// host's content (for the Psychologist app: the face and its happiness).
public struct Scene<Content> {
  /// The title shown in the navigation bar and on the back button of the scene above.
  public var title: String
  /// The host's data for this scene.
  public var content: Content

  /// A scene titled `title` holding `content`.
  public init(title: String, content: Content) {
    self.title = title
    self.content = content
  }
}

extension Scene: Equatable where Content: Equatable {}
extension Scene: Sendable where Content: Sendable {}
