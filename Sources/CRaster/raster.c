/* SVG to PNG with librsvg and cairo, loaded on first use (see CRaster.h). */
#define _GNU_SOURCE /* pipe2 */
#include "CRaster.h"
#include "raster_child.h"

#include <fcntl.h>
#include <malloc.h>
#include <dlfcn.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

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
  void (*surface_flush)(void *surface);
  void *(*image_surface_create_for_data)(uint8_t *data, int format, int width, int height,
                                         int stride);
  int (*image_width)(void *surface);
  int (*image_height)(void *surface);
} lib;

static pthread_once_t once = PTHREAD_ONCE_INIT;
/* Empty when the libraries loaded; else why not. Written once, under `once`. */
static char load_problem[512];

#define CAIRO_FORMAT_ARGB32 0
#define CAIRO_STATUS_SUCCESS 0
#define CAIRO_STATUS_NO_MEMORY 1
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
  lib.surface_flush = symbol(cairo, "libcairo.so.2", "cairo_surface_flush");
  lib.image_surface_create_for_data =
      symbol(cairo, "libcairo.so.2", "cairo_image_surface_create_for_data");
  lib.image_width = symbol(cairo, "libcairo.so.2", "cairo_image_surface_get_width");
  lib.image_height = symbol(cairo, "libcairo.so.2", "cairo_image_surface_get_height");
}

int psy_raster_fail(char *message, size_t capacity, int code, const char *text) {
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
  if (load_problem[0]) return psy_raster_fail(message, capacity,
                                              PSY_RASTER_UNAVAILABLE, load_problem);
  return PSY_RASTER_OK;
}

/* The SVG document drawn at its own size (rounded up) on a transparent ARGB32 surface, or
   NULL with the reason in message and the code in *code. With `pixels`, the surface draws
   into memory of its own, handed back there (rows of 4 × width bytes, freed by the caller
   after the surface), so the pixels need no copy. */
static void *draw_document(const uint8_t *svg, size_t length, double scale, int opaque,
                           uint32_t **pixels, int *code, char *message, size_t capacity) {
  *code = psy_raster_available(message, capacity);
  if (*code != PSY_RASTER_OK) return NULL;
  *code = PSY_RASTER_FAILED;
  g_error *error = NULL;
  void *handle = lib.handle_new_from_data(svg, length, &error);
  if (!handle) {
    char text[512];
    snprintf(text, sizeof text, "librsvg cannot read the SVG: %s",
             error && error->message ? error->message : "unknown error");
    if (error) lib.error_free(error);
    psy_raster_fail(message, capacity, PSY_RASTER_FAILED, text);
    return NULL;
  }
  double width = 0, height = 0;
  if (!lib.intrinsic_size_in_pixels(handle, &width, &height)) {
    lib.object_unref(handle);
    psy_raster_fail(message, capacity,
                    PSY_RASTER_FAILED, "the SVG gives no width and height in pixels");
    return NULL;
  }
  /* Scaled as rsvg-convert's --zoom scales: the document fills a viewport `scale` times
     its size. Rounded up, as rsvg-convert does, so a fractional side keeps its last column. */
  if (!(scale > 0 && scale <= 64)) scale = 1;
  width *= scale;
  height *= scale;
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
    psy_raster_fail(message, capacity, PSY_RASTER_FAILED, text);
    return NULL;
  }
  void *surface;
  if (pixels) {
    /* ARGB32 rows need no padding: cairo's stride for them is 4 × width. */
    *pixels = calloc((size_t)w * (size_t)h, 4);
    /* Opaque white under the drawing (a video frame has no alpha to keep). */
    if (*pixels && opaque) memset(*pixels, 0xff, (size_t)w * (size_t)h * 4);
    if (!*pixels) {
      lib.object_unref(handle);
      *code = PSY_RASTER_MEMORY;
      psy_raster_fail(message, capacity, *code, "no memory for the image's pixels");
      return NULL;
    }
    surface = lib.image_surface_create_for_data((uint8_t *)*pixels, CAIRO_FORMAT_ARGB32, (int)w,
                                                (int)h, (int)w * 4);
  } else {
    surface = lib.image_surface_create(CAIRO_FORMAT_ARGB32, (int)w, (int)h);
  }
  int status = lib.surface_status(surface);
  if (status != CAIRO_STATUS_SUCCESS) {
    char text[256];
    snprintf(text, sizeof text, "cairo cannot make a %.0f×%.0f image: %s", w, h,
             lib.status_to_string(status));
    lib.surface_destroy(surface);
    lib.object_unref(handle);
    if (pixels) {
      free(*pixels);
      *pixels = NULL;
    }
    *code = status == CAIRO_STATUS_NO_MEMORY ? PSY_RASTER_MEMORY : PSY_RASTER_FAILED;
    psy_raster_fail(message, capacity, *code, text);
    return NULL;
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
    /* cairo ran out of memory under librsvg (in a child, its limit): a memory error. */
    int memory = error && error->message && strstr(error->message, "NoMemory");
    if (error) lib.error_free(error);
    lib.surface_destroy(surface);
    if (pixels) {
      free(*pixels);
      *pixels = NULL;
    }
    *code = memory ? PSY_RASTER_MEMORY : PSY_RASTER_FAILED;
    psy_raster_fail(message, capacity, *code, text);
    return NULL;
  }
  lib.surface_flush(surface);
  *code = PSY_RASTER_OK;
  return surface;
}

