-- luacheck configuration: the globals the psychologist host gives scripts (the same names
-- as types/psychologist.lua, which DefinitionFileTests checks against the host).
std = "lua54"
files["examples"] = { std = "lua54+psychologist" }
stds.psychologist = {
  read_globals = { "diagnosis", "segue", "segue_kind", "feature", "style", "theme", "session", "menu", "app" },
}
-- the sandbox has no io, no debug, and os holds only clock, time, date and difftime
not_globals = { "io", "debug", "dofile", "loadfile" }
-- the definition file declares the globals (for editors); it is not a script
exclude_files = { "types/", ".build/" }
