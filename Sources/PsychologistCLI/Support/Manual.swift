import Options

/// What the man pages say beyond the command table: what the tool is, how it exits, the
/// environment and files it reads, a few examples. Every variable the commands read is
/// here (ManPageTests finds each one the sources read in the pages).
let toolManual = ToolManual(
  name: "psychologist", version: version,
  summary: "author diagnoses and segue tables in Lua; draw the face as SVG or in the terminal",
  description: [
    "A scriptable face engine. Author diagnoses and segue tables in Lua, run them headless in a model of the storyboard of the small iOS app this grew from (a Psychologist menu whose buttons diagnose a happiness and segue to a face that smiles accordingly), and see the face as SVG, PNG or in the terminal.",
    "Lua 5.4 is embedded and sandboxed: no script can crash the host, hang it (a time limit a call), take all memory (a memory cap) or write outside its output folder. Every error a script causes is said as psychologist: error: FILE:LINE: message on standard error.",
    "Each command has a page of its own, psychologist-COMMAND(1), and says the same with psychologist COMMAND --help.",
  ],
  commands: commands.map { $0.spec },
  otherCommands: [
    ("help [COMMAND]", "The usage and the commands; with COMMAND, what COMMAND --help prints."),
    ("help lua [NAME]", "The Lua API reference, or the entries NAME names (diagnosis, Pen:color)."),
  ],
  exitStatus: [
    (ExitCode.ok.rawValue, "Everything asked for was done and written."),
    (
      ExitCode.script.rawValue,
      "A script failed: syntax, runtime, validation, a time or memory limit; a batch row that could not be drawn."
    ),
    (
      ExitCode.usage.rawValue,
      "Usage: an unknown command, option or value; a script, plugin or input that is missing, not a regular file or unreadable; play without a terminal."
    ),
    (
      ExitCode.output.rawValue,
      "Output not written: -o, --sheet, a snapshot, a batch face, an output folder that cannot be made, standard output (closed, full, a broken pipe)."
    ),
    (
      ExitCode.interrupted.rawValue,
      "A batch stopped by Ctrl-C, SIGTERM or SIGHUP; every file written is whole."
    ),
  ],
  environment: [
    (
      "PSYCHOLOGIST_PATH",
      "Plugin folders or files, separated by colons, loaded after --plugin and before the config folder; an entry that does not exist is a warning."
    ),
    (
      "XDG_CONFIG_HOME",
      "Where the config folder is (default ~/.config): its psychologist/plugins is loaded."
    ),
    ("HOME", "Finds ~/.config when XDG_CONFIG_HOME is not set."),
    (
      "PSYCHOLOGIST_SLOW_ANIMATIONS",
      "A factor from 1 to 100 by which play slows its transitions (10: ten times slower, as the iOS Simulator's Slow Animations did)."
    ),
    ("NO_COLOR", "Set and not empty: no colour in the terminal, unless --color always."),
    ("TERM", "dumb: no colour, unless --color always."),
    ("COLORTERM", "truecolor or 24bit: 24-bit colour; else the 256-colour palette."),
    (
      "COLUMNS",
      "With LINES, the size of the terminal sheet (batch --format terminal) when standard output is no terminal."
    ),
    ("LINES", "See COLUMNS."),
    ("TMPDIR", "Where a contact sheet's cells wait when the sheet's own folder takes no file."),
    ("PATH", "Where rsvg-convert and Graphviz's dot are found."),
  ],
  files: [
    (
      "~/.config/psychologist/plugins",
      "Plugins loaded by every command, after --plugin and PSYCHOLOGIST_PATH: every *.lua in name order ($XDG_CONFIG_HOME/psychologist/plugins when that is set)."
    )
  ],
  examples: [
    "psychologist face --happiness 90",
    "psychologist show examples/psychologist.lua bite --screen -o bite.svg",
    "psychologist run examples/session.lua --output-dir out",
    "psychologist batch examples/cars.lua --diagnosis car --input examples/mtcars.csv --sheet cars.svg",
    "psychologist play examples/psychologist.lua",
  ])

/// `help` as the completions see it: its argument is a command or `lua`.
private let helpSpec = CommandSpec(
  "help",
  positionals: [
    OptionalPositional("COMMAND", completes: .choices { commands.map { $0.name } + ["lua"] })
  ],
  summary: "Show the help, a command's help, or the Lua API reference.", options: [])

/// The table the completion scripts are written from: every command, and `help`.
let completionTable = CompletionTable(
  program: "psychologist", commands: commands.map { $0.spec } + [helpSpec])
