/* SVG to PNG with librsvg and cairo, loaded on first use (see CRaster.h). */
#include "CRaster.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* GLib's GError, as laid out in glib/gerror.h. */
typedef struct {
  uint32_t domain;
  int code;
  char *message;
} g_error;

/* RsvgRectangle, as in rsvg.h. */
typedef struct {
  double x, y, width, height;
} rsvg_rectangle;

/* The functions used, with their C signatures (librsvg ≥ 2.52, cairo ≥ 1.0). */
static struct {
  void *(*handle_new_from_data)(const uint8_t *data, size_t length, g_error **error);
  int (*intrinsic_size_in_pixels)(void *handle, double *width, double *height);
  int (*render_document)(void *handle, void *cr, const rsvg_rectangle *viewport,
                         g_error **error);
  void (*object_unref)(void *object);
  void (*error_free)(g_error *error);
  void *(*image_surface_create)(int format, int width, int height);
  void *(*create)(void *surface);
  void (*destroy)(void *cr);
  int (*surface_status)(void *surface);
  void (*surface_destroy)(void *surface);
  int (*write_to_png_stream)(void *surface,
                             int (*write)(void *closure, const unsigned char *data,
                                          unsigned int length),
                             void *closure);
  const char *(*status_to_string)(int status);
} lib;

static pthread_once_t once = PTHREAD_ONCE_INIT;
/* Empty when the libraries loaded; else why not. Written once, under `once`. */
static char load_problem[512];

#define CAIRO_FORMAT_ARGB32 0
#define CAIRO_STATUS_SUCCESS 0
#define CAIRO_STATUS_WRITE_ERROR 11

static void *open_library(const char *name) {
  void *h = dlopen(name, RTLD_NOW | RTLD_LOCAL);
  if (!h && !load_problem[0]) {
    const char *why = dlerror();
    snprintf(load_problem, sizeof load_problem, "cannot load %s (%s)", name,
             why ? why : "not found");
  }
  return h;
}

/* Looks a function up; the first one missing becomes the load problem. */
static void *symbol(void *library, const char *libname, const char *name) {
  void *f = library ? dlsym(library, name) : NULL;
  if (library && !f && !load_problem[0]) {
    snprintf(load_problem, sizeof load_problem, "%s has no function %s", libname, name);
  }
  return f;
}

static void load(void) {
  void *rsvg = open_library("librsvg-2.so.2");
  void *cairo = open_library("libcairo.so.2");
  /* GLib and GObject are librsvg's own dependencies: found through its handle. */
  lib.handle_new_from_data = symbol(rsvg, "librsvg-2.so.2", "rsvg_handle_new_from_data");
  lib.intrinsic_size_in_pixels =
      symbol(rsvg, "librsvg-2.so.2", "rsvg_handle_get_intrinsic_size_in_pixels");
  lib.render_document = symbol(rsvg, "librsvg-2.so.2", "rsvg_handle_render_document");
  lib.object_unref = symbol(rsvg, "librsvg-2.so.2", "g_object_unref");
  lib.error_free = symbol(rsvg, "librsvg-2.so.2", "g_error_free");
  lib.image_surface_create = symbol(cairo, "libcairo.so.2", "cairo_image_surface_create");
  lib.create = symbol(cairo, "libcairo.so.2", "cairo_create");
  lib.destroy = symbol(cairo, "libcairo.so.2", "cairo_destroy");
  lib.surface_status = symbol(cairo, "libcairo.so.2", "cairo_surface_status");
  lib.surface_destroy = symbol(cairo, "libcairo.so.2", "cairo_surface_destroy");
  lib.write_to_png_stream =
      symbol(cairo, "libcairo.so.2", "cairo_surface_write_to_png_stream");
  lib.status_to_string = symbol(cairo, "libcairo.so.2", "cairo_status_to_string");
}

static int fail(char *message, size_t capacity, int code, const char *text) {
  if (capacity) snprintf(message, capacity, "%s", text);
  return code;
}

/* The PNG as cairo streams it out, in a buffer that doubles as it fills. */
typedef struct {
  uint8_t *bytes;
  size_t count, capacity;
} buffer;

