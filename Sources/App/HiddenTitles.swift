import Declarations
import Readable

/// Segue titles no tap shows. One rule titles a scene: the menu a segue shows by its own
/// title, else the tapped diagnosis's title, else the segue's, else "Happiness"; a button
/// reads its diagnosis's or segue's title. A segue's title that every tap outranks shows
/// only where the segue is performed by name (`show SCRIPT SEGUE`, `s:perform`): `check`
/// notes it, since the app never shows it.
extension Registry {
  /// A note for each segue with a title that no screen reached by a tap shows: a manual
  /// segue (no button) whose every performing diagnosis has a title of its own, or a
  /// segue showing a menu that has one. Segues no diagnosis performs are
  /// `unperformedSegueProblems`' business.
  public func hiddenSegueTitles() -> [Problem] {
    segues.compactMap { s -> Problem? in
      guard let title = s.title, !isButton(s) else { return nil }
      let said =
        "segue '\(s.identifier)' has title '\(title)', which no tap shows (only show and s:perform, performing it by name)"
      if let name = s.menu {
        guard let menuTitle = menu(name)?.title else { return nil }
        return Problem(
          s.location,
          "\(said): the menu '\(name)' it shows has its own title '\(menuTitle)', which wins")
      }
      let performers = diagnoses.filter { $0.segue == s.identifier }
      guard !performers.isEmpty, performers.allSatisfy({ $0.title != nil }) else { return nil }
      let which =
        performers.count == 1
        ? "the diagnosis '\(performers[0].name)' that performs it has its own title"
        : "each of the \(performers.count) diagnoses that perform it has its own title"
      return Problem(
        s.location,
        "\(said): \(which), and a diagnosis's title wins"
      )
    }
  }
}
