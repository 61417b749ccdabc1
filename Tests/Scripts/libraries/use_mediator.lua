-- mediator (lua-mediator): channels, subscribers with priorities and predicates.
local Mediator = require "mediator"
local m = Mediator()
m:subscribe({ "chat" }, function(msg) print("first", msg) end, { priority = 2 })
m:subscribe({ "chat" }, function(msg) print("second", msg) end, { priority = 1 })
m:subscribe({ "chat", "room" }, function(msg) print("room", msg) end)
m:subscribe({ "chat" }, function(msg) print("only long", msg) end,
  { predicate = function(msg) return #msg > 4 end })
m:publish({ "chat" }, "hi")
m:publish({ "chat", "room" }, "hello")
