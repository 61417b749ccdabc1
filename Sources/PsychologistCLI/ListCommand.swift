import CLISupport
import Options
import Psychologist
import Readable
import Render
import TextMetrics

/// `psychologist list SCRIPT [--json]`: what was declared, where, and by which plugin.
enum ListCommand: Command {
  /// The script.
  static let script = Positional("SCRIPT", completes: .files(["lua"]))
  /// `--json`.
  static let json = Flag("--json", help: "print JSON instead of a table")

  static let name = "list"

  static let spec = CommandSpec(
    name, positionals: [script],
    summary: "List what a script and its plugins declare, and where.",
    options: SharedOptions.script + [json])

  static func run(_ args: ParsedArguments) throws -> ExitCode {
    let options = try scriptOptions(args)
    let script = try loadForDeclarations(args[Self.script], options)
    let rows = listing(script.registry)
    if args[json] {
      FileOutput.standard.write(PsychologistCLI.json(rows))
    } else {
      FileOutput.standard.write(table(rows, pluginOrder: script.pluginFiles))
    }
    // The listing stands, but a script with problems is not ok.
    let problems = script.problems(on: options.device)
    for p in problems { report(p.description) }
    return problems.isEmpty ? .ok : .script
  }
}

/// One declaration as listed: its section, name, a short description and where it was made.
struct Listed {
  var section: String
  var name: String
  var fields: [(String, String)]
  var location: String
  var plugin: String?
}

func happinessText(_ h: HappinessSource?) -> String {
  switch h {
  case .value(let v)?: return formatNumber(v)
  case .function?: return "function"
  case nil: return "-"
  }
}

func listing(_ r: Registry) -> [Listed] {
  var rows: [Listed] = []
  if let app = r.app {
    rows.append(
      Listed(
        section: "app", name: r.rootTitle,
        fields: [("title", r.rootTitle)] + (app.language.map { [("language", $0)] } ?? [])
          + (app.theme.map { [("theme", $0)] } ?? []),
        location: app.location, plugin: app.plugin))
  }
  /// The named menus a button is on (none: the root's, or no menu).
  func on(_ name: String) -> [(String, String)] {
    let menus = r.menus(listing: name).map(\.name)
    return menus.isEmpty ? [] : [("on", menus.joined(separator: ","))]
  }
  for d in r.diagnoses {
    var f = [("happiness", happinessText(d.happiness)), ("segue", d.segue)] + on(d.name)
    if let t = d.title { f.append(("title", t)) }
    if d.expression != nil { f.append(("expression", "yes")) }
    if !d.features.isEmpty { f.append(("features", d.features.joined(separator: ","))) }
    if let s = d.style { f.append(("style", s)) }
    if let c = d.channels { f += [("channels", c.summary)] + c.settings }
    rows.append(
      Listed(section: "diagnoses", name: d.name, fields: f, location: d.location, plugin: d.plugin))
  }
  for s in r.segues {
    let kind: String
    switch s.kind {
    case .same(let k): kind = k
    case .perDevice(let m):
      kind = m.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: ",")
    }
    var f = [("kind", kind), ("happiness", happinessText(s.happiness))]
    // A button is on a menu; a manual segue is performed by diagnoses and code.
    f.append(("button", r.isButton(s) ? "yes" : "no"))
    if r.isButton(s) { f += on(s.identifier) }
    if let m = s.menu { f.append(("shows", m)) }
    if let t = s.title { f.append(("title", t)) }
    rows.append(
      Listed(
        section: "segues", name: s.identifier, fields: f, location: s.location, plugin: s.plugin))
  }
  for m in r.menus {
    var f = [("title", r.title(ofMenu: m.name)), ("buttons", m.buttons.joined(separator: ","))]
    if m.shared { f.append(("shared", "yes")) }
    rows.append(
      Listed(section: "menus", name: m.name, fields: f, location: m.location, plugin: m.plugin))
  }
  for k in r.kinds {
    let devices = k.devices.map { $0.map(\.rawValue).joined(separator: ",") } ?? "all"
    rows.append(
      Listed(
        section: "segue_kinds", name: k.name, fields: [("devices", devices)], location: k.location,
        plugin: k.plugin))
  }
  for f in r.features {
    rows.append(
      Listed(
        section: "features", name: f.name,
        fields: [("everywhere", r.drawsEverywhere(f) ? "yes" : "no")], location: f.location,
        plugin: f.plugin))
  }
  for s in r.styles {
    rows.append(
      Listed(
        section: "styles", name: s.name ?? "(global)",
        fields: [("color", s.style.color.svg), ("scale", formatNumber(s.style.scale))],
        location: s.location, plugin: s.plugin))
  }
  for t in r.themes {
    rows.append(
      Listed(
        section: "themes", name: t.name,
        fields: [("bar_top", t.theme.barTop.svg), ("fonts", t.theme.fonts.joined(separator: ","))],
        location: t.location, plugin: t.plugin))
  }
  // A misspelt field is shown as written, beside the default it did not set.
  for i in rows.indices {
    for (name, value) in r.unknownFields[rows[i].location] ?? [] {
      rows[i].fields.append((name, value + " (unknown field)"))
    }
  }
  return rows
}

