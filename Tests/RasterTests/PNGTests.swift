import Foundation
import Raster
import TestSupport
import Testing

/// A document with a blue ring and a red square on nothing (transparent), 120×80.
private let sample = """
  <svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" viewBox="0 0 120 80">
  <circle cx="40" cy="40" r="30" fill="none" stroke="#0000ff" stroke-width="5"/>
  <rect x="90" y="10" width="20" height="20" fill="#ff0000"/>
  </svg>
  """

@Suite struct PNGTests {
  @Test func aLimitedDrawingIsTheSameImage() throws {
    let limited = try PNG.fromSVG(Array(sample.utf8), memory: 64 << 20, expired: { false })
    #expect(limited == (try PNG.fromSVG(Array(sample.utf8))))
    // No limit at all (0) too.
    #expect(try PNG.fromSVG(Array(sample.utf8), memory: 0, expired: { false }) == limited)
  }

  @Test func aDrawingStopsAtItsCallersDeadline() throws {
    // Many wide strokes keep librsvg and cairo busy far longer than the deadline.
    let strokes = (0..<20000).map { i in
      "<line x1=\"0\" y1=\"\(i % 400)\" x2=\"400\" y2=\"\(400 - i % 400)\" stroke=\"blue\" stroke-width=\"90\"/>"
    }.joined()
    let svg = Array(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"400\" height=\"400\">\(strokes)</svg>".utf8
    )
    var asked = 0
    #expect(throws: RasterError.self) {
      _ = try PNG.fromSVG(svg, memory: 0) {
        asked += 1
        return asked > 3
      }
    }
    do {
      _ = try PNG.fromSVG(svg, memory: 0) { true }
      Issue.record("a drawing past its deadline was written")
    } catch .timeLimit {
    } catch {
      Issue.record("\(error)")
    }
  }

  @Test func aDrawingPastItsMemoryIsRefused() throws {
    // 8000×8000 pixels are 244 MiB in cairo's memory: far past 8 MiB.
    let svg = Array(
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8000\" height=\"8000\"><rect width=\"10\" height=\"10\"/></svg>"
        .utf8)
    do {
      _ = try PNG.fromSVG(svg, memory: 8 << 20) { false }
      Issue.record("a 244 MiB image was drawn within 8 MiB")
    } catch .memory(let bytes) {
      #expect(bytes == 8 << 20)
    } catch {
      Issue.record("\(error)")
    }
  }

  @Test func startsWithThePNGSignatureAndHasTheDocumentsSize() throws {
    let png = try PNG.fromSVG(Array(sample.utf8))
    #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
    // IHDR: width and height as big-endian 32-bit numbers at bytes 16…23.
    let be = { (i: Int) in png[i...(i + 3)].reduce(0) { $0 << 8 | Int($1) } }
    #expect(be(16) == 120 && be(20) == 80)
  }

  @Test func pixelsAreWhereTheDocumentDrawsThem() throws {
    let pixels = try decodePNG(Data(try PNG.fromSVG(Array(sample.utf8))))
    #expect(pixels.width == 120 && pixels.height == 80)
    // The ring's stroke at its four extremes, blue; its centre and the corners, nothing
    // (transparent, which the decoder shows over white).
    for (x, y) in [(70, 40), (10, 40), (40, 10), (40, 70)] {
      #expect(pixels.has((0, 0, 255), near: Double(x), Double(y), radius: 1), "ring at \(x),\(y)")
    }
    #expect(pixels.at(40, 40)! == (255, 255, 255))
    #expect(pixels.at(1, 1)! == (255, 255, 255))
    #expect(pixels.at(100, 20)! == (255, 0, 0))
  }

  @Test func drawsWhatRsvgConvertDraws() throws {
    let ours = try decodePNG(Data(try PNG.fromSVG(Array(sample.utf8))))
    let theirs = try rasterize(sample)
    #expect(ours.differences(from: theirs) == 0)
  }

  @Test(arguments: [
    ("<svg", "cannot read the SVG"),
    ("not xml at all", "cannot read the SVG"),
    (#"<svg xmlns="http://www.w3.org/2000/svg" width="40000" height="10"/>"#, "40000×10 pixels"),
    (#"<svg xmlns="http://www.w3.org/2000/svg" width="20000" height="20000"/>"#, "million pixels"),
  ])
  func refusesWhatItCannotDraw(svg: String, reason: String) throws {
    do {
      _ = try PNG.fromSVG(Array(svg.utf8))
      Issue.record("drew \(svg)")
    } catch {
      guard case .failed(let why) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(why.contains(reason), "\(why)")
    }
  }

  @Test func theLibrariesLoadOnThisMachine() {
    #expect(PNG.unavailability() == nil)
  }

  /// Asking whether PNG can be written only looks the libraries up (once): it draws
  /// nothing, so asking costs next to nothing however often it is asked.
  @Test func askingWhetherPNGCanBeWrittenDrawsNothing() {
    _ = PNG.unavailability()
    let start = threadCPUSeconds()
    for _ in 0..<2000 { _ = PNG.unavailability() }
    let elapsed = threadCPUSeconds() - start
    // Drawing a 1×1 document (parse, surface, PNG encoding) took about 40 µs a time here;
    // a look-up takes well under one. (CPU time: a busy machine's wall clock is not ours.)
    #expect(elapsed < 0.02, "\(elapsed) s for 2,000")
  }

  @Test func namesAskForPNGByTheirExtension() {
    #expect(PNG.isPNGName("face.png") && PNG.isPNGName("out/FACE.PNG"))
    #expect(!PNG.isPNGName("face.svg") && !PNG.isPNGName(".png") && !PNG.isPNGName("png"))
    #expect(
      PNG.conversionHint("out/x.png")
        == "write SVG and convert it: rsvg-convert -o out/x.png out/x.svg")
  }
}
