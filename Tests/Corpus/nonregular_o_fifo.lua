segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "bite" { happiness = 70 }
-- -o onto a FIFO: refused (exit 3), the FIFO stays, nothing hangs.
