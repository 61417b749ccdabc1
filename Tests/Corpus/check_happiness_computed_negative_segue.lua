-- A segue's computed happiness below 0.
diagnosis "fine" { happiness = 50 }
segue "gloom" { kind = "push", happiness = function(ctx) return -(ctx.diagnosis or 10) end }
