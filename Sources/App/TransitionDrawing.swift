import Declarations
import Files
import Geometry
import Render
import Storyboard

/// A transition between two drawn screens: still frames at any moment and the layers an
/// animated SVG moves. At t = 0 it draws exactly the screen before, at t = 1 exactly the
/// screen after (what `show --screen` draws).
public struct TransitionMovie {
  /// The two screens drawn and cut into layers, made when first asked for: `play` moves
  /// its own cells and only needs the placements, so it never draws them.
  package let drawn: DrawnTransition
  /// The screen before the transition.
  public var first: Drawing { get throws { try drawn.get().first } }
  /// The screen after it.
  public var last: Drawing { get throws { try drawn.get().last } }
  /// The frame at a moment (the built-in model, or a segue kind's Lua).
  package let frameAt: (Double) throws -> TransitionFrame
  /// The document title of the frames in between.
  package let title: String
  /// How the scenes move (a kind's Lua, or a fallback, makes it a cross-fade of the screens).
  public let style: TransitionStyle
  /// Whether it goes back (the forward animation reversed).
  public let isBack: Bool
  /// The pane that changes (a push's or replace's; the presented pane of a modal or a
  /// popover), nil when the whole screen does.
  public let pane: PaneRole?
  /// Whether the whole screens move (a cross-fade or a kind's Lua), not one pane.
  public let movesScreens: Bool
  /// Whether the whole screens move under bars that stay, whose items change as a push's
  /// do (a `segue_kind` without `bars = "move"`).
  public var barsStay = false
  /// The layout of the screen before the transition.
  public let beforeLayout: ScreenLayout<SceneContent>

  /// The placements at progress `t` (from the model, or the kind's Lua).
  public func placements(at t: Double) throws -> TransitionFrame { try frameAt(t) }

  /// The screen at progress `t` ∈ [0, 1] of the transition.
  public func frame(at t: Double) throws -> Drawing {
    let d = try drawn.get()
    if !(t > 0) { return d.first }
    if t >= 1 { return d.last }
    let f = try frameAt(t)
    var items: [Item] = []
    for layer in d.layers { items += layer.placing(f).apply(layer.items, window: layer.window) }
    return Drawing(
      width: d.last.width, height: d.last.height, title: title, background: .white, items: items)
  }

  /// `count` (at least 2) frames sampled evenly: the first is the screen before, the last
  /// the screen after.
  public func frames(_ count: Int) throws -> [Drawing] {
    var out: [Drawing] = []
    try eachFrame(count) { out.append($1) }
    return out
  }

  /// The same frames handed to `body` one at a time with their index, so a thousand frames
  /// of a busy screen are never all held at once.
  public func eachFrame(_ count: Int, _ body: (Int, Drawing) throws -> Void) throws {
    let n = max(count, 2)
    for i in 0..<n { try body(i, try frame(at: Double(i) / Double(n - 1))) }
  }

  /// The transition as one animated SVG document (SMIL, no script) playing once over
  /// UIKit's 0.35 s and then showing the screen after exactly, as UTF-8 bytes. Writing it is
  /// host work held to `work`'s deadline.
  public func animatedSVG(
    samples: Int = SVGAnimation.defaultSamples, work: HostWork
  ) throws -> [UInt8] {
    let n = max(samples, 2)
    let frames = try (0..<n).map { try frameAt(Double($0) / Double(n - 1)) }
    let d = try drawn.get()
    let animated = d.layers.map { layer in
      AnimatedLayer(items: layer.items, window: layer.window, track: frames.map(layer.placing))
    }
    try work.check()
    do {
      return try SVGAnimation.render(
        first: d.first, layers: animated, last: d.last, duration: Transition.duration,
        expired: work.expired)
    } catch {
      throw work.stopped()
    }
  }
}

/// A transition's screens and layers, drawn once on first use (drawing runs the features'
/// Lua, so a failure is thrown then, to whoever asked).
package final class DrawnTransition {
  package typealias Screens = (first: Drawing, last: Drawing, layers: [TransitionLayer])
  private var make: (() throws -> Screens)?
  private var made: Screens?

  package init(_ make: @escaping () throws -> Screens) { self.make = make }

  package func get() throws -> Screens {
    if let made { return made }
    let m = try make!()
    made = m
    make = nil
    return m
  }
}

/// Which part of a transition frame moves a layer.
package enum TransitionChannel: Hashable {
  /// Does not move.
  case still
  /// The presenting scene's placement.
  case from
  /// The presented scene's placement.
  case to
  /// The presenting scene's bar background.
  case fromBarChrome
  /// The presented scene's bar background.
  case toBarChrome
  /// The presenting scene's bar title.
  case fromTitle
  /// The presenting scene's back button or bar button.
  case fromLeft
  /// The presented scene's bar title.
  case toTitle
  /// The presented scene's back button or bar button.
  case toLeft
  /// The shade over the presenting scene (moving with it).
  case shade
  /// The dimming under a form sheet or popover.
  case dim
  /// The iPad's master panel in portrait, coming in from the left edge by `width` points
  /// as far as the presented scene has come (its fade's progress).
  case slideIn(width: Double)
}