int psy_svg_to_png(const uint8_t *svg, size_t length, psy_png *out, char *message,
                   size_t capacity) {
  out->bytes = NULL;
  out->count = 0;
  int code;
  void *surface = draw_document(svg, length, 1, 0, NULL, &code, message, capacity);
  if (!surface) return code;
  buffer b = {NULL, 0, 0};
  int status = lib.write_to_png_stream(surface, append, &b);
  lib.surface_destroy(surface);
  if (status != CAIRO_STATUS_SUCCESS) {
    free(b.bytes);
    char text[256];
    snprintf(text, sizeof text, "cairo cannot encode the PNG: %s",
             lib.status_to_string(status));
    return psy_raster_fail(message, capacity, PSY_RASTER_FAILED, text);
  }
  out->bytes = b.bytes;
  out->count = b.count;
  return PSY_RASTER_OK;
}

int psy_svg_to_image(const uint8_t *svg, size_t length, psy_image *out, char *message,
                     size_t capacity) {
  return psy_svg_to_image_scaled(svg, length, 1, 0, out, message, capacity);
}

int psy_svg_to_image_scaled(const uint8_t *svg, size_t length, double scale, int opaque,
                            psy_image *out, char *message, size_t capacity) {
  out->pixels = NULL;
  out->width = out->height = 0;
  int code;
  uint32_t *pixels = NULL;
  void *surface = draw_document(svg, length, scale, opaque, &pixels, &code, message, capacity);
  if (!surface) return code;
  int w = lib.image_width(surface), h = lib.image_height(surface);
  lib.surface_destroy(surface);
  out->pixels = pixels;
  out->width = w;
  out->height = h;
  return PSY_RASTER_OK;
}

void psy_image_free(psy_image *image) {
  free(image->pixels);
  image->pixels = NULL;
  image->width = image->height = 0;
}

void psy_raster_free(psy_png *png) {
  free(png->bytes);
  png->bytes = NULL;
  png->count = 0;
}

/* ---- a drawing in a child process, under limits ------------------------ */

/* Address space a child keeps beyond its memory limit: librsvg's and cairo's own working
   (their threads' stacks and the heap's arenas are reserved before they are used). */
#define CHILD_SLACK ((size_t)16 << 20)

/* Bytes of address space this process has mapped now (0 if unknown). */
static size_t mapped_bytes(void) {
  FILE *f = fopen("/proc/self/statm", "r");
  if (!f) return 0;
  unsigned long pages = 0;
  int read = fscanf(f, "%lu", &pages);
  fclose(f);
  return read == 1 ? (size_t)pages * (size_t)sysconf(_SC_PAGESIZE) : 0;
}

/* Writes all of data, or returns -1. */
static int write_all(int fd, const void *data, size_t count) {
  const uint8_t *p = data;
  while (count > 0) {
    ssize_t n = write(fd, p, count);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return -1;
    p += n;
    count -= (size_t)n;
  }
  return 0;
}

void psy_raster_enter_child(size_t memory) {
  prctl(PR_SET_PDEATHSIG, SIGKILL);
  signal(SIGPIPE, SIG_IGN);
  /* A child that runs out of memory dies quietly: no crash report of the parent's runtime
     (its handlers came with the fork), no core, no GLib message on the user's terminal. */
  int crashes[] = {SIGABRT, SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP};
  for (size_t i = 0; i < sizeof crashes / sizeof crashes[0]; i++) signal(crashes[i], SIG_DFL);
  struct rlimit no_core = {0, 0};
  setrlimit(RLIMIT_CORE, &no_core);
  int null = open("/dev/null", O_WRONLY | O_CLOEXEC);
  if (null >= 0) dup2(null, 2);
  /* A thread librsvg or pango starts (font sorting) reserves address space before using
     it: one heap for every thread, small stacks, so reservations do not pass the limit. */
  mallopt(M_ARENA_MAX, 1);
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) == 0) {
    pthread_attr_setstacksize(&attr, (size_t)1 << 20);
    pthread_setattr_default_np(&attr);
    pthread_attr_destroy(&attr);
  }
  if (memory > 0) {
    size_t limit = mapped_bytes() + memory + CHILD_SLACK;
    struct rlimit r = {limit, limit};
    setrlimit(RLIMIT_AS, &r);
  }
}

