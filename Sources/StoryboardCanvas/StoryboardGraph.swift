import App
import Declarations
import Files
import Readable
import Storyboard

/// A script's storyboard as a graph, as Xcode's canvas shows one: every scene a person can
/// reach (each menu, and where each button leads), the segues between them from the
/// buttons that perform them, and what `check` finds wrong with them. No drawing: the
/// canvas draws each scene's screen and lays the graph out.
public struct StoryboardGraph: Sendable {
  /// What a node of the graph stands for.
  public enum Role: Equatable, Sendable {
    /// A menu scene (nil: the root menu).
    case menu(String?)
    /// The scene a tap of `button` shows: its face (a segue showing a menu leads to the
    /// menu's node instead).
    case destination(button: String)
    /// The scene of a manual segue that no diagnosis performs (reached by no person).
    case manual(segue: String)
    /// The iPad's split view, holding the master (the root menu) and the detail.
    case splitView
    /// The iPad's detail as the app starts: empty until a segue replaces it.
    case detail
  }

  /// A scene (or the split view) on the canvas.
  public struct Node: Sendable {
    /// Its id in the graph and the SVG (`s0`, `s1`, …, `split`, `detail`).
    public var id: String
    /// What it stands for.
    public var role: Role
    /// What it is called under its picture (the drawn scene's title replaces it).
    public var title: String
    /// Whether a person reaches it from the initial scene by tapping buttons.
    public var reachable: Bool
    /// `check`'s problems at its declaration.
    public var problems: [Problem] = []

    /// Whether its picture is a drawn screen (not the split view's or empty detail's box).
    public var isScene: Bool {
      switch role {
      case .menu, .destination, .manual: true
      case .splitView, .detail: false
      }
    }
  }

  /// What an edge of the graph is.
  public enum EdgeRole: Equatable, Sendable {
    /// The arrow into the initial scene, from nowhere.
    case initial
    /// A segue: its identifier and its kind on the device (nil: none for it).
    case segue(String, kind: String?)
    /// The split view's relationship to its master or detail (`master`, `detail`).
    case relationship(String)
  }

  /// An arrow on the canvas.
  public struct Edge: Sendable {
    /// The node it leaves (nil: the initial arrow, from nowhere).
    public var from: String?
    /// The button it leaves from, in the `from` scene (nil: from the scene, a manual segue).
    public var button: String?
    /// The node it enters.
    public var to: String
    /// What it is.
    public var role: EdgeRole
    /// `check`'s problems at the declarations it stands for (the segue, the diagnosis).
    public var problems: [Problem] = []
  }

  /// The device the kinds are read for.
  public var device: Device
  /// Nodes: the root menu first, then the other menus, then destinations in button order.
  public var nodes: [Node]
  /// Edges: the initial arrow (and the split view's relationships) first, then segues.
  public var edges: [Edge]
  /// `check`'s problems that sit on no node or edge drawn (a segue a diagnosis names that
  /// is not declared): the canvas lists them.
  public var otherProblems: [Problem]

  /// The node with `id`.
  public func node(_ id: String) -> Node? { nodes.first { $0.id == id } }
}