/// Items moved together by one channel, clipped to a window.
package struct TransitionLayer {
  package var items: [Item]
  package var window: Rect?
  package var channel: TransitionChannel
  /// The centre a scene scales about.
  package var anchor: Point

  package init(
    _ items: [Item], _ channel: TransitionChannel, window: Rect? = nil, anchor: Point = Point(0, 0)
  ) {
    self.items = items
    self.window = window
    self.channel = channel
    self.anchor = anchor
  }

  package func placing(_ f: TransitionFrame) -> Placing {
    func moved(_ p: Placement, opacity: Double) -> Placing {
      Placing(dx: p.dx, dy: p.dy, scale: p.scale, anchor: anchor, opacity: opacity)
    }
    switch channel {
    case .still: return Placing()
    case .from: return moved(f.from, opacity: f.from.opacity)
    case .to: return moved(f.to, opacity: f.to.opacity)
    case .fromBarChrome: return Placing(opacity: f.bar.fromChrome)
    case .toBarChrome: return Placing(opacity: f.bar.toChrome)
    case .fromTitle: return Placing(dx: f.bar.fromTitle.dx, opacity: f.bar.fromTitle.opacity)
    case .fromLeft: return Placing(dx: f.bar.fromLeft.dx, opacity: f.bar.fromLeft.opacity)
    case .toTitle: return Placing(dx: f.bar.toTitle.dx, opacity: f.bar.toTitle.opacity)
    case .toLeft: return Placing(dx: f.bar.toLeft.dx, opacity: f.bar.toLeft.opacity)
    case .shade: return moved(f.from, opacity: f.shade)
    case .dim: return Placing(opacity: f.dim)
    case .slideIn(let width): return Placing(dx: -width * (1 - f.to.opacity))
    }
  }
}

extension Session {
  /// How the screen changed from `before` to the session's navigator now: the transition
  /// and the layers it moves. `custom` is the segue kind that performed it, if one did (it
  /// cross-fades unless its Lua says how it animates).
  package func movie(
    from before: Navigator<SceneContent>, frameAt custom: ((Double) throws -> TransitionFrame)?,
    movesBars: Bool = true
  ) throws -> TransitionMovie {
    let after = navigator
    let (beforeLayout, afterLayout) = (before.layout(), after.layout())
    let change = Session.change(from: before, to: after)
    // Going back runs the forward animation backwards: the state after it presents.
    let (presenter, presented) =
      change.isBack ? (afterLayout, beforeLayout) : (beforeLayout, afterLayout)
    // Whether one pane moves is the layouts' to say (the drawn parts have the same panes),
    // so the screens are drawn only when someone draws the frames.
    var style = change.style
    var layered = false
    if custom == nil {
      switch style {
      case .push, .crossFade, .cut:
        layered = change.pane.map { Session.hasPane($0, presenter, presented) } ?? false
      case .cover, .popover:
        layered = Session.presents(presented, role: change.pane)
      }
    } else if after.device.isPad, change.style == .cover || change.style == .popover,
      Session.presents(presented, role: change.pane)
    {
      // A kind that presents a panel on an iPad animates that panel (its Lua's "to"); the
      // split view under it stays.
      layered = true
    } else if after.device.isPad, change.style != .cover, change.style != .popover,
      let pane = change.pane, Session.hasPane(pane, presenter, presented)
    {
      // A kind that pushes or replaces in one pane of the split view animates that pane
      // alone (its Lua's placements about the pane's centre): the other pane stays.
      layered = true
      style = .crossFade
    }
    if !layered { style = .crossFade }
    // Bars that stay are a whole-screen animation's own layers (a panel moves with its bar).
    let barsStay = !movesBars && !layered
    let screen = afterLayout.screen
    let moving = presented.panes.last { $0.role == change.pane } ?? presented.panes.last
    let bars = barMotion(presenter, presented, role: layered ? change.pane : nil)
    let transition = Transition(
      style, isBack: change.isBack, width: moving?.contentRect.width ?? screen.width,
      travel: screen.height - (moving?.frame.y ?? 0), bars: bars)
    // A kind's bars that stay, or a pane it moves, change their items as a push does.
    let kindMovesBarItems = barsStay || layered && (style == .crossFade || style == .push)
    let drawn = DrawnTransition { [self] in
      let old = try screenParts(before, layout: beforeLayout)
      let new = try screenParts(after, layout: afterLayout)
      let (from, to) = change.isBack ? (new, old) : (old, new)
      let layers: [TransitionLayer]
      switch (layered, style, change.pane) {
      case (true, .push, let pane?), (true, .crossFade, let pane?), (true, .cut, let pane?):
        layers = Session.paneLayers(from, to, role: pane)
      case (true, .cover, _), (true, .popover, _): layers = Session.presentationLayers(from, to)
      default:
        let whole = Rect(x: 0, y: 0, width: new.width, height: new.height)
        layers = Session.screenLayers(from, to, screen: whole, movesBars: movesBars)
      }
      return (old.drawing, new.drawing, layers)
    }
    var movie = TransitionMovie(
      drawn: drawn,
      frameAt: custom.map { lua in
        { t in
          let p = change.isBack ? 1 - t : t
          var f = try lua(p)
          // The bar's items move as a push's, eased as UIKit eased its own: never two
          // titles on one another, never the old bar dropped in one frame.
          if kindMovesBarItems { f.bar = bars.frame(at: easeInOut(p)) }
          return f
        }
      } ?? { transition.frame(at: $0) },
      title: title(of: after.focus), style: style, isBack: change.isBack, pane: change.pane,
      movesScreens: !layered, beforeLayout: beforeLayout)
    movie.barsStay = barsStay
    return movie
  }

