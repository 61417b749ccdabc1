import Options
import Testing

/// A small command of every kind of argument, for the parser alone.
enum Sample {
  static let file = Positional("FILE")
  static let count = Option<Int>("--count", value: "N", help: "how many", wholeIn: 1...10)
  static let output = Option<String>("--output", short: "-o", value: "FILE", help: "where to")
  static let tag = RepeatedOption<String>("--tag", value: "T", help: "a tag")
  static let quiet = Flag("--quiet", help: "say nothing")
  static let rest = Rest("ARG")
  static let spec = CommandSpec(
    "sample", positionals: [file], summary: "A sample.", options: [count, output, tag, quiet])
  static let passing = CommandSpec(
    "pass", positionals: [file], summary: "Passes arguments on.", options: [quiet], rest: rest)
  static let many = Positionals("FILE")
  static let variadic = CommandSpec(
    "many", positionals: [many], summary: "One or more files.", options: [quiet])
}

/// The error a command line gives, or nil when it parses.
func usageError(_ arguments: [String], _ spec: CommandSpec = Sample.spec) -> String? {
  do {
    _ = try parseArguments(arguments[...], for: spec)
    return nil
  } catch { return error.description }
}

@Suite struct ParsingTests {
  @Test func valuesComeSeparateInlineOrByTheShortName() throws {
    for arguments in [
      ["a.txt", "--output", "x"], ["--output=x", "a.txt"], ["-o", "x", "a.txt"],
    ] {
      let args = try parseArguments(arguments[...], for: Sample.spec)
      #expect(try args[Sample.output] == "x", "\(arguments)")
      #expect(args[Sample.file] == "a.txt")
    }
    // An inline value may be empty, or hold another "=".
    #expect(try parseArguments(["f", "--output="], for: Sample.spec)[Sample.output] == "")
    #expect(try parseArguments(["f", "--output=a=b"], for: Sample.spec)[Sample.output] == "a=b")
    // The value after an option is taken whatever it looks like.
    #expect(
      try parseArguments(["f", "-o", "--quiet"], for: Sample.spec)[Sample.output] == "--quiet")
  }

  @Test func optionsNotGivenReadAsNothing() throws {
    let args = try parseArguments(["f"], for: Sample.spec)
    #expect(try args[Sample.output] == nil && args[Sample.quiet] == false)
    #expect(try args[Sample.tag].isEmpty && !args.given(Sample.count))
  }

  @Test func flagsAreGivenOrNotAndTakeNoValue() throws {
    #expect(try parseArguments(["f", "--quiet"], for: Sample.spec)[Sample.quiet])
    #expect(usageError(["f", "--quiet=yes"]) == "sample: --quiet takes no value")
  }

  @Test func aRepeatedOptionKeepsItsValuesInOrderAndOthersRefuseASecond() throws {
    let args = try parseArguments(["--tag", "b", "f", "--tag=a"], for: Sample.spec)
    #expect(try args[Sample.tag] == ["b", "a"])
    #expect(usageError(["f", "-o", "x", "--output", "y"]) == "sample: --output given twice")
    #expect(usageError(["f", "--quiet", "--quiet"]) == "sample: --quiet given twice")
  }

  @Test func aValueMissingAtTheEndIsNamed() {
    #expect(usageError(["f", "--count"]) == "sample: --count needs a value (N)")
    #expect(usageError(["f", "-o"]) == "sample: --output needs a value (FILE)")
  }

  @Test func anUnknownOptionGetsTheNearestName() {
    #expect(
      usageError(["f", "--quite"]) == "sample: unknown option '--quite' (did you mean '--quiet'?)")
    #expect(usageError(["f", "--zzzzzz"]) == "sample: unknown option '--zzzzzz'")
    // The name is what comes before "=", and only a long option has an inline value.
    #expect(usageError(["f", "--nope=1"]) == "sample: unknown option '--nope'")
    #expect(usageError(["f", "-o=x"]) == "sample: unknown option '-o=x'")
  }

  @Test func negativeNumbersAndADashArePositionals() throws {
    #expect(try parseArguments(["-5"], for: Sample.spec)[Sample.file] == "-5")
    #expect(try parseArguments(["-"], for: Sample.spec)[Sample.file] == "-")
    #expect(try parseArguments(["-1e3"], for: Sample.spec)[Sample.file] == "-1e3")
  }

  @Test func afterTwoDashesComePositionalsOrTheRestPassedOn() throws {
    #expect(try parseArguments(["--", "--quiet"], for: Sample.spec)[Sample.file] == "--quiet")
    #expect(
      usageError(["--", "a", "b"])
        == "sample: unexpected argument 'b' (usage: \(Sample.spec.usage))")
    let passed = try parseArguments(
      ["f", "--quiet", "--", "x", "--quiet", "-"], for: Sample.passing)
    #expect(passed[Sample.rest] == ["x", "--quiet", "-"] && passed[Sample.quiet])
    #expect(try parseArguments(["f"], for: Sample.passing)[Sample.rest].isEmpty)
    // Without `--` an extra argument is still unexpected.
    #expect(
      usageError(["f", "x"], Sample.passing)
        == "pass: unexpected argument 'x' (usage: psychologist pass FILE [options] [-- ARG...])")
  }

  @Test func positionalsAreCounted() throws {
    #expect(usageError([]) == "sample: missing FILE (usage: psychologist sample FILE [options])")
    #expect(
      usageError(["a", "b"])
        == "sample: unexpected argument 'b' (usage: psychologist sample FILE [options])")
    #expect(
      usageError([], Sample.variadic)
        == "many: missing FILE (usage: psychologist many FILE... [options])")
    let many = try parseArguments(["a", "--quiet", "b", "c"], for: Sample.variadic)
    #expect(many[Sample.many] == ["a", "b", "c"])
  }

  @Test func helpSkipsTheCountButNotAnUnknownOption() throws {
    #expect(try parseArguments(["--help"], for: Sample.spec).wantsHelp)
    #expect(try parseArguments(["a", "b", "-h"], for: Sample.spec).wantsHelp)
    #expect(usageError(["--bogus", "--help"]) == "sample: unknown option '--bogus'")
    #expect(usageError(["--help=1"]) == "sample: unknown option '--help'")
  }

  @Test func theCommandIsLookedUpByName() throws {
    let names = ["sample", "pass"]
    #expect(try commandIndex(named: "pass", among: names) == 1)
    #expect {
      _ = try commandIndex(named: "sampel", among: names)
    } throws: {
      ($0 as? UsageError)?.description
        == "unknown command 'sampel' (did you mean 'sample'?) (commands: sample, pass)"
    }
    #expect {
      _ = try commandIndex(named: "zzz", among: names)
    } throws: {
      ($0 as? UsageError)?.description == "unknown command 'zzz' (commands: sample, pass)"
    }
  }
}
