/* A PNG written a band of rows at a time (see CRaster.h): cairo writes a PNG of one
   surface only, and a surface as large as a sheet of thousands of faces does not fit in
   memory (nor in cairo's 32767 pixels a side). zlib, librsvg's and cairo's own dependency,
   is opened with dlopen as they are; its z_stream is declared here as zlib.h lays it out. */
#include "CRaster.h"

#include <dlfcn.h>
#include <malloc.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* zlib's z_stream (zlib.h, unchanged since 1.0). */
typedef struct {
  const uint8_t *next_in;
  unsigned avail_in;
  unsigned long total_in;
  uint8_t *next_out;
  unsigned avail_out;
  unsigned long total_out;
  const char *msg;
  void *state;
  void *zalloc, *zfree, *opaque;
  int data_type;
  unsigned long adler, reserved;
} z_stream;

#define Z_OK 0
#define Z_STREAM_END 1
#define Z_NO_FLUSH 0
#define Z_FINISH 4
#define Z_BEST_SPEED 1

static struct {
  const char *(*version)(void);
  int (*deflate_init)(z_stream *s, int level, const char *version, int size);
  int (*deflate)(z_stream *s, int flush);
  int (*deflate_end)(z_stream *s);
  unsigned long (*crc32)(unsigned long crc, const uint8_t *data, unsigned length);
} z;

static pthread_once_t z_once = PTHREAD_ONCE_INIT;
static char z_problem[256];

static void load_zlib(void) {
  void *h = dlopen("libz.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!h) {
    const char *why = dlerror();
    snprintf(z_problem, sizeof z_problem, "cannot load libz.so.1 (%s)", why ? why : "not found");
    return;
  }
  z.version = dlsym(h, "zlibVersion");
  z.deflate_init = dlsym(h, "deflateInit_");
  z.deflate = dlsym(h, "deflate");
  z.deflate_end = dlsym(h, "deflateEnd");
  z.crc32 = dlsym(h, "crc32");
  if (!z.version || !z.deflate_init || !z.deflate || !z.deflate_end || !z.crc32) {
    snprintf(z_problem, sizeof z_problem, "libz.so.1 lacks a function PNG needs");
  }
}

/* An IDAT chunk's worth of compressed bytes: what zlib fills before a chunk is written. */
#define CHUNK (1 << 16)

struct psy_png_stream {
  z_stream zs;
  int started; /* deflate_init succeeded */
  uint32_t width, height, rows;
  int channels; /* 3 or 4 */
  uint8_t *row; /* one row: the filter byte, then the pixels */
  uint8_t scratch[CHUNK];
  uint8_t *output;
  size_t count, capacity;
};

static int say(char *message, size_t capacity, const char *text) {
  if (capacity) snprintf(message, capacity, "%s", text);
  return PSY_RASTER_FAILED;
}

/* Appends bytes to the output, growing it. 0 when memory is short. */
static int put(psy_png_stream *s, const void *data, size_t length) {
  if (length == 0) return 1;
  if (s->count + length > s->capacity) {
    size_t capacity = s->capacity ? s->capacity : CHUNK * 2;
    while (capacity < s->count + length) capacity *= 2;
    uint8_t *grown = realloc(s->output, capacity);
    if (!grown) return 0;
    s->output = grown;
    s->capacity = capacity;
  }
  memcpy(s->output + s->count, data, length);
  s->count += length;
  return 1;
}

static void be32(uint8_t *p, uint32_t v) {
  p[0] = (uint8_t)(v >> 24);
  p[1] = (uint8_t)(v >> 16);
  p[2] = (uint8_t)(v >> 8);
  p[3] = (uint8_t)v;
}

/* One chunk: length, type, data, the CRC of type and data. */
static int chunk(psy_png_stream *s, const char *type, const uint8_t *data, uint32_t length) {
  uint8_t head[8], tail[4];
  be32(head, length);
  memcpy(head + 4, type, 4);
  unsigned long crc = z.crc32(0, NULL, 0);
  crc = z.crc32(crc, (const uint8_t *)type, 4);
  if (length) crc = z.crc32(crc, data, length);
  be32(tail, (uint32_t)crc);
  return put(s, head, 8) && put(s, data, length) && put(s, tail, 4);
}

