-- A segue_kind no segue uses, whose perform shows nothing.
segue_kind "ghost" { perform = function(nav, scene) nav:pop() end }
