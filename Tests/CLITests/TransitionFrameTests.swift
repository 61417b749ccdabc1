import Foundation
import TestSupport
import Testing

/// The menu screen, drawn by a session script before any tap (independently of show).
func menuScreen(_ device: String = "iphone", _ orientation: String = "portrait") throws -> Data {
  let dir = try temporaryFolder()
  defer { try? FileManager.default.removeItem(atPath: dir) }
  try writeFile(
    dir + "/menu.lua",
    """
    diagnosis "flaying" { happiness = 86 }
    diagnosis "bite" { happiness = 70 }
    diagnosis "play" { happiness = 20 }
    segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
    segue "movie" { kind = "push", happiness = 50 }
    segue "teleplay" { kind = "push", happiness = 20 }
    segue "cartoon" { kind = "modal", happiness = 100 }
    local s = session { device = "\(device)", orientation = "\(orientation)" }
    s:snapshot("menu.svg", { screen = true })
    """)
  let r = try psychologist(
    ["run", dir + "/menu.lua", "--device", device, "--output-dir", dir])
  #expect(r.status == 0, "\(r.stderr)")
  return FileManager.default.contents(atPath: dir + "/menu.svg") ?? Data()
}

/// `show --frames N` into a folder it makes (as run and batch make theirs): the frames'
/// bytes in order.
func showFrames(_ name: String, _ n: Int, _ extra: [String] = []) throws -> [Data] {
  let parent = try temporaryFolder()
  defer { try? FileManager.default.removeItem(atPath: parent) }
  let dir = parent + "/frames/new"
  let r = try psychologist(
    [
      "show", "examples/psychologist.lua", name, "--screen", "--frames", String(n), "--output-dir",
      dir,
    ]
      + extra)
  #expect(r.status == 0, "\(r.stderr)")
  return (0..<n).map { i in
    let digits = String(i)
    let file = "frame-" + String(repeating: "0", count: 3 - digits.count) + digits + ".svg"
    return FileManager.default.contents(atPath: dir + "/" + file) ?? Data()
  }
}

@Test func framesRunFromTheMenuToTheScreen() throws {
  for name in ["bite", "cartoon"] {
    let frames = try showFrames(name, 5)
    let screen = try psychologist(["show", "examples/psychologist.lua", name, "--screen"])
    #expect(
      !frames[4].isEmpty && frames[4] == screen.stdout, "\(name): last frame is show --screen")
    #expect(frames[0] == (try menuScreen()), "\(name): first frame is the menu")
    for f in frames { #expect(try validXML(f)) }
    #expect(frames[2] != frames[0] && frames[2] != frames[4])
  }
}

@Test func pushHalfWayShowsBothScenesInPlace() throws {
  // iPhone portrait: content rect (0, 64) 320×416; the face's centre (160, 272), radius
  // 144 (half the smaller side, 320/2, × 0.9), so its leftmost point rests at x = 16.
  let frames = try showFrames("bite", 3)
  let mid = try rasterize(frames[1])
  let start = try rasterize(frames[0])
  let end = try rasterize(frames[2])
  // At t = 0.5 (eased 0.5) the new scene's left edge is at x = 160: the face moved 160 right.
  #expect(blueNear(end, 16, 272))
  #expect(blueNear(mid, 176, 272))
  #expect(!blueNear(mid, 16, 272, radius: 6))
  // Left of x = 160 the menu, moved left by the same 160 (iOS 6 slides both scenes by the
  // full width) and not dimmed: the first button's top border (y = 80) now reaches the
  // screen's left edge, and its right border (x = 304 at rest) is at x = 144.
  func grey(_ img: Pixels, _ x: Int, _ y: Int) -> Int {
    img.at(x, y)!.r
  }
  #expect(grey(start, 5, 80) > 250)
  #expect(grey(mid, 5, 80) < 215)
  #expect(grey(start, 144, 100) > 250 && grey(mid, 144, 100) < 215)
  // Empty menu background below the buttons: white at rest and half-way (no shade), and the
  // new scene's white right of x = 160.
  #expect(grey(start, 100, 420) > 250)
  #expect(grey(mid, 100, 420) > 250, "shade \(grey(mid, 100, 420))")
  #expect(grey(mid, 162, 420) > 252)
}

@Test func modalHalfWayCoversFromTheBottom() throws {
  // The modal pane (0, 20) 320×460 starts at the screen's bottom (480): half-way it has
  // risen 230, its top at y = 250. Its face (centre (160, 250), radius 144) is at 480.
  let frames = try showFrames("cartoon", 3)
  let mid = try rasterize(frames[1])
  #expect(blueNear(mid, 160, 480 - 144 - 1))
  #expect(!blueNear(mid, 160, 250 - 144, radius: 6))
  // Above the modal, the menu is still there (its first button's border at y = 80).
  #expect(mid.at(100, 80)!.r < 215)
}

@Test func segueKindsAnimateAsTheirLuaSays() throws {
  let dir = try temporaryFolder()
  defer { try? FileManager.default.removeItem(atPath: dir) }
  try writeFile(
    dir + "/kinds.lua",
    """
    segue_kind "zoom" {
      perform = function(nav, scene) nav:push(scene) end,
      animate = function(t, from, to)
        assert(from.width == 320 and to.height == 480 and to.title == "Happiness")
        return { opacity = 1 - t }, { scale = 0.5 + t / 2, opacity = t }
      end,
    }
    segue_kind "drop" {
      perform = function(nav, scene) nav:push(scene) end,
      animate = { { t = 0, to = { y = -480 } }, { t = 1, to = {} } },
      bars = "move",
    }
    segue_kind "fade" { perform = function(nav, scene) nav:push(scene) end }
    segue "zoomed" { kind = "zoom", happiness = 90 }
    segue "dropped" { kind = "drop", happiness = 30 }
    segue "faded" { kind = "fade", happiness = 60 }
    """)
  func middle(_ name: String) throws -> Pixels {
    let out = dir + "/" + name
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    let r = try psychologist([
      "show", dir + "/kinds.lua", name, "--screen", "--frames", "3", "--output-dir", out,
    ])
    #expect(r.status == 0, "\(r.stderr)")
    return try rasterize(try String(contentsOfFile: out + "/frame-001.svg", encoding: .utf8))
  }
  // The face rests at centre (160, 272), radius 144 (its leftmost point x = 16).
  // Keyframes at t = 0.5 (eased 0.5): the new screen half-way down from y = -480, so the
  // face's centre is at 272 - 240 = 32 (the kind moves its bars with it, so nothing covers
  // it there); the status bar stays put on top.
  let drop = try middle("dropped")
  #expect(drop.has((0, 0, 255), near: 16, 32))
  #expect(!drop.has((0, 0, 255), near: 16, 272, radius: 6))
  #expect((drop.at(240, 17)?.r ?? 255) < 60)  // dark near its bottom (lighter at its top)
  // The function at t = 0.5: the new screen at scale 0.75 about the screen's centre
  // (160, 240) and half opaque: the face's centre at (160, 264), radius 108 (leftmost 52).
  let zoom = try middle("zoomed")
  #expect(zoom.has((128, 128, 255), near: 52, 264))
  #expect(!zoom.has((128, 128, 255), near: 16, 272, radius: 6))
  // No animate: a cross-fade, the face at rest and half opaque.
  let fade = try middle("faded")
  #expect(fade.has((128, 128, 255), near: 16, 272))
  #expect(!fade.has((0, 0, 255), near: 16, 272))
}
