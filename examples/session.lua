-- A headless walk through the seed app, as a person would use it on the phone.
--
--   psychologist run examples/session.lua --output-dir out

require "psychologist"             -- the seed app's diagnoses and segues, beside this file

local s = session { device = "iphone" }

s:tap("bite")                       -- diagnosis 70, pushed
print(s.scene, s.happiness, s.scale)
s:snapshot("bite.svg")

s:pan(-40)                          -- a pan up: happiness + 20
print("after a pan up", s.happiness)
s:snapshot("bite-happier.svg")

s:pinch(1.2)                        -- bigger
print("after a pinch", s.scale)
s:rotate()                          -- landscape
s:snapshot("bite-landscape.svg")
s:rotate()

s:back()                            -- pop to the menu
s:perform("cartoon")                -- modal, happiness 100
print(s.scene, s.happiness, table.concat(s.stack, " > "))
s:snapshot("cartoon-screen.svg", { screen = true })
s:back()                            -- dismiss

for _, name in ipairs { "flaying", "bite", "play" } do
  s:tap(name)
  print(name, s.happiness)
  s:back()
end
