import Foundation
import Testing
import TestSupport

/// The anchor GitHub gives a heading: lower case, every character that is not a letter, a
/// digit, a space, `-` or `_` dropped, each space a `-` (so `Laying …: `--at`, `--sort``
/// becomes `laying-…---at---sort`).
func headingAnchor(_ heading: String) -> String {
  String(
    heading.lowercased().unicodeScalars.compactMap { c -> Character? in
      if c == " " { return "-" }
      if CharacterSet.alphanumerics.contains(c) || c == "-" || c == "_" { return Character(c) }
      return nil
    })
}

/// A page's text outside fenced blocks and inline code, where a link is a link.
func proseOutsideCode(_ text: String) -> String {
  var fenced = false
  var kept: [String] = []
  for line in text.components(separatedBy: "\n") {
    if line.hasPrefix("```") {
      fenced.toggle()
      continue
    }
    if !fenced {
      kept.append(line.replacingOccurrences(of: "`[^`]*`", with: "", options: .regularExpression))
    }
  }
  return kept.joined(separator: "\n")
}

/// The anchors a page's headings give, a repeated one numbered `-1`, `-2` as GitHub does.
func anchors(ofPage text: String) -> Set<String> {
  var seen: [String: Int] = [:]
  var out: Set<String> = []
  var fenced = false
  for line in text.components(separatedBy: "\n") {
    if line.hasPrefix("```") { fenced.toggle() }
    guard !fenced, line.hasPrefix("#") else { continue }
    let title = line.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces)
    let anchor = headingAnchor(title)
    let count = seen[anchor, default: 0]
    out.insert(count == 0 ? anchor : "\(anchor)-\(count)")
    seen[anchor] = count + 1
  }
  return out
}

/// Every relative link of the README and docs/ leads somewhere: the file exists, and an
/// `#anchor` is a heading of the page it names.
@Suite struct DocLinkTests {
  @Test func theAnchorsAreGitHubs() {
    // Worked out by hand from GitHub's rule (punctuation dropped, spaces to hyphens).
    #expect(headingAnchor("Exit status") == "exit-status")
    #expect(
      headingAnchor(
        "Laying the sheet out by columns: `--at`, `--sort`; dressing each face's own file")
        == "laying-the-sheet-out-by-columns---at---sort-dressing-each-faces-own-file")
    #expect(headingAnchor("2. A feature: drawing on the face") == "2-a-feature-drawing-on-the-face")
    #expect(anchors(ofPage: "# A\n```\n# not a heading\n```\n## A\n") == ["a", "a-1"])
  }

  @Test func noRelativeLinkIsBroken() throws {
    let link = try NSRegularExpression(pattern: #"\]\(([^()\s]+)(?:\s+"[^"]*")?\)"#)
    var checked = 0
    for page in documentationPages {
      let text = try documentationText(page)
      let prose = proseOutsideCode(text)
      let folder = (page as NSString).deletingLastPathComponent
      let range = NSRange(prose.startIndex..., in: prose)
      for match in link.matches(in: prose, range: range) {
        let target = String(prose[Range(match.range(at: 1), in: prose)!])
        if target.contains("://") || target.hasPrefix("mailto:") { continue }
        checked += 1
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        let file =
          path.isEmpty
          ? packageRoot + "/" + page
          : URL(fileURLWithPath: packageRoot + "/" + folder + "/" + path).standardized.path
        #expect(FileManager.default.fileExists(atPath: file), "\(page): \(target): no \(file)")
        if parts.count == 2, file.hasSuffix(".md") {
          let there = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
          #expect(
            anchors(ofPage: there).contains(String(parts[1])),
            "\(page): \(target): no heading #\(parts[1]) there")
        }
      }
    }
    // The README alone links every page of docs/.
    #expect(checked >= 20, "only \(checked) links")
  }

  /// The README leads to every page of docs/.
  @Test func theReadmeLinksEveryPage() throws {
    let readme = try documentationText("README.md")
    for page in documentationPages.dropFirst() {
      #expect(readme.contains("](\(page)"), "README.md does not link \(page)")
    }
  }
}
