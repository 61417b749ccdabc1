import Options
import Testing

@Suite struct HelpTests {
  /// The layout worked out by hand: names in a column (a short name before its long one,
  /// four spaces where there is none), each help two spaces after the widest name
  /// ("-o, --output FILE", 17 characters), `--help` last in the same column.
  @Test func helpListsTheOptionsTheCommandTakesInAColumn() {
    let expected = [
      "usage: psychologist sample FILE [options]",
      "",
      "A sample.",
      "",
      "options:",
      "      --count N      how many",
      "  -o, --output FILE  where to",
      "      --tag T        a tag (repeatable)",
      "      --quiet        say nothing",
      "  -h, --help         show this help",
      "",
    ]
    #expect(Sample.spec.help == expected.joined(separator: "\n"))
  }

  @Test func theUsageLineNamesArgumentsOptionsAndTheRest() {
    #expect(Sample.spec.usage == "psychologist sample FILE [options]")
    #expect(Sample.passing.usage == "psychologist pass FILE [options] [-- ARG...]")
    #expect(Sample.variadic.usage == "psychologist many FILE... [options]")
    let bare = CommandSpec("bare", summary: "Nothing.", options: [])
    #expect(bare.usage == "psychologist bare")
    #expect(bare.help == "usage: psychologist bare\n\nNothing.\n")
  }

  @Test func detailsFollowTheOptions() {
    let spec = CommandSpec(
      "d", summary: "S.", options: [Sample.quiet], details: ["example:", "  psychologist d"])
    #expect(
      spec.help
        == "usage: psychologist d [options]\n\nS.\n\noptions:\n      --quiet  say nothing\n  -h, --help   show this help\n\nexample:\n  psychologist d\n"
    )
  }
}
