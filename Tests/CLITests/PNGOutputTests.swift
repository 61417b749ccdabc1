import Foundation
import TestSupport
import Testing

/// `-o face.png`, `--sheet faces.png` and `s:snapshot("x.png")` write PNG that librsvg
/// drew, or nothing at all.
@Suite struct PNGOutputTests {
  private func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

  /// The eight bytes every PNG starts with (what `file` reads).
  private func isPNG(_ data: Data?) -> Bool {
    data.map { Array($0.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] } ?? false
  }

  /// A folder with a `librsvg-2.so.2` that loads but has none of librsvg's functions: the
  /// machine as if the library were missing or broken.
  private func brokenLibrary(in dir: String) throws -> [String: String] {
    try writeFile(dir + "/empty.c", "int psychologist_nothing;\n")
    let cc = try runProgram(
      "/usr/bin/env", ["cc", "-shared", "-fPIC", "-o", dir + "/librsvg-2.so.2", dir + "/empty.c"])
    #expect(cc.status == 0, "\(cc.stderr)")
    return ["LD_LIBRARY_PATH": dir]
  }

  @Test func faceToPNGHasTheSeedsGeometryAndMatchesRsvgConvert() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let r = try psychologist(["face", "--happiness", "70", "-o", dir + "/face.png"])
    #expect(r.status == 0, "\(r.stderr)")
    let png = bytes(dir + "/face.png")
    #expect(isPNG(png))
    let pixels = try decodePNG(png ?? Data())
    #expect(pixels.width == 320 && pixels.height == 480)
    // The face's geometry (docs/ARCHITECTURE.md): mid (160, 240), size = min(320, 480)/2 ×
    // 0.90 = 144; the head's stroke is blue at its four extremes, nothing at its centre and
    // in the corners.
    for (x, y) in [(304.0, 240.0), (16, 240), (160, 96), (160, 384)] {
      #expect(pixels.has((0, 0, 255), near: x, y), "head at \(x),\(y)")
    }
    for (x, y) in [(160, 240), (2, 2), (317, 477), (160, 30)] {
      #expect(pixels.at(x, y)! == (255, 255, 255), "nothing at \(x),\(y)")
    }
    // The same face as SVG, drawn by rsvg-convert itself.
    #expect(try psychologist(["face", "--happiness", "70", "-o", dir + "/face.svg"]).status == 0)
    let svg = String(decoding: bytes(dir + "/face.svg") ?? Data(), as: UTF8.self)
    #expect(pixels.differences(from: try rasterize(svg)) == 0)
  }

  @Test func showAndSessionSnapshotsAndTheContactSheetArePNG() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let s = try psychologist([
      "show", "examples/psychologist.lua", "bite", "--screen", "-o", dir + "/bite.png",
    ])
    #expect(s.status == 0 && isPNG(bytes(dir + "/bite.png")), "\(s.stderr)")
    try writeFile(
      dir + "/walk.lua",
      "require 'psychologist'\nlocal s = session {}\ns:tap('bite')\nprint(s:snapshot('x.png'))\n")
    try FileManager.default.copyItem(
      atPath: packageRoot + "/examples/psychologist.lua", toPath: dir + "/psychologist.lua")
    let run = try psychologist(["run", dir + "/walk.lua", "--output-dir", dir])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(isPNG(bytes(dir + "/x.png")))
    // Not SVG under another name beside it, nor the old `x.png.svg`.
    #expect(!FileManager.default.fileExists(atPath: dir + "/x.png.svg"))
    let b = try psychologist([
      "batch", "examples/mood.lua", "--diagnosis", "mood", "--input", "examples/mood.csv",
      "--output-dir", dir + "/faces", "--sheet", dir + "/sheet.png",
    ])
    #expect(b.status == 0, "\(b.stderr)")
    // The header's size (decoding every pixel of a sheet would take Python a while): a grid
    // of 160×240 cells, as many columns as rows or one more.
    let sheet = [UInt8](bytes(dir + "/sheet.png") ?? Data())
    #expect(isPNG(Data(sheet)) && sheet.count > 24)
    let be = { (i: Int) in sheet[i...(i + 3)].reduce(0) { $0 << 8 | Int($1) } }
    #expect(be(16) % 160 == 0 && be(20) % 240 == 0 && be(16) / 160 >= be(20) / 240)
  }

  @Test func withoutLibrsvgNothingIsWrittenAndTheMessageSaysHowToConvert() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let env = try brokenLibrary(in: dir)
    let f = try psychologist(["face", "-o", dir + "/face.png"], environment: env)
    #expect(f.status == 2)
    #expect(f.stderr.contains("rsvg-convert -o \(dir)/face.png \(dir)/face.svg"), "\(f.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/face.png"))
    let b = try psychologist(
      [
        "batch", "examples/mood.lua", "--diagnosis", "mood", "--input", "examples/mood.csv",
        "--output-dir", dir + "/faces", "--sheet", dir + "/sheet.png",
      ], environment: env)
    #expect(b.status == 2 && b.stderr.contains("contact sheet"), "\(b.stderr)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/faces"))
    try writeFile(
      dir + "/walk.lua",
      "require 'psychologist'\nlocal s = session {}\ns:tap('bite')\ns:snapshot('x.png')\n")
    try FileManager.default.copyItem(
      atPath: packageRoot + "/examples/psychologist.lua", toPath: dir + "/psychologist.lua")
    let run = try psychologist(["run", dir + "/walk.lua", "--output-dir", dir], environment: env)
    // A snapshot not written is the run's failure to write (exit 3), as the exit table says.
    #expect(run.status == 3 && run.stderr.contains("walk.lua:4:"), "\(run.stderr)")
    #expect(run.stderr.contains("rsvg-convert -o"))
    #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    // Even when the script catches the error and goes on.
    try writeFile(
      dir + "/caught.lua",
      "require 'psychologist'\nlocal s = session {}\ns:tap('bite')\nprint(pcall(s.snapshot, s, 'y.png'))\nprint('after')\n"
    )
    let caught = try psychologist(
      ["run", dir + "/caught.lua", "--output-dir", dir], environment: env)
    #expect(caught.status == 3 && caught.stderr.contains("caught.lua:4:"), "\(caught.stderr)")
    #expect(caught.out.contains("after"), "\(caught.out)")
    #expect(!FileManager.default.fileExists(atPath: dir + "/y.png"))
    // The same library, working, for the SVG commands: nothing loads it.
    #expect(try psychologist(["face", "-o", dir + "/face.svg"], environment: env).status == 0)
  }

  @Test func unwritablePathsAndWrongFormatsWriteNothing() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let missing = try psychologist(["face", "-o", dir + "/no/such/folder/face.png"])
    #expect(missing.status == 3 && missing.stderr.contains("cannot write"), "\(missing.stderr)")
    try FileManager.default.createDirectory(
      atPath: dir + "/locked", withIntermediateDirectories: false,
      attributes: [.posixPermissions: 0o555])
    defer { chmod(dir + "/locked", 0o755) }
    if getuid() != 0 {
      let locked = try psychologist(["face", "-o", dir + "/locked/face.png"])
      #expect(locked.status == 3, "\(locked.stderr)")
    }
    for format in ["ascii", "terminal"] {
      let r = try psychologist(["face", "--format", format, "-o", dir + "/face.png"])
      #expect(r.status == 2 && r.stderr.contains("PNG"), "\(r.stderr)")
    }
    // A contact sheet too wide to draw (a PNG sheet is drawn in bands of rows, each at most
    // 32767 pixels wide): reported, nothing written, exit 3.
    let rows = (0..<250).map { "{\"sleep\": \($0 % 9)}" }.joined(separator: "\n")
    try writeFile(dir + "/rows.jsonl", rows + "\n")
    let big = try psychologist([
      "batch", "examples/mood.lua", "--diagnosis", "mood", "--input", dir + "/rows.jsonl",
      "--output-dir", dir + "/faces", "--sheet", dir + "/big.png", "--jobs", "1",
      "--columns", "250",
    ])
    #expect(
      big.status == 3 && big.stderr.contains("40000 pixels wide")
        && big.stderr.contains("--columns 204"), "\(big.stderr)")
    let left = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
    #expect(left == ["faces", "locked", "rows.jsonl"])
  }
}
