// Errors of the face's state, style and geometry: one clear line each.

import Readable
import Render

/// A number given to the face that it cannot draw.
public enum FaceError: Error, Equatable, CustomStringConvertible {
  /// The named value was NaN or infinite.
  case nonFinite(String)
  /// The named value must be above 0 but was this.
  case outOfRange(String, Double)
  /// The named value must be 0 or more but was this.
  case negative(String, Double)
  /// The named value must be at most the limit (second) but was this (first).
  case tooLarge(String, Double, limit: Double)

  /// One line naming the value, what it must be and what it was.
  public var description: String {
    switch self {
    case .nonFinite(let name):
      return "\(name) must be a finite number, got NaN or infinity"
    case .outOfRange(let name, let value):
      return "\(name) must be a finite number above 0, got \(formatNumber(value))"
    case .negative(let name, let value):
      return "\(name) must be a finite number of 0 or more, got \(formatNumber(value))"
    case .tooLarge(let name, let value, let limit):
      return
        "\(name) must be a finite number of at most \(formatNumber(limit)), got \(formatNumber(value))"
    }
  }

  /// Throws `nonFinite` unless `value` is finite.
  static func finite(_ value: Double, _ name: String) throws(FaceError) {
    if !value.isFinite { throw .nonFinite(name) }
  }

  /// Throws unless `value` is finite and above 0.
  static func positive(_ value: Double, _ name: String) throws(FaceError) {
    try finite(value, name)
    if !(value > 0) { throw .outOfRange(name, value) }
  }

  /// Throws unless `value` is finite, above 0 and at most `limit`.
  static func positive(_ value: Double, _ name: String, atMost limit: Double) throws(FaceError) {
    try positive(value, name)
    if value > limit { throw .tooLarge(name, value, limit: limit) }
  }

  /// Throws unless `value` is finite and 0 or more.
  static func nonNegative(_ value: Double, _ name: String) throws(FaceError) {
    try finite(value, name)
    if value < 0 { throw .negative(name, value) }
  }
}