/// The listing grouped by the file that declared each thing (the script's own first, then
/// plugins in load order), each file named once, its declarations by section with their lines.
func table(_ rows: [Listed], pluginOrder: [String] = []) -> String {
  guard !rows.isEmpty else { return "nothing declared\n" }
  struct Group {
    var file: String
    var plugin: String?
    var rows: [(line: String, row: Listed)] = []
  }
  var groups: [Group] = []
  for row in rows {
    let (file, line) = splitLocation(row.location)
    if let i = groups.firstIndex(where: { $0.file == file && $0.plugin == row.plugin }) {
      groups[i].rows.append((line, row))
    } else {
      groups.append(Group(file: file, plugin: row.plugin, rows: [(line, row)]))
    }
  }
  // The script's own declarations first (that is what was asked about), then the plugins'
  // in the order they loaded.
  func rank(_ g: Group) -> Int {
    guard let plugin = g.plugin else { return -1 }
    return pluginOrder.firstIndex(of: plugin) ?? pluginOrder.count
  }
  groups = groups.enumerated().sorted {
    (rank($0.element), $0.offset) < (rank($1.element), $1.offset)
  }
  .map(\.element)
  let width = (rows.map { TerminalCells.of(visible($0.name)) }.max() ?? 0) + 2
  var out = ""
  for group in groups {
    var header = visible(group.file)
    if let plugin = group.plugin {
      header += plugin == group.file ? " (plugin)" : " (required by plugin \(visible(plugin)))"
    }
    out += (out.isEmpty ? "" : "\n") + header + ":\n"
    var section = ""
    for (line, row) in group.rows {
      if row.section != section {
        section = row.section
        out += "  " + section + ":\n"
      }
      let fields = row.fields.map { "\($0.0) \(visible($0.1))" }.joined(separator: "  ")
      out += "    " + visible(row.name).padding(width) + fields
      out += line.isEmpty ? "\n" : "  line \(line)\n"
    }
  }
  return out
}

/// `"dir/a.lua:12"` → (`"dir/a.lua"`, `"12"`); a location without a line → (it, "").
func splitLocation(_ location: String) -> (file: String, line: String) {
  guard let colon = location.lastIndex(of: ":") else { return (location, "") }
  let line = location[location.index(after: colon)...]
  guard !line.isEmpty, line.allSatisfy(\.isNumber) else { return (location, "") }
  return (String(location[..<colon]), String(line))
}

func json(_ rows: [Listed]) -> String {
  let sections = [
    "app", "menus", "diagnoses", "segues", "segue_kinds", "features", "styles", "themes",
  ]
  var parts: [String] = []
  for s in sections {
    let items = rows.filter { $0.section == s }.map { row -> String in
      var fields = [("name", jsonString(row.name))]
      for (k, v) in row.fields {
        // Only numeric fields go out bare: a title such as "+1" or ".5" reads as a Double
        // but is no JSON number.
        let numeric = k == "happiness" || k == "scale"
        if numeric, let d = Double(v), d.isFinite {
          fields.append((k, v))
        } else if k == "button" || k == "shared" {
          fields.append((k, v == "yes" ? "true" : "false"))
        } else {
          fields.append((k, jsonString(v)))
        }
      }
      fields.append(("location", jsonString(row.location)))
      fields.append(("plugin", row.plugin.map(jsonString) ?? "null"))
      return "{" + fields.map { "\(jsonString($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }
    parts.append(
      "  \(jsonString(s)): ["
        + (items.isEmpty ? "" : "\n    " + items.joined(separator: ",\n    ") + "\n  ") + "]")
  }
  return "{\n" + parts.joined(separator: ",\n") + "\n}\n"
}
