import CLISupport
import Psychologist

/// The version `--version` prints.
let version = "psychologist 0.1.0"

let deviceOption = OptionSpec(
  "--device", value: "D",
  help: "iphone (320×480), iphone5 (320×568) or ipad (768×1024); default iphone")
let orientationOption = OptionSpec(
  "--orientation", value: "O", help: "portrait (default) or landscape (swaps the sides)")
let formatOption = OptionSpec(
  "--format", value: "F",
  help: "svg, terminal or ascii; default terminal on a TTY, else svg (and svg for -o *.svg)")
let outputOption = OptionSpec(
  "--output", short: "-o", value: "FILE",
  help:
    "write to FILE (atomically; only a regular file is replaced) instead of stdout; - is stdout; FILE.png is PNG, drawn by librsvg"
)
let colorOption = OptionSpec(
  "--color", value: "WHEN",
  help: "always, never or auto (default; NO_COLOR and TERM=dumb turn it off)")
let outputDirOption = OptionSpec(
  "--output-dir", value: "DIR",
  help:
    "where snapshots and frames go, made if missing (default: the current folder); nothing is written outside it"
)
let pluginOption = OptionSpec(
  "--plugin", value: "PATH",
  help: "load a plugin file or folder (*.lua in name order) before the script", repeatable: true)
let styleOption = OptionSpec("--style", value: "NAME", help: "draw every face in the named style")
let timeOption = OptionSpec(
  "--time-limit", value: "S", help: "seconds one call into the script may run (default 10)")
let memoryOption = OptionSpec(
  "--memory-limit", value: "MiB", help: "memory the script may hold (default 256)")
let scriptOptions = [
  deviceOption, orientationOption, pluginOption, styleOption, timeOption, memoryOption,
]

/// Every command, its options and help: the table the parser and `--help` read.
let commands: [CommandSpec] = [
  CommandSpec(
    "face", summary: "Draw the seed's face for a happiness value.",
    options: [
      OptionSpec(
        "--happiness", value: "N", help: "0 (unhappy) … 100 (happy), fractions allowed; default 50"),
      OptionSpec(
        "--scale", value: "S", help: "the face's size relative to the view, above 0; default 0.90"),
      deviceOption,
      OptionSpec("--size", value: "WxH", help: "a view of W×H points instead of a device's screen"),
      orientationOption, formatOption, outputOption, colorOption, pluginOption, styleOption,
      timeOption, memoryOption,
    ],
    details: [
      "Style and feature plugins (--plugin, PSYCHOLOGIST_PATH, the config folder) apply.",
      "examples:",
      "  psychologist face --happiness 90",
      "  psychologist face --happiness 20 --device ipad --orientation landscape -o sad.svg",
      "  psychologist face --happiness 90 -o happy.png",
      "  psychologist face --size 200x200 --format ascii",
    ]),
  CommandSpec(
    "show", positionals: ["SCRIPT", "NAME"],
    summary: "Tap a diagnosis (or perform a segue) and draw the face of the scene it leads to.",
    options: scriptOptions + [
      OptionSpec("--screen", help: "draw the whole device screen: bars, split view, popovers"),
      OptionSpec(
        "--input", value: "JSON|K=V",
        help:
          "what a computed diagnosis gets as input: one JSON object, or KEY=VALUE (numbers read as numbers)",
        repeatable: true),
      formatOption, outputOption, colorOption, outputDirOption,
      OptionSpec("--watch", help: "redraw whenever the script or a file it requires changes"),
      OptionSpec(
        "--animate", help: "one animated SVG of the screen: the segue's transition from the menu"),
      OptionSpec(
        "--frames", value: "N",
        help: "N still SVGs of the transition (frame-000.svg …) into --output-dir, 2 to 1000"),
    ],
    details: [
      "examples:",
      "  psychologist show examples/psychologist.lua bite",
      "  psychologist show examples/psychologist.lua bite --screen --animate -o bite.svg",
      "  psychologist show examples/psychologist.lua bite --screen --frames 8 --output-dir frames",
      "  psychologist show examples/mood.lua mood --input sleep=7 -o mood.png",
      "  psychologist show examples/mood.lua mood --input '{\"sleep\": 7}'",
      "  psychologist show examples/ipad.lua cartoon --device ipad --orientation landscape --screen -o cartoon.svg",
    ]),
  CommandSpec(
    "run", positionals: ["SCRIPT"],
    summary: "Run a headless session script (see examples/session.lua).",
    options: scriptOptions + [outputDirOption],
    details: [
      "s:snapshot(\"x.svg\") writes SVG, \"x.png\" PNG (drawn by librsvg), \"x.txt\" ASCII.",
      "Words after -- are the script's, as lua5.4 gives them: arg[1], arg[2], … and ...",
      "(arg[0] is SCRIPT).",
      "example:", "  psychologist run examples/session.lua --output-dir out",
    ]),
  CommandSpec(
    "check", positionals: ["SCRIPT..."],
    summary: "Validate scripts: report every problem as FILE:LINE: message; nothing is written.",
    options: scriptOptions,
    details: [
      "Runs what the other commands would, under the same limits, on every device and",
      "orientation (or those --device and --orientation name): each diagnosis tapped with",
      "each of its `examples` (else {}) and its screen drawn, each segue of the menu, each",
      "segue_kind and feature nothing else ran, each named style.",
    ]),
  CommandSpec(
    "list", positionals: ["SCRIPT"],
    summary: "List what a script and its plugins declare, and where.",
    options: scriptOptions + [OptionSpec("--json", help: "print JSON instead of a table")]),
  batchCommandSpec,
  CommandSpec(
    "play", positionals: ["SCRIPT"],
    summary: "Play the app in the terminal: tap buttons, pan, pinch, rotate, go back.",
    options: scriptOptions + [
      OptionSpec("--watch", help: "reload whenever the script or a file it requires changes")
    ],
    details: [
      "keys:",
      "  1-9, a, c, …       tap the menu's button shown with that key, e.g. [1] flaying",
      "  Up/Down, k/j       pan: happiness +10 / -10",
      "  + / -              pinch: scale ×1.1 / ÷1.1",
      "  PgDn/PgUp, >/<     turn the menu's page when it has more buttons than fit",
      "  r                  rotate the device",
      "  m                  the iPad's bar button in portrait: the menu in a popover",
      "  b, Backspace, Esc  go back",
      "  q, Ctrl-C          quit",
      "  Ctrl-Z             suspend (the terminal restored); fg resumes",
      "a script error in a tap or a callback: shown as file:line, the scene before stays",
      "mouse: click a button (the bar button too), drag the face to pan, wheel to pinch",
      "example:",
      "  psychologist play examples/psychologist.lua --device ipad --orientation landscape",
    ]),
]

/// Top-level help.
let mainHelp = """
  usage: psychologist COMMAND [options]

  Author diagnoses and segue tables in Lua; run them headless; see the face as SVG or in
  the terminal.

  commands:
  \(commands.map { "  " + $0.name.padding(6) + "  " + $0.summary }.joined(separator: "\n"))

  Run `psychologist COMMAND --help` for a command's options.
  Plugins load from --plugin, then PSYCHOLOGIST_PATH (':'-separated folders or files; an
  entry that does not exist is a warning), then ~/.config/psychologist/plugins.
  Exit status: 0 ok, 1 script error, 2 usage error, 3 output not written, 130 interrupted.

  """

extension String {
  func padding(_ n: Int) -> String {
    count >= n ? self : self + String(repeating: " ", count: n - count)
  }
}
