import Foundation
import TestSupport
import Testing

/// `psychologist storyboard`: the canvas read back with xmllint, one scene per reachable
/// screen, one labelled arrow per segue from its button's scene to its destination's.
@Suite struct StoryboardCanvasTests {
  /// What xmllint's XPath `query` selects in `svg`, as text.
  func xpath(_ svg: Data, _ query: String) throws -> String {
    let r = try run(["xmllint", "--xpath", query, "-"], input: svg)
    return r.status == 0 ? r.out : ""
  }

  /// The values of attribute `name` of the elements `path` selects, in document order.
  func values(_ svg: Data, _ path: String, _ name: String) throws -> [String] {
    let text = try xpath(svg, path + "/@" + name)
    return text.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
      .compactMap { $0.offset % 2 == 1 ? String($0.element) : nil }
  }

  func el(_ name: String) -> String { "*[local-name()='\(name)']" }

  /// One arrow of the canvas: where it starts and ends, and what it joins.
  struct Arrow {
    var from: String
    var to: String
    var segue: String
    var kind: String
    var label: String
    var start: (Double, Double)
    var end: (Double, Double)
  }

  /// The scenes' boxes by id, and the segue arrows.
  func canvas(_ svg: Data) throws -> (
    boxes: [String: (Double, Double, Double, Double)], arrows: [Arrow]
  ) {
    let groups = "//\(el("g"))[starts-with(@id,'scene-')]"
    let ids = try values(svg, groups, "id")
    let box = groups + "/\(el("rect"))[@class='box']"
    let (x, y, w, h) = (
      try values(svg, box, "x"), try values(svg, box, "y"), try values(svg, box, "width"),
      try values(svg, box, "height")
    )
    var boxes: [String: (Double, Double, Double, Double)] = [:]
    for (i, id) in ids.enumerated() {
      boxes[id] = (Double(x[i])!, Double(y[i])!, Double(w[i])!, Double(h[i])!)
    }
    let segue = "//\(el("g"))[@class='segue']"
    let from = try values(svg, segue, "data-from")
    let to = try values(svg, segue, "data-to")
    let names = try values(svg, segue, "data-segue")
    let kinds = try values(svg, segue, "data-kind")
    let paths = try values(svg, segue + "/\(el("path"))[@class='arrow']", "d")
    let labels = try xpath(svg, segue + "/\(el("text"))[@class='label']/text()")
      .split(separator: "\n").map(String.init)
    var arrows: [Arrow] = []
    for i in names.indices {
      let numbers = paths[i].split(whereSeparator: { " MCL,".contains($0) }).compactMap {
        Double($0)
      }
      arrows.append(
        Arrow(
          from: from[i], to: to[i], segue: names[i], kind: kinds[i],
          label: i < labels.count ? labels[i] : "",
          start: (numbers[0], numbers[1]), end: (numbers[numbers.count - 2], numbers.last!)))
    }
    return (boxes, arrows)
  }

  func inside(_ p: (Double, Double), _ b: (Double, Double, Double, Double)?) -> Bool {
    guard let b else { return false }
    let slack = 1.5
    return p.0 >= b.0 - slack && p.0 <= b.0 + b.2 + slack && p.1 >= b.1 - slack
      && p.1 <= b.1 + b.3 + slack
  }

  /// Each arrow starts in the box of the scene it leaves and ends in its destination's.
  func expectEndsInTheirBoxes(
    _ arrows: [Arrow], _ boxes: [String: (Double, Double, Double, Double)],
    _ what: String = ""
  ) {
    for a in arrows {
      #expect(inside(a.start, boxes[a.from]), "\(what) \(a.segue) starts outside \(a.from)")
      #expect(inside(a.end, boxes[a.to]), "\(what) \(a.segue) ends outside \(a.to)")
      #expect(a.from != a.to)
    }
  }

  /// Draws `script`'s storyboard as SVG, checking it is well-formed.
  func board(_ script: String, _ extra: [String] = []) throws -> Data {
    let r = try psychologist(["storyboard", script] + extra)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(try validXML(r.stdout))
    return r.stdout
  }

