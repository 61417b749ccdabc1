import Testing

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
  // iOS 6: both scenes slide together by the full width, nothing dims; the old title has
  // faded out by half-way, when the new one starts to show.
  #expect(abs(f.to.dx - 160) < 1e-6)
  #expect(abs(f.from.dx - -160) < 1e-6)
  #expect(f.fromBar < 1e-6 && f.toBar < 1e-6 && f.shade == 0)
  #expect(f.from.opacity == 1 && f.to.opacity == 1)
  #expect(push.frame(at: 0).to.dx == 320 && push.frame(at: 0).from.dx == 0)
  #expect(push.frame(at: 1).to == .rest && abs(push.frame(at: 1).from.dx - -320) < 1e-9)
  #expect(push.frame(at: 1).toBar == 1 && push.frame(at: 1).fromBar == 0)
  // The old title slides left (toward the back button), the new one in from the right.
  let q = push.frame(at: 0.25)
  #expect(q.fromBarDx < 0 && q.fromBar > 0 && q.toBar == 0 && q.toBarDx > 0)
  for step in 0...20 {
    let g = push.frame(at: Double(step) / 20)
    #expect(g.fromBar == 0 || g.toBar == 0, "two titles at once at \(step)")
    #expect(abs(g.to.dx - g.from.dx - 320) < 1e-9, "the scenes move together")
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
