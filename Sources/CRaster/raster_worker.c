/* A child process drawing document after document into pixels (see CRaster.h). The two
   ends talk over a socket pair, so that writing to a worker that died is an error to
   report, not a SIGPIPE for the whole program. A request is a header (the document's
   length, the scale, whether opaque) and the document; an answer is a status byte, then
   the width and height and the pixels, or a message's length and the message. */
#define _GNU_SOURCE
#include "CRaster.h"
#include "raster_child.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

struct psy_raster_worker {
  pid_t pid;
  int fd;
  /* Why drawing in it ends every later drawing (PSY_RASTER_TIME or PSY_RASTER_MEMORY), or
     PSY_RASTER_OK while it works. */
  int ended;
};

typedef struct {
  uint64_t length;
  double scale;
  int32_t opaque;
} request;

/* Sends all of data (never raising SIGPIPE), or returns -1. */
static int send_all(int fd, const void *data, size_t count) {
  const uint8_t *p = data;
  while (count > 0) {
    ssize_t n = send(fd, p, count, MSG_NOSIGNAL);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return -1;
    p += n;
    count -= (size_t)n;
  }
  return 0;
}

/* Reads exactly count bytes in the child (blocking), or returns -1 at the end. */
static int receive_all(int fd, void *data, size_t count) {
  uint8_t *p = data;
  while (count > 0) {
    ssize_t n = recv(fd, p, count, 0);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return -1;
    p += n;
    count -= (size_t)n;
  }
  return 0;
}

/* The worker's loop: a request at a time, until its parent closes the socket. */
static void serve(int fd) {
  request r;
  while (receive_all(fd, &r, sizeof r) == 0) {
    uint8_t *svg = malloc(r.length ? r.length : 1);
    if (!svg || receive_all(fd, svg, r.length) != 0) _exit(1);
    psy_image image = {NULL, 0, 0};
    char message[512] = "";
    int status = psy_svg_to_image_scaled(svg, r.length, r.scale, r.opaque, &image, message,
                                         sizeof message);
    free(svg);
    uint8_t code = (uint8_t)status;
    int failed = send_all(fd, &code, 1);
    if (!failed && status == PSY_RASTER_OK) {
      uint32_t size[2] = {(uint32_t)image.width, (uint32_t)image.height};
      failed = send_all(fd, size, sizeof size) ||
               send_all(fd, image.pixels, (size_t)image.width * (size_t)image.height * 4);
    } else if (!failed) {
      uint32_t n = (uint32_t)strlen(message);
      failed = send_all(fd, &n, sizeof n) || send_all(fd, message, n);
    }
    psy_image_free(&image);
    if (failed) _exit(1);
  }
  _exit(0);
}

psy_raster_worker *psy_raster_worker_start(size_t memory, char *message, size_t capacity) {
  /* Loaded here, once, so the child only calls functions already found. */
  if (psy_raster_available(message, capacity) != PSY_RASTER_OK) return NULL;
  psy_raster_worker *w = calloc(1, sizeof *w);
  int fds[2];
  if (!w || socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) != 0) {
    free(w);
    psy_raster_fail(message, capacity,
                    PSY_RASTER_FAILED, "cannot make a socket to draw the frames");
    return NULL;
  }
  pid_t pid = fork();
  if (pid < 0) {
    close(fds[0]);
    close(fds[1]);
    free(w);
    psy_raster_fail(message, capacity, PSY_RASTER_FAILED, "cannot start drawing the frames");
    return NULL;
  }
  if (pid == 0) {
    /* The worker lives as long as its clip: it keeps no other descriptor of the parent's,
       or a pipe to ffmpeg (whose end of input the clip waits for) would stay open. */
    int fd = dup2(fds[1], 3);
    int null = open("/dev/null", O_RDWR | O_CLOEXEC);
    if (fd != 3 || null < 0 || dup2(null, 0) < 0 || dup2(null, 1) < 0) _exit(1);
    close_range(4, ~0U, 0);
    psy_raster_enter_child(memory);
    serve(3);
  }
  close(fds[1]);
  w->pid = pid;
  w->fd = fds[0];
  w->ended = PSY_RASTER_OK;
  return w;
}

