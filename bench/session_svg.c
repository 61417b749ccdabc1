/* C baseline for the throughput benchmark of scripts/bench: prints the documents that a
 * `psychologist run` script prints with `s.happiness = i % 101; print(s:svg())` on an
 * iPhone face scene (content 320x416, title "Happiness: happiness N", and print's newline),
 * each number with printf("%.2f") and trailing zeros dropped.
 *   cc -O2 -o /tmp/session_svg bench/session_svg.c && /tmp/session_svg 200000 > /dev/null */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char *buf;
static size_t len;
enum { FLUSH_AT = 1 << 20 };

static void flush_out(void) {
  size_t off = 0;
  while (off < len) {
    ssize_t n = write(1, buf + off, len - off);
    if (n <= 0) break;
    off += (size_t)n;
  }
  len = 0;
}

static void put(const char *s) {
  size_t n = strlen(s);
  memcpy(buf + len, s, n);
  len += n;
}

static void num(double v) {
  char tmp[64];
  int n = snprintf(tmp, sizeof tmp, "%.2f", v);
  while (n > 0 && tmp[n - 1] == '0') n--;
  if (n > 0 && tmp[n - 1] == '.') n--;
  tmp[n] = 0;
  if (strcmp(tmp, "-0") == 0) strcpy(tmp, "0"), n = 1;
  memcpy(buf + len, tmp, (size_t)n);
  len += (size_t)n;
}

int main(int argc, char **argv) {
  long count = argc > 1 ? atol(argv[1]) : 0;
  buf = malloc(FLUSH_AT + 8192);
  const double w = 320, h = 416, scale = 0.90;
  for (long i = 0; i < count; i++) {
    double happiness = (double)(i % 101);
    double smile = (happiness - 50) / 50;
    if (smile < -1) smile = -1;
    if (smile > 1) smile = 1;
    double mx = w / 2, my = h / 2;
    double size = (w < h ? w : h) / 2 * scale;
    double eye_y = my - 0.35 * size, er = 0.10 * size;
    double mouth_y = my + 0.40 * size;
    double sx = mx - 0.45 * size, ex = mx + 0.45 * size;
    double reach = 0.45 * size * 2 / 3, off = 0.25 * size * smile;
    char title[32];
    snprintf(title, sizeof title, "%ld", i % 101);
    put("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"");
    num(w);
    put("\" height=\"");
    num(h);
    put("\" viewBox=\"0 0 ");
    num(w);
    put(" ");
    num(h);
    put("\">\n<title>Happiness: happiness ");
    put(title);
    put("</title>\n<g fill=\"none\" stroke=\"blue\" stroke-width=\"5\" stroke-linecap=\"round\">\n");
    put("<circle cx=\"");
    num(mx);
    put("\" cy=\"");
    num(my);
    put("\" r=\"");
    num(size);
    put("\"/>\n<circle cx=\"");
    num(mx - 0.35 * size);
    put("\" cy=\"");
    num(eye_y);
    put("\" r=\"");
    num(er);
    put("\"/>\n<circle cx=\"");
    num(mx + 0.35 * size);
    put("\" cy=\"");
    num(eye_y);
    put("\" r=\"");
    num(er);
    put("\"/>\n<path d=\"M");
    num(sx);
    put(" ");
    num(mouth_y);
    put("C");
    num(sx + reach);
    put(" ");
    num(mouth_y + off);
    put(" ");
    num(ex - reach);
    put(" ");
    num(mouth_y + off);
    put(" ");
    num(ex);
    put(" ");
    num(mouth_y);
    put("\"/>\n</g>\n</svg>\n\n");
    if (len >= FLUSH_AT) flush_out();
  }
  flush_out();
  return 0;
}
