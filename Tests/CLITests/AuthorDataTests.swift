import Foundation
@testable import Rows
import TestSupport
import Testing

/// A real data set as an author feeds it (issue 36): CSV piped in, R's write.csv, the
/// columns a sheet reads, and output folders that cannot take a file.
@Suite struct AuthorDataTests {
  let fm = FileManager.default

  /// A folder with `s.lua` declaring `text`.
  func folder(_ script: String) throws -> String {
    let dir = try temporaryFolder()
    try writeFile(dir + "/s.lua", script)
    return dir
  }

  /// `sh -c` with a pipeline, in `dir`.
  func shell(_ command: String, in dir: String) throws -> RunResult {
    try runProgram("/bin/sh", ["-c", command], in: dir)
  }

  let sleepy = "diagnosis \"mood\" { happiness = function(i) return i.sleep * 10 end }\n"
  let csv = "id,sleep\n" + (1...5).map { "r\($0),\($0)\n" }.joined()

  @Test func csvPipedInWithoutItsFormatIsReadAsCSV() throws {
    let dir = try folder(sleepy)
    defer { try? fm.removeItem(atPath: dir) }
    try writeFile(dir + "/rows.csv", csv)
    let piped = try shell(
      "cat rows.csv | '\(binary)' batch s.lua --diagnosis mood --input - --output-dir out",
      in: dir)
    #expect(piped.status == 0, "\(piped.stderr)")
    #expect(!piped.stderr.contains("JSON"), "\(piped.stderr)")
    for n in 1...5 { #expect(fm.fileExists(atPath: dir + "/out/r\(n).svg")) }
    // stdin a regular file: looked at where it is, and read whole after.
    let redirected = try shell(
      "'\(binary)' batch s.lua --diagnosis mood --input - --output-dir out2 < rows.csv", in: dir)
    #expect(redirected.status == 0, "\(redirected.stderr)")
    for n in 1...5 { #expect(fm.fileExists(atPath: dir + "/out2/r\(n).svg")) }
    // JSON Lines piped in is still JSON Lines.
    try writeFile(
      dir + "/rows.jsonl", "{\"id\": \"j1\", \"sleep\": 3}\n{\"id\": \"j2\", \"sleep\": 4}\n")
    let json = try shell(
      "cat rows.jsonl | '\(binary)' batch s.lua --diagnosis mood --input - --output-dir out3",
      in: dir)
    #expect(json.status == 0, "\(json.stderr)")
    #expect(fm.fileExists(atPath: dir + "/out3/j2.svg"))
  }

  @Test func rsRowNamesColumnIsTheIdAndNamedByItsPlace() throws {
    let dir = try folder(
      "diagnosis \"arrest\" { happiness = function(i) return 100 - i.Murder * 5 end }\n")
    defer { try? fm.removeItem(atPath: dir) }
    // As R's write.csv(USArrests) writes it: the row names' column is "".
    try writeFile(
      dir + "/arrests.csv",
      "\"\",\"Murder\",\"Assault\"\n\"Alabama\",13.2,236\n\"Alaska\",10,263\n\"Arizona\",8.1,294\n")
    let r = try psychologist(
      ["batch", "s.lua", "--diagnosis", "arrest", "--input", "arrests.csv", "--output-dir", "out"],
      in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    for state in ["Alabama", "Alaska", "Arizona"] {
      #expect(
        fm.fileExists(atPath: dir + "/out/\(state).svg"),
        "\((try? fm.contentsOfDirectory(atPath: dir + "/out")) ?? [])")
    }
    #expect(r.stderr.contains("1 column nothing read: Assault\n"), "\(r.stderr)")
    // Every list of the columns names the nameless one by its place.
    let sorted = try psychologist(
      [
        "batch", "s.lua", "--diagnosis", "arrest", "--input", "arrests.csv", "--output-dir", "o",
        "--sheet", "s.svg", "--sort", "Murdr",
      ], in: dir)
    #expect(sorted.status == 2, "\(sorted.stderr)")
    #expect(
      sorted.stderr.contains("its columns are column 1 (no name), Murder, Assault"),
      "\(sorted.stderr)")
    try writeFile(dir + "/c.lua", "diagnosis \"c\" { channels = { smile = \"Murdr\" } }\n")
    let mapped = try psychologist(
      ["batch", "c.lua", "--diagnosis", "c", "--input", "arrests.csv", "--output-dir", "o"],
      in: dir)
    #expect(
      mapped.stderr.contains("(columns: column 1 (no name), Murder, Assault)"), "\(mapped.stderr)")
    // With an id column of its own, the nameless column is one more column, named by place.
    try writeFile(dir + "/both.csv", "\"\",\"id\",\"Murder\"\n\"1\",\"al\",13.2\n\"2\",\"ak\",10\n")
    let both = try psychologist(
      ["batch", "s.lua", "--diagnosis", "arrest", "--input", "both.csv", "--output-dir", "out2"],
      in: dir)
    #expect(both.status == 0, "\(both.stderr)")
    #expect(fm.fileExists(atPath: dir + "/out2/ak.svg"))
    #expect(both.stderr.contains("1 column nothing read: column 1 (no name)\n"), "\(both.stderr)")
  }

