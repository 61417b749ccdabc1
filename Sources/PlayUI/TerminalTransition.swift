// A transition in `play`: frames in cells between the screen before and the screen after,
// moved as the transition model says (Storyboard's Transition, or a kind's Lua). Cells
// cannot be half transparent: an opacity shows that share of a layer's cells, spread by an
// ordered dither, so a cross-fade dissolves.

import App
import Geometry
import Readable
import Render
import Storyboard
import TextMetrics

/// Storyboard points to terminal cells, as `PlayScreen` lays a screen out: the status bar
/// is left out and the rest fills `area` rows.
package struct CellMapping {
  package var screen: Rect
  package var top: Double
  package var columns: Int
  package var area: Int

  /// The mapping of `layout` onto `columns` × `area` cells.
  package init(_ layout: ScreenLayout<SceneContent>, columns: Int, area: Int) {
    screen = layout.screen
    top = layout.statusBar.maxY
    self.columns = columns
    self.area = area
  }

  package func column(_ x: Double) -> Int { Int((x / screen.width * Double(columns)).rounded()) }
  package func row(_ y: Double) -> Int {
    Int(((y - top) / (screen.height - top) * Double(area)).rounded())
  }
  package func cells(_ r: Rect) -> CellRect {
    CellRect(left: column(r.x), top: row(r.y), right: column(r.maxX), bottom: row(r.maxY))
  }
  /// Cells per point across and down.
  package var perPoint: (x: Double, y: Double) {
    (Double(columns) / screen.width, Double(area) / (screen.height - top))
  }
}

