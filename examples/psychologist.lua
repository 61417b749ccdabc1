-- The seed app, exactly: the Psychologist scene's three buttons set a diagnosis and
-- perform "showDiagnosis" (setAndShowDiagnosis:); three storyboard segues give their own
-- happiness (prepareForSegue:sender:).
--
--   psychologist show examples/psychologist.lua bite
--   psychologist show examples/psychologist.lua cartoon --screen -o cartoon.svg

diagnosis "flaying" { happiness = 86 }
diagnosis "bite" { happiness = 70 }
diagnosis "play" { happiness = 20 }

segue "showDiagnosis" {
  kind = "push",
  happiness = function(ctx) return ctx.diagnosis end,
}
segue "movie" { kind = "push", happiness = 50 }
segue "teleplay" { kind = "push", happiness = 20 }
segue "cartoon" { kind = "modal", happiness = 100 }
