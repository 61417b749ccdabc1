/* CRaster: SVG to PNG through Debian's librsvg and cairo, opened with dlopen on first use,
   so a program that never asks for PNG never loads them (start-up time stays that of a
   program without them). No headers of either library are needed to build: the few
   functions used are declared here by their documented C signatures. */
#ifndef PSY_CRASTER_H
#define PSY_CRASTER_H

#include <stddef.h>
#include <stdint.h>

/* What psy_svg_to_png returns. */
#define PSY_RASTER_OK 0
/* librsvg or cairo could not be loaded (or lacks a function): the message says which. */
#define PSY_RASTER_UNAVAILABLE 1
/* The libraries are there but this document could not be drawn (or is too large). */
#define PSY_RASTER_FAILED 2

/* A PNG image in malloc'd memory, to be released with psy_raster_free. */
typedef struct {
  uint8_t *bytes;
  size_t count;
} psy_png;

/* Renders an SVG document at its own size in pixels (its width and height) on a
   transparent background, as rsvg-convert does, into PNG bytes. On failure, writes a
   NUL-terminated reason into message (at most capacity bytes) and returns
   PSY_RASTER_UNAVAILABLE or PSY_RASTER_FAILED. Safe to call from several threads. */
int psy_svg_to_png(const uint8_t *svg, size_t length, psy_png *out, char *message,
                   size_t capacity);

/* The drawing stopped at its caller's deadline (psy_svg_to_png_limited). */
#define PSY_RASTER_TIME 3
/* The drawing needed more memory than its limit allows (psy_svg_to_png_limited). */
#define PSY_RASTER_MEMORY 4

/* What one drawing may use. librsvg and cairo cannot be interrupted, and a document of
   many wide strokes takes them seconds and hundreds of megabytes; so a limited drawing
   runs in a child process of its own whose address space may grow by at most `memory`
   bytes (0: no limit) past what it inherits, and which is killed as soon as `expired`
   (asked every few milliseconds while the child works; NULL: never) returns nonzero. */
typedef struct {
  size_t memory;
  int (*expired)(void *context);
  void *context;
} psy_raster_limits;

/* psy_svg_to_png under `limits`: also returns PSY_RASTER_TIME when the deadline passed,
   and PSY_RASTER_MEMORY when the child ran out of its memory. */
int psy_svg_to_png_limited(const uint8_t *svg, size_t length, const psy_raster_limits *limits,
                           psy_png *out, char *message, size_t capacity);

/* Loads librsvg and cairo if not yet done (dlopen and dlsym only: nothing is drawn) and
   returns PSY_RASTER_OK when every function is there, else PSY_RASTER_UNAVAILABLE with
   the reason in message. */
int psy_raster_available(char *message, size_t capacity);

/* An image in malloc'd memory: width × height pixels, row after row, each a uint32_t of
   cairo's ARGB32 (alpha in the top byte, colours premultiplied by it). Release with
   psy_image_free. */
typedef struct {
  uint32_t *pixels;
  int width, height;
} psy_image;

/* The SVG document drawn as psy_svg_to_png draws it, handed back as pixels instead of a
   PNG: for a caller that checks pixels or puts several drawings into one PNG. */
int psy_svg_to_image(const uint8_t *svg, size_t length, psy_image *out, char *message,
                     size_t capacity);

/* As psy_svg_to_image, drawn `scale` times its size (as rsvg-convert --zoom draws it) and,
   when `opaque`, over white (every pixel's alpha 255, so the pixels read the same
   premultiplied or not): a video's frame. */
int psy_svg_to_image_scaled(const uint8_t *svg, size_t length, double scale, int opaque,
                            psy_image *out, char *message, size_t capacity);

/* Releases an image's pixels. */
void psy_image_free(psy_image *image);

/* A PNG written a band of rows at a time (zlib, opened with dlopen, compresses it), so an
   image taller than any one drawing is made in little memory: begin with its size, add
   its rows top to bottom from images as wide, finish; after each call take the bytes it
   made from `output` and `count` and set count to 0. */
typedef struct psy_png_stream psy_png_stream;

/* Starts a PNG of width × height pixels: RGB when `opaque` (alpha dropped), else RGBA.
   NULL when zlib cannot be loaded or memory is short (the reason in message). */
psy_png_stream *psy_png_stream_begin(uint32_t width, uint32_t height, int opaque,
                                     char *message, size_t capacity);

/* Adds the image's rows (as wide as the PNG) below those added before. PSY_RASTER_OK, or
   PSY_RASTER_FAILED with the reason in message (wrong width, more rows than the PNG has,
   zlib failing). */
int psy_png_stream_rows(psy_png_stream *stream, const psy_image *image, char *message,
                        size_t capacity);

/* Ends the PNG (every row must have been added). As psy_png_stream_rows. */
int psy_png_stream_finish(psy_png_stream *stream, char *message, size_t capacity);

/* The bytes made and not yet taken; the caller sets *count to 0 once it has taken them. */
uint8_t *psy_png_stream_output(psy_png_stream *stream, size_t **count);

/* Releases a stream, finished or not. */
void psy_png_stream_free(psy_png_stream *stream);

/* Has glibc map each block of a megabyte or more on its own, and unmap it when freed, for
   the rest of the process. Its threshold otherwise follows the largest block freed (up to
   32 MiB), and then a band's pixels and cairo's surfaces the size of a band come from a
   heap that grows with each band drawn. */
void psy_raster_map_large_blocks(void);

/* Releases the bytes of a PNG. */
void psy_raster_free(psy_png *png);

/* A child process that draws one document after another into pixels, under one memory
   limit and each drawing's deadline: a clip's frames, each of which librsvg may take
   seconds over, without a fork for each. */
typedef struct psy_raster_worker psy_raster_worker;

/* Starts a worker whose address space may grow by at most `memory` bytes past what it
   inherits (0: no limit). NULL when it cannot start, the reason in message. */
psy_raster_worker *psy_raster_worker_start(size_t memory, char *message, size_t capacity);

/* Draws the document in the worker as psy_svg_to_image_scaled draws it. When `expired`
   (asked every few milliseconds) says the deadline passed, the worker is killed and
   PSY_RASTER_TIME returned; when the worker died (its memory ran out), PSY_RASTER_MEMORY.
   After either, every later drawing in it fails alike. */
int psy_raster_worker_draw(psy_raster_worker *worker, const uint8_t *svg, size_t length,
                           double scale, int opaque, const psy_raster_limits *limits,
                           psy_image *out, char *message, size_t capacity);

/* Ends the worker (killing it if it is still drawing) and releases it. */
void psy_raster_worker_stop(psy_raster_worker *worker);

/* The largest image drawn: a side, and the pixels in all (4 bytes each in memory). */
#define PSY_RASTER_MAX_SIDE 32767
#define PSY_RASTER_MAX_PIXELS 100000000.0

#endif
