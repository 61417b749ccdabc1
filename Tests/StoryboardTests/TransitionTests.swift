import Testing
import Geometry

@testable import Storyboard

/// UIKit's ease-in-out, cubic-bezier(0.42, 0, 0.58, 1), worked out another way: Newton's
/// method on x(s) (the model bisects), then y(s).
func referenceEase(_ t: Double) -> Double {
  var s = t
  for _ in 0..<30 {
    let x = 3 * (1 - s) * (1 - s) * s * 0.42 + 3 * (1 - s) * s * s * 0.58 + s * s * s
    let dx = 3 * (1 - s) * (1 - s) * 0.42 + 6 * (1 - s) * s * (0.58 - 0.42) + 3 * s * s * (1 - 0.58)
    s -= (x - t) / dx
  }
  return 3 * (1 - s) * s * s + s * s * s
}

@Test func easeInOutIsUIKits() {
  #expect(easeInOut(0) == 0 && easeInOut(1) == 1)
  #expect(abs(easeInOut(0.5) - 0.5) < 1e-9)
  for t in stride(from: 0.05, to: 1, by: 0.05) {
    #expect(abs(easeInOut(t) - referenceEase(t)) < 1e-6, "t = \(t)")
    #expect(abs(easeInOut(1 - t) - (1 - easeInOut(t))) < 1e-9)
  }
  // Slow at both ends: a quarter of the time covers far less than a quarter of the way.
  #expect(easeInOut(0.25) < 0.15 && easeInOut(0.25) > 0.1)
  #expect(easeInOut(-1) == 0 && easeInOut(.nan) == 0 && easeInOut(2) == 1)
}

@Test func pushAtHalfTimeIsHalfWay() {
  let push = Transition(.push, width: 320, travel: 460)
  let f = push.frame(at: 0.5)
  // iOS 6: both scenes slide together by the full width, nothing dims.
  #expect(abs(f.to.dx - 160) < 1e-6)
  #expect(abs(f.from.dx - -160) < 1e-6)
  #expect(f.shade == 0)
  #expect(f.from.opacity == 1 && f.to.opacity == 1)
  #expect(push.frame(at: 0).to.dx == 320 && push.frame(at: 0).from.dx == 0)
  #expect(push.frame(at: 1).to == .rest && abs(push.frame(at: 1).from.dx - -320) < 1e-9)
  for step in 0...20 {
    let g = push.frame(at: Double(step) / 20)
    #expect(abs(g.to.dx - g.from.dx - 320) < 1e-9, "the scenes move together")
  }
}

/// An iPhone's bar in portrait (0, 20) 320×44: "Psychologist" centred, 124 points wide in
/// bold 20; after the push "Happiness" (100 wide) centred, the back button 97 wide at x = 5.
let phoneBar = Rect(x: 0, y: 20, width: 320, height: 44)
let menuBar = BarItems(bar: phoneBar, title: BarSpan(centre: 160, width: 124), left: nil)
let faceBar = BarItems(
  bar: phoneBar, title: BarSpan(centre: 160, width: 100), left: BarSpan(centre: 53.5, width: 97))

@Test func pushMovesTheBarsItemsAtOnce() {
  let push = Transition(
    .push, width: 320, travel: 460, bars: BarMotion(from: menuBar, to: faceBar))
  let half = push.frame(at: 0.5).bar
  // Half-way both titles are half there: the old one gone left toward the back button's
  // place, the new one come in from the right, the back button half grown out of the old
  // title's place (between it and its own).
  #expect(abs(half.fromTitle.opacity - 0.5) < 1e-9 && abs(half.toTitle.opacity - 0.5) < 1e-9)
  #expect(half.fromTitle.dx < -20 && half.toTitle.dx > 20)
  #expect(abs(half.toLeft.opacity - 0.5) < 1e-9)
  #expect(half.toLeft.dx > 0 && 53.5 + half.toLeft.dx < 160)
  // At the ends: the old bar at rest, then the new one.
  let start = push.frame(at: 0).bar
  #expect(start.fromTitle == .rest && start.toTitle.opacity == 0 && start.toLeft.opacity == 0)
  let end = push.frame(at: 1).bar
  #expect(end.toTitle == .rest && end.toLeft == .rest && end.fromTitle.opacity == 0)
  // The old title ends left of the new one, past where the back button's middle is.
  #expect(160 + end.fromTitle.dx + 62 <= 160 - 50)
}

@Test func theTwoTitlesNeverMeet() {
  // Titles of many widths and places, with and without a back button on either side: at
  // every moment where both show, the old title's right edge is left of the new title's
  // left edge.
  var seed: UInt64 = 34
  func next(_ n: Double) -> Double {
    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Double(seed >> 33) / Double(1 << 31) * n
  }
  for _ in 0..<500 {
    let bar = Rect(x: next(1) < 0.5 ? 0 : 321, y: 20, width: 320 + next(448), height: 44)
    func items() -> BarItems {
      let w = 20 + next(bar.width - 40)
      let c = bar.x + w / 2 + next(bar.width - w)
      let back = next(1) < 0.5 ? nil : BarSpan(centre: bar.x + 40, width: 70)
      return BarItems(bar: bar, title: BarSpan(centre: c, width: w), left: back)
    }
    let (a, b) = (items(), items())
    let motion = BarMotion(from: a, to: b)
    for step in 0...40 {
      let f = motion.frame(at: Double(step) / 40)
      guard f.fromTitle.opacity > 0, f.toTitle.opacity > 0 else { continue }
      let oldRight = a.title!.right + f.fromTitle.dx
      let newLeft = b.title!.left + f.toTitle.dx
      #expect(oldRight + BarMotion.gap <= newLeft + 1e-9, "\(a) \(b) at \(step)")
    }
  }
}

@Test func aBarThatComesOrGoesFades() {
  // To a scene without a bar (a full-screen modal): the old bar's background fades out; to
  // one with a bar from none: the new one fades in. Never dropped in one frame.
  let away = BarMotion(from: menuBar, to: nil)
  let into = BarMotion(from: nil, to: faceBar)
  for e in [0.25, 0.5, 0.75] {
    #expect(abs(away.frame(at: e).fromChrome - (1 - e)) < 1e-9)
    #expect(abs(away.frame(at: e).fromTitle.opacity - (1 - e)) < 1e-9)
    #expect(abs(into.frame(at: e).toChrome - e) < 1e-9)
  }
}

@Test func backRunsTheSameFramesBackwards() {
  for style in TransitionStyle.allCases {
    let forward = Transition(style, width: 768, travel: 1004)
    let back = Transition(style, isBack: true, width: 768, travel: 1004)
    for t in [0.0, 0.1, 0.3, 0.5, 0.8, 1.0] {
      #expect(back.frame(at: t) == forward.frame(at: 1 - t), "\(style) at \(t)")
    }
  }
}

@Test func coverPopoverAndCrossFade() {
  let cover = Transition(.cover, width: 320, travel: 460).frame(at: 0.5)
  #expect(abs(cover.to.dy - 230) < 1e-6 && cover.to.dx == 0 && cover.from == .rest)
  let t = 0.25
  let popover = Transition(.popover, width: 0, travel: 0).frame(at: t)
  #expect(abs(popover.to.opacity - referenceEase(t)) < 1e-6 && popover.to.dx == 0)
  #expect(abs(popover.dim - referenceEase(t)) < 1e-6)
  let fade = Transition(.crossFade, width: 0, travel: 0).frame(at: 0.75)
  #expect(abs(fade.to.opacity - referenceEase(0.75)) < 1e-6 && fade.from.opacity == 1)
}
