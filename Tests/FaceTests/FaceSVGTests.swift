// The face as SVG, checked as a person would: valid XML, rendered by rsvg-convert, and
// its pixels looked at where the head, eyes and mouth must (and must not) be.

import Face
import Foundation
import Geometry
import Render
import TestSupport
import Testing

let blue = (0, 0, 255)

@Test(arguments: [
  (0.0, 320.0, 480.0), (50, 320, 480), (100, 320, 480), (100, 480, 320), (0, 480, 320),
])
func renderedFaceHasItsPartsWhereTheGeometrySays(happiness: Double, width: Double, height: Double)
  throws
{
  let g = try faceGeometry(
    state: FaceState(happiness: happiness), style: .seed,
    bounds: Rect(x: 0, y: 0, width: width, height: height))
  let svg = SVGRenderer.render(
    g.drawing(width: width, height: height, title: "Happiness \(happiness)"))
  #expect(try xmlProblem(svg) == nil)
  let image = try rasterize(svg)
  #expect(image.width == Int(width) && image.height == Int(height))
  // Worked by hand: the head's radius is 144 in both orientations, centred.
  let cx = width / 2, cy = height / 2
  #expect(image.has(blue, near: cx, cy - 144), "top of the head")
  #expect(image.has(blue, near: cx, cy + 144), "bottom of the head")
  #expect(image.has(blue, near: cx - 144, cy), "left of the head")
  #expect(image.has(blue, near: cx + 144, cy), "right of the head")
  #expect(!image.has(blue, near: cx, cy, radius: 5), "centre is empty")
  #expect(!image.has(blue, near: cx - 50.4, cy - 50.4, radius: 5), "inside the left eye")
  #expect(!image.has(blue, near: cx + 50.4, cy - 50.4, radius: 5), "inside the right eye")
  #expect(image.has(blue, near: cx - 50.4, cy - 50.4 - 14.4), "the left eye's top")
  #expect(image.has(blue, near: cx + 50.4 + 14.4, cy - 50.4), "the right eye's right")
  // The mouth: its ends at y = cy + 57.6; its middle is where blue is in the centre
  // column between the eyes and the chin.
  let endY = cy + 57.6
  #expect(image.has(blue, near: cx - 64.8, endY), "the mouth's left end")
  #expect(image.has(blue, near: cx + 64.8, endY), "the mouth's right end")
  var mouthYs: [Int] = []
  for y in Int(cy - 20)...Int(cy + 130) {
    if let p = image.at(Int(cx), y), p.b > 200, p.r < 100, p.g < 100 { mouthYs.append(y) }
  }
  let middle = Double(mouthYs.reduce(0, +)) / Double(max(mouthYs.count, 1))
  #expect(!mouthYs.isEmpty)
  if happiness > 50 {
    #expect(middle > endY + 20, "a smile: the middle (\(middle)) is below the ends (\(endY))")
  } else if happiness < 50 {
    #expect(middle < endY - 20, "a frown: the middle (\(middle)) is above the ends (\(endY))")
  } else {
    #expect(abs(middle - endY) < 4, "straight: \(middle) vs \(endY)")
  }
}

@Test func pixelChecksCanFail() throws {
  // An empty drawing has no blue anywhere: the pixel checks above are not vacuous.
  let image = try rasterize(
    SVGRenderer.render(Drawing(width: 320, height: 480, background: .white)))
  #expect(!image.has(blue, near: 160, 96))
  #expect(image.at(160, 96).map { $0.r > 250 && $0.g > 250 && $0.b > 250 } == true)
}

@Test func hostileTitlesStayValid() throws {
  let bad = String(
    decoding: [0x41, 0xC0, 0x80, 0xFE, 0x42, 0xF4, 0x90, 0x80, 0x80] as [UInt8], as: UTF8.self)
  let title = "<&>\"' \n \u{01}\u{08}\u{0B}\u{0C}\u{1F}\u{7F} \(bad) \u{FFFF}"
  let g = try faceGeometry(
    state: FaceState(happiness: 86), style: .seed, bounds: Rect(x: 0, y: 0, width: 320, height: 480)
  )
  let svg = SVGRenderer.render(g.drawing(width: 320, height: 480, title: title))
  #expect(try xmlProblem(svg) == nil)
  #expect(svg.contains("&lt;&amp;&gt;&quot;&apos;"))
  let image = try rasterize(svg)
  #expect(image.has(blue, near: 160, 96))
}

@Test func exactDocumentForTheSeedFace() throws {
  // Numbers from the hand-worked geometry (happiness 70: smile 0.4, offset 36×0.4 = 14.4).
  let g = try faceGeometry(
    state: FaceState(happiness: 70), style: .seed, bounds: Rect(x: 0, y: 0, width: 320, height: 480)
  )
  let expected = """
    <svg xmlns="http://www.w3.org/2000/svg" width="320" height="480" viewBox="0 0 320 480">
    <g fill="none" stroke="blue" stroke-width="5" stroke-linecap="round">
    <circle cx="160" cy="240" r="144"/>
    <circle cx="109.6" cy="189.6" r="14.4"/>
    <circle cx="210.4" cy="189.6" r="14.4"/>
    <path d="M95.2 297.6C138.4 312 181.6 312 224.8 297.6"/>
    </g>
    </svg>

    """
  #expect(SVGRenderer.render(g.drawing(width: 320, height: 480)) == expected)
}
