import Face
import Files
import LuaHost
import Readable
import Render

/// Reads a declaration's table field by field, collecting a problem for every wrong one
/// instead of stopping at the first.
package struct Fields {
  let what: String
  let location: SourceLocation
  /// The script's loaded text, where a field's own line is found.
  let texts: SourceTexts
  let table: [LuaValue: LuaValue]
  package var problems: [Problem] = []
  /// Fields that are not `known`, as declared (`list` shows them beside the problem).
  var unknown: [(name: String, value: LuaValue)] = []

  /// The fields of `value` (a table), checked against `known`.
  package init(
    _ value: LuaValue, what: String, location: SourceLocation, texts: SourceTexts, known: [String]
  ) {
    self.what = what
    self.location = location
    self.texts = texts
    switch value {
    case .map(let m): table = m
    case .array(let a) where a.isEmpty: table = [:]
    default:
      table = [:]
      // A list such as { 70 } is a table too, but "got table" would not say what is wrong.
      let got: String
      if case .array = value { got = "a list" } else { got = value.typeName }
      problems.append(
        Problem(location, "\(what) needs a table of fields { name = value, … }, got \(got)"))
      return
    }
    for key in table.keys {
      guard let name = key.text else {
        problems.append(Problem(location, "\(what) has a field with a \(key.typeName) key"))
        continue
      }
      if !known.contains(name) {
        unknown.append((name, table[key] ?? .nil))
        problems.append(
          Problem(location, "\(what) has an unknown field '\(name)'\(suggestion(name, known))"))
      }
    }
  }

  mutating func fail(_ message: String) {
    problems.append(Problem(location, "\(what): \(message)"))
  }

  /// A problem with the field keyed `key`, at the line that holds it (Lua records only the
  /// declaration's first line; the script's text has the field's own below it).
  mutating func fail(_ message: String, atKey key: String) {
    problems.append(Problem(texts.locate(location, naming: key, key: true), "\(what): \(message)"))
  }

  func raw(_ key: String) -> LuaValue? {
    guard let v = table[.text(key)], v != .nil else { return nil }
    return v
  }

  package mutating func string(_ key: String) -> String? {
    guard let v = raw(key) else { return nil }
    guard let s = v.text else {
      fail("\(key) must be a string, got \(v.typeName)")
      return nil
    }
    return s
  }

  mutating func bool(_ key: String) -> Bool {
    guard let v = raw(key) else { return false }
    guard case .boolean(let b) = v else {
      fail("\(key) must be true or false, got \(v.typeName)")
      return false
    }
    return b
  }

  /// A finite number within `range`.
  mutating func number(_ key: String, in range: ClosedRange<Double>? = nil) -> Double? {
    guard let v = raw(key) else { return nil }
    guard let d = v.number else {
      fail("\(key) must be a number, got \(v.typeName)")
      return nil
    }
    return checked(key, d, range)
  }

  mutating func checked(_ key: String, _ d: Double, _ range: ClosedRange<Double>?) -> Double? {
    guard d.isFinite else {
      fail("\(key) must be a finite number, got \(formatNumber(d))")
      return nil
    }
    if let range, !range.contains(d) {
      fail(
        "\(key) must be between \(formatNumber(range.lowerBound)) and \(formatNumber(range.upperBound)), got \(formatNumber(d))"
      )
      return nil
    }
    return d
  }

  mutating func function(_ key: String) -> LuaReference? {
    guard let v = raw(key) else { return nil }
    guard case .function(let f) = v else {
      fail("\(key) must be a function, got \(v.typeName)")
      return nil
    }
    return f
  }

  /// A happiness: a number in 0…100 or a function.
  mutating func happiness(_ key: String = "happiness") -> HappinessSource? {
    guard let v = raw(key) else { return nil }
    if case .function(let f) = v { return .function(f) }
    return number(key, in: 0...100).map { .value($0) }
  }

  /// `examples`: a list of input tables (each a `{ name = value }` table, `{}` allowed).
  mutating func examples(_ key: String = "examples") -> [LuaValue] {
    guard let v = raw(key) else { return [] }
    guard case .array(let items) = v else {
      fail(
        "\(key) must be a list of input tables like { { sleep = 7 }, { sleep = 4 } }, got \(v.typeName)"
      )
      return []
    }
    var out: [LuaValue] = []
    for (i, item) in items.enumerated() {
      switch item {
      case .map, .array([]): out.append(item)
      default: fail("\(key)[\(i + 1)] must be an input table, got \(item.typeName)")
      }
    }
    return out
  }

  /// A list of strings.
  mutating func strings(_ key: String) -> [String] {
    guard let v = raw(key) else { return [] }
    guard case .array(let items) = v else {
      fail("\(key) must be a list of names, got \(v.typeName)")
      return []
    }
    var out: [String] = []
    for item in items {
      if let s = item.text {
        out.append(s)
      } else {
        fail("\(key) must hold names, got \(item.typeName)")
      }
    }
    return out
  }
}

/// The style keys scripts may set, as Lua spells them.
let styleKeys = [
  "scale", "line_width", "color", "eye_h", "eye_v", "eye_radius", "mouth_h", "mouth_v",
  "mouth_smile",
]

/// Applies the style keys of `fields` over `base`.
func readStyle(_ fields: inout Fields, over base: FaceStyle) -> FaceStyle {
  var s = base
  if let v = fields.number("scale", in: 0.01...10) { s.scale = v }
  if let v = fields.number("line_width", in: 0.1...100) { s.lineWidth = v }
  if let name = fields.string("color") {
    if let c = Color(parsing: name) { s.color = c } else { fields.fail(unknownColor(name)) }
  }
  if let v = fields.number("eye_h", in: -2...2) { s.eyeH = v }
  if let v = fields.number("eye_v", in: -2...2) { s.eyeV = v }
  if let v = fields.number("eye_radius", in: 0...2) { s.eyeRadius = v }
  if let v = fields.number("mouth_h", in: -2...2) { s.mouthH = v }
  if let v = fields.number("mouth_v", in: -2...2) { s.mouthV = v }
  if let v = fields.number("mouth_smile", in: -2...2) { s.mouthSmile = v }
  return s
}

/// An expression table `{ mouth = -1…1, eyes = 0…1, brows = -1…1 }`.
package func readExpression(
  _ value: LuaValue, what: String, location: SourceLocation, texts: SourceTexts
) -> (
  Expression?, [Problem]
) {
  var f = Fields(
    value, what: what, location: location, texts: texts, known: DeclarationFields.expression)
  let mouth = f.number("mouth", in: -1...1)
  let eyes = f.number("eyes", in: 0...1) ?? 1
  let brows = f.number("brows", in: -1...1)
  guard f.problems.isEmpty else { return (nil, f.problems) }
  return (Expression(mouth: mouth, eyes: eyes, brows: brows), [])
}
