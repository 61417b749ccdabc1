import Glibc
@testable import Rows
import TestSupport
import Testing

@testable import Batch
@testable import StoryboardCanvas
@testable import PrototypeExport
@testable import LuaBindings
@testable import Files
@testable import Declarations
@testable import App
@testable import Psychologist

/// Batch input and names under attack: a capped row, reading that stays linear, names
/// capped in bytes.
@Suite struct BatchBounds {
  /// Reads every row of `text` as `format` (through a temporary file's descriptor).
  func read(_ bytes: [UInt8], _ format: BatchFormat, only: Set<String>? = nil) throws -> (
    rows: [BatchRow], read: Int
  ) {
    var template = Array("/tmp/psy-bounds-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    #expect(fd >= 0)
    unlink(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    defer { close(fd) }
    _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    lseek(fd, 0, SEEK_SET)
    let reader = BatchReader(fd: fd, format: format)
    reader.onlyColumns = only
    var rows: [BatchRow] = []
    while let row = try reader.next() { rows.append(row) }
    return (rows, reader.bytesRead)
  }

  /// The scan stage's reading of a CSV: a row keeps the columns asked for (and the id), the
  /// others only counted, so a record with a field too many is still refused.
  @Test func aScanReadsOnlyTheColumnsItNeeds() throws {
    let csv = Array("id,a,b,c,d\n007,1,x,3,4\n8,5,y,7\n9,6,z,8,9\n".utf8)
    let (rows, _) = try read(csv, .csv, only: ["b", "d"])
    #expect(rows.count == 3)
    let keys = rows[0].fields.entries.compactMap(\.key.text).sorted()
    #expect(keys == ["b", "d", "id"])
    #expect(rows[0].fields["b"] == .text("x") && rows[0].fields["d"] == .integer(4))
    #expect(rows[0].id == "007")
    #expect(rows[1].error?.contains("4 fields, but the header names 5") == true, "\(rows[1])")
    #expect(rows[2].fields["a"] == nil && rows[2].fields["d"] == .integer(9))
    // Without a choice, every column.
    let all = try read(csv, .csv).rows[0].fields.entries.count
    #expect(all == 5)
  }

  func json(id: String, noteBytes: Int) -> [UInt8] {
    let head = Array("{\"id\": \"\(id)\", \"note\": \"".utf8), tail = Array("\"}".utf8)
    return head + [UInt8](repeating: UInt8(ascii: "x"), count: noteBytes - head.count - tail.count)
      + tail
  }

  @Test func aLineOfExactlyTheCapIsARowAndOneByteMoreEndsTheInput() throws {
    let cap = BatchReader.maxRowBytes
    let input =
      json(id: "a", noteBytes: cap) + [0x0A] + json(id: "b", noteBytes: cap + 1) + [0x0A]
      + Array("{\"id\": \"c\"}\n".utf8)
    let (rows, read) = try read(input, .jsonl)
    #expect(rows.count == 2)
    #expect(rows[0].error == nil && rows[0].id == "a")
    #expect(rows[1].number == 2 && rows[1].line == 2)
    #expect(rows[1].error?.contains("longer than 1 MiB") == true)
    // Row c comes after the long line: where it starts is not looked for.
    #expect(read == cap + 1)
  }

  @Test func aStrayQuoteIsReadInLinearTimeAndStopsAtTheCap() throws {
    // 100,000 short lines inside one open quote: joining them re-counted the quotes of the
    // whole record per line, 5·10⁹ steps; counted per line it is instant.
    let lines = (0..<100_000).map { "r\($0),5,fine\n" }.joined()
    let input = Array(("id,sleep,note\nr0,5,fine\nr1,6,\"open\n" + lines).utf8)
    let start = threadCPUSeconds()
    let (rows, _) = try read(input, .csv)
    let seconds = threadCPUSeconds() - start
    #expect(seconds < 5, "took \(seconds) s of CPU time")
    #expect(rows.count == 2)
    #expect(rows[0].error == nil)
    #expect(rows[1].line == 3)
    #expect(rows[1].error?.contains("quote left open") == true)
  }

  /// How many copies of `row` the queue of one worker takes before it waits (none popped).
  func queued(_ row: BatchRow) -> Int {
    let queue = RowQueue(workers: 1)
    let start = ContinuousClock.now
    var pushed = 0
    while pushed < 1000,
      queue.push((pushed, row), interrupted: { ContinuousClock.now - start > .milliseconds(300) })
    {
      pushed += 1
    }
    return pushed
  }

  @Test func theQueueToTheWorkersIsBoundedInBytes() throws {
    let (big, _) = try read(json(id: "a", noteBytes: BatchReader.maxRowBytes) + [0x0A], .jsonl)
    // 64 rows a worker of 1 MiB each held 64 MiB a worker waiting to be drawn.
    let bigRows = queued(big[0])
    #expect(bigRows >= 1 && bigRows * BatchReader.maxRowBytes <= RowQueue.byteLimit, "\(bigRows)")
    // Rows as they usually are still fill every place.
    let (small, _) = try read(Array("{\"id\": \"b\", \"sleep\": 7}\n".utf8), .jsonl)
    #expect(queued(small[0]) == 64)
  }

  @Test func aLineCutByCtrlCIsNoRow() throws {
    // Row 2 is longer than one read: Ctrl-C arrives while the reader waits for its rest.
    let input = Array("{\"id\": \"a\"}\n".utf8) + json(id: "b", noteBytes: 200_000) + [0x0A]
    var template = Array("/tmp/psy-bounds-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    unlink(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    defer { close(fd) }
    _ = input.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    lseek(fd, 0, SEEK_SET)
    let reader = BatchReader(fd: fd, format: .jsonl)
    var reads = 0
    reader.shouldStop = {
      reads += 1
      return reads > 2
    }
    var rows: [BatchRow] = []
    while let row = try reader.next() { rows.append(row) }
    #expect(rows.map(\.id) == ["a"], "\(rows.map { $0.error ?? $0.id ?? "" })")
  }

  @Test func aStrayQuoteBelowTheCapIsOneBadRow() throws {
    let (rows, _) = try read(Array("id,sleep\na,1\n\"b,2\nc,3\n".utf8), .csv)
    #expect(rows.count == 2)
    #expect(rows[1].error?.contains("a quoted field is not closed") == true)
  }

  @Test func namesAreCappedInBytesOnACharacterBoundary() {
    for (letter, count) in [("心", 100), ("𠀀", 60), ("é", 150), ("a心", 60)] {
      let id = String(repeating: letter, count: count)
      let name = BatchNames.sanitize(id)!
      #expect(name.utf8.count <= BatchNames.maxNameBytes, "\(letter)")
      // Cut short of the cap by less than one character: as long as it may be.
      #expect(name.utf8.count > BatchNames.maxNameBytes - 4, "\(letter)")
      #expect(id.hasPrefix(name), "\(letter)")
      // Room for ".svg" within the 255 bytes a file name may have.
      #expect(name.utf8.count + 4 <= 255)
    }
    let ascii = String(repeating: "a", count: 300)
    #expect(BatchNames.sanitize(ascii) == String(repeating: "a", count: BatchNames.maxNameBytes))
  }
}
