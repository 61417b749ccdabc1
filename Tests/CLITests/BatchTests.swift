import Foundation
import TestSupport
import Testing

/// `psychologist batch`, end to end through the built binary.
@Suite struct BatchTests {
  /// A script whose diagnosis returns the row's `h` field, refusing anything not a number,
  /// and a fixed diagnosis to compare with `show`.
  static let script = """
    diagnosis "row" {
      happiness = function(input)
        if math.type(input.h) == nil then error("h must be a number, got " .. type(input.h)) end
        return input.h
      end,
    }
    segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
    """

  /// A folder holding the script.
  func folder() throws -> String {
    let dir = try temporaryFolder()
    try writeFile(dir + "/rows.lua", BatchTests.script)
    return dir
  }

  /// The files in a folder, sorted.
  func files(_ dir: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
  }

  /// What `show` draws for a script whose diagnosis is the constant `h`: the face batch must
  /// write for a row with that `h`, made by a different command.
  func shown(_ h: Int) throws -> Data {
    let dir = try temporaryFolder()
    try writeFile(
      dir + "/fixed.lua",
      "diagnosis \"row\" { happiness = \(h) }\n"
        + "segue \"showDiagnosis\" { kind = \"push\", happiness = function(ctx) return ctx.diagnosis end }\n"
    )
    let r = try psychologist(["show", dir + "/fixed.lua", "row", "--format", "svg"])
    #expect(r.status == 0)
    return r.stdout
  }

  func read(_ path: String) -> Data { FileManager.default.contents(atPath: path) ?? Data() }

