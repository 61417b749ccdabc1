import Declarations
import Files
import Readable

/// Segues no person can perform: `check` reports them, `storyboard` draws them in red.
extension Registry {
  /// Manual segues (`button = false`, or a declared `showDiagnosis` in a script whose
  /// diagnoses all name other segues) that no diagnosis performs: on no menu and named by
  /// no button, only a session's `s:perform` reaches their scene.
  public func unperformedSegues() -> [Segue] {
    let named = Set(diagnoses.map(\.segue))
    return segues.filter { s in
      guard !isButton(s), !named.contains(s.identifier) else { return false }
      // A script of segues alone declares showDiagnosis for `show` and sessions to use.
      return s.identifier != Registry.showDiagnosis.identifier || !diagnoses.isEmpty
    }
  }

  /// A problem for each segue of `unperformedSegues`.
  public func unperformedSegueProblems() -> [Problem] {
    unperformedSegues().map { s in
      let fix =
        s.identifier == Registry.showDiagnosis.identifier
        ? "every diagnosis names another segue"
        : "name it in a diagnosis, segue = \"\(s.identifier)\", or drop button = false"
      return Problem(
        s.location,
        "segue '\(s.identifier)' is manual and no diagnosis performs it: no button reaches its scene (\(fix))"
      )
    }
  }
}