  @Test func theSeedAppHasAScenePerButtonAndAnArrowFromEach() throws {
    let svg = try board("examples/psychologist.lua")
    let (boxes, arrows) = try canvas(svg)
    let scenes = try values(svg, "//\(el("g"))[@class='scene']", "id")
    // The menu, and where each of its six buttons leads.
    #expect(scenes.count == 7)
    #expect(
      arrows.map(\.segue).sorted()
        == ["cartoon", "movie", "showDiagnosis", "showDiagnosis", "showDiagnosis", "teleplay"])
    #expect(arrows.map(\.label) == arrows.map(\.segue))
    #expect(
      Dictionary(grouping: arrows, by: \.segue).mapValues { Set($0.map(\.kind)) }
        == [
          "showDiagnosis": ["push"], "movie": ["push"], "teleplay": ["push"], "cartoon": ["modal"],
        ])
    expectEndsInTheirBoxes(arrows, boxes)
    // Every arrow leaves the menu, each from its own button's row: six starts, six heights.
    #expect(Set(arrows.map(\.from)).count == 1)
    #expect(Set(arrows.map { $0.start.1 }).count == 6)
    #expect(Set(arrows.map(\.to)).count == 6)
    // An arrow into the initial scene, the menu.
    let initial = try values(svg, "//\(el("g"))[@class='initial']", "data-to")
    #expect(initial == [arrows[0].from])
  }

  @Test func aScenesPictureIsWhatShowScreenDraws() throws {
    let svg = try board("examples/psychologist.lua")
    let groups = "//\(el("g"))[@class='scene']"
    let ids = try values(svg, groups, "id")
    let titles = try xpath(svg, groups + "/\(el("text"))[@class='title']/text()")
      .split(separator: "\n").map(String.init)
    #expect(titles.count == ids.count)
    let index = try #require(titles.firstIndex(of: "Happiness · bite"))
    let id = ids[index]
    let nested = try xpath(
      svg, "//\(el("g"))[@id='\(id)']/\(el("g"))[@class='screen']/\(el("svg"))")
    #expect(!nested.isEmpty)
    let show = try psychologist(["show", "examples/psychologist.lua", "bite", "--screen"])
    #expect(show.status == 0, "\(show.stderr)")
    let alone = try xpath(show.stdout, "/\(el("svg"))")
    // The same document, but for the prefix that keeps its ids apart from the others'.
    let node = String(id.dropFirst("scene-".count))
    #expect(
      nested.replacingOccurrences(of: "\"\(node)-", with: "\"")
        .replacingOccurrences(of: "#\(node)-", with: "#") == alone)
  }

  @Test func aSecondMenuIsAScenePerformedFromAndInto() throws {
    let svg = try board("examples/barista.lua")
    let (boxes, arrows) = try canvas(svg)
    let scenes = try values(svg, "//\(el("g"))[@class='scene']", "id")
    // Barista, Drinks, and the scenes of order, burnt, espresso, latte and mocha.
    #expect(scenes.count == 7)
    #expect(
      arrows.map(\.segue).sorted()
        == [
          "complain", "drinks", "showDiagnosis", "showDiagnosis", "showDiagnosis", "showDiagnosis",
        ])
    expectEndsInTheirBoxes(arrows, boxes)
    // The drinks menu is entered by one arrow and left by three.
    let drinks = try #require(arrows.first { $0.segue == "drinks" }?.to)
    #expect(arrows.filter { $0.from == drinks }.count == 3)
    // A custom kind's badge reads its name.
    #expect(arrows.first { $0.segue == "complain" }?.kind == "steam")
    let badges = try xpath(svg, "//\(el("g"))[@class='badge']/\(el("text"))/text()")
    #expect(badges.split(separator: "\n").contains("steam"))
  }

  @Test func anIPadShowsItsSplitViewAndItsOwnKinds() throws {
    let svg = try board("examples/ipad.lua", ["--device", "ipad", "--orientation", "landscape"])
    let (boxes, arrows) = try canvas(svg)
    let kinds = Dictionary(arrows.map { ($0.segue, $0.kind) }, uniquingKeysWith: { a, _ in a })
    #expect(
      kinds == [
        "showDiagnosis": "replace", "movie": "replace", "teleplay": "popover", "cartoon": "modal",
      ])
    expectEndsInTheirBoxes(arrows, boxes)
    let split = try values(svg, "//\(el("g"))[@class='split-view']", "id")
    #expect(split.count == 1)
    #expect(try values(svg, "//\(el("g"))[@class='initial']", "data-to") == split)
    let relationships = try values(svg, "//\(el("g"))[@class='relationship']", "data-relationship")
    #expect(relationships.sorted() == ["detail", "master"])
    let master = try values(svg, "//\(el("g"))[@data-relationship='master']", "data-to")
    #expect(master == [arrows[0].from])
    // The same script on a phone: its phone kinds.
    let phone = try canvas(try board("examples/ipad.lua")).arrows
    #expect(phone.first { $0.segue == "teleplay" }?.kind == "modal")
    #expect(phone.first { $0.segue == "movie" }?.kind == "push")
  }

  /// Every example script, whatever examples/ holds now.
  static let examples =
    ((try? FileManager.default.contentsOfDirectory(
      atPath: packageRoot + "/examples")) ?? []).filter { $0.hasSuffix(".lua") }.sorted()

  @Test func everyExampleHasItsCanvasOnEveryDevice() throws {
    #expect(Self.examples.count >= 6)
    for name in Self.examples {
      for device in ["iphone", "iphone5", "ipad"] {
        let svg = try board("examples/" + name, ["--device", device])
        let (boxes, arrows) = try canvas(svg)
        #expect(!arrows.isEmpty, "\(name) on \(device)")
        expectEndsInTheirBoxes(arrows, boxes, "\(name) on \(device)")
        #expect(try xpath(svg, "//*[@data-problem]").isEmpty, "\(name) on \(device)")
      }
    }
  }

  @Test func problemsAreRedOnTheCanvasAndSaid() throws {
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    try writeFile(
      dir + "/bad.lua",
      """
      diagnosis "latte" { happiness = 75 }
      menu "lost" { title = "Lost", buttons = { "espresso" } }
      diagnosis "espresso" { happiness = 90 }
      segue "hidden" { button = false, kind = "modal", title = "Hidden", happiness = 40 }
      diagnosis "broken" { happiness = function(input) return input.x * 2 end }

      """)
    let r = try psychologist(["storyboard", "bad.lua", "-o", "bad.svg"], in: dir)
    #expect(r.status == 1, "\(r.stderr)")
    #expect(r.stderr.contains("bad.lua:2: menu 'lost' is never shown"))
    #expect(r.stderr.contains("bad.lua:4: segue 'hidden' is manual and no diagnosis performs it"))
    #expect(r.stderr.contains("bad.lua:5: attempt to perform arithmetic"))
    let svg = try Data(contentsOf: URL(fileURLWithPath: dir + "/bad.svg"))
    let titles = try xpath(svg, "//\(el("g"))[@data-problem]/\(el("text"))[@class='title']/text()")
    #expect(titles.contains("Lost") && titles.contains("Hidden") && titles.contains("broken"))
    #expect(!titles.contains("latte"))
    let red = try values(
      svg, "//\(el("g"))[@data-segue='hidden'][@data-problem]/\(el("path"))", "stroke")
    #expect(red == ["#d0021b"])
    // check says the manual segue too.
    let check = try psychologist(["check", "bad.lua"], in: dir)
    #expect(check.status == 1)
    #expect(
      check.stderr.contains("bad.lua:4: segue 'hidden' is manual and no diagnosis performs it"))
    // The PNG shows the red of the problems.
    let png = try psychologist(["storyboard", "bad.lua", "-o", "bad.png"], in: dir)
    #expect(png.status == 1, "\(png.stderr)")
    let image = try decodePNG(try Data(contentsOf: URL(fileURLWithPath: dir + "/bad.png")))
    let width = try values(svg, "/\(el("svg"))", "width").first.flatMap(Double.init)
    #expect(width.map { abs($0 - Double(image.width)) <= 1 } == true)
    var reds = 0
    for y in stride(from: 0, to: image.height, by: 2) {
      for x in stride(from: 0, to: image.width, by: 2) {
        if let (r, g, b) = image.at(x, y), r > 180, g < 60, b < 80 { reds += 1 }
      }
    }
    #expect(reds > 100)
  }

  @Test func theGraphGoesOutInDotsLanguageWithoutDot() throws {
    let r = try psychologist(
      ["storyboard", "examples/barista.lua", "--format", "dot"],
      environment: ["PATH": "/nonexistent"])
    #expect(r.status == 0, "\(r.stderr)")
    #expect(r.out.hasPrefix("digraph storyboard {"))
    for segue in ["drinks", "complain", "showDiagnosis"] {
      #expect(r.out.contains("label=\"\(segue)\\n"))
    }
    // dot itself reads it.
    let laid = try run(["dot", "-Tplain"], input: r.stdout)
    #expect(laid.status == 0, "\(laid.stderr)")
    // Without dot the canvas cannot be laid out: said, and nothing written.
    let dir = try temporaryFolder()
    defer { removeFolder(dir) }
    let svg = try psychologist(
      ["storyboard", packageRoot + "/examples/barista.lua", "-o", "board.svg"], in: dir,
      environment: ["PATH": "/nonexistent"])
    #expect(svg.status == 3)
    #expect(svg.stderr.contains("graphviz"))
    #expect(!FileManager.default.fileExists(atPath: dir + "/board.svg"))
    // -o FILE.dot is the graph too; a name of another kind is refused.
    let named = try psychologist(
      ["storyboard", packageRoot + "/examples/barista.lua", "-o", "b.gv"], in: dir)
    #expect(named.status == 0, "\(named.stderr)")
    let gv = try String(contentsOfFile: dir + "/b.gv", encoding: .utf8)
    #expect(gv.hasPrefix("digraph storyboard {"))
    for name in ["b.txt", "b.jpg"] {
      let r = try psychologist(
        ["storyboard", packageRoot + "/examples/barista.lua", "-o", name], in: dir)
      #expect(r.status == 2 && !FileManager.default.fileExists(atPath: dir + "/" + name))
    }
    let refused = try psychologist([
      "storyboard", "examples/barista.lua", "--format", "dot", "-o", "x.png",
    ])
    #expect(refused.status == 2)
  }
}
