// The navigation bar in the middle of a transition, checked in pixels: each bar item's layer
// drawn alone (white on black) and rendered by rsvg-convert, the whole frame too, at moments
// of a push, a pop and the README's custom kinds.

import Foundation
import Geometry
import Readable
import Render
import Storyboard
import TestSupport
import Testing

@testable import App
@testable import Declarations
@testable import PrototypeExport
@testable import Psychologist

/// The lit pixels of some layers of `movie` at `t`, drawn alone on black: the bar's items
/// are white text (and bezels), so a pixel brighter than `floor` is theirs.
struct Lit {
  var pixels: Pixels
  var floor = 24

  /// The points (x, y) of lit pixels inside `rect`.
  func points(in rect: Rect) -> [(Int, Int)] {
    var out: [(Int, Int)] = []
    for y in Int(rect.y)..<Int(rect.maxY) {
      for x in Int(rect.x)..<Int(rect.maxX) {
        if let p = pixels.at(x, y), max(p.r, p.g, p.b) > floor { out.append((x, y)) }
      }
    }
    return out
  }

  /// The brightness summed over `rect`: how much of the layers shows.
  func amount(in rect: Rect) -> Int {
    var sum = 0
    for y in Int(rect.y)..<Int(rect.maxY) {
      for x in Int(rect.x)..<Int(rect.maxX) {
        sum += pixels.at(x, y).map { $0.r + $0.g + $0.b } ?? 0
      }
    }
    return sum
  }
}

/// The layers of `channels` at progress `t`, drawn alone on black and rendered: the top
/// `height` points of the screen (the bars).
func lit(
  _ movie: TransitionMovie, _ t: Double, _ channels: Set<TransitionChannel>,
  height: Double = barRect.maxY
) throws -> Lit {
  let d = try movie.drawn.get()
  let f = try movie.placements(at: t)
  var items: [Item] = []
  for layer in d.layers where channels.contains(layer.channel) {
    items += layer.placing(f).apply(layer.items, window: layer.window)
  }
  let drawing = Drawing(
    width: d.last.width, height: height, title: "layers", background: .black, items: items)
  return Lit(pixels: try rasterize(SVGRenderer.render(drawing)))
}

/// A session of `lua` (written to a fresh folder) on `device`, with the script it runs (a
/// session does not keep its script alive).
func barSession(_ lua: String, device: Device = .iphone, orientation: Orientation = .portrait)
  throws -> (session: Session, script: Script, folder: String)
{
  let folder = try temporaryFolder()
  try writeFile(folder + "/s.lua", lua)
  let script = try Script(path: folder + "/s.lua")
  try script.load()
  return (try Session(script: script, device: device, orientation: orientation), script, folder)
}

/// The iPhone's bar in portrait, below the status bar.
let barRect = Rect(x: 0, y: 20, width: 320, height: 44)

/// The horizontal middle of lit points (nil: none).
func middle(_ points: [(Int, Int)]) -> Double? {
  points.isEmpty ? nil : Double(points.reduce(0) { $0 + $1.0 }) / Double(points.count)
}

/// Asserts the two titles of `movie` at 25%, 50% and 75%: never a lit pixel of both in
/// one place, each where it should be (`oldSide`: which way the title leaving goes), both
/// there half-way, and the bar never empty.
func checkTitles(_ movie: TransitionMovie, leaving: TransitionChannel, arriving: TransitionChannel)
  throws
{
  for t in [0.25, 0.5, 0.75] {
    let a = try lit(movie, t, [leaving])
    let b = try lit(movie, t, [arriving])
    let pa = a.points(in: barRect)
    let pb = b.points(in: barRect)
    let both = Set(pa.map { $0.0 * 1000 + $0.1 }).intersection(pb.map { $0.0 * 1000 + $0.1 })
    #expect(both.count == 0, "\(both.count) pixels of both titles at \(t)")
    if t == 0.5 {
      #expect(pa.count > 100 && pb.count > 100, "both titles half-way: \(pa.count), \(pb.count)")
      // Some pixels well lit: each title is half there, not a ghost.
      #expect(pa.contains { a.pixels.at($0.0, $0.1)!.r > 100 })
      #expect(pb.contains { b.pixels.at($0.0, $0.1)!.r > 100 })
    }
    if let ma = middle(pa), let mb = middle(pb) {
      #expect(ma < mb, "the two titles' places at \(t): \(ma), \(mb)")
    }
  }
}

