/// A mistake on the command line: exit status 2 and a one-line reason.
package struct UsageError: Error, CustomStringConvertible, Sendable, Equatable {
  /// The reason.
  package var description: String
  /// An error with a reason.
  package init(_ description: String) { self.description = description }
}
