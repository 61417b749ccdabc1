-- The issue's example: a table holding the same table twice, 50 levels deep, is
-- 2^50 values once the host copies it (here into a diagnosis title).
local t = {}
for i = 1, 50 do t = { t, t } end
diagnosis "x" { happiness = 50, title = t }