/* Kills the worker (if it runs) and reaps it; later drawings fail with `why`. */
static void end(psy_raster_worker *w, int why) {
  if (w->pid > 0) {
    kill(w->pid, SIGKILL);
    while (waitpid(w->pid, NULL, 0) < 0 && errno == EINTR) {
    }
    w->pid = 0;
  }
  if (w->ended == PSY_RASTER_OK) w->ended = why;
}

/* Reads exactly count bytes of an answer: 1 when read, 0 when the deadline passed first,
   -1 when the worker is gone (its end of the socket closed, or it exited while another
   process forked meanwhile holds a copy of that end). */
static int receive(psy_raster_worker *w, void *data, size_t count,
                   const psy_raster_limits *limits) {
  uint8_t *p = data;
  while (count > 0) {
    if (limits && limits->expired && limits->expired(limits->context)) return 0;
    struct pollfd pfd = {w->fd, POLLIN, 0};
    int ready = poll(&pfd, 1, PSY_RASTER_POLL_MS);
    if (ready < 0 && errno != EINTR) return -1;
    if (ready == 0) {
      if (waitpid(w->pid, NULL, WNOHANG) == w->pid) {
        w->pid = 0;
        return -1;
      }
      continue;
    }
    if (ready < 0) continue;
    ssize_t n = recv(w->fd, p, count, MSG_DONTWAIT);
    if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
    if (n <= 0) return -1;
    p += n;
    count -= (size_t)n;
  }
  return 1;
}

/* The failure of a drawing whose answer could not be read (`got`: receive's), which ends
   the worker. */
static int lost(psy_raster_worker *w, int got, char *message, size_t capacity) {
  end(w, got == 0 ? PSY_RASTER_TIME : PSY_RASTER_MEMORY);
  return psy_raster_fail(message, capacity, w->ended,
              w->ended == PSY_RASTER_TIME ? "the time limit passed while drawing a frame"
                                          : "drawing a frame ran out of memory");
}

int psy_raster_worker_draw(psy_raster_worker *w, const uint8_t *svg, size_t length,
                           double scale, int opaque, const psy_raster_limits *limits,
                           psy_image *out, char *message, size_t capacity) {
  out->pixels = NULL;
  out->width = out->height = 0;
  if (w->ended != PSY_RASTER_OK) {
    return lost(w, w->ended == PSY_RASTER_TIME ? 0 : -1, message, capacity);
  }
  request r = {length, scale, opaque ? 1 : 0};
  if (send_all(w->fd, &r, sizeof r) != 0 || send_all(w->fd, svg, length) != 0) {
    return lost(w, -1, message, capacity);
  }
  uint8_t code;
  int got = receive(w, &code, 1, limits);
  if (got != 1) return lost(w, got, message, capacity);
  if (code != PSY_RASTER_OK) {
    uint32_t n = 0;
    char text[512];
    got = receive(w, &n, sizeof n, limits);
    if (got == 1 && n >= sizeof text) n = sizeof text - 1;
    if (got == 1) got = receive(w, text, n, limits);
    if (got != 1) return lost(w, got, message, capacity);
    text[n] = 0;
    return psy_raster_fail(message, capacity, code, text);
  }
  uint32_t size[2];
  got = receive(w, size, sizeof size, limits);
  if (got != 1) return lost(w, got, message, capacity);
  size_t bytes = (size_t)size[0] * (size_t)size[1] * 4;
  uint32_t *pixels = malloc(bytes ? bytes : 4);
  if (!pixels) {
    end(w, PSY_RASTER_MEMORY);
    return psy_raster_fail(message, capacity, PSY_RASTER_MEMORY, "no memory for a frame's pixels");
  }
  got = receive(w, pixels, bytes, limits);
  if (got != 1) {
    free(pixels);
    return lost(w, got, message, capacity);
  }
  out->pixels = pixels;
  out->width = (int)size[0];
  out->height = (int)size[1];
  return PSY_RASTER_OK;
}

void psy_raster_worker_stop(psy_raster_worker *w) {
  if (!w) return;
  close(w->fd);
  /* Closed, an idle worker reads its end and exits; one still drawing is killed. */
  if (w->pid > 0) {
    int status;
    pid_t done = waitpid(w->pid, &status, WNOHANG);
    if (done != w->pid) end(w, PSY_RASTER_OK);
  }
  free(w);
}
