// Text in any script stays in its box on the screen `show --screen` draws: a chain of 64
// menus titled with generated titles (Latin, Chinese, Japanese, Korean, mixed, emoji,
// combining marks, and Arabic and Hebrew), each with seven buttons titled likewise, walked
// by one `run` session; every screen drawn by rsvg-convert. Each bar title, back title and
// button title (over 500 in all) must leave ink only inside its box: the back button's
// outline, the bar right of the back button and inside the screen, the button's rounded
// rectangle. The boxes are read from the SVG (the polygon, the rects); the ink from pixels.

import Foundation
import TestSupport
import Testing

@Suite struct ChromeTextBoxTests {
  static let screens = 64
  static let buttons = 7

  /// The chain's script: menu i is titled title i and lists seven diagnoses and the segue to
  /// menu i + 1; the session walks the chain and prints each screen's SVG.
  static func script(_ titles: [String]) -> String {
    func lua(_ s: String) -> String {
      "\""
        + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
          of: "\"", with: "\\\"")
        + "\""
    }
    var out = "app { title = \(lua(titles[0])) }\n"
    out += "segue \"showDiagnosis\" { kind = \"push\", happiness = 50 }\n"
    var t = 1
    for i in 1...screens {
      var names: [String] = []
      for b in 0..<buttons {
        let name = "d\(i)_\(b)"
        out +=
          "diagnosis \(lua(name)) { title = \(lua(titles[t % titles.count])), happiness = 50 }\n"
        names.append(lua(name))
        t += 1
      }
      if i < screens { names.append(lua("m\(i + 1)")) }
      out += "menu \(lua("menu\(i)")) { title = \(lua(titles[t % titles.count])), buttons = { "
      out += names.joined(separator: ", ") + " } }\n"
      out +=
        "segue \(lua("m\(i)")) { kind = \"push\", title = \"next\", menu = \(lua("menu\(i)")) }\n"
      t += 1
    }
    out += "local s = session {}\n"
    out += "for i = 1, \(screens) do\n  s:perform(\"m\" .. i)\n"
    out += "  print(s:svg { screen = true })\n  print(\"<!--screen-->\")\nend\n"
    return out
  }

  /// The numbers in `text` after `key="`.
  static func attribute(_ key: String, in element: Substring) -> Double? {
    guard let r = element.range(of: " " + key + "=\"") else { return nil }
    let rest = element[r.upperBound...]
    return Double(rest.prefix { $0 != "\"" })
  }

  /// The screen's SVG with the text elements of `size` points in the bar (y < 64) removed.
  static func without(size: Int, _ svg: String) -> String {
    var out = ""
    var rest = Substring(svg)
    while let start = rest.range(of: "<text ") {
      out += rest[..<start.lowerBound]
      guard let end = rest[start.lowerBound...].range(of: "</text>") else { break }
      let element = rest[start.lowerBound..<end.upperBound]
      let y = attribute("y", in: element) ?? 0
      if !(element.contains("font-size=\"\(size)\"") && y > 20 && y < 64) { out += element }
      rest = rest[end.upperBound...]
    }
    return out + rest
  }

  /// Screens laid side by side in one SVG (each its own nested <svg> at x = k·330).
  static func composite(_ screens: [String]) -> String {
    var out =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(screens.count * 330)\" height=\"480\">"
    out += "<rect width=\"100%\" height=\"100%\" fill=\"#ff00ff\"/>"
    for (k, s) in screens.enumerated() {
      var body = Substring(s)
      if let r = body.range(of: "<svg") { body = body[r.upperBound...] }
      out += "<svg x=\"\(k * 330)\" y=\"0\"" + body
    }
    return out + "</svg>"
  }

  @Test func everyTitleStaysInItsBox() throws {
    let titles = Array(
      generatedTitles(560, longest: 24).enumerated().map { i, t in
        i % 9 == 4 ? rightToLeftTitles[(i / 9) % rightToLeftTitles.count] : t
      })
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try writeFile(dir + "/chain.lua", Self.script(titles))
    let r = try psychologist(["run", "chain.lua"], in: dir, timeout: 300)
    try #require(r.status == 0, "\(r.stderr)")
    let svgs = r.out.components(separatedBy: "<!--screen-->").map {
      $0.trimmingCharacters(in: .whitespacesAndNewlines)
    }.filter { !$0.isEmpty }
    try #require(svgs.count == Self.screens)
    var checked = 0
    for group in stride(from: 0, to: svgs.count, by: 16) {
      let screens = Array(svgs[group..<min(group + 16, svgs.count)])
      // The bar's title alone (back titles removed), and the back titles alone.
      let titlesOnly = try rasterize(Self.composite(screens.map { Self.without(size: 12, $0) }))
      let backOnly = try rasterize(Self.composite(screens.map { Self.without(size: 20, $0) }))
      for (k, svg) in screens.enumerated() {
        let dx = k * 330
        func white(_ p: Pixels, _ x: Int, _ y: Int) -> Bool {
          guard let c = p.at(dx + x, y) else { return false }
          return min(c.r, c.g, c.b) > 235
        }
        // The back button's outline: its polygon's extent.
        let polygon = try #require(
          svg.range(of: "<polygon points=\"").map { r in
            svg[r.upperBound...].prefix { $0 != "\"" }
          })
        let xs = polygon.split(separator: " ").compactMap { Double($0.split(separator: ",")[0]) }
        let backLeft = Int(xs.min()!), backRight = Int(xs.max()!.rounded(.up))
        // Bar rows, clear of its highlight and edge lines.
        for y in 23..<62 {
          for x in 0..<330 {
            if white(titlesOnly, x, y) {
              #expect(x > backRight && x < 320, "screen \(group + k): title ink at \(x),\(y)")
            }
            if white(backOnly, x, y) {
              #expect(
                x > backLeft + 4 && x < backRight, "screen \(group + k): back ink at \(x),\(y)")
            }
          }
        }
        // Each button's title inside its rounded rectangle's border.
        var rest = Substring(svg)
        while let r = rest.range(of: "<rect ") {
          let element = rest[r.lowerBound...].prefix { $0 != ">" }
          rest = rest[r.upperBound...]
          guard element.contains("rx=\"10\""), let bx = Self.attribute("x", in: element),
            let by = Self.attribute("y", in: element), let bw = Self.attribute("width", in: element)
          else { continue }
          var ink = 0
          for y in Int(by) - 6..<Int(by) + 46 {
            for x in 0..<330 {
              guard let c = titlesOnly.at(dx + x, y), c.b - c.r > 40, c.r < 150 else { continue }
              ink += 1
              #expect(
                Double(x) > bx + 1 && Double(x) < bx + bw - 1 && Double(y) > by
                  && Double(y) < by + 40,
                "screen \(group + k): button ink at \(x),\(y) outside \(bx)…\(bx + bw)")
            }
          }
          #expect(ink > 0, "screen \(group + k): a button without its title")
          checked += 1
        }
      }
    }
    #expect(checked >= Self.screens * Self.buttons)
  }
}
