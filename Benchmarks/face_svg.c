/* C baseline for `PsyBench svg N`: computes the seed face's geometry (docs/ARCHITECTURE.md)
 * for happiness i % 101 in a 320x480 view and prints the same SVG documents, each
 * number with printf("%.2f") and then trimmed (trailing zeros and dot dropped, "-0" -> "0").
 *
 * `face_svg N session` is the baseline of the throughput benchmark instead: the documents a
 * `psychologist run` script prints with `s.happiness = i % 101; print(s:svg())` on an
 * iPhone face scene (content 320x416, title "Happiness: happiness N", print's newline).
 *
 * Build and check:
 *   cc -O2 -o /tmp/face_svg bench/face_svg.c
 *   swift build -c release --product PsyBench
 *   cmp <(/tmp/face_svg 1000) <(.build/release/PsyBench svg 1000) && echo identical
 * Time:
 *   time /tmp/face_svg 200000 > /dev/null
 *   time .build/release/PsyBench svg 200000 > /dev/null
 */
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
  int session = argc > 2 && strcmp(argv[2], "session") == 0;
  buf = malloc(FLUSH_AT + 8192);
  const double x = 0, y = 0, w = 320, h = session ? 416 : 480, scale = 0.90;
  const double eye_h = 0.35, eye_v = 0.35, eye_radius = 0.10;
  const double mouth_h = 0.45, mouth_v = 0.40, mouth_smile = 0.25;
  for (long i = 0; i < count; i++) {
    double happiness = (double)(i % 101);
    double smile = (happiness - 50) / 50;
    if (smile < -1) smile = -1;
    if (smile > 1) smile = 1;
    double mx = x + w / 2, my = y + h / 2;
    double size = (w < h ? w : h) / 2 * scale;
    double eye_y = my - eye_v * size;
    double lx = mx - eye_h * size, rx = mx + eye_h * size;
    double er = eye_radius * size;
    double mouth_y = my + mouth_v * size;
    double sx = mx - mouth_h * size, ex = mx + mouth_h * size;
    double reach = mouth_h * size * 2 / 3;
    double offset = mouth_smile * size * smile;
    put("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"");
    num(w);
    put("\" height=\"");
    num(h);
    put("\" viewBox=\"0 0 ");
    num(w);
    put(" ");
    num(h);
    put("\">\n");
    if (session) {
      char title[64];
      snprintf(title, sizeof title, "<title>Happiness: happiness %ld</title>\n", i % 101);
      put(title);
    }
    put("<g fill=\"none\" stroke=\"blue\" stroke-width=\"");
    num(5);
    put("\" stroke-linecap=\"round\">\n<circle cx=\"");
    num(mx);
    put("\" cy=\"");
    num(my);
    put("\" r=\"");
    num(size);
    put("\"/>\n<circle cx=\"");
    num(lx);
    put("\" cy=\"");
    num(eye_y);
    put("\" r=\"");
    num(er);
    put("\"/>\n<circle cx=\"");
    num(rx);
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
    num(mouth_y + offset);
    put(" ");
    num(ex - reach);
    put(" ");
    num(mouth_y + offset);
    put(" ");
    num(ex);
    put(" ");
    num(mouth_y);
    put(session ? "\"/>\n</g>\n</svg>\n\n" : "\"/>\n</g>\n</svg>\n");
    if (len >= FLUSH_AT) flush_out();
  }
  flush_out();
  return 0;
}