/// The seed's push and pop on an iPhone: the old title toward the back button, the new one
/// in from the right; the back button grows out of the old title's place.
@Test func pushAndPopMoveTheBarsTitlesApart() throws {
  let (session, script, folder) = try barSession(
    """
    diagnosis "bite" { happiness = 70 }
    """)
  defer { removeFolder(folder) }
  defer { withExtendedLifetime(script) {} }
  let menu = session.navigator
  try session.tap("bite")
  let push = try session.transition(from: menu, tapped: "bite")
  #expect(push.style == .push && !push.movesScreens)
  // Push: "Psychologist" leaves (from), "Happiness" arrives (to).
  try checkTitles(push, leaving: .fromTitle, arriving: .toTitle)
  // The title leaving moves left of the bar's middle, the one arriving comes from the right.
  let halfOld = middle(try lit(push, 0.5, [.fromTitle]).points(in: barRect)) ?? 0
  let halfNew = middle(try lit(push, 0.5, [.toTitle]).points(in: barRect)) ?? 0
  #expect(halfOld < 150 && halfNew > 170, "\(halfOld) \(halfNew)")
  // The back button: at rest (t = 1) its bezel starts 5 points in; at 75% it is on its way
  // from the old title's place (the bar's middle), right of its rest and left of the middle.
  let rest = try lit(push, 1, [.toLeft]).points(in: barRect)
  let restLeft = rest.map(\.0).min() ?? -1
  #expect(restLeft >= 4 && restLeft <= 7, "back button at rest from x = \(restLeft)")
  let late = try lit(push, 0.75, [.toLeft]).points(in: barRect)
  let lateLeft = late.map(\.0).min() ?? -1
  #expect(lateLeft > restLeft + 2 && lateLeft < 160, "back button at 75% from x = \(lateLeft)")
  // No frame of the whole screen has an empty bar: against the bar's background alone,
  // every frame has title pixels lit in the bar.
  try checkBarNeverEmpty(push)
  // Pop: the same frames backwards ("Happiness" leaves to the right, "Psychologist" comes
  // back from the back button's place).
  let face = session.navigator
  #expect(session.back())
  let pop = try session.transition(from: face, tapped: nil)
  #expect(pop.isBack && pop.style == .push)
  try checkTitles(pop, leaving: .fromTitle, arriving: .toTitle)
  let quarterLeaving = middle(try lit(pop, 0.25, [.toTitle]).points(in: barRect)) ?? 0
  let quarterBack = middle(try lit(pop, 0.25, [.fromTitle]).points(in: barRect)) ?? 999
  #expect(quarterLeaving > 160 && quarterBack < 160, "\(quarterLeaving) \(quarterBack)")
  try checkBarNeverEmpty(pop)
}

/// Every frame of `movie` (11 samples) shows title text in the bar: the frame against the
/// same frame without the titles differs by more than a faint ghost in the bar.
func checkBarNeverEmpty(_ movie: TransitionMovie) throws {
  for i in 0...10 {
    let t = Double(i) / 10
    let amount = try shown(movie, t, [.fromTitle, .toTitle])
    #expect(amount > 20_000, "title pixels in the bar at t = \(t): \(amount)")
  }
}

/// The README's custom kinds (docs/plugins.md: `fade`, `zoom` and `drop`), as a person
/// copies them.
func readmeKinds() throws -> String {
  let text = try String(contentsOfFile: "docs/plugins.md", encoding: .utf8)
  var out = ""
  for file in ["~/.config/psychologist/plugins/fade.lua", "zoom.lua"] {
    let marker = "<!-- readme-test: file \(file) -->\n```lua\n"
    guard let start = text.range(of: marker) else { throw TestFailure("no \(file) in the README") }
    let rest = text[start.upperBound...]
    guard let end = rest.range(of: "\n```") else { throw TestFailure("\(file) never ends") }
    out += rest[..<end.lowerBound] + "\n"
  }
  return out
}

/// `drop`, `fade` and `zoom` on an iPhone: never a lit pixel of both titles in one place,
/// and the old bar (background, title, back button) leaves over the frames, never in one.
@Test(arguments: ["dropped", "dream", "zoomed"])
func readmeKindsChangeTheBarSmoothly(segue: String) throws {
  let (session, script, folder) = try barSession(try readmeKinds())
  defer { removeFolder(folder) }
  defer { withExtendedLifetime(script) {} }
  let menu = session.navigator
  try session.tap(segue)
  let movie = try session.transition(from: menu, tapped: segue)
  #expect(movie.movesScreens)
  let samples = 12
  var old: [Int] = []
  for i in 0..<samples {
    let t = Double(i) / Double(samples)
    let a = try lit(movie, t, [.fromTitle])
    let b = try lit(movie, t, [.toTitle])
    let both = Set(a.points(in: barRect).map { $0.0 * 1000 + $0.1 })
      .intersection(b.points(in: barRect).map { $0.0 * 1000 + $0.1 })
    #expect(both.count == 0, "\(segue): \(both.count) pixels of both titles at \(t)")
    old.append(try shown(movie, t, [.fromBarChrome, .fromTitle, .fromLeft]))
  }
  // At t = 1 the screen is the one after, the old bar gone from it.
  old.append(0)
  let whole = Double(old[0])
  #expect(whole > 0)
  for i in 1..<old.count {
    let step = Double(abs(old[i] - old[i - 1])) / whole
    #expect(step < 0.3, "\(segue): the old bar changes by \(step) between frames \(i - 1) and \(i)")
  }
}