/* cairo's stream callback. */
static int append(void *closure, const unsigned char *data, unsigned int length) {
  buffer *b = closure;
  if (b->count + length > b->capacity) {
    size_t capacity = b->capacity ? b->capacity : 16384;
    while (capacity < b->count + length) capacity *= 2;
    uint8_t *grown = realloc(b->bytes, capacity);
    if (!grown) return CAIRO_STATUS_WRITE_ERROR;
    b->bytes = grown;
    b->capacity = capacity;
  }
  memcpy(b->bytes + b->count, data, length);
  b->count += length;
  return CAIRO_STATUS_SUCCESS;
}

int psy_raster_available(char *message, size_t capacity) {
  pthread_once(&once, load);
  if (load_problem[0]) return fail(message, capacity, PSY_RASTER_UNAVAILABLE, load_problem);
  return PSY_RASTER_OK;
}

int psy_svg_to_png(const uint8_t *svg, size_t length, psy_png *out, char *message,
                   size_t capacity) {
  out->bytes = NULL;
  out->count = 0;
  int loaded = psy_raster_available(message, capacity);
  if (loaded != PSY_RASTER_OK) return loaded;

  g_error *error = NULL;
  void *handle = lib.handle_new_from_data(svg, length, &error);
  if (!handle) {
    char text[512];
    snprintf(text, sizeof text, "librsvg cannot read the SVG: %s",
             error && error->message ? error->message : "unknown error");
    if (error) lib.error_free(error);
    return fail(message, capacity, PSY_RASTER_FAILED, text);
  }
  double width = 0, height = 0;
  if (!lib.intrinsic_size_in_pixels(handle, &width, &height)) {
    lib.object_unref(handle);
    return fail(message, capacity, PSY_RASTER_FAILED,
                "the SVG gives no width and height in pixels");
  }
  /* Rounded up, as rsvg-convert does, so a fractional side keeps its last column. */
  double w = width < 1 ? 1 : (double)(long long)(width + 0.999999);
  double h = height < 1 ? 1 : (double)(long long)(height + 0.999999);
  if (!(w <= PSY_RASTER_MAX_SIDE && h <= PSY_RASTER_MAX_SIDE &&
        w * h <= PSY_RASTER_MAX_PIXELS)) {
    char text[256];
    snprintf(text, sizeof text,
             "the image would be %.0f×%.0f pixels; PNG is drawn up to %d on a side and "
             "%.0f million pixels in all (write SVG instead)",
             w, h, PSY_RASTER_MAX_SIDE, PSY_RASTER_MAX_PIXELS / 1e6);
    lib.object_unref(handle);
    return fail(message, capacity, PSY_RASTER_FAILED, text);
  }
  void *surface = lib.image_surface_create(CAIRO_FORMAT_ARGB32, (int)w, (int)h);
  int status = lib.surface_status(surface);
  if (status != CAIRO_STATUS_SUCCESS) {
    char text[256];
    snprintf(text, sizeof text, "cairo cannot make a %.0f×%.0f image: %s", w, h,
             lib.status_to_string(status));
    lib.surface_destroy(surface);
    lib.object_unref(handle);
    return fail(message, capacity, PSY_RASTER_FAILED, text);
  }
  void *cr = lib.create(surface);
  rsvg_rectangle viewport = {0, 0, width, height};
  int drawn = lib.render_document(handle, cr, &viewport, &error);
  lib.destroy(cr);
  lib.object_unref(handle);
  if (!drawn) {
    char text[512];
    snprintf(text, sizeof text, "librsvg cannot draw the SVG: %s",
             error && error->message ? error->message : "unknown error");
    if (error) lib.error_free(error);
    lib.surface_destroy(surface);
    return fail(message, capacity, PSY_RASTER_FAILED, text);
  }
  buffer b = {NULL, 0, 0};
  status = lib.write_to_png_stream(surface, append, &b);
  lib.surface_destroy(surface);
  if (status != CAIRO_STATUS_SUCCESS) {
    free(b.bytes);
    char text[256];
    snprintf(text, sizeof text, "cairo cannot encode the PNG: %s",
             lib.status_to_string(status));
    return fail(message, capacity, PSY_RASTER_FAILED, text);
  }
  out->bytes = b.bytes;
  out->count = b.count;
  return PSY_RASTER_OK;
}

void psy_raster_free(psy_png *png) {
  free(png->bytes);
  png->bytes = NULL;
  png->count = 0;
}
