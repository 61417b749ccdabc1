segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "bite" { happiness = 70 }
-- A FIFO named like a plugin: opened O_NONBLOCK and refused, never waited on.