  @Test func jsonLinesNamesFilesByIdOrRowNumber() throws {
    let dir = try folder()
    try writeFile(
      dir + "/in.jsonl",
      """
      {"id": "alice", "h": 90}
      {"h": 10}

      {"id": 7, "h": 55.5, "nested": {"a": [1, 2, null]}}

      """)
    let r = try psychologist([
      "batch", dir + "/rows.lua", "--diagnosis", "row", "--input", dir + "/in.jsonl",
      "--output-dir", dir + "/out",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    // The summary, after the one warning: rows.lua reads no 'nested'.
    #expect(
      r.stderr.hasPrefix(
        "psychologist: warning: 1 column nothing read: nested\npsychologist: 3 faces in ")
        && !r.stderr.contains("error"), "\(r.stderr)")
    // The blank line is not a row: the third row is the one with id 7.
    #expect(try files(dir + "/out") == ["000002.svg", "7.svg", "alice.svg"])
    #expect(read(dir + "/out/alice.svg") == (try shown(90)))
    #expect(read(dir + "/out/000002.svg") == (try shown(10)))
    let seven = String(decoding: read(dir + "/out/7.svg"), as: UTF8.self)
    #expect(seven.contains("happiness 55.5"))
    #expect(try validXML(read(dir + "/out/7.svg")))
  }

  /// Every shape of JSON row reaches the function as the Lua table it means: numbers are
  /// checked against Lua's own reading of the same text (`tonumber`), tables by a dump
  /// (later duplicate keys win, null fields are left out, a null in a list keeps its place
  /// as false).
  @Test func jsonRowsReachTheFunctionAsTheTablesTheyMean() throws {
    let dir = try temporaryFolder()
    try writeFile(
      dir + "/dump.lua",
      #"""
      local function dump(v)
        if type(v) ~= "table" then return (math.type(v) or type(v)) .. ":" .. tostring(v) end
        local keys = {}
        for k in pairs(v) do keys[#keys + 1] = k end
        table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
        local parts = {}
        for _, k in ipairs(keys) do parts[#parts + 1] = tostring(k) .. "=" .. dump(v[k]) end
        return "{" .. table.concat(parts, ",") .. "}"
      end
      diagnosis "row" {
        happiness = function(input)
          if input.text then
            local want = tonumber(input.text)
            print(input.text, math.type(input.n) == math.type(want) and input.n == want
              and 1 / input.n == 1 / want)
          else
            print(dump(input))
          end
          return 50
        end,
      }
      segue "showDiagnosis" { kind = "push" }
      """#)
    let numbers = [
      "0", "-0", "5", "-42", "5.9", "0.1", "-3.25", "1.0", "-0.0", "1e2", "2.5E-3",
      "123456789012345", "1234567890123456", "12345678901234567", "0.30000000000000004",
      "9007199254740993.5", "4.35", "1.7976931348623157e308",
    ]
    var lines = numbers.map { #"{"text": "\#($0)", "n": \#($0)}"# }
    lines += [
      #"{"id": "a", "s": "plain", "e": "tab\there \"q\" \u00e9 \ud83d\ude00", "t": true, "f": false}"#,
      #"{"k": 1, "k": 2, "gone": null, "k": 3}"#,
      #"{"\u0069d": "escaped-key", "x": {"y": [1, 2.5, "z", null]}}"#,
      #"{}"#,
    ]
    try writeFile(dir + "/in.jsonl", lines.joined(separator: "\n") + "\n")
    let r = try psychologist([
      "batch", dir + "/dump.lua", "--diagnosis", "row", "--input", dir + "/in.jsonl",
      "--output-dir", dir, "--jobs", "1",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    let out = String(decoding: r.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
    #expect(out.count == lines.count)
    for (text, line) in zip(numbers, out) { #expect(line == "\(text)\ttrue") }
    #expect(
      Array(out.suffix(4)) == [
        "{e=string:tab\there \"q\" é 😀,f=boolean:false,id=string:a,s=string:plain,t=boolean:true}",
        "{k=integer:3}",
        "{id=string:escaped-key,x={y={1=integer:1,2=float:2.5,3=string:z,4=boolean:false}}}",
        "{}",
      ])
    // The id written with an escape still names the file.
    #expect(FileManager.default.fileExists(atPath: dir + "/escaped-key.svg"))
  }

  @Test func csvWithQuotesNumbersAndTextIds() throws {
    let dir = try folder()
    // RFC 4180: a quoted comma, a doubled quote, a line break inside quotes, CRLF endings.
    try writeFile(
      dir + "/in.csv",
      "id,h,note\r\n007,20,\"plain\"\r\nbob,80,\"a, b and \"\"c\"\"\nsecond line\"\r\ncarol,+35,\r\n"
    )
    let r = try psychologist([
      "batch", dir + "/rows.lua", "--diagnosis", "row", "--input", dir + "/in.csv",
      "--output-dir", dir + "/out", "--jobs", "2",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    // The id keeps its text ("007"), though the field reads as a number too.
    #expect(try files(dir + "/out") == ["007.svg", "bob.svg", "carol.svg"])
    #expect(read(dir + "/out/007.svg") == (try shown(20)))
    #expect(read(dir + "/out/bob.svg") == (try shown(80)))
    #expect(read(dir + "/out/carol.svg") == (try shown(35)))
  }

  @Test func csvByInputFormatFromStdin() throws {
    let dir = try folder()
    try writeFile(dir + "/in.txt", "h,id\n60,x\n")
    let r = try runProgram(
      "/bin/sh",
      [
        "-c",
        "'\(binary)' batch rows.lua --diagnosis row --input - --input-format csv --output-dir out < in.txt",
      ], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    #expect(read(dir + "/out/x.svg") == (try shown(60)))
  }

  @Test func sheetValidatesRendersAndEscapesLabels() throws {
    let dir = try folder()
    var lines: [String] = []
    for i in 0..<5 { lines.append("{\"id\": \"f\(i)\", \"h\": \(i * 25)}") }
    lines.append("{\"id\": \"<&\\\"'>\", \"h\": 50}")
    try writeFile(dir + "/in.jsonl", lines.joined(separator: "\n"))
    let r = try psychologist([
      "batch", dir + "/rows.lua", "--diagnosis", "row", "--input", dir + "/in.jsonl",
      "--output-dir", dir + "/out", "--sheet", dir + "/sheet.svg",
    ])
    #expect(r.status == 0, "\(r.stderr)")
    let sheet = read(dir + "/sheet.svg")
    #expect(try validXML(sheet))
    let text = String(decoding: sheet, as: UTF8.self)
    #expect(text.contains(">f3<") && text.contains("happiness 75"))
    #expect(text.contains("&lt;&amp;&quot;") || text.contains("&lt;&amp;\""))
    let image = try rasterize(sheet)
    // 6 faces: a 3×2 grid of 160-point cells; each face's head is blue somewhere in its cell.
    #expect(image.width == 480)
    var blueCells = 0
    for cell in 0..<6 {
      let (x0, y0) = (cell % 3 * 160, cell / 3 * 240)
      var found = false
      for y in stride(from: y0, to: y0 + 200, by: 2) where !found {
        for x in stride(from: x0, to: x0 + 160, by: 2) where isBlue(image, x, y) {
          found = true
          break
        }
      }
      if found { blueCells += 1 }
    }
    #expect(blueCells == 6)
  }

  @Test func badRowsInTheMiddleAreReportedAndTheRestWritten() throws {
    let dir = try folder()
    try writeFile(
      dir + "/in.jsonl",
      """
      {"id": "one", "h": 10}
      {"id": "two", "h": 20
      {"id": "three", "h": "lots"}
      {"id": "four", "h": 40}
      """)
    let r = try psychologist([
      "batch", dir + "/rows.lua", "--diagnosis", "row", "--input", dir + "/in.jsonl",
      "--output-dir", dir + "/out", "--jobs", "2",
    ])
    #expect(r.status == 1)
    #expect(try files(dir + "/out") == ["four.svg", "one.svg"])
    // The malformed line: its input file:line and row number.
    #expect(r.stderr.contains("in.jsonl:2: row 2: malformed JSON"))
    // The function's error: the script's file:line, the row and its input line.
    #expect(r.stderr.contains("rows.lua:3: row 3 ("))
    #expect(r.stderr.contains("in.jsonl:3"))
    #expect(r.stderr.contains("h must be a number, got string"))
    #expect(r.stderr.contains("2 of 4 rows failed (rows 2, 3)"))
  }

  @Test func failFastStopsAtTheFirstBadRow() throws {
    let dir = try folder()
    var lines = ["{\"h\": 1}", "{\"h\": \"bad\"}"]
    for i in 0..<300 { lines.append("{\"h\": \(i % 101)}") }
    try writeFile(dir + "/in.jsonl", lines.joined(separator: "\n"))
    let args = [
      "batch", dir + "/rows.lua", "--diagnosis", "row", "--input", dir + "/in.jsonl",
      "--jobs", "1",
    ]
    let r = try psychologist(args + ["--output-dir", dir + "/fast", "--fail-fast"])
    #expect(r.status == 1)
    #expect(r.stderr.contains("row 2"))
    #expect(r.stderr.contains("--fail-fast"))
    #expect(try files(dir + "/fast").count < 10)
    let all = try psychologist(args + ["--output-dir", dir + "/all"])
    #expect(all.status == 1)
    #expect(try files(dir + "/all").count == 301)
  }

  @Test func shardsSplitTheInputExactly() throws {
    let dir = try folder()
    let lines = (1...20).map { "{\"h\": \($0)}" }
    try writeFile(dir + "/in.jsonl", lines.joined(separator: "\n"))
    var seen: [String] = []
    for k in 1...3 {
      let out = dir + "/shard\(k)"
      let r = try psychologist([
        "batch", dir + "/rows.lua", "--diagnosis", "row", "--input", dir + "/in.jsonl",
        "--output-dir", out, "--shard", "\(k)/3",
      ])
      #expect(r.status == 0, "\(r.stderr)")
      let names = try files(out)
      // Shard k takes rows k, k+3, k+6, …: row numbers are those of the whole input.
      let expected = stride(from: k, through: 20, by: 3).map { String(format: "%06d.svg", $0) }
      #expect(names == expected)
      seen += names
    }
    #expect(seen.count == 20)
    #expect(Set(seen).count == 20)
    #expect(Set(seen) == Set((1...20).map { String(format: "%06d.svg", $0) }))
    let bad = try psychologist([
      "batch", dir + "/rows.lua", "--diagnosis", "row", "--input", dir + "/in.jsonl",
      "--shard", "4/3",
    ])
    #expect(bad.status == 2)
  }

  @Test func oneJobAndTwoJobsWriteIdenticalFiles() throws {
    let dir = try folder()
    let lines = (0..<400).map { "{\"id\": \"r\($0)\", \"h\": \(Double($0 % 100) + 0.25)}" }
    try writeFile(dir + "/in.jsonl", lines.joined(separator: "\n"))
    for jobs in ["1", "2"] {
      let r = try psychologist([
        "batch", dir + "/rows.lua", "--diagnosis", "row", "--input", dir + "/in.jsonl",
        "--output-dir", dir + "/j" + jobs, "--jobs", jobs, "--sheet", dir + "/sheet\(jobs).svg",
      ])
      #expect(r.status == 0, "\(r.stderr)")
    }
    let one = try files(dir + "/j1")
    #expect(one.count == 400)
    #expect(one == (try files(dir + "/j2")))
    for name in one {
      #expect(read(dir + "/j1/" + name) == read(dir + "/j2/" + name), "\(name)")
    }
    #expect(read(dir + "/sheet1.svg") == read(dir + "/sheet2.svg"))
  }

  @Test func hostileIdsStayInsideTheOutputFolder() throws {
    let dir = try folder()
    let ids = ["../x", "/etc/passwd", "a/../../b", "..", ".", "<&\"'>", "x\\y", "", "  "]
    let lines = ids.enumerated().map { i, id in
      "{\"id\": \"\(id.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\""))\", \"h\": \(i * 10)}"
    }
    try writeFile(dir + "/in.jsonl", lines.joined(separator: "\n"))
    try FileManager.default.createDirectory(
      atPath: dir + "/deep/out", withIntermediateDirectories: true)
    let r = try psychologist(
      [
        "batch", dir + "/rows.lua", "--diagnosis", "row", "--input", dir + "/in.jsonl",
        "--output-dir", "deep/out",
      ], in: dir)
    #expect(r.status == 0, "\(r.stderr)")
    let names = try files(dir + "/deep/out")
    #expect(names.count == ids.count)
    for name in names {
      #expect(!name.hasPrefix("."))
      #expect(!name.contains("/"))
      #expect(name.hasSuffix(".svg"))
    }
    // Nothing landed beside the output folder, nor beside the script.
    #expect(try files(dir + "/deep") == ["out"])
    #expect(try files(dir) == ["deep", "in.jsonl", "rows.lua"])
  }

  @Test func usageErrors() throws {
    let dir = try folder()
    try writeFile(dir + "/in.jsonl", "{\"h\": 1}\n")
    let base = [
      "batch", dir + "/rows.lua", "--input", dir + "/in.jsonl", "--output-dir", dir + "/o",
    ]
    #expect(try psychologist(base).status == 2)  // no --diagnosis
    let unknown = try psychologist(base + ["--diagnosis", "rwo"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("did you mean 'row'"))
    #expect(try psychologist(base + ["--diagnosis", "row", "--jobs", "0"]).status == 2)
    #expect(try psychologist(base + ["--diagnosis", "row", "--input-format", "xml"]).status == 2)
  }
}
