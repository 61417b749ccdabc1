import Foundation
import TestSupport
import Testing

/// The README's pictures of examples/mtcars.csv (docs/*.png) against what
/// `scripts/readme-images` draws now, so a change to the faces or the sheet cannot leave
/// them stale unnoticed.
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

  @Test func theCommittedSheetIsWhatTheCommandDrawsNow() throws {
    let work = try temporaryFolder()
    defer { removeFolder(work) }
    let r = try runProgram(
      packageRoot + "/scripts/readme-images", ["--ours", work], in: packageRoot,
      environment: ["PSYCHOLOGIST": binary], timeout: 120)
    #expect(r.status == 0, "\(r.stderr)")
    let drawn = try Data(contentsOf: URL(fileURLWithPath: work + "/mtcars-sheet.png"))
    let committed = try Data(
      contentsOf: URL(fileURLWithPath: packageRoot + "/docs/mtcars-sheet.png"))
    let now = try decodePNG(drawn)
    let then = try decodePNG(committed)
    #expect(
      (then.width, then.height) == (now.width, now.height),
      "docs/mtcars-sheet.png is \(then.width)×\(then.height), the command draws \(now.width)×\(now.height): run scripts/readme-images"
    )
    // Near-identical: a different librsvg or font may move a few edge pixels, a changed
    // face or sheet moves thousands.
    let differing = try #require(now.differences(from: then, tolerance: 24))
    #expect(
      differing <= now.rgb.count / 1000,
      "\(differing) of \(now.rgb.count) values differ from docs/mtcars-sheet.png: run scripts/readme-images"
    )
    // And it is a sheet of faces, not a blank page: the faces' blue outline is all over it.
    let blue = stride(from: 0, to: now.rgb.count, by: 3).filter {
      now.rgb[$0] < 60 && now.rgb[$0 + 1] < 60 && now.rgb[$0 + 2] > 200
    }.count
    #expect(blue > now.width * now.height / 100)
  }

  @Test func theReadmeShowsBothPicturesAndTheyArePNGs() throws {
    let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
    for name in ["mtcars-sheet.png", "mtcars-aplpack.png"] {
      #expect(readme.contains("](docs/\(name))"), "README.md shows no docs/\(name)")
      let data = try Data(contentsOf: URL(fileURLWithPath: packageRoot + "/docs/" + name))
      let size = pngSize(data)
      #expect(size != nil, "docs/\(name) is no PNG")
      if let size { #expect(size.0 >= 640 && size.1 >= 480, "docs/\(name) is \(size)") }
    }
  }
}
