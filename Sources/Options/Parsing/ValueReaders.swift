import Readable

// The kinds of value the commands take, each with the words its refusal uses: the reader
// and the message live in one place, so every option of a kind says the same.

extension Option where Value == String {
  /// An option whose value is its text as given.
  package init(_ name: String, short: String? = nil, value placeholder: String, help: String) {
    self.init(name, short: short, value: placeholder, help: help) { text throws(Refusal) in text }
  }

  /// An option whose text `accepts` must take, refused in the words `expected` otherwise.
  package init(
    _ name: String, value placeholder: String, help: String, expected: String,
    accepts: @escaping @Sendable (String) -> Bool
  ) {
    self.init(name, value: placeholder, help: help) { text throws(Refusal) in
      guard accepts(text) else { throw Refusal(expected) }
      return text
    }
    declaration = declaration.with(accepts: expected)
  }
}

extension Option {
  /// An option whose text `parse` reads (nil: refused in the words `expected`).
  package init(
    _ name: String, value placeholder: String, help: String, expected: String,
    parse: @escaping @Sendable (String) -> Value?
  ) {
    self.init(name, value: placeholder, help: help) { text throws(Refusal) in
      guard let value = parse(text) else { throw Refusal(expected) }
      return value
    }
    declaration = declaration.with(accepts: expected)
  }
}

extension Option where Value == Double {
  /// A finite number within `range`, refused in words that state the range's real bounds
  /// (`seconds from 0.001 to 86400`): `unit` names what the number counts.
  package init(
    _ name: String, value placeholder: String, help: String, in range: ClosedRange<Double>,
    unit: String = "a number"
  ) {
    let expected =
      "\(unit) from \(formatNumber(range.lowerBound)) to \(formatNumber(range.upperBound))"
    self.init(name, value: placeholder, help: help) { text throws(Refusal) in
      try finiteNumber(text, in: range, expected: expected)
    }
    declaration = declaration.with(accepts: expected)
  }
}

extension Option where Value == Int {
  /// A whole number within `range`, in words `a whole number from A to B`; a fraction within
  /// the range is refused in the words `fraction` (the same words when nil).
  package init(
    _ name: String, value placeholder: String, help: String, wholeIn range: ClosedRange<Int>,
    fraction: String? = nil
  ) {
    let expected = "a whole number from \(range.lowerBound) to \(range.upperBound)"
    let bounds = Double(range.lowerBound)...Double(range.upperBound)
    self.init(name, value: placeholder, help: help) { text throws(Refusal) in
      let number = try finiteNumber(text, in: bounds, expected: expected)
      guard number == number.rounded() else { throw Refusal(fraction ?? expected) }
      return Int(number)
    }
    declaration = declaration.with(accepts: expected)
  }
}

extension Option where Value: CaseIterable & RawRepresentable & Sendable, Value.RawValue == String {
  /// One of `Value`'s cases by name, refused with the names (`iphone, iphone5 or ipad`)
  /// and, when `suggests`, the nearest of them.
  package init(
    _ name: String, value placeholder: String, help: String, suggests: Bool = false
  ) {
    // The names are looked up only for a refusal: listing an enum's cases (its metadata,
    // conformances and a key path) cost each command line 60,000 instructions a choice.
    self.init(name, value: placeholder, help: help) { text throws(Refusal) in
      if let value = Value(rawValue: text) { return value }
      let names = Value.allCases.map { $0.rawValue }
      throw Refusal(alternatives(names), hint: suggests ? suggestion(text, names) : "")
    }
    declaration = declaration.with(completion: .choices { Value.allCases.map { $0.rawValue } })
  }
}

/// `svg, terminal or ascii`.
package func alternatives(_ names: [String]) -> String {
  guard let last = names.last, names.count > 1 else { return names.first ?? "" }
  return names.dropLast().joined(separator: ", ") + " or " + last
}

/// A finite number in `range` (as Swift reads a `Double`), or a refusal in `expected`'s words.
private func finiteNumber(_ text: String, in range: ClosedRange<Double>, expected: String)
  throws(Refusal) -> Double
{
  guard let number = Double(text), number.isFinite, range.contains(number) else {
    throw Refusal(expected)
  }
  return number
}
