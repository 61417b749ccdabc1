diagnosis "ratio" {
  happiness = function(input) return input.x / input.y end, -- 0/0 with --input x=0 y=0
}
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
