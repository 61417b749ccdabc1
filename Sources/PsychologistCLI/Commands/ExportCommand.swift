import CLISupport
import Options
import Psychologist

/// `psychologist export SCRIPT -o app.html`: the storyboard as one self-contained HTML page.
enum ExportCommand: Command {
  /// The script.
  static let script = Positional("SCRIPT", completes: .files(["lua"]))
  /// `-o`: the page (HTML, whatever the name says).
  static let output = Option<String>(
    "--output", short: "-o", value: "FILE",
    help: "write the page to FILE (atomically; only a regular file is replaced); - is stdout"
  ).completing(.files(["html"]))

  static let name = "export"

  static let spec = CommandSpec(
    name, positionals: [script],
    summary: "Write the storyboard as one HTML page to tap through in any browser.",
    options: SharedOptions.script + [output],
    details: [
      "The page needs no network and no other file. The script runs now, not in the browser:",
      "every screen, each face across the happiness range (0 to 100 by 5) and every",
      "transition are drawn here, and the page's small script switches between them. In the",
      "page: click a menu's buttons (a diagnosis with `examples` offers them as inputs), the",
      "bar's back button or Back, Rotate; drag a face up or down (the seed's pan) and turn",
      "the wheel over it (pinch; two fingers on a touch screen); the wheel over a long menu",
      "(or a swipe) scrolls it. The page starts on --device (default iphone) in",
      "--orientation and offers the devices the script's segues name kinds for",
      "(kind = { iphone = …, ipad = … }). A tap that fails now is an error (exit 1): the page",
      "is still written, that button does nothing in it.",
      "",
      "examples:",
      "  psychologist export examples/psychologist.lua -o psychologist.html",
      "  psychologist export examples/ipad.lua --device ipad -o ipad.html",
    ])

  static func run(_ args: ParsedArguments) throws -> ExitCode {
    let options = try scriptOptions(args)
    let output = try args[Self.output]
    if let o = output,
      let ext = ["svg", "png", "txt"].first(where: { o.lowercased().hasSuffix("." + $0) })
    {
      throw UsageError(
        "export writes an HTML page; -o '\(o)' names \(ext.uppercased()) (give FILE.html)")
    }
    let script = try loadForDeclarations(args[Self.script], options)
    try requireValid(script, on: options.device)
    // Drawing every screen is long host work: it gets the script's time limit.
    let work = script.hostWork(showing: "")
    let page = try Prototype.export(
      script, devices: Prototype.devices(of: script, given: options.device),
      orientation: options.orientation, work: work)
    for w in page.warnings { report(visible(w)) }
    try write(page.html, to: output)
    // The page is written, its failed taps' buttons inert; the status says they failed.
    return page.warnings.isEmpty ? .ok : .script
  }
}
