import App
import Declarations
import Files
import Render
import Storyboard

/// A script's storyboard as one self-contained HTML page a person taps through in a
/// browser (`psychologist export`). The scripts run here, at export time: the page holds
/// what the host drew (every screen, each face across the happiness range, every
/// transition's layers and sampled placings) and a small script of ours that switches
/// between them.
public enum Prototype {
  /// The happiness values each focused face is drawn at (a drag moves between them).
  public static let happinessSteps: [Double] = (0...20).map { Double($0) * 5 }

  /// An exported page and what went into it.
  public struct Export {
    /// The HTML document, UTF-8.
    public var html: [UInt8]
    /// How many screens (states) it holds.
    public var states: Int
    /// How many steps between them (taps, back, the bar button) it holds.
    public var edges: Int
    /// How many SVG fragments it holds (each drawn once, shared).
    public var fragments: Int
    /// Taps that failed at export time (their buttons do nothing in the page).
    public var warnings: [String]
  }

  /// The devices a prototype of `script` offers: `given` first, then every device the
  /// script's segues name a kind for (`kind = { iphone = …, ipad = … }`) on which it has
  /// no problems.
  public static func devices(of script: Script, given: Device) -> [Device] {
    var out = [given]
    for segue in script.registry.segues {
      guard case .perDevice(let kinds) = segue.kind else { continue }
      for name in kinds.keys.sorted() {
        if let d = Device(rawValue: name), !out.contains(d), script.problems(on: d).isEmpty {
          out.append(d)
        }
      }
    }
    return out
  }

  /// The page for `script` on `devices` (the first is where it starts), starting in
  /// `orientation`. Long host work: it ends at `work`'s deadline.
  public static func export(
    _ script: Script, devices: [Device], orientation: Orientation, work: HostWork
  ) throws -> Export {
    let builder = PrototypeBuilder(script: script, work: work)
    try builder.explore(devices: devices, orientation: orientation)
    let data = builder.json(duration: Transition.duration)
    let head = [
      "<!doctype html>\n<html lang=\"" + escaped(script.registry.language) + "\"><head>",
      "<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width\">\n",
      "<title>" + escaped(script.registry.rootTitle) + " — a Psychologist prototype</title>\n",
      "<style>\n" + PrototypeScript.style + "</style>\n</head><body>\n",
      PrototypeScript.body(devices: devices.map(\.rawValue)),
    ]
    let tail = [
      "<script type=\"application/json\" id=\"psy-data\">", data,
      "</script>\n<script>\n" + PrototypeScript.code + "</script>\n</body></html>\n",
    ]
    // The page is a copy of the fragments and the data, made while they are held: counted
    // against the memory limit with them (a page too big names the declaration the walk
    // ended at, as the walk's own limits do), and made once, at its size.
    var size = (head + tail).reduce(0) { $0 + $1.utf8.count }
    // Each fragment in its template element (40 bytes are room for the tags and its id).
    for svg in builder.fragments { size += svg.utf8.count + 40 }
    try work.charge(data.utf8.count + size, at: builder.walking)
    defer { work.release(data.utf8.count + size) }
    var html: [UInt8] = []
    html.reserveCapacity(size)
    for part in head { html += part.utf8 }
    for (i, svg) in builder.fragments.enumerated() {
      html += "<template id=\"f\(i)\">".utf8
      html += svg.utf8
      html += "</template>\n".utf8
    }
    for part in tail { html += part.utf8 }
    return Export(
      html: html, states: builder.states.count, edges: builder.edges.count,
      fragments: builder.fragments.count, warnings: builder.warnings)
  }

  /// What exporting `script` would say (`check` asks): every screen is walked and drawn as
  /// `export` does, nothing is written; each tap that fails, as `file:line: message`.
  public static func problems(
    _ script: Script, devices: [Device], orientation: Orientation, work: HostWork
  ) throws -> [String] {
    let builder = PrototypeBuilder(script: script, work: work, writes: false)
    try builder.explore(devices: devices, orientation: orientation)
    return builder.warnings
  }

  /// Text for HTML's content: `&`, `<` and `>` escaped.
  static func escaped(_ s: String) -> String {
    var out: [UInt8] = []
    SVGRenderer.appendEscaped(s, to: &out)
    return String(decoding: out, as: UTF8.self)
  }
}
