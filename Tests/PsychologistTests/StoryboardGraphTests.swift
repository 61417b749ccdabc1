import Geometry
import Storyboard
import Testing

@testable import StoryboardCanvas
@testable import PrototypeExport
@testable import LuaBindings
@testable import Files
@testable import Declarations
@testable import App
@testable import Psychologist

/// The storyboard's graph: which scenes a person reaches, which arrows leave which button,
/// the kinds read per device, the iPad's split view, and check's problems placed on them.
@Suite struct StoryboardGraphTests {
  let seed = """
    diagnosis "flaying" { happiness = 86 }
    diagnosis "bite" { happiness = 70 }
    segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
    segue "movie" { kind = { iphone = "push", ipad = "replace" }, happiness = 50 }
    segue "cartoon" { kind = "modal", happiness = 100 }
    """

  /// The segue edges as `from button -> to (segue, kind)`, by node titles.
  func arrows(_ g: StoryboardGraph) -> [String] {
    g.edges.compactMap { e in
      guard case .segue(let id, let kind) = e.role else { return nil }
      let from = e.from.flatMap { g.node($0)?.title } ?? "?"
      let to = g.node(e.to)?.title ?? "?"
      return "\(from):\(e.button ?? "-") -> \(to) (\(id), \(kind ?? "nil"))"
    }
  }

  @Test func theSeedAppIsAMenuAndOneSceneABranch() throws {
    try withScript(seed) { script, _ in
      let g = script.registry.storyboardGraph(on: .iphone, problems: [])
      #expect(g.nodes.map(\.title) == ["Psychologist", "flaying", "bite", "movie", "cartoon"])
      #expect(g.nodes.allSatisfy { $0.reachable })
      #expect(
        arrows(g) == [
          "Psychologist:flaying -> flaying (showDiagnosis, push)",
          "Psychologist:bite -> bite (showDiagnosis, push)",
          "Psychologist:movie -> movie (movie, push)",
          "Psychologist:cartoon -> cartoon (cartoon, modal)",
        ])
      #expect(g.edges.first?.role == .initial)
      #expect(g.edges.first?.to == g.nodes[0].id)
    }
  }

  @Test func anIPadReadsItsOwnKindsAndHasASplitView() throws {
    try withScript(seed) { script, _ in
      let g = script.registry.storyboardGraph(on: .ipad, problems: [])
      #expect(arrows(g).contains("Psychologist:movie -> movie (movie, replace)"))
      let split = try #require(g.nodes.first { $0.role == .splitView })
      #expect(g.edges.contains { $0.role == .initial && $0.to == split.id })
      let master = g.edges.first { $0.role == .relationship("master") }
      let detail = g.edges.first { $0.role == .relationship("detail") }
      #expect(master?.from == split.id && master?.to == g.nodes[0].id)
      #expect(detail.map { g.node($0.to)?.role == .detail } == true)
    }
  }

  @Test func aSecondMenuIsOneSceneItsButtonsLeaveFrom() throws {
    try withScript(baristaApp) { script, _ in
      let g = script.registry.storyboardGraph(on: .iphone, problems: [])
      let drinks = try #require(g.nodes.first { $0.role == .menu("drinks") })
      // The segue showing the menu ends at the menu's scene; the menu's buttons leave it.
      #expect(g.edges.contains { $0.button == "drinks" && $0.to == drinks.id })
      let fromDrinks = g.edges.filter { $0.from == drinks.id }.compactMap(\.button)
      #expect(fromDrinks == script.registry.buttons(ofMenu: "drinks").map(\.name))
      // A manual segue a diagnosis performs leaves that diagnosis's button.
      #expect(
        arrows(g).contains { $0.hasPrefix("Barista:burnt -> ") && $0.contains("(complain, modal)") }
      )
      #expect(g.nodes.allSatisfy { $0.reachable })
    }
  }

  @Test func whatNoPersonReachesIsMarkedWithCheckProblems() throws {
    let source = """
      diagnosis "latte" { happiness = 75 }
      menu "lost" { buttons = { "espresso" } }
      diagnosis "espresso" { happiness = 90 }
      segue "hidden" { button = false, kind = "modal", happiness = 40 }
      """
    try withScript(source) { script, dir in
      let problems = script.problems(on: .iphone) + script.registry.unperformedSegueProblems()
      let g = script.registry.storyboardGraph(on: .iphone, problems: problems)
      let lost = try #require(g.nodes.first { $0.role == .menu("lost") })
      #expect(!lost.reachable)
      #expect(lost.problems.map(\.message).contains { $0.contains("never shown") })
      let espresso = try #require(g.nodes.first { $0.role == .destination(button: "espresso") })
      #expect(!espresso.reachable)
      let hidden = try #require(g.nodes.first { $0.role == .manual(segue: "hidden") })
      #expect(!hidden.reachable && hidden.problems.count == 1)
      // From the root scene (no button), with the problem on it too.
      let edge = try #require(g.edges.first { $0.to == hidden.id })
      #expect(edge.from == g.nodes[0].id && edge.button == nil && edge.problems.count == 1)
      // check says the same.
      let checked = script.checkProblems().map(\.description)
      #expect(checked.contains { $0.hasPrefix(dir + "/main.lua:4: segue 'hidden' is manual") })
    }
  }

  @Test func aManualSegueADiagnosisPerformsIsNoProblem() throws {
    try withScript(baristaApp) { script, _ in
      #expect(script.registry.unperformedSegueProblems().isEmpty)
    }
  }

  @Test func theGraphInDotEscapesWhatAScriptNames() throws {
    let source = """
      app { title = 'Say "hi" \\\\ now' }
      diagnosis "a" { happiness = 10 }
      """
    try withScript(source) { script, _ in
      let g = script.registry.storyboardGraph(on: .iphone, problems: [])
      let dot = g.dot(sizes: [:])
      #expect(dot.contains(#"label="Say \"hi\" \\ now""#))
      #expect(dot.contains("initial -> \(g.nodes[0].id);"))
    }
  }

  @Test func dotsPlainAnswerIsReadInPointsWithYDownwards() throws {
    try withScript(seed) { script, _ in
      let g = script.registry.storyboardGraph(on: .iphone, problems: [])
      var plain = "graph 1 10 5\n"
      for (i, n) in g.nodes.enumerated() {
        plain += "node \(n.id) \(1 + 2 * Double(i)) 4 1 2 \"x y\" solid box black lightgrey\n"
      }
      // The edge to the second scene, its label quoted with a space and an escape.
      plain +=
        "edge \(g.nodes[0].id) \(g.nodes[1].id) 4 1.5 4 2 4 2.5 3 3 3 \"show \\\"it\\\"\" 2 3.5 solid black\n"
      plain += "stop\n"
      let layout = try g.readPlain(plain)
      #expect(layout.width == 720 && layout.height == 360)
      // A node 1×2 inches at (1, 4): 72×144 points, its top 360 - 4×72 - 72 down.
      #expect(layout.boxes[g.nodes[0].id] == Rect(x: 36, y: 0, width: 72, height: 144))
      let index = try #require(g.edges.firstIndex { $0.to == g.nodes[1].id })
      #expect(layout.routes[index]?.first == Point(108, 72))
      #expect(layout.routes[index]?.last == Point(216, 144))
      #expect(layout.labels[index] == Point(144, 108))
    }
  }

  @Test func wrappingKeepsWordsAndCutsWithAnEllipsis() {
    #expect(wrapped("one two three four", room: 9, lines: 5) == ["one two", "three", "four"])
    #expect(wrapped("one two three four", room: 9, lines: 2) == ["one two", "three…"])
  }
}
