import App
import Declarations
import Files
import Geometry
import Readable
import Render
import Storyboard

/// The whole storyboard on one canvas, as Xcode's shows one: each scene's real screen
/// scaled down with its title under it, an arrow into the initial scene, one arrow per
/// segue from the button performing it with its kind's badge and its identifier, the
/// iPad's split view with its master and detail, and `check`'s problems in red.
public struct StoryboardCanvas {
  /// The scenes and segues.
  public var graph: StoryboardGraph
  /// Each scene's drawn screen, by node id (none when only the graph is wanted).
  public var screens: [String: StoryboardScreen]
  /// How much a screen is scaled down on the canvas.
  public var scale: Double
  /// The screen's size on the device, in points.
  public var screenSize: Size
  /// Problems found: `check`'s for the declarations on this device, then scenes that failed
  /// to draw. What the command reports.
  public var problems: [Problem]

  /// The longest side of a scene's picture on the canvas, in points.
  static let thumbnailSide = 240.0
  /// The band under a picture that holds its title.
  static let titleBand = 24.0
  /// A line of a problem's note under a title.
  static let noteLine = 11.0
  /// The characters of a note line a box `width` points wide has room for.
  static func noteRoom(_ width: Double) -> Int { max(Int(width / 5.0), 8) }

  /// The size of each node's box (picture, title and notes), by id: what dot places.
  public var sizes: [String: Size] {
    var out: [String: Size] = [:]
    let picture = Size(width: screenSize.width * scale, height: screenSize.height * scale)
    for n in graph.nodes {
      if n.role == .splitView {
        out[n.id] = Size(width: 150, height: 56)
        continue
      }
      let lines = notes(of: n).count
      out[n.id] = Size(
        width: picture.width.rounded(),
        height: (picture.height + Self.titleBand + Double(lines) * Self.noteLine).rounded())
    }
    return out
  }

  /// The red notes under node `n`: its problems, and why its screen failed, wrapped.
  func notes(of n: StoryboardGraph.Node) -> [String] {
    var texts = n.problems.map(\.message)
    if let failure = screens[n.id]?.failure { texts.append(failure) }
    if !n.reachable && texts.isEmpty { texts.append("no person reaches this scene") }
    let room = Self.noteRoom(screenSize.width * scale)
    return texts.flatMap { wrapped($0, room: room, lines: 4) }
  }

  /// The graph in dot's language (`--format dot`).
  public var dot: String { graph.dot(sizes: sizes) }

  /// The canvas as an SVG document, laid out by `dot` within `seconds`.
  public func svg(seconds: Double = 30) throws(StoryboardLayoutError) -> [UInt8] {
    let layout = try graph.layout(sizes: sizes, seconds: seconds)
    return compose(layout)
  }
}

extension Script {
  /// The storyboard on `device` and `orientation` as a canvas; `drawing` false leaves the
  /// screens undrawn (for the graph alone). Never throws for the script's faults: a scene
  /// that fails is drawn with its failure, in red. The walk of its screens ends at `work`'s
  /// deadline and charges what it keeps to the memory limit: a limit it meets is thrown.
  public func storyboardCanvas(
    device: Device, orientation: Orientation, drawing: Bool = true, work: HostWork? = nil
  ) throws -> StoryboardCanvas {
    let registry = self.registry
    let found = problems(on: device) + registry.unperformedSegueProblems()
    let graph = registry.storyboardGraph(on: device, problems: found)
    let size = device.size(in: orientation)
    var canvas = StoryboardCanvas(
      graph: graph, screens: [:],
      scale: StoryboardCanvas.thumbnailSide / max(size.width, size.height),
      screenSize: size, problems: found)
    guard drawing else { return canvas }
    let session = Session(checking: self, device: device, orientation: orientation)
    let reach = Reach(
      session: session, showingMaster: Reach.showsMaster(on: device, orientation), work: work)
    for (i, n) in graph.nodes.enumerated() where n.isScene {
      let screen = try session.storyboardScreen(of: n, reach: reach)
      canvas.screens[n.id] = screen
      canvas.graph.nodes[i].title = screen.title
      if let failure = screen.failure {
        canvas.problems.append(Problem(.nowhere, "scene '\(screen.title)': \(failure)"))
      }
    }
    return canvas
  }
}

/// `text` in lines of at most `room` characters, broken at spaces, at most `lines` of
/// them (the last ending in … when cut).
func wrapped(_ text: String, room: Int, lines: Int) -> [String] {
  var out: [String] = []
  var line = ""
  for word in text.split(separator: " ") {
    var word = String(word)
    if word.count > room { word = String(word.prefix(room - 1)) + "…" }
    if line.isEmpty {
      line = word
    } else if line.count + 1 + word.count <= room {
      line += " " + word
    } else {
      out.append(line)
      line = word
    }
  }
  if !line.isEmpty { out.append(line) }
  if out.count > lines {
    out = Array(out.prefix(lines))
    out[lines - 1] = String(out[lines - 1].prefix(room - 1)) + "…"
  }
  return out
}
