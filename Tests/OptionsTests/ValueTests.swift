import Options
import Testing

/// A value read from one option of a one-option command.
func read<Value>(_ option: Option<Value>, _ text: String) throws(UsageError) -> Value? {
  let spec = CommandSpec("one", summary: "One option.", options: [option])
  return try parseArguments(["--x=" + text], for: spec)[option]
}

/// The refusal of `text` by `option`, or nil when it is read.
func refusal<Value>(_ option: Option<Value>, _ text: String) -> String? {
  do {
    _ = try read(option, text)
    return nil
  } catch { return error.description }
}

enum Fruit: String, CaseIterable, Sendable { case apple, pear, plum }

@Suite struct ValueTests {
  static let number = Option<Double>(
    "--x", value: "N", help: "", in: 0...100)

  @Test func numbersAreFiniteAndInTheirRange() throws {
    #expect(try read(Self.number, "12.5") == 12.5)
    #expect(try read(Self.number, "0") == 0 && read(Self.number, "100") == 100)
    for bad in ["101", "-1", "nan", "inf", "x", "", " 5"] {
      #expect(refusal(Self.number, bad) == "--x must be a number from 0 to 100, got '\(bad)'")
    }
  }

  @Test func aRefusalStatesTheRealBoundsInTheUnitGiven() throws {
    let seconds = Option<Double>("--x", value: "S", help: "", in: 0.001...86400, unit: "seconds")
    #expect(refusal(seconds, "100000") == "--x must be seconds from 0.001 to 86400, got '100000'")
    #expect(refusal(seconds, "0") == "--x must be seconds from 0.001 to 86400, got '0'")
    let scale = Option<Double>("--x", value: "S", help: "", in: 0.0001...100)
    #expect(refusal(scale, "101") == "--x must be a number from 0.0001 to 100, got '101'")
  }

  @Test func wholeNumbersRefuseFractionsInTheirOwnWords() throws {
    let jobs = Option<Int>(
      "--x", value: "N", help: "", wholeIn: 1...256, fraction: "a whole number")
    #expect(try read(jobs, "4") == 4 && read(jobs, "4.0") == 4)
    #expect(refusal(jobs, "0") == "--x must be a whole number from 1 to 256, got '0'")
    #expect(refusal(jobs, "256.5") == "--x must be a whole number from 1 to 256, got '256.5'")
    // The value quoted is the one typed, not the number read from it.
    #expect(refusal(jobs, "1.50") == "--x must be a whole number, got '1.50'")
    let frames = Option<Int>("--x", value: "N", help: "", wholeIn: 2...1000)
    #expect(refusal(frames, "2.5") == "--x must be a whole number from 2 to 1000, got '2.5'")
  }

  @Test func choicesNameTheirCasesAndMaySuggestOne() throws {
    let fruit = Option<Fruit>("--x", value: "F", help: "")
    #expect(try read(fruit, "pear") == .pear)
    #expect(refusal(fruit, "pera") == "--x must be apple, pear or plum, got 'pera'")
    let suggesting = Option<Fruit>("--x", value: "F", help: "", suggests: true)
    #expect(
      refusal(suggesting, "pera")
        == "--x must be apple, pear or plum, got 'pera' (did you mean 'pear'?)")
    #expect(refusal(suggesting, "banana") == "--x must be apple, pear or plum, got 'banana'")
  }

  @Test func aParsedValueIsRefusedInTheWordsGiven() throws {
    let even = Option<Int>("--x", value: "N", help: "", expected: "an even number") { text in
      Int(text).flatMap { $0 % 2 == 0 ? $0 : nil }
    }
    #expect(try read(even, "4") == 4)
    #expect(refusal(even, "3") == "--x must be an even number, got '3'")
  }

  @Test func textIsTakenAsGiven() throws {
    let text = Option<String>("--x", value: "T", help: "")
    #expect(try read(text, " a=b ") == " a=b ")
  }

  @Test func repeatedValuesAreReadOneByOne() throws {
    let sizes = RepeatedOption<Int>("--size", value: "N", help: "") { text throws(Refusal) in
      guard let n = Int(text) else { throw Refusal("a whole number") }
      return n
    }
    let spec = CommandSpec("one", summary: "", options: [sizes])
    #expect(try parseArguments(["--size", "2", "--size=3"], for: spec)[sizes] == [2, 3])
    #expect {
      _ = try parseArguments(["--size", "2", "--size", "x"], for: spec)[sizes]
    } throws: { ($0 as? UsageError)?.description == "--size must be a whole number, got 'x'" }
  }

  @Test func alternativesReadAsASentence() {
    #expect(alternatives(["a"]) == "a")
    #expect(alternatives(["a", "b"]) == "a or b")
    #expect(alternatives(["a", "b", "c"]) == "a, b or c")
  }
}
