import App
import Declarations
import Files
import LuaHost
import Readable

/// The Lua API as an author browses it (`psychologist help lua [NAME]`, `docs/lua-api.md`),
/// read from the LuaCATS definitions in `types/psychologist.lua`: the one description of
/// the API, which editors read too, so the reference cannot drift from it.
public struct LuaAPIReference {
  /// One documented name: a declaration's fields (a class), a function or method, a set
  /// of names (an alias).
  public struct Entry {
    /// `DiagnosisFields`, `Pen:color`, `diagnosis`, `DeviceName`.
    public var name: String
    /// The section of the definitions it is in (`Declarations`, `Sessions`, …).
    public var section: String
    /// Its heading: `Pen:color(name)`, `DiagnosisFields (fields)`.
    public var heading: String
    /// Its description and its fields, parameters or values, as Markdown lines.
    public var lines: [String]
  }

  /// The entries in the definitions' order.
  public private(set) var entries: [Entry] = []

  /// Reads the LuaCATS `definitions`.
  public init(definitions: String) {
    var section = ""
    var doc: [String] = []
    var current: Entry?
    func finish() {
      if let e = current { entries.append(e) }
      current = nil
    }
    func short(_ type: Substring) -> String {
      type.replacingText("psychologist.", with: "")
    }
    var afterRule = false
    for raw in definitions.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = raw.trimmingSuffix(" ")
      if line.hasPrefix("-- ----") {
        afterRule = true
        continue
      }
      if afterRule, line.hasPrefix("-- ") {
        finish()
        section = String(line.dropFirst(3))
        afterRule = false
        continue
      }
      afterRule = false
      if line.hasPrefix("---@class ") {
        finish()
        let name = short(line.dropFirst("---@class ".count))
        current = Entry(name: name, section: section, heading: name, lines: doc)
        doc = []
      } else if line.hasPrefix("---@alias ") {
        finish()
        let rest = line.dropFirst("---@alias ".count)
        let name = short(rest.prefix { $0 != " " })
        let value = rest.drop { $0 != " " }.drop { $0 == " " }
        current = Entry(
          name: name, section: section, heading: name,
          lines: doc + (value.isEmpty ? [] : ["", "One of: `\(short(value))`"]))
        doc = []
      } else if line.hasPrefix("---| ") {
        let value = line.dropFirst(5)
        let parts = value.split(separator: "#", maxSplits: 1)
        let words =
          parts.count > 1 ? ": " + (parts[1].hasPrefix(" ") ? parts[1].dropFirst() : parts[1]) : ""
        current?.lines.append("- `\(parts[0].trimmingSuffix(" "))`\(words)")
      } else if line.hasPrefix("---@field ") {
        let rest = line.dropFirst("---@field ".count)
        let name = rest.prefix { $0 != " " }
        let type = short(rest.drop { $0 != " " }.drop { $0 == " " })
        let words = doc.isEmpty ? "" : ": " + doc.joined(separator: " ")
        if let last = current?.lines.last, !last.hasPrefix("- "), !last.isEmpty {
          current?.lines.append("")
        }
        current?.lines.append("- `\(name)` (`\(type)`)\(words)")
        doc = []
      } else if line.hasPrefix("---@param ") || line.hasPrefix("---@return ")
        || line.hasPrefix("---@overload ")
      {
        doc.append("@" + line.dropFirst(4))
      } else if line.hasPrefix("---") {
        doc.append(String(line.dropFirst(3)))
      } else if line.hasPrefix("function ") {
        finish()
        let signature = line.dropFirst("function ".count).prefix { $0 != ")" } + ")"
        let name = String(signature.prefix { $0 != "(" })
        var lines: [String] = []
        var tags: [String] = []
        for d in doc {
          if d.hasPrefix("@") { tags.append(String(d.dropFirst())) } else { lines.append(d) }
        }
        if !tags.isEmpty { lines.append("") }
        for tag in tags {
          let words = tag.split(separator: " ", maxSplits: 2).map(String.init)
          switch words.first {
          case "param" where words.count >= 3:
            lines.append("- `\(words[1])` (`\(short(Substring(words[2])))`)")
          case "return" where words.count >= 2:
            lines.append("- returns `\(short(Substring(words[1...].joined(separator: " "))))`")
          case "overload" where words.count >= 2:
            lines.append("- or `\(short(Substring(words[1...].joined(separator: " "))))`")
          default: break
          }
        }
        current = Entry(name: name, section: section, heading: String(signature), lines: lines)
        doc = []
        finish()
      } else {
        doc = []
      }
    }
    finish()
  }

  /// The whole reference as Markdown: a section a heading, an entry a subheading.
  public var markdown: String {
    var out = [
      "# The Lua API", "",
      "Every declaration, its fields, and the objects a script is handed (nav, scene, face,",
      "pen, session), read from `types/psychologist.lua`, the LuaCATS definitions editors",
      "use. `psychologist help lua NAME` shows one of them; this page is what",
      "`psychologist help lua` prints.",
    ]
    var section: String?
    for e in entries {
      if e.section != section {
        section = e.section
        out += ["", "## \(e.section)"]
      }
      out += [""] + render(e)
    }
    return out.joined(separator: "\n") + "\n"
  }

  /// One entry as Markdown.
  public func render(_ e: Entry) -> [String] {
    ["### \(e.heading)", ""] + e.lines.drop { $0.isEmpty }
  }

  /// The entries `name` names: its full name (`Pen:color`, `DiagnosisFields`), or the part
  /// after a `:` (`color`), in any letter case; `pen.color` reads as `pen:color`.
  public func entries(named name: String) -> [Entry] {
    let wanted = name.lowercased().replacingText(".", with: ":")
    let exact = entries.filter { $0.name.lowercased() == wanted }
    if !exact.isEmpty { return exact }
    return entries.filter { e in
      let n = e.name.lowercased()
      return n.split(separator: ":").last.map(String.init) == wanted
        || n == wanted + "fields"
    }
  }

  /// `(did you mean 'color'?)` for a name that names nothing, from every entry's names.
  public func suggestion(for name: String) -> String {
    let names = entries.flatMap { e in
      [e.name] + (e.name.split(separator: ":").last.map { [String($0)] } ?? [])
    }
    return Readable.suggestion(name, names)
  }
}

extension Substring {
  fileprivate func trimmingSuffix(_ c: Character) -> Substring {
    var s = self
    while s.last == c { s = s.dropLast() }
    return s
  }
}
