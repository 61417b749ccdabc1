# aplpack's faces() doing what `psychologist batch` does in scripts/bench: one SVG per row
# (R's svg() device) and one sheet of every face, from a CSV whose first column is the id
# and the next 15 numeric columns drive aplpack's 15 facial features.
#   Rscript bench/aplpack_faces.R ROWS.csv OUTDIR SHEET.svg [N]
# N (optional) takes the first N rows only: aplpack is slow, so the bench may time a part
# and scale per row (and says so). Prints "aplpack: N rows in S s" to stdout.
suppressPackageStartupMessages(library(aplpack))
args <- commandArgs(trailingOnly = TRUE)
rows <- read.csv(args[1], stringsAsFactors = FALSE)
if (length(args) >= 4) rows <- rows[seq_len(min(nrow(rows), as.integer(args[4]))), ]
ids <- rows[[1]]
xy <- as.matrix(rows[, 2:16])
# The first svg() device loads fonts and cairo once (over a second): that is left out of
# the time, so that a time scaled per row counts only what each face costs.
svg(tempfile(fileext = ".svg"), width = 4, height = 4)
faces(xy[1:2, ], print.info = FALSE)
invisible(dev.off())
started <- proc.time()[["elapsed"]]
cpu <- sum(proc.time()[c("user.self", "sys.self")])
# faces() scales each column from its own min and max to -1...1; a face drawn alone would
# have nothing to scale against, so the rows are scaled once over the whole data, as
# faces() itself does, and each face is drawn unscaled.
scaled <- apply(xy, 2, function(x) {
  x <- x - min(x)
  if (max(x) > 0) 2 * x / max(x) - 1 else x
})
dir.create(args[2], showWarnings = FALSE, recursive = TRUE)
for (i in seq_len(nrow(scaled))) {
  svg(file.path(args[2], paste0(ids[i], ".svg")), width = 4, height = 4)
  faces(scaled[i, , drop = FALSE], scale = FALSE, labels = ids[i], print.info = FALSE)
  invisible(dev.off())
}
side <- ceiling(sqrt(nrow(xy)))
svg(args[3], width = side, height = side)
faces(xy, labels = ids, print.info = FALSE)
invisible(dev.off())
t <- proc.time()
cat(sprintf("aplpack: %d rows in %.3f s (CPU %.3f s)\n", nrow(xy), t[["elapsed"]] - started,
            t[["user.self"]] + t[["sys.self"]] - cpu))
