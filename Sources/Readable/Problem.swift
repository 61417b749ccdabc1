// What is wrong with a script, said where it is: the one shape of a declaration's
// problems, a row's refusal and `check`'s report.

/// A problem found in a script, reported as `file:line: message`.
public struct Problem: Error, Equatable, CustomStringConvertible, Sendable {
  /// `file:line` of the declaration at fault.
  public var location: SourceLocation
  /// What is wrong, in one line.
  public var message: String
  /// The script's frames that led to it, innermost first, when running the script met it
  /// (`check` prints them as `show` does, unless `--traceback off`).
  public var traceback: [String] = []
  /// A problem at a place.
  public init(_ location: SourceLocation, _ message: String) {
    self.location = location
    self.message = message
  }
  /// `file:line: message`.
  public var description: String { location.isNowhere ? message : "\(location): \(message)" }
}

/// Several problems at once: a command that refuses a script says every one.
public struct ProblemList: Error, CustomStringConvertible, Sendable {
  /// The problems, in the order found.
  public var problems: [Problem]
  /// A list of problems (not empty).
  public init(_ problems: [Problem]) { self.problems = problems }
  /// One problem a line.
  public var description: String { problems.map(\.description).joined(separator: "\n") }
}
