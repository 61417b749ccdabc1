import Foundation
import TestSupport
import Testing

/// The README's pictures (docs/*.png: examples/mtcars.csv's sheet, the seed app's
/// storyboard) against what `scripts/readme-images` draws now, so a change to the faces,
/// the sheet or the canvas cannot leave them stale unnoticed.
@Suite struct ReadmeImageTests {
  /// Width and height from a PNG's IHDR chunk, nil when the bytes are not a PNG.
  func pngSize(_ data: Data) -> (Int, Int)? {
    let b = [UInt8](data.prefix(24))
    guard b.count == 24, b[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
      return nil
    }
    let word = { (i: Int) in b[i..<(i + 4)].reduce(0) { $0 << 8 | Int($1) } }
    return (word(16), word(20))
  }

  /// The picture `scripts/readme-images --ours` drew into `work`, against docs/NAME.
  func drawnAndCommitted(_ name: String, in work: String) throws -> Pixels {
    let drawn = try Data(contentsOf: URL(fileURLWithPath: work + "/" + name))
    let committed = try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/docs/" + name))
    let now = try decodePNG(drawn)
    let then = try decodePNG(committed)
    #expect(
      (then.width, then.height) == (now.width, now.height),
      "docs/\(name) is \(then.width)×\(then.height), the command draws \(now.width)×\(now.height): run scripts/readme-images"
    )
    // Near-identical: a different librsvg or font may move a few edge pixels, a changed
    // face or sheet moves thousands.
    let differing = try #require(now.differences(from: then, tolerance: 24))
    #expect(
      differing <= now.rgb.count / 1000,
      "\(differing) of \(now.rgb.count) values differ from docs/\(name): run scripts/readme-images"
    )
    return now
  }

  /// How many pixels of `image` pass `test` (red, green, blue).
  func count(_ image: Pixels, _ test: (Int, Int, Int) -> Bool) -> Int {
    stride(from: 0, to: image.rgb.count, by: 3).filter {
      test(Int(image.rgb[$0]), Int(image.rgb[$0 + 1]), Int(image.rgb[$0 + 2]))
    }.count
  }

  @Test func theCommittedPicturesAreWhatTheCommandsDrawNow() throws {
    let work = try temporaryFolder()
    defer { removeFolder(work) }
    let r = try runProgram(
      packageRoot + "/scripts/readme-images", ["--ours", work], in: packageRoot,
      environment: ["PSYCHOLOGIST": binary], timeout: 120)
    #expect(r.status == 0, "\(r.stderr)")
    let sheet = try drawnAndCommitted("mtcars-sheet.png", in: work)
    // And it is a sheet of faces, not a blank page: the faces' blue outline is all over it.
    let blue = count(sheet) { r, g, b in r < 60 && g < 60 && b > 200 }
    #expect(blue > sheet.width * sheet.height / 100)
    // The storyboard: its faces' blue, and its push arrows' and badges' (#2f6fdf).
    let board = try drawnAndCommitted("storyboard.png", in: work)
    #expect(count(board) { r, g, b in r < 60 && g < 60 && b > 200 } > 1000)
    let push = count(board) { r, g, b in
      abs(r - 0x2f) < 12 && abs(g - 0x6f) < 12 && abs(b - 0xdf) < 12
    }
    #expect(push > 300)
    // The Chinese app's: drawn as committed, its faces' blue there too.
    let chinese = try drawnAndCommitted("chinese.png", in: work)
    #expect(count(chinese) { r, g, b in r < 60 && g < 60 && b > 200 } > 1000)
  }

  @Test func theReadmeShowsItsPicturesAndTheyArePNGs() throws {
    // The README shows one picture; docs/ pages show the others, relative to docs/.
    let readme = try documentationText("README.md")
    #expect(readme.contains("](docs/mtcars-sheet.png)"), "README.md shows no docs/mtcars-sheet.png")
    // And its section on text in any language shows the Chinese app's storyboard.
    #expect(readme.contains("](docs/chinese.png)"), "README.md shows no docs/chinese.png")
    let docs = try documentationPages.dropFirst().map(documentationText).joined()
    for name in ["mtcars-sheet.png", "mtcars-aplpack.png", "storyboard.png", "chinese.png"] {
      #expect(
        docs.contains("](\(name))") || name == "chinese.png", "no page of docs/ shows \(name)")
      let data = try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/docs/" + name))
      let size = pngSize(data)
      #expect(size != nil, "docs/\(name) is no PNG")
      // No thumbnail: at least a VGA screen's pixels (the storyboard is tall and narrow).
      if let size {
        #expect(size.0 >= 480 && size.0 * size.1 >= 640 * 480, "docs/\(name) is \(size)")
      }
    }
  }
}