extension Registry {
  /// The storyboard on `device` as a graph, with `problems` (`check`'s, for this device)
  /// set on the nodes and edges of the declarations they are at.
  public func storyboardGraph(on device: Device, problems: [Problem]) -> StoryboardGraph {
    var nodes: [StoryboardGraph.Node] = []
    var edges: [StoryboardGraph.Edge] = []
    func add(_ role: StoryboardGraph.Role, _ title: String) -> String {
      let id = "s\(nodes.count)"
      nodes.append(.init(id: id, role: role, title: title, reachable: false))
      return id
    }
    var menuNode: [String?: String] = [:]
    menuNode[nil] = add(.menu(nil), rootTitle)
    for m in menus where menuNode[m.name] == nil {
      let shower = segues.first { $0.menu == m.name }
      menuNode[m.name] = add(.menu(m.name), title(ofMenu: m.name, shownBy: shower))
    }
    // Where each button leads, once however many menus show it (`shared`).
    var destinations: [String: String] = [:]
    let menuNames: [String?] = [nil] + menus.map(\.name)
    for menu in menuNames {
      guard let from = menuNode[menu] else { continue }
      for b in buttons(ofMenu: menu) {
        guard let segue = segue(tapping: b.name) else { continue }
        let to: String
        if let shown = segue.menu, let id = menuNode[shown] {
          to = id
        } else if let id = destinations[b.name] {
          to = id
        } else {
          let title = diagnosis(b.name)?.title ?? segue.title ?? b.title
          to = add(.destination(button: b.name), title)
          destinations[b.name] = to
        }
        edges.append(
          .init(
            from: from, button: b.name, to: to,
            role: .segue(segue.identifier, kind: segue.kind.name(on: device))))
      }
    }
    for segue in unperformedSegues() {
      let to = add(.manual(segue: segue.identifier), segue.title ?? segue.identifier)
      edges.append(
        .init(
          from: menuNode[nil], button: nil, to: to,
          role: .segue(segue.identifier, kind: segue.kind.name(on: device))))
    }
    markReachable(&nodes, edges, from: menuNode[nil]!)
    var front: [StoryboardGraph.Edge] = []
    if device.isPad {
      nodes.append(.init(id: "split", role: .splitView, title: "Split View", reachable: true))
      nodes.append(.init(id: "detail", role: .detail, title: "Detail", reachable: true))
      front = [
        .init(from: nil, button: nil, to: "split", role: .initial),
        .init(from: "split", button: nil, to: menuNode[nil]!, role: .relationship("master")),
        .init(from: "split", button: nil, to: "detail", role: .relationship("detail")),
      ]
    } else {
      front = [.init(from: nil, button: nil, to: menuNode[nil]!, role: .initial)]
    }
    var graph = StoryboardGraph(
      device: device, nodes: nodes, edges: front + edges, otherProblems: [])
    place(problems, on: &graph)
    return graph
  }

  /// Marks the nodes a person reaches from `root` along the segues' edges.
  private func markReachable(
    _ nodes: inout [StoryboardGraph.Node], _ edges: [StoryboardGraph.Edge], from root: String
  ) {
    var index: [String: Int] = [:]
    for (i, n) in nodes.enumerated() { index[n.id] = i }
    // Each node's buttons' edges, found once: a walk that looked through every edge at
    // each node took 49 s for a menu of 10,000 buttons.
    var leaving: [String?: [String]] = [:]
    for e in edges where e.button != nil { leaving[e.from, default: []].append(e.to) }
    var queue = [root]
    nodes[index[root]!].reachable = true
    while let id = queue.popLast() {
      for to in leaving[id] ?? [] {
        guard let i = index[to], !nodes[i].reachable else { continue }
        nodes[i].reachable = true
        queue.append(to)
      }
    }
  }

  /// Puts each problem on the node or edges of the declaration it is at: a menu's on its
  /// node, a segue's on its edges, a diagnosis's on the edge leaving its button; the rest
  /// are the graph's other problems.
  private func place(_ problems: [Problem], on graph: inout StoryboardGraph) {
    for p in problems {
      var placed = false
      for i in graph.nodes.indices {
        let at: SourceLocation? =
          switch graph.nodes[i].role {
          case .menu(let name?): menu(name)?.location
          case .manual(let id): segue(id)?.location
          default: nil
          }
        if at == p.location {
          graph.nodes[i].problems.append(p)
          placed = true
        }
      }
      for i in graph.edges.indices {
        guard case .segue(let id, _) = graph.edges[i].role else { continue }
        let locations = [
          segue(id)?.location, graph.edges[i].button.flatMap { diagnosis($0)?.location },
        ]
        if locations.contains(p.location) {
          graph.edges[i].problems.append(p)
          placed = true
        }
      }
      if !placed { graph.otherProblems.append(p) }
    }
  }
}
