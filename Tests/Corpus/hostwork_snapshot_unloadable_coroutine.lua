-- The failed snapshot caught inside a coroutine: still exit 3.
diagnosis "d" { happiness = 50 }
local s = session {}
local co = coroutine.wrap(function() return pcall(s.snapshot, s, "sub/face.png") end)
print(co())