psy_png_stream *psy_png_stream_begin(uint32_t width, uint32_t height, int opaque,
                                     char *message, size_t capacity) {
  pthread_once(&z_once, load_zlib);
  if (z_problem[0]) {
    say(message, capacity, z_problem);
    return NULL;
  }
  if (width == 0 || height == 0 || width > 0x7fffffff / 4 || height > 0x7fffffff) {
    say(message, capacity, "a PNG's sides are 1 to 2^31 − 1 pixels");
    return NULL;
  }
  psy_png_stream *s = calloc(1, sizeof *s);
  if (s) s->row = malloc(1 + (size_t)width * 4);
  if (!s || !s->row) {
    if (s) free(s);
    say(message, capacity, "no memory to start the PNG");
    return NULL;
  }
  s->width = width;
  s->height = height;
  s->channels = opaque ? 3 : 4;
  /* zlib's fastest level: for a sheet of 10,000 faces the default (6) took twice the time
     for a file two thirds the size (25 MB against 37). */
  if (z.deflate_init(&s->zs, Z_BEST_SPEED, z.version(), (int)sizeof(z_stream)) != Z_OK) {
    psy_png_stream_free(s);
    say(message, capacity, "zlib cannot start compressing");
    return NULL;
  }
  s->started = 1;
  static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'};
  uint8_t ihdr[13];
  be32(ihdr, width);
  be32(ihdr + 4, height);
  ihdr[8] = 8;                /* bits a channel */
  ihdr[9] = opaque ? 2 : 6;   /* RGB or RGBA */
  ihdr[10] = ihdr[11] = ihdr[12] = 0; /* deflate, adaptive filters, no interlace */
  if (!put(s, signature, 8) || !chunk(s, "IHDR", ihdr, 13)) {
    psy_png_stream_free(s);
    say(message, capacity, "no memory to start the PNG");
    return NULL;
  }
  return s;
}

/* Compresses `length` bytes (or finishes, with Z_FINISH), writing an IDAT chunk whenever
   the scratch fills (and at the end). */
static int compress(psy_png_stream *s, const uint8_t *data, size_t length, int flush,
                    char *message, size_t capacity) {
  s->zs.next_in = data;
  s->zs.avail_in = (unsigned)length;
  for (;;) {
    if (s->zs.avail_out == 0 || s->zs.next_out == NULL) {
      s->zs.next_out = s->scratch;
      s->zs.avail_out = CHUNK;
    }
    int status = z.deflate(&s->zs, flush);
    if (status != Z_OK && status != Z_STREAM_END && !(status == -5 && s->zs.avail_in == 0)) {
      return say(message, capacity, "zlib failed while compressing the PNG");
    }
    uint32_t made = (uint32_t)(CHUNK - s->zs.avail_out);
    int full = s->zs.avail_out == 0;
    if ((full || status == Z_STREAM_END) && made > 0) {
      if (!chunk(s, "IDAT", s->scratch, made)) return say(message, capacity, "no memory for the PNG");
      s->zs.next_out = s->scratch;
      s->zs.avail_out = CHUNK;
    }
    if (status == Z_STREAM_END) return PSY_RASTER_OK;
    if (flush != Z_FINISH && s->zs.avail_in == 0 && !full) return PSY_RASTER_OK;
  }
}

int psy_png_stream_rows(psy_png_stream *s, const psy_image *image, char *message,
                        size_t capacity) {
  if ((uint32_t)image->width != s->width) {
    return say(message, capacity, "a band is not as wide as its PNG");
  }
  if ((uint64_t)s->rows + (uint64_t)image->height > s->height) {
    return say(message, capacity, "more rows than the PNG has");
  }
  for (int y = 0; y < image->height; y++) {
    const uint32_t *p = image->pixels + (size_t)y * (size_t)image->width;
    uint8_t *o = s->row;
    *o++ = 0; /* no filter */
    for (uint32_t x = 0; x < s->width; x++) {
      uint32_t v = p[x], a = v >> 24;
      uint32_t r = (v >> 16) & 255, g = (v >> 8) & 255, b = v & 255;
      /* Colours back from premultiplied, rounded as cairo's own PNG writer rounds them. */
      if (a != 255) {
        r = a ? (r * 255 + a / 2) / a : 0;
        g = a ? (g * 255 + a / 2) / a : 0;
        b = a ? (b * 255 + a / 2) / a : 0;
      }
      *o++ = (uint8_t)r;
      *o++ = (uint8_t)g;
      *o++ = (uint8_t)b;
      if (s->channels == 4) *o++ = (uint8_t)a;
    }
    int status = compress(s, s->row, (size_t)(o - s->row), Z_NO_FLUSH, message, capacity);
    if (status != PSY_RASTER_OK) return status;
    s->rows++;
  }
  return PSY_RASTER_OK;
}

int psy_png_stream_finish(psy_png_stream *s, char *message, size_t capacity) {
  if (s->rows != s->height) return say(message, capacity, "the PNG ended before its last row");
  int status = compress(s, NULL, 0, Z_FINISH, message, capacity);
  if (status != PSY_RASTER_OK) return status;
  if (!chunk(s, "IEND", NULL, 0)) return say(message, capacity, "no memory for the PNG");
  return PSY_RASTER_OK;
}

uint8_t *psy_png_stream_output(psy_png_stream *s, size_t **count) {
  *count = &s->count;
  return s->output;
}

void psy_png_stream_free(psy_png_stream *s) {
  if (!s) return;
  if (s->started) z.deflate_end(&s->zs);
  free(s->row);
  free(s->output);
  free(s);
}

void psy_raster_map_large_blocks(void) { mallopt(M_MMAP_THRESHOLD, 1 << 20); }