  /// Whether both screens show a pane of `role` (a push or replace moves it).
  package static func hasPane(
    _ role: PaneRole, _ a: ScreenLayout<SceneContent>, _ b: ScreenLayout<SceneContent>
  ) -> Bool {
    a.panes.contains { $0.role == role } && b.panes.contains { $0.role == role }
  }

  /// How the bar changes between the presenting and the presented layout: the bars of the
  /// pane of `role`, or (nil) the frontmost panes with a bar.
  package func barMotion(
    _ presenter: ScreenLayout<SceneContent>, _ presented: ScreenLayout<SceneContent>,
    role: PaneRole?
  ) -> BarMotion {
    func items(_ layout: ScreenLayout<SceneContent>) -> BarItems? {
      let chrome = ScreenChrome(
        layout, device: navigator.device, orientation: navigator.orientation,
        language: script.registry.language)
      if let role { return chrome.pane(role)?.barItems }
      return chrome.panes.last { $0.navigationBar != nil }?.barItems
    }
    return BarMotion(from: items(presenter), to: items(presented))
  }

  /// Whether the frontmost pane is presented (a modal or popover covers or fades in; the
  /// master in portrait is presented as a popover too, when the change is to it).
  package static func presents(_ layout: ScreenLayout<SceneContent>, role changed: PaneRole?)
    -> Bool
  {
    guard let role = layout.panes.last?.role else { return false }
    return role.isPresented || role == .master && changed == .master
  }

  /// What one step of navigation did: its animation, whether it went back, and the pane
  /// that changes (nil when the whole screen changes).
  package static func change(from a: Navigator<SceneContent>, to b: Navigator<SceneContent>)
    -> (style: TransitionStyle, isBack: Bool, pane: PaneRole?)
  {
    let (stackA, stackB) = (a.navigationStack.count, b.navigationStack.count)
    let (shownA, shownB) = (a.presented.count, b.presented.count)
    if stackB > stackA { return (.push, false, b.focusRole) }
    if stackB < stackA && shownB == 0 {
      return (.push, true, a.focusRole == .navigation ? .navigation : .master)
    }
    if shownB > shownA || shownB == shownA && shownB > 0 && a.isShowingPopover != b.isShowingPopover
    {
      return (b.isShowingPopover ? .popover : .cover, false, b.focusRole)
    }
    if shownB < shownA { return (a.isShowingPopover ? .popover : .cover, true, a.focusRole) }
    if shownA == shownB, a.masterIsInPopover != b.masterIsInPopover {
      // The bar button showed the master's popover, or a tap outside (or a diagnosis shown
      // in the detail) dismissed it.
      return (.popover, a.masterIsInPopover, .master)
    }
    if b.device.isPad && b.focusRole == .detail { return (.cut, false, .detail) }
    return (.crossFade, false, nil)
  }