  @Test func columnsTheSheetReadsAreReadAndOnlyAMisspellingIsGuessed() throws {
    let dir = try folder(
      "diagnosis \"car\" { happiness = function(i) return i.mpg + i.wt + i.year - 2000 + (i.hp or 0) end }\n"
    )
    defer { try? fm.removeItem(atPath: dir) }
    try writeFile(
      dir + "/cars.csv",
      "model,mpg,wt,am,gear,year,Month,Day\nfiat,21,2.6,1,4,2001,5,1\nvolvo,21.4,2.8,0,3,2002,5,2\n"
    )
    let r = try psychologist(
      [
        "batch", "s.lua", "--diagnosis", "car", "--input", "cars.csv", "--output-dir", "out",
        "--sheet", "sheet.svg", "--label", "{Month}/{Day}", "--sort", "model",
      ], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    // Month and Day by the label, model by --sort: read; gear is no misspelling of year,
    // which is a column read rightly, nor am of hp (which no row has: two letters are two
    // edits from any other two).
    #expect(r.stderr.contains("warning: 2 columns nothing read: am, gear\n"), "\(r.stderr)")
    #expect(!r.stderr.contains("did you mean"), "\(r.stderr)")
    // A name the script reads that no row has is the misspelling a column is guessed for.
    try writeFile(
      dir + "/s.lua",
      "diagnosis \"car\" { happiness = function(i) return (i.mgp or 20) + i.wt end }\n")
    let typo = try psychologist(
      ["batch", "s.lua", "--diagnosis", "car", "--input", "cars.csv", "--output-dir", "out2"],
      in: dir)
    #expect(
      typo.stderr.contains("column 'mpg' was never read (did you mean 'mgp'?)"), "\(typo.stderr)")
    #expect(!typo.stderr.contains("'gear' was never read"), "\(typo.stderr)")
  }

  @Test func aFolderThatTakesNoFileIsRefusedBeforeTheFirstRow() throws {
    // /sys takes no new file, not even from root, whom permission bits do not stop.
    guard fm.fileExists(atPath: "/sys/kernel") else {
      print("skipped: no /sys here")
      return
    }
    let dir = try folder(sleepy)
    defer { try? fm.removeItem(atPath: dir) }
    try writeFile(dir + "/rows.csv", csv)
    let sheet = try psychologist(
      [
        "batch", "s.lua", "--diagnosis", "mood", "--input", "rows.csv", "--output-dir", "out",
        "--sheet", "/sys/sheet.svg",
      ], in: dir)
    #expect(sheet.status == 3, "\(sheet.stderr)")
    #expect(
      sheet.stderr.contains("cannot write the contact sheet: /sys/sheet.svg"), "\(sheet.stderr)")
    // Refused before any face was drawn, and nothing left in /sys.
    #expect((try? fm.contentsOfDirectory(atPath: dir + "/out"))?.isEmpty ?? true)
    #expect(!fm.fileExists(atPath: "/sys/sheet.svg"))
    let faces = try psychologist(
      ["batch", "s.lua", "--diagnosis", "mood", "--input", "rows.csv", "--output-dir", "/sys"],
      in: dir)
    #expect(faces.status == 3, "\(faces.stderr)")
    #expect(faces.stderr.contains("cannot write the faces: /sys"), "\(faces.stderr)")
    #expect(!faces.stderr.contains("r1"), "\(faces.stderr)")
  }

  @Test func ctrlCSaysTheSheetWasNotWritten() throws {
    let dir = try folder(sleepy)
    defer { try? fm.removeItem(atPath: dir) }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: binary)
    p.arguments = [
      "batch", "s.lua", "--diagnosis", "mood", "--input", "-", "--input-format", "jsonl",
      "--output-dir", "out", "--sheet", "sheet.svg",
    ]
    p.currentDirectoryURL = URL(fileURLWithPath: dir)
    let input = Pipe(), errors = Pipe()
    p.standardInput = input
    p.standardOutput = FileHandle.nullDevice
    p.standardError = errors
    try p.run()
    let rows = (0..<5).map { "{\"id\": \"r\($0)\", \"sleep\": \($0)}\n" }.joined()
    try input.fileHandleForWriting.write(contentsOf: Data(rows.utf8))
    // The fifth face is drawn, and the batch waits for more input.
    let deadline = Date().addingTimeInterval(60)
    while !fm.fileExists(atPath: dir + "/out/r4.svg") && Date() < deadline { usleep(5000) }
    #expect(kill(p.processIdentifier, SIGINT) == 0)
    let stderr = errors.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    try? input.fileHandleForWriting.close()
    let text = String(decoding: stderr, as: UTF8.self)
    #expect(p.terminationStatus == 130, "\(text)")
    #expect(
      text.contains(
        "5 faces written (every file complete), no contact sheet (sheet.svg is written only once every row is drawn)"
      ),
      "\(text)")
    #expect(!fm.fileExists(atPath: dir + "/sheet.svg"))
  }
}
