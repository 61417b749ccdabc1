/* What the drawings in child processes share (raster.c, raster_worker.c). */
#ifndef PSY_RASTER_CHILD_H
#define PSY_RASTER_CHILD_H

#include <stddef.h>

/* Makes the calling process, a child just forked to draw, die with its parent and quietly
   (no core, no crash report, stderr to /dev/null), keep its threads' reservations small,
   and grow its address space by at most `memory` bytes (0: no limit) past what it has. */
void psy_raster_enter_child(size_t memory);

/* Writes text into message (at most capacity bytes, NUL-terminated) and returns code. */
int psy_raster_fail(char *message, size_t capacity, int code, const char *text);

/* How often a parent waiting for a child asks whether the deadline has passed, in ms. */
#define PSY_RASTER_POLL_MS 10

#endif