  /// A push or replace: the pane of `role` slides (or cross-fades) between the scenes, its bar
  /// stays and its title and back button cross-fade; the other panes stay. Both screens
  /// show a pane of `role` (`hasPane` said so of their layouts).
  package static func paneLayers(_ from: ScreenParts, _ to: ScreenParts, role: PaneRole)
    -> [TransitionLayer]
  {
    let old = from.pane(role)
    var layers = [TransitionLayer(to.statusBar, .still)]
    for (i, pane) in to.panes.enumerated() {
      if i == to.firstPresented { layers.append(TransitionLayer(to.divider + to.dim, .still)) }
      guard pane.role == role else {
        layers.append(TransitionLayer(pane.items, .still))
        continue
      }
      let window = pane.content
      let centre = Point(window.midX, window.midY)
      // The presented scene is opaque: what it slides over is hidden under it.
      let backing = Item(.rect(window), paint: Paint(stroke: nil, fill: .white))
      let shade = Item(.rect(window), paint: Paint(stroke: nil, fill: .black))
      layers.append(TransitionLayer(pane.chrome, .still))
      layers += barLayers(old, pane)
      layers += [
        TransitionLayer(old?.body ?? [], .from, window: window, anchor: centre),
        TransitionLayer([shade], .shade, window: window, anchor: centre),
        TransitionLayer([backing] + pane.body, .to, window: window, anchor: centre),
      ]
    }
    if to.firstPresented >= to.panes.count { layers.append(TransitionLayer(to.divider, .still)) }
    return layers
  }

  /// A bar's background and items, before (`old`) and after (`new`), each moved by its own
  /// channel (`BarMotion`) inside its bar: the backgrounds under both bars' items.
  package static func barLayers(_ old: PaneParts?, _ new: PaneParts?) -> [TransitionLayer] {
    [
      TransitionLayer(old?.barChrome ?? [], .fromBarChrome),
      TransitionLayer(new?.barChrome ?? [], .toBarChrome),
      TransitionLayer(old?.left ?? [], .fromLeft, window: old?.barRect),
      TransitionLayer(new?.left ?? [], .toLeft, window: new?.barRect),
      TransitionLayer(old?.title ?? [], .fromTitle, window: old?.barRect),
      TransitionLayer(new?.title ?? [], .toTitle, window: new?.barRect),
    ].filter { !$0.items.isEmpty }
  }

  /// A modal or popover: the screen below stays, its dimming fades in, and the presented
  /// pane (the frontmost) covers from the bottom or fades in. The frontmost pane is
  /// presented (`presents` said so of the layout).
  package static func presentationLayers(_ from: ScreenParts, _ to: ScreenParts)
    -> [TransitionLayer]
  {
    var layers = [TransitionLayer(from.items, .still)]
    // Over a form sheet the screen is dimmed already; over nothing it dims as it comes.
    if from.dim.isEmpty && !to.dim.isEmpty { layers.append(TransitionLayer(to.dim, .dim)) }
    if let pane = to.panes.last {
      // The master's panel slides in from the left edge, opaque (UISplitViewController
      // since iOS 5.1); a popover or form sheet fades or covers where it rests.
      let channel: TransitionChannel =
        pane.isPanel ? .slideIn(width: pane.frame.maxX + 40) : .to
      layers.append(
        TransitionLayer(pane.items, channel, anchor: Point(pane.frame.midX, pane.frame.midY)))
    }
    return layers
  }

  /// The whole screens: the one after over the one before (a cross-fade, or what a segue
  /// kind's Lua says).
  package static func screenLayers(
    _ from: ScreenParts, _ to: ScreenParts, screen: Rect, movesBars: Bool = true
  ) -> [TransitionLayer] {
    let centre = Point(screen.midX, screen.midY)
    let backing = Item(.rect(screen), paint: Paint(stroke: nil, fill: .white))
    // The status bar belongs to the device, not to a scene: the scenes move without it, and
    // it stays put on top, once.
    guard !movesBars else {
      return [
        TransitionLayer([backing] + from.sceneItems, .from, window: screen, anchor: centre),
        TransitionLayer([backing] + to.sceneItems, .to, window: screen, anchor: centre),
        TransitionLayer(to.statusBar, .still),
      ]
    }
    // The bars stay where they are, over the moving content, their items changing as a
    // push's do (the frontmost bars'; any other pane's bar is covered by the new one).
    let (old, new) = (from.sceneItems(withBars: false), to.sceneItems(withBars: false))
    let (oldFront, newFront) = (frontBar(from), frontBar(to))
    var layers = [
      TransitionLayer([backing] + old, .from, window: screen, anchor: centre),
      TransitionLayer([backing] + new, .to, window: screen, anchor: centre),
    ]
    for pane in from.panes where pane.barItems != nil && pane.role != oldFront?.role {
      layers.append(TransitionLayer(pane.barChrome + pane.bar, .fromBarChrome))
    }
    for pane in to.panes where pane.barItems != nil && pane.role != newFront?.role {
      layers.append(TransitionLayer(pane.barChrome + pane.bar, .toBarChrome))
    }
    return layers + barLayers(oldFront, newFront) + [TransitionLayer(to.statusBar, .still)]
  }

  /// The frontmost pane with a navigation bar.
  static func frontBar(_ s: ScreenParts) -> PaneParts? { s.panes.last { $0.barItems != nil } }
}
