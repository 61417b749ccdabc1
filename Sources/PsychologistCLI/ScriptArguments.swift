/// `psychologist run SCRIPT -- a b`: what follows the first `--` belongs to the script (its
/// `arg` and `...`, as `lua5.4 SCRIPT a b` gives them), not to the command line's parser.
/// For any other command nothing is split off.
func splitScriptArguments(_ arguments: [String]) -> (command: [String], script: [String]) {
  guard arguments.first == "run", let dashes = arguments.firstIndex(of: "--") else {
    return (arguments, [])
  }
  return (Array(arguments[..<dashes]), Array(arguments[(dashes + 1)...]))
}