/// How much the layers of `channels` show in the bar of the whole frame at `t`: the frame
/// against the same frame without them, summed over the bar's pixels (what another layer
/// covers shows nothing).
func shown(_ movie: TransitionMovie, _ t: Double, _ channels: Set<TransitionChannel>) throws
  -> Int
{
  let d = try movie.drawn.get()
  let f = try movie.placements(at: t)
  var all: [Item] = []
  var without: [Item] = []
  for layer in d.layers {
    let placed = layer.placing(f).apply(layer.items, window: layer.window)
    all += placed
    if !channels.contains(layer.channel) { without += placed }
  }
  func pixels(_ items: [Item]) throws -> Pixels {
    try rasterize(
      SVGRenderer.render(
        Drawing(
          width: d.last.width, height: barRect.maxY, title: "f", background: .white, items: items)))
  }
  let (a, b) = (try pixels(all), try pixels(without))
  var sum = 0
  for y in Int(barRect.y)..<Int(barRect.maxY) {
    for x in 0..<Int(barRect.maxX) {
      let (p, q) = (a.at(x, y)!, b.at(x, y)!)
      sum += abs(p.r - q.r) + abs(p.g - q.g) + abs(p.b - q.b)
    }
  }
  return sum
}

/// On an iPad a kind that replaces the detail with a scale animation moves the detail
/// alone: the master's pixels are the same in every frame.
@Test func anIPadReplaceKindLeavesTheMasterAlone() throws {
  let (session, script, folder) = try barSession(
    """
    segue_kind "shrink" {
      perform = function(nav, scene) nav:replace(scene) end,
      animate = function(t)
        return { scale = 1 - t / 2, opacity = 1 - t }, { scale = 0.5 + t / 2, opacity = t }
      end,
    }
    segue "shrunk" { kind = "shrink", happiness = 60, title = "Shrunk" }
    segue "again" { kind = "shrink", happiness = 20, title = "Again" }
    """, device: .ipad, orientation: .landscape)
  defer { removeFolder(folder) }
  defer { withExtendedLifetime(script) {} }
  // From an empty detail, then from one face to another.
  for name in ["shrunk", "again"] {
    let before = session.navigator
    try session.tap(name)
    let movie = try session.transition(from: before, tapped: name)
    #expect(movie.pane == .detail && !movie.movesScreens)
    #expect(try movie.placements(at: 0.5).to.scale == 0.75)
    // The master in landscape: (0, 20) 320×748, the divider right of it.
    func master(_ t: Double) throws -> Pixels {
      let frame = try movie.frame(at: t)
      return try rasterize(
        SVGRenderer.render(
          Drawing(width: 319, height: 768, title: "m", background: .white, items: frame.items)))
    }
    let rest = try master(0)
    for t in [0.25, 0.5, 0.75, 1] {
      #expect(try master(t).differences(from: rest, tolerance: 0) == 0, "\(name) at \(t)")
    }
  }
}

/// The HTML page draws the bar's items from the same frames: the tracks it holds for the
/// push sample the frame's titles (offset and opacity) at every moment, the middle too.
@Test func thePageSamplesTheSameBarItems() throws {
  let (session, script, folder) = try barSession("diagnosis \"bite\" { happiness = 70 }\n")
  defer { removeFolder(folder) }
  defer { withExtendedLifetime(script) {} }
  let builder = PrototypeBuilder(
    script: script, work: HostWork(during: script.state, at: .init(file: "test")), writes: true)
  try builder.explore(devices: [.iphone], orientation: .portrait)
  let menu = session.navigator
  try session.tap("bite")
  let push = try session.transition(from: menu, tapped: "bite")
  let n = PrototypeBuilder.samples
  func track(_ p: (TransitionFrame) -> Placement) throws -> [Double] {
    var out: [Double] = []
    for i in 0..<n {
      let q = p(try push.placements(at: Double(i) / Double(n - 1)))
      out += [q.dx, 0, 1, 0, 0, q.opacity].map { ($0 * 100).rounded() / 100 }
    }
    return out
  }
  for (name, item) in [
    ("old title", { (f: TransitionFrame) in f.bar.fromTitle }),
    ("new title", { (f: TransitionFrame) in f.bar.toTitle }),
    ("back button", { (f: TransitionFrame) in f.bar.toLeft }),
  ] {
    let expected = try track(item)
    #expect(builder.tracks.contains(expected), "the page has no track of the \(name)")
    // Half-way the page shows each title half there.
    let middle = n / 2 * 6 + 5
    if name != "back button" { #expect(expected[middle] == 0.5, "\(name) \(expected[middle])") }
  }
}
