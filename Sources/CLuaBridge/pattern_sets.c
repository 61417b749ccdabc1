/* Character classes as 256-bit maps: the letters of %a, %d, ... and bracket sets.

   The classes follow the C locale, as lua5.4 runs (it never calls setlocale): they are
   spelled out as ASCII ranges here, so a pattern means the same whatever locale the host
   process is in. */
#include <string.h>

#include "pattern.h"

static void add_range(pm_map *m, unsigned low, unsigned high) {
  for (unsigned c = low; c <= high; c++) pm_map_add(m, c);
}

static void add_letters(pm_map *m) {
  add_range(m, 'A', 'Z');
  add_range(m, 'a', 'z');
}

/* The graphic characters that are neither letters nor digits. */
static void add_punctuation(pm_map *m) {
  add_range(m, '!', '/');
  add_range(m, ':', '@');
  add_range(m, '[', '`');
  add_range(m, '{', '~');
}

/* The class a lowercase class letter names, into an empty map; 0 if it names none. */
static int lower_class(pm_map *out, unsigned letter) {
  switch (letter) {
    case 'a': add_letters(out); return 1;
    case 'c': add_range(out, 0, 31); pm_map_add(out, 127); return 1;
    case 'd': add_range(out, '0', '9'); return 1;
    case 'g': add_range(out, '!', '~'); return 1;
    case 'l': add_range(out, 'a', 'z'); return 1;
    case 'p': add_punctuation(out); return 1;
    case 's': add_range(out, '\t', '\r'); pm_map_add(out, ' '); return 1;
    case 'u': add_range(out, 'A', 'Z'); return 1;
    case 'w': add_letters(out); add_range(out, '0', '9'); return 1;
    case 'x': add_range(out, '0', '9'); add_range(out, 'A', 'F'); add_range(out, 'a', 'f'); return 1;
    case 'z': pm_map_add(out, 0); return 1; /* '\0', which the manual no longer lists */
    default: return 0;
  }
}

void pm_make_classes(pm_classes *c) {
  memset(c, 0, sizeof *c);
  for (unsigned i = 0; i < 26; i++)
    if (lower_class(&c->of[i], 'a' + i)) c->named |= 1u << i;
}

/* Adds to `out` the class that "%" followed by `letter` stands for: a class letter's
   class, its complement for the uppercase letter, else the character itself. */
void pm_class_letter(const pm_classes *c, pm_map *out, unsigned letter) {
  unsigned lower = (letter >= 'A' && letter <= 'Z') ? letter + 32 : letter;
  if (lower < 'a' || lower > 'z' || !((c->named >> (lower - 'a')) & 1)) {
    pm_map_add(out, letter);
    return;
  }
  uint32_t flip = (lower != letter) ? 0xFFFFFFFFu : 0;
  for (int i = 0; i < 8; i++) out->bits[i] |= c->of[lower - 'a'].bits[i] ^ flip;
}

/* Where the set whose '[' is at p[open] ends: the index of its closing ']', or `len`
   when there is none. The first member (after an optional '^') is taken as it is, so a
   ']' there is a member; "%" makes the character after it a member too. */
size_t pm_set_end(const char *p, size_t len, size_t open) {
  size_t i = open + 1;
  if (i < len && p[i] == '^') i++;
  do {
    if (i >= len) return len;
    if (p[i] == '%' && i + 1 < len) i++;
    i++;
  } while (i >= len || p[i] != ']');
  return i;
}

/* The map of the set whose members are p[first..close) (after '[' and any '^'; p[close]
   is its ']'). A member is "%x" (a class, or x itself), "a-z" (a range, when a character
   follows the '-' before the end), or one character. A "%" just before the end takes the
   ']' as the character it escapes, as lua5.4 does. */
void pm_set_map(const pm_classes *classes, pm_map *out, const char *p, size_t first,
                size_t close) {
  size_t i = first;
  while (i < close) {
    unsigned c = (unsigned char)p[i];
    if (c == '%') {
      pm_class_letter(classes, out, (unsigned char)p[i + 1]);
      i += 2;
    } else if (i + 2 < close && p[i + 1] == '-') {
      unsigned high = (unsigned char)p[i + 2];
      if (c <= high) add_range(out, c, high);
      i += 3;
    } else {
      pm_map_add(out, c);
      i += 1;
    }
  }
}
