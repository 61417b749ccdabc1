# TeachingDemos' faces2() doing what `psychologist batch` does in scripts/bench: one SVG per
# row (R's svg() device) and one sheet of every face, from a CSV whose first column is the
# id and the next 15 numeric columns drive the first 15 of faces2's 18 features.
#   Rscript Benchmarks/faces2_faces.R ROWS.csv OUTDIR SHEET.svg [N]
# N (optional) takes the first N rows only, as for aplpack. Prints "faces2: N rows in S s
# (CPU C s)" to stdout.
suppressPackageStartupMessages(library(TeachingDemos))
args <- commandArgs(trailingOnly = TRUE)
rows <- read.csv(args[1], stringsAsFactors = FALSE)
if (length(args) >= 4) rows <- rows[seq_len(min(nrow(rows), as.integer(args[4]))), ]
ids <- rows[[1]]
xy <- as.matrix(rows[, 2:16])
# The first device's fonts and cairo are loaded before the clock starts, as for aplpack.
svg(tempfile(fileext = ".svg"), width = 4, height = 4)
faces2(xy[1:2, ])
invisible(dev.off())
started <- proc.time()[["elapsed"]]
cpu <- sum(proc.time()[c("user.self", "sys.self")])
# Each column scaled once over the whole data to 0...1 (faces2's own "columns" scaling),
# so that each face drawn alone is drawn unscaled.
scaled <- apply(xy, 2, function(x) {
  x <- x - min(x)
  if (max(x) > 0) x / max(x) else x + 0.5
})
dir.create(args[2], showWarnings = FALSE, recursive = TRUE)
for (i in seq_len(nrow(scaled))) {
  svg(file.path(args[2], paste0(ids[i], ".svg")), width = 4, height = 4)
  faces2(scaled[i, , drop = FALSE], labels = ids[i], scale = "none", nrows = 1, ncols = 1)
  invisible(dev.off())
}
side <- ceiling(sqrt(nrow(xy)))
svg(args[3], width = side, height = side)
faces2(xy, labels = ids)
invisible(dev.off())
t <- proc.time()
cat(sprintf("faces2: %d rows in %.3f s (CPU %.3f s)\n", nrow(xy), t[["elapsed"]] - started,
            t[["user.self"]] + t[["sys.self"]] - cpu))
