-- Batch: ids that try to name paths, hidden files and XML; every file stays in the folder.
segue "showDiagnosis" { kind = "push", happiness = function(ctx) return ctx.diagnosis end }
diagnosis "mood" { happiness = function(input) return input.sleep * 10 end }
