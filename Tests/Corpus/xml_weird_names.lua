local weird = "<b>&amp;\"q\" \'\n]]> <!-- \0 \1 \27[31m \127 \255\254 \237\160\128 \239\191\190"
diagnosis(weird) { happiness = 80, title = "T " .. weird }
segue "showDiagnosis" { kind = "push", title = weird }
segue(weird .. "2") { kind = "modal", title = weird, happiness = 10 }
local s = session {}
s:snapshot("menu.svg")
s:snapshot("menu-screen.svg", { screen = true })
print((s:terminal { ascii = true }))
print((s:terminal { screen = true }))
s:tap(weird)
s:snapshot("face.svg")
s:snapshot("face-screen.svg", { screen = true })
s:back()
s:perform(weird .. "2")
s:snapshot("modal-screen.svg", { screen = true })
print((s:terminal { screen = true }))
print("done")
