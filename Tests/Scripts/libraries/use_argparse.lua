-- argparse (lua-argparse): a parser, parsed argument lists, and its help and errors.
local argparse = require "argparse"
local parser = argparse("tool", "A tool.")
parser:argument("input", "Input file.")
parser:option("-o --output", "Output file.", "a.out")
parser:flag("-v --verbose", "Say more.")
parser:option("-I --include"):count("*")
local args = parser:parse({ "in.txt", "-v", "-I", "x", "-I", "y" })
print(args.input, args.output, args.verbose, table.concat(args.include, ","))
print(parser:get_help())
print(parser:pparse({ "--unknown" }))
print(parser:get_usage())
