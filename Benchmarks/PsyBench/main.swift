// Micro-benchmarks for scripts/bench: `PsyBench NAME [COUNT]` runs one workload and prints
// its figure; scripts/bench times the baselines and computes the ratios.
let arguments = CommandLine.arguments
let name = arguments.count > 1 ? arguments[1] : ""
let count = arguments.count > 2 ? Int(arguments[2]) ?? 0 : 0
switch name {
case "svg": benchSVG(count: count)
case "terminal": benchTerminal(count: count)
case "lua-to-swift": benchLuaToSwift(count: count)
case "swift-to-lua": benchSwiftToLua(count: count)
case "redraw": benchRedraw(count: count)
case "lua-file" where arguments.count > 3:
  benchLuaFile(path: arguments[2], count: Int(arguments[3]) ?? 1)
case "transition": benchTransition(count: count)
default:
  print("usage: PsyBench svg|terminal [COUNT]")
}
