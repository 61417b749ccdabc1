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
  var fields: [(String, ListedValue)]
  var location: SourceLocation
  var plugin: String?
}

/// A listed field's value: text, or a list the table joins with commas and JSON keeps as an
/// array (an object for pairs).
enum ListedValue: ExpressibleByStringLiteral {
  case text(String)
  case list([String])
  case pairs([(String, String)])

  init(stringLiteral value: String) { self = .text(value) }

  /// As the table shows it.
  var text: String {
    switch self {
    case .text(let s): s
    case .list(let items): items.joined(separator: ",")
    case .pairs(let pairs): pairs.map { "\($0.0)=\($0.1)" }.joined(separator: ",")
    }
  }
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
        fields: [("title", .text(r.rootTitle))]
          + (app.language.map { [("language", .text($0))] } ?? [])
          + (app.theme.map { [("theme", .text($0))] } ?? []),
        location: app.location, plugin: app.plugin))
  }
  /// The named menus a button is on (none: the root's, or no menu).
  func on(_ name: String) -> [(String, ListedValue)] {
    let menus = r.menus(listing: name).map(\.name)
    return menus.isEmpty ? [] : [("on", .list(menus))]
  }
  for d in r.diagnoses {
    var f: [(String, ListedValue)] =
      [("happiness", .text(happinessText(d.happiness))), ("segue", .text(d.segue))] + on(d.name)
    if let t = d.title { f.append(("title", .text(t))) }
    if d.expression != nil { f.append(("expression", "yes")) }
    if !d.features.isEmpty { f.append(("features", .list(d.features))) }
    if let s = d.style { f.append(("style", .text(s))) }
    if let c = d.channels {
      f += [("channels", .text(c.summary))] + c.settings.map { ($0.0, .text($0.1)) }
    }
    rows.append(
      Listed(section: "diagnoses", name: d.name, fields: f, location: d.location, plugin: d.plugin))
  }
  for s in r.segues {
    let kind: ListedValue
    switch s.kind {
    case .same(let k): kind = .text(k)
    case .perDevice(let m): kind = .pairs(m.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }
    var f: [(String, ListedValue)] = [
      ("kind", kind), ("happiness", .text(happinessText(s.happiness))),
    ]
    // A button is on a menu; a manual segue is performed by diagnoses and code.
    f.append(("button", r.isButton(s) ? "yes" : "no"))
    if r.isButton(s) { f += on(s.identifier) }
    if let m = s.menu { f.append(("shows", .text(m))) }
    if let t = s.title { f.append(("title", .text(t))) }
    rows.append(
      Listed(
        section: "segues", name: s.identifier, fields: f, location: s.location, plugin: s.plugin))
  }
  for m in r.menus {
    var f: [(String, ListedValue)] = [
      ("title", .text(r.title(ofMenu: m.name))), ("buttons", .list(m.buttons)),
    ]
    if m.shared { f.append(("shared", "yes")) }
    rows.append(
      Listed(section: "menus", name: m.name, fields: f, location: m.location, plugin: m.plugin))
  }
  for k in r.kinds {
    let devices = k.devices.map { ListedValue.list($0.map(\.rawValue)) } ?? "all"
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
        fields: [
          ("color", .text(s.style.color.svg)), ("scale", .text(formatNumber(s.style.scale))),
        ],
        location: s.location, plugin: s.plugin))
  }
  for t in r.themes {
    rows.append(
      Listed(
        section: "themes", name: t.name,
        fields: [("bar_top", .text(t.theme.barTop.svg)), ("fonts", .list(t.theme.fonts))],
        location: t.location, plugin: t.plugin))
  }
  // A misspelt field is shown as written, beside the default it did not set.
  for i in rows.indices {
    for (name, value) in r.unknownFields[rows[i].location] ?? [] {
      rows[i].fields.append((name, .text(value + " (unknown field)")))
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
    let (file, line) = (row.location.file, row.location.line.map(String.init) ?? "")
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
      let fields = row.fields.map { "\($0.0) \(visible($0.1.text))" }.joined(separator: "  ")
      out += "    " + visible(row.name).padding(width) + fields
      out += line.isEmpty ? "\n" : "  line \(line)\n"
    }
  }
  return out
}

/// The listing as JSON: an object of the table's sections, each an array of declarations,
/// a line each; a field's list is an array, a per-device kind an object.
func json(_ rows: [Listed]) -> String {
  let sections = [
    "app", "menus", "diagnoses", "segues", "segue_kinds", "features", "styles", "themes",
  ]
  let listing = sections.map { section -> (String, JSONValue) in
    let items = rows.filter { $0.section == section }.map { row -> JSONValue in
      var fields: [(String, JSONValue)] = [("name", .string(row.name))]
      for (k, v) in row.fields { fields.append((k, jsonValue(k, v))) }
      fields.append(("location", .string(row.location.description)))
      fields.append(("plugin", row.plugin.map(JSONValue.string) ?? .null))
      return .object(fields)
    }
    return (section, .array(items))
  }
  let layout = JSONLayout(brokenLevels: 2, spaced: true, escaping: .readable)
  return JSONValue.object(listing).text(layout) + "\n"
}

/// A field's value in JSON: only numeric fields go out bare (a title such as "+1" or ".5"
/// reads as a Double but is no JSON number), yes and no as booleans.
private func jsonValue(_ key: String, _ value: ListedValue) -> JSONValue {
  switch value {
  case .list(let items): return .strings(items)
  case .pairs(let pairs): return .object(pairs.map { ($0.0, .string($0.1)) })
  case .text(let v):
    if key == "happiness" || key == "scale", let d = Double(v), d.isFinite { return .number(v) }
    if key == "button" || key == "shared" { return .bool(v == "yes") }
    return .string(v)
  }
}
