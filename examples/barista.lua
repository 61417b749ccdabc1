-- Barista: an app of one's own, not the seed's. Its root menu leads to a second menu of
-- drinks; a burnt cup is answered by a complaint that no button performs (a manual
-- segue), which rises like steam (a custom kind); the cups come from a plugin.
--
--   psychologist play examples/barista.lua
--   psychologist show examples/barista.lua latte --screen -o latte.svg
--   psychologist show examples/barista.lua burnt --screen --device ipad --animate -o burnt.svg
--   psychologist list examples/barista.lua

-- The app's name: the root menu's title (its bar, the back buttons above it, the iPad's
-- bar button). A theme for the chrome would be declared beside it.
app { title = "Barista" }

-- feature "cup": a cup by the chin of the faces that list it (examples/plugins/cup.lua).
require "plugins.cup"

-- The root menu lists what no other menu claims: "order", "burnt" and "drinks".
diagnosis "order" {
  title = "Your order",
  happiness = function(input) return math.min(100, 30 + 20 * (input.shots or 1)) end,
  examples = { { shots = 1 }, { shots = 3 } },
  features = { "cup" },
}
diagnosis "burnt" { title = "Burnt", happiness = 10, segue = "complain" }

-- A second menu with its own title and buttons, shown by the "drinks" segue's button.
menu "drinks" { title = "Drinks", buttons = { "espresso", "latte", "mocha" } }
segue "drinks" { kind = "push", title = "Drinks…", menu = "drinks" }

diagnosis "espresso" { title = "Espresso", happiness = 90, features = { "cup" } }
diagnosis "latte" { title = "Latte", happiness = 75, features = { "cup" } }
diagnosis "mocha" {
  title = "Mocha",
  happiness = 80,
  expression = { eyes = 0.7, brows = 1 },
  features = { "cup" },
}

-- What a diagnosis performs unless it names another segue: the face of its value.
segue "showDiagnosis" {
  kind = { iphone = "push", ipad = "replace" },
  happiness = function(ctx) return ctx.diagnosis end,
}

-- A manual segue: no button on any menu; "burnt" performs it with its value (so
-- ctx.diagnosis is always there), as does s:perform("complain") in a session.
segue "complain" {
  button = false,
  kind = "steam",
  title = "Complaint",
  happiness = function(ctx) return (ctx.diagnosis or 20) / 2 end,
}

-- A custom kind: the complaint rises from below as it fades in; over everything on a
-- phone, in a popover from the tapped button on an iPad.
segue_kind "steam" {
  perform = function(nav, scene)
    if nav.device == "ipad" then nav:popover(scene) else nav:present(scene) end
  end,
  animate = {
    { t = 0, to = { y = 160, opacity = 0 } },
    { t = 1, to = {} },
  },
}