/* The child: limits its address space, draws, and writes one status byte, then the PNG
   (or the message) to fd. Never returns. */
static void draw_in_child(int fd, const uint8_t *svg, size_t length, size_t memory) {
  psy_raster_enter_child(memory);
  psy_png png = {NULL, 0};
  char message[512] = "";
  int status = psy_svg_to_png(svg, length, &png, message, sizeof message);
  uint8_t code = (uint8_t)status;
  int failed = write_all(fd, &code, 1);
  if (!failed && status == PSY_RASTER_OK) failed = write_all(fd, png.bytes, png.count);
  if (!failed && status != PSY_RASTER_OK) failed = write_all(fd, message, strlen(message));
  _exit(failed ? 1 : 0);
}

/* Reads what the child writes into b until it ends (1), or until the deadline passes
   (0: the child is then killed). -1 when reading fails. A child that has exited ends the
   reading too (*reaped set, its status in *wstatus), even if the pipe never reports its
   end: a child another thread forked meanwhile may hold a copy of the write end. */
static int read_child(int fd, buffer *b, const psy_raster_limits *limits, pid_t pid,
                      int *wstatus, int *reaped) {
  uint8_t chunk[65536];
  for (;;) {
    if (limits->expired && limits->expired(limits->context)) return 0;
    struct pollfd p = {fd, POLLIN, 0};
    int ready = poll(&p, 1, PSY_RASTER_POLL_MS);
    if (ready < 0 && errno != EINTR) return -1;
    if (ready == 0 && *reaped) return 1; /* drained */
    if (ready == 0 && waitpid(pid, wstatus, WNOHANG) == pid) {
      /* Gone: what it wrote is all in the pipe; take it without waiting. */
      *reaped = 1;
      fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK);
      continue;
    }
    if (ready <= 0) continue;
    ssize_t n = read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EAGAIN && *reaped) return 1;
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return -1;
    if (n == 0) return 1;
    if (append(b, chunk, (unsigned)n) != CAIRO_STATUS_SUCCESS) return -1;
  }
}

int psy_svg_to_png_limited(const uint8_t *svg, size_t length, const psy_raster_limits *limits,
                           psy_png *out, char *message, size_t capacity) {
  out->bytes = NULL;
  out->count = 0;
  /* Loaded here, once, so a child only calls functions already found. */
  int loaded = psy_raster_available(message, capacity);
  if (loaded != PSY_RASTER_OK) return loaded;
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    return psy_raster_fail(message, capacity,
                           PSY_RASTER_FAILED, "cannot make a pipe to draw the PNG");
  }
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    return psy_raster_fail(message, capacity, PSY_RASTER_FAILED, "cannot start drawing the PNG");
  }
  if (pid == 0) {
    close(fds[0]);
    draw_in_child(fds[1], svg, length, limits->memory);
  }
  close(fds[1]);
  buffer b = {NULL, 0, 0};
  int wstatus = 0, reaped = 0;
  int ended = read_child(fds[0], &b, limits, pid, &wstatus, &reaped);
  close(fds[0]);
  if (!reaped) {
    if (ended != 1) kill(pid, SIGKILL);
    while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR) {
    }
  }
  if (ended == 0) {
    free(b.bytes);
    return psy_raster_fail(message, capacity,
                           PSY_RASTER_TIME, "the time limit passed while drawing the PNG");
  }
  int exited = WIFEXITED(wstatus) && WEXITSTATUS(wstatus) == 0;
  if (ended < 0 || !exited || b.count == 0) {
    free(b.bytes);
    /* Killed (an abort when an allocation failed past the limit) or cut short. */
    return psy_raster_fail(message, capacity,
                           PSY_RASTER_MEMORY, "drawing the PNG ran out of memory");
  }
  int status = b.bytes[0];
  if (status != PSY_RASTER_OK) {
    char text[512];
    size_t n = b.count - 1 < sizeof text - 1 ? b.count - 1 : sizeof text - 1;
    memcpy(text, b.bytes + 1, n);
    text[n] = 0;
    free(b.bytes);
    return psy_raster_fail(message, capacity, status, text);
  }
  memmove(b.bytes, b.bytes + 1, b.count - 1);
  out->bytes = b.bytes;
  out->count = b.count - 1;
  return PSY_RASTER_OK;
}
