// `batch --format terminal`: what the command line decides for the terminal sheet (sizes
// from the terminal, colours, whether to page); Batch draws it.

import Batch
import CLISupport
import Glibc
import Options
import Render

/// The terminal sheet `--format terminal` asks for, and the pager that pauses it on a
/// terminal (nil: unpaged); nil for `--format svg` or none. Its size: stdout's terminal,
/// else COLUMNS and LINES, else stderr's terminal, else 80×24 (clamped by the layout).
func batchTerminalSheet(_ args: ParsedArguments, columns: Int?) throws(UsageError)
  -> (options: TerminalSheetOptions, pager: SheetPager?)?
{
  guard try args[BatchCommand.format] == .terminal else { return nil }
  if try args[BatchCommand.sheet] == "-" {
    throw UsageError(
      "--format terminal and --sheet - both write to standard output: give --sheet a file name")
  }
  let env = environment()
  let colors = try colorMode(args, env: env)
  var (width, height) = TerminalWindow.size(columns: env["COLUMNS"], lines: env["LINES"])
  // `| less -R`: stdout is a pipe and COLUMNS is seldom exported, but stderr is still the
  // terminal the pages will be read on.
  if !isTerminal(1), env["COLUMNS"] == nil, let size = TerminalWindow.size(fd: 2) {
    (width, height) = size
  }
  let paged = SheetPager.wanted
  let layout = TerminalSheetLayout.fitting(
    width: width, height: height, columns: columns, paged: paged, colors: colors)
  let pager = paged ? SheetPager(colors: colors) : nil
  let pause: TerminalSheetOptions.Pause? = pager.map { p in { @Sendable in p.pause($0) } }
  return (TerminalSheetOptions(layout: layout, pause: pause), pager)
}