/// The transition between two frames of `play`.
package struct TerminalTransition {
  let presenter: Frame
  let presented: Frame
  let before: Frame
  let after: Frame
  let movie: TransitionMovie
  let presenterLayout: ScreenLayout<SceneContent>
  let presentedLayout: ScreenLayout<SceneContent>
  let area: Int

  /// The transition `movie` from the frame `before` (of the movie's `beforeLayout`) to
  /// `after` (of `afterLayout`).
  package init(
    movie: TransitionMovie, before: Frame, after: Frame, afterLayout: ScreenLayout<SceneContent>
  ) {
    self.movie = movie
    self.before = before
    self.after = after
    // Going back runs the forward animation backwards: the state after it presents.
    (presenter, presented) = movie.isBack ? (after, before) : (before, after)
    (presenterLayout, presentedLayout) =
      movie.isBack ? (afterLayout, movie.beforeLayout) : (movie.beforeLayout, afterLayout)
    area = max(after.rows - 1, 0)
  }

  /// One layer: cells of `source` inside `region`, moved and shown at `opacity`.
  struct Layer {
    var source: Frame
    var region: CellRect
    var dx = 0.0
    var dy = 0.0
    var scale = 1.0
    var opacity = 1.0
    /// A bar item: shown whole from `TerminalTransition.itemShown` on (dithered letters
    /// would be noise), its blank cells letting what lies below show.
    var isItem = false
    /// The cells' colours without their characters: a bar's background.
    var isBlank = false
    /// Where on the screen the moved cells may land (a bar item stays in its bar's row).
    var window: CellRect? = nil
  }

  /// The opacity from which a bar item shows in cells: a quarter, so that half-way through
  /// a push both titles show, each where the frame puts it.
  static let itemShown = 0.25

  /// The frame at progress `t` (0: the screen before, 1: the screen after).
  package func frame(at t: Double) throws -> Frame {
    if t >= 1 || after.columns != presenter.columns || after.rows != presenter.rows {
      return after
    }
    let f = try movie.placements(at: t)
    let columns = after.columns
    let whole = CellRect(left: 0, top: 0, right: columns, bottom: area)
    let map = CellMapping(presentedLayout, columns: columns, area: area)
    let (px, py) = map.perPoint
    var layers: [Layer] = []  // front to back
    func moved(_ source: Frame, _ region: CellRect, _ p: Placement) -> Layer {
      Layer(
        source: source, region: region, dx: p.dx * px, dy: p.dy * py, scale: p.scale,
        opacity: p.opacity)
    }
    // The pane as PlayScreen drew it (a popover may sit off its place in points, clear of
    // its button): its region, and its bar's rows.
    let pane = movie.pane.flatMap { role in presented.panes.last { $0.role == role } }
    if let pane, !movie.movesScreens,
      movie.style == .push || movie.style == .crossFade || movie.style == .cut
    {
      let r = pane.region
      let bar =
        pane.bar.map { CellRect(left: r.left, top: r.top, right: r.right, bottom: $0.bottom) }
        ?? CellRect(left: r.left, top: r.top, right: r.right, bottom: r.top)
      let content = CellRect(left: r.left, top: bar.bottom, right: r.right, bottom: r.bottom)
      layers = barItemLayers(f.bar, bar: bar, px: px)
      layers += [
        moved(presented, content, f.to), moved(presenter, content, f.from),
        Layer(source: presented, region: whole),
      ]
    } else if let pane, !movie.movesScreens {
      // A modal or popover: its box moves or fades over the screen below, which dims as it
      // comes when it was not dimmed before.
      layers = [moved(presented, pane.region, f.to)]
      if presentedLayout.dimmed && !presenterLayout.dimmed {
        layers.append(Layer(source: presented, region: whole, opacity: f.dim))
      }
      layers.append(Layer(source: presenter, region: whole))
    } else if movie.barsStay, let bar = sharedBar(), bar.top == 0 {
      // A kind's bar that stays: its items change as the frame says, over the content that
      // moves below it (the points draw the same: `Session.screenLayers`).
      let content = CellRect(left: 0, top: bar.bottom, right: columns, bottom: area)
      layers = barItemLayers(f.bar, bar: bar, px: px)
      layers += [moved(presented, content, f.to), moved(presenter, content, f.from)]
    } else {
      layers = [moved(presented, whole, f.to), moved(presenter, whole, f.from)]
    }
    return composite(layers)
  }

  /// The bar rows both screens have in the same place, when each is one barred pane (an
  /// iPhone's navigation bar before and after a kind's push; not under a modal), else nil.
  func sharedBar() -> CellRect? {
    let (a, b) = (presenter.panes.compactMap(\.bar), presented.panes.compactMap(\.bar))
    guard presenter.panes.count == 1, presented.panes.count == 1, a.count == 1, b.count == 1,
      a[0] == b[0]
    else { return nil }
    return a[0]
  }

  /// The bar's row in cells, its items moved and faded as `BarMotion` says (the frame's
  /// `bar`, as the points draw it): the titles, then the left items (back button or bar
  /// button, where the frame's targets say they are), over the new bar's background; the
  /// rows under the bar's row stay the new ones.
  func barItemLayers(_ b: BarFrame, bar: CellRect, px: Double) -> [Layer] {
    guard bar.bottom > bar.top else { return [] }
    let row = CellRect(left: bar.left, top: bar.top, right: bar.right, bottom: bar.top + 1)
    func left(_ frame: Frame) -> CellRect? {
      frame.targets.first {
        switch $0.kind {
        case .back, .barButton: return $0.rect.top == row.top && $0.rect.left < row.right
        default: return false
        }
      }?.rect
    }
    func parts(_ frame: Frame) -> (title: CellRect, left: CellRect?) {
      guard let l = left(frame) else { return (row, nil) }
      // The title is right of the left item (BarTitle.place keeps it there).
      return (CellRect(left: l.right, top: row.top, right: row.right, bottom: row.bottom), l)
    }
    let (old, new) = (parts(presenter), parts(presented))
    func item(_ source: Frame, _ region: CellRect?, _ p: Placement) -> Layer? {
      region.map {
        Layer(
          source: source, region: $0, dx: p.dx * px, opacity: p.opacity, isItem: true, window: row)
      }
    }
    // The old title and the new back button read the same words and cross-fade along one
    // path: in cells, where letters cannot blend, the more opaque of the two shows.
    var (fromTitle, toLeft) = (b.fromTitle, b.toLeft)
    if old.title.right > old.title.left, new.left != nil {
      if fromTitle.opacity >= toLeft.opacity { toLeft.opacity = 0 } else { fromTitle.opacity = 0 }
    }
    let items = [
      item(presented, new.title, b.toTitle), item(presenter, old.title, fromTitle),
      item(presented, new.left, toLeft), item(presenter, old.left, b.fromLeft),
    ].compactMap { $0 }
    let below = CellRect(left: bar.left, top: row.bottom, right: bar.right, bottom: bar.bottom)
    return items + [
      Layer(source: presented, region: row, isBlank: true), Layer(source: presented, region: below),
    ]
  }

  /// The area drawn from the layers (the first that covers a cell shows it); the status
  /// line stays the one before until the end, so a screen whose status line tells the new
  /// state is the finished one.
  func composite(_ layers: [Layer]) -> Frame {
    var out = after
    let columns = out.columns
    let beforeStyles = before.grid.styles.map { out.grid.style($0) }
    for i in (area * columns)..<min(out.grid.characters.count, before.grid.characters.count) {
      out.grid.characters[i] = before.grid.characters[i]
      out.grid.styleIndices[i] = beforeStyles[Int(before.grid.styleIndices[i])]
    }
    let grids = layers.map(\.source.grid)
    let styleMaps = grids.map { grid in grid.styles.map { out.grid.style($0) } }
    // Each layer scales about the centre of its region, as the points scale a pane about
    // its own centre (a popover grows out of its arrow's tip only so).
    let centres = layers.map {
      (
        x: Double($0.region.left + $0.region.right) / 2,
        y: Double($0.region.top + $0.region.bottom) / 2
      )
    }
    for row in 0..<area {
      // The source cell copied last, so a wide character's right half follows its left.
      var previous = -1
      for column in 0..<columns {
        let i = row * columns + column
        var glyph: UInt32 = 0x20
        var style: UInt16 = 0
        var copied = -1
        let threshold = (TerminalTransition.bayer[(row & 3) * 4 + (column & 3)] + 0.5) / 16
        for (k, layer) in layers.enumerated()
        where layer.opacity > (layer.isItem ? TerminalTransition.itemShown : threshold) {
          let centre = centres[k]
          let sx = (Double(column) + 0.5 - centre.x - layer.dx) / layer.scale + centre.x
          let sy = (Double(row) + 0.5 - centre.y - layer.dy) / layer.scale + centre.y
          if let w = layer.window,
            column < w.left || column >= w.right || row < w.top || row >= w.bottom
          {
            continue
          }
          guard sx.isFinite, sy.isFinite, sx >= Double(layer.region.left),
            sx < Double(layer.region.right), sy >= Double(layer.region.top),
            sy < Double(layer.region.bottom)
          else { continue }
          let s = Int(sy) * grids[k].columns + Int(sx)
          guard s >= 0, s < grids[k].characters.count else { continue }
          if layer.isItem && grids[k].characters[s] == 0x20 { continue }
          glyph = layer.isBlank ? 0x20 : grids[k].characters[s]
          style = styleMaps[k][Int(grids[k].styleIndices[s])]
          copied = s
          break
        }
        if glyph == CellGrid.continuation && copied != previous + 1 { glyph = 0x20 }
        out.grid.characters[i] = glyph
        out.grid.styleIndices[i] = style
        previous = copied
      }
      // A wide character cut at its right half by another layer shows as a space.
      for column in 0..<columns {
        let i = row * columns + column
        if column + 1 < columns, terminalCellWidth(out.grid.characters[i]) == 2,
          out.grid.characters[i + 1] != CellGrid.continuation
        {
          out.grid.characters[i] = 0x20
        }
      }
    }
    return out
  }

  /// A 4×4 ordered dither: which cells show first as a layer's opacity rises.
  static let bayer: [Double] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]
}
