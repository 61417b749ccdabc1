// The SVG number formatter: hand-worked cases, and agreement with C's "%.2f" (trimmed)
// over many values, including tiny, huge and negative ones.

import Foundation
import Testing

@testable import Render

/// C's printf("%.2f"), trailing zeros and dot trimmed, "-0" as "0": the reference.
func printfReference(_ v: Double) -> String {
  var s = String(format: "%.2f", v)
  while s.hasSuffix("0") { s.removeLast() }
  if s.hasSuffix(".") { s.removeLast() }
  return s == "-0" ? "0" : s
}

/// The shape every formatted number must have: optional '-', digits, optionally '.' and
/// one or two digits the last of which is not 0; no "-0".
func isWellFormed(_ s: String) -> Bool {
  var bytes = Array(s.utf8)
  if bytes.first == UInt8(ascii: "-") { bytes.removeFirst() }
  guard let dot = bytes.firstIndex(of: UInt8(ascii: ".")) ?? Optional(bytes.count) else {
    return false
  }
  let integer = bytes[..<dot], fraction = bytes[dot...].dropFirst()
  guard !integer.isEmpty, integer.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return false }
  if integer.count > 1 && integer.first == 48 { return false }
  if dot < bytes.count {
    guard (1...2).contains(fraction.count), fraction.allSatisfy({ $0 >= 48 && $0 <= 57 }) else {
      return false
    }
    if fraction.last == 48 { return false }
  }
  return s != "-0"
}

let handWorked: [(Double, String)] = [
  (12.5, "12.5"), (3.0, "3"), (3.001, "3"), (-0.0, "0"), (-0.001, "0"), (-0.004999, "0"),
  (-0.005001, "-0.01"), (0.1 + 0.2, "0.3"), (109.6, "109.6"), (-2.5, "-2.5"), (100.0, "100"),
  (0.125, "0.12"), (0.375, "0.38"), (1.005, "1"), (2.675, "2.67"), (1.0 / 3.0, "0.33"),
  (2.0 / 3.0, "0.67"), (99.999, "100"), (123456.789, "123456.79"), (1e-300, "0"),
  (Double.leastNonzeroMagnitude, "0"), (1e300, "10000000000000"), (-1e300, "-10000000000000"),
  (Double.infinity, "10000000000000"), (Double.nan, "0"), (1e10 + 0.25, "10000000000.25"),
]

@Test(arguments: handWorked)
func formatsHandWorkedValues(value: Double, expected: String) {
  #expect(SVGNumber.string(value) == expected)
}

@Test func agreesWithPrintfOnManyValues() {
  var generator = SystemRandomNumberGenerator()
  var values: [Double] = []
  for i in -2000...2000 { values.append(Double(i) / 8) }  // exact ties like x.125, x.375
  for i in -1000...1000 { values.append(Double(i) * 0.005) }  // near-ties of decimal halves
  for _ in 0..<20000 {
    let magnitude = pow(10.0, Double.random(in: -8...12, using: &generator))
    values.append(Double.random(in: -1...1, using: &generator) * magnitude)
  }
  var mismatches: [String] = []
  for v in values {
    let ours = SVGNumber.string(v)
    if ours != printfReference(v) { mismatches.append("\(v): \(ours) vs \(printfReference(v))") }
    if !isWellFormed(ours) { mismatches.append("\(v): malformed \(ours)") }
  }
  #expect(mismatches.isEmpty, "\(mismatches.prefix(10))")
}

@Test func neverPrintsExponentsOrNonNumbers() {
  let values: [Double] = [
    .nan, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
    .leastNonzeroMagnitude, -.leastNormalMagnitude, 1e-7, -1e-7, 1e21, 9.999e12, -9.999999e12,
  ]
  for v in values {
    let s = SVGNumber.string(v)
    #expect(isWellFormed(s), "\(v) -> \(s)")
    #expect(!s.contains("e") && !s.contains("n") && !s.contains("i"), "\(v) -> \(s)")
    #expect(s.count <= 17, "\(v) -> \(s)")
  }
}

@Test func wellFormednessCheckRejectsBadShapes() {
  for bad in ["3.00", "3.", "-0", "1e5", "03", "1.250", "nan", "", ".5"] {
    #expect(!isWellFormed(bad), "\(bad)")
  }
}
