import Foundation
import TestSupport
import Testing

/// A batch looks at its input once (`fstat`): whether it is a folder, its size for the
/// progress bar and whether a second pass for column ranges can rewind it were three looks.
@Suite struct BatchInputLook {
  @Test func theInputIsLookedAtOnce() throws {
    let dir = try temporaryFolder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try writeFile(dir + "/s.lua", "diagnosis \"c\" { channels = { smile = \"sleep\" } }\n")
    // A size no library or script here has, to tell the input's look from the others.
    let rows = "id,sleep\n" + (0..<300).map { "r\($0),\($0 % 9)\n" }.joined() + "last,4\n"
    try writeFile(dir + "/rows.csv", rows)
    let size = rows.utf8.count
    let r = try run([
      "strace", "-e", "trace=fstat,newfstatat,statx", "-o", dir + "/trace", binary, "batch",
      dir + "/s.lua", "--diagnosis", "c", "--input", dir + "/rows.csv", "--output-dir",
      dir + "/out",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    let trace = try String(contentsOfFile: dir + "/trace", encoding: .utf8)
    // Looks by descriptor at a file of the input's size (a look by path is the CLI's check
    // that the input exists, before it is opened).
    let looks = trace.split(separator: "\n").filter {
      !$0.contains("rows.csv") && $0.contains("st_size=\(size),")
    }
    #expect(looks.count == 1, "\(looks)")
    #expect(FileManager.default.fileExists(atPath: dir + "/out/last.svg"))
  }
}
