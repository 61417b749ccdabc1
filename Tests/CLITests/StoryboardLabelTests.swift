import Foundation
import TestSupport
import Testing

/// On the canvas (issue 36) every arrow's label can be told from the others (one segue
/// performed by many buttons names the button) and no arrow runs through a label.
extension StoryboardCanvasTests {
  /// Six buttons performing one segue, as a vet's app has them.
  static let clinic = """
    diagnosis "fleas" { happiness = 30, title = "Fleas" }
    diagnosis "limp" { happiness = 40, title = "Limp" }
    diagnosis "cough" { happiness = 35, title = "Cough" }
    diagnosis "itch" { happiness = 45, title = "Itch" }
    diagnosis "healthy" { happiness = 95, title = "Healthy" }
    diagnosis "tired" { happiness = 50, title = "Tired" }
    segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
    segue "xray" { kind = "modal", happiness = 20 }
    """

  /// Points along an SVG path of M, C and L commands (absolute), 64 a curve.
  func sampled(_ d: String) -> [(Double, Double)] {
    var out: [(Double, Double)] = []
    var command: Character = "M"
    var numbers: [Double] = []
    var last = (0.0, 0.0)
    func flush() {
      switch command {
      case "M", "L":
        for k in stride(from: 0, to: numbers.count - 1, by: 2) {
          last = (numbers[k], numbers[k + 1])
          out.append(last)
        }
      case "C":
        for k in stride(from: 0, to: numbers.count - 5, by: 6) {
          let (a, b, c, e) = (
            last, (numbers[k], numbers[k + 1]), (numbers[k + 2], numbers[k + 3]),
            (numbers[k + 4], numbers[k + 5])
          )
          for i in 1...64 {
            let t = Double(i) / 64, u = 1 - t
            out.append(
              (
                u * u * u * a.0 + 3 * u * u * t * b.0 + 3 * u * t * t * c.0 + t * t * t * e.0,
                u * u * u * a.1 + 3 * u * u * t * b.1 + 3 * u * t * t * c.1 + t * t * t * e.1
              ))
          }
          last = e
        }
      default: break
      }
      numbers = []
    }
    var word = ""
    for ch in d + " " {
      if "MCL".contains(ch) {
        flush()
        command = ch
      } else if ch == " " || ch == "," {
        if let v = Double(word) { numbers.append(v) }
        word = ""
      } else {
        word.append(ch)
      }
    }
    if let v = Double(word) { numbers.append(v) }
    flush()
    return out
  }

  @Test func labelsAreToldApartAndNoArrowRunsThroughOne() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try writeFile(dir + "/clinic.lua", StoryboardCanvasTests.clinic)
    let svg = try board(dir + "/clinic.lua")
    let segue = "//\(el("g"))[@class='segue']"
    let count = try values(svg, segue, "data-segue").count
    #expect(count == 7)
    // What each arrow's label reads: the segue, then the button when another reads the same.
    var readings: [String] = []
    var boxes: [(Double, Double, Double, Double)] = []
    for i in 1...count {
      let group = "(\(segue))[\(i)]"
      for (cls, size) in [("label", 11.0), ("via", 10.0)] {
        let text = try xpath(svg, "string(\(group)/\(el("text"))[@class='\(cls)'])")
          .trimmingCharacters(in: .whitespacesAndNewlines)
        if cls == "label" { readings.append(text) } else { readings[i - 1] += " " + text }
        guard !text.isEmpty else { continue }
        let x = try #require(
          Double(try values(svg, group + "/\(el("text"))[@class='\(cls)']", "x")[0]))
        let y = try #require(
          Double(try values(svg, group + "/\(el("text"))[@class='\(cls)']", "y")[0]))
        // The text's box, as wide as half its size a letter (Helvetica's average), with
        // 4 points of room: an arrow nearer than that sits on it.
        let w = Double(text.count) * size / 2
        boxes.append((x - w / 2 - 4, y - size - 4, x + w / 2 + 4, y + 4))
      }
    }
    #expect(Set(readings).count == count, "\(readings)")
    #expect(readings.contains("showDiagnosis from itch"), "\(readings)")
    let paths = try values(svg, segue + "/\(el("path"))[@class='arrow']", "d")
    var crossings: [String] = []
    for (k, d) in paths.enumerated() {
      for p in sampled(d)
      where boxes.contains(where: { p.0 > $0.0 && p.0 < $0.2 && p.1 > $0.1 && p.1 < $0.3 }) {
        crossings.append("arrow \(k + 1) at \(p)")
      }
    }
    #expect(
      crossings.isEmpty, "through a label: \(crossings.prefix(5)) (\(crossings.count) points)")
  }
}
