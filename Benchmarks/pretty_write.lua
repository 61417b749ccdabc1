-- Penlight's pretty.write of a large nested table (scripts/bench, group "tables"): a real
-- library's work that makes many short-lived strings and tables, where the collector's
-- mode shows. The driver prepends N and runs this beside a copy of Penlight's pl/.
-- Penlight reads io.stdout and requires debug when it loads: stand-ins under the sandbox.
io = io or { stdout = {}, stderr = {}, write = function() end }
package.loaded.debug = package.loaded.debug or {}
local pretty = require "pl.pretty"
local rows = {}
for i = 1, N do
  rows[i] = { id = i, name = "row" .. i, tags = { "a" .. i % 7, "b" .. i % 11 },
              point = { x = i * 0.5, y = -i } }
end
local text = pretty.write(rows)
print(#text)
