/* string.find with `plain` (or a pattern without special characters): a substring
   search.

   glibc's memmem takes time linear in the subject whatever the needle, so a subject is
   searched in windows of a megabyte (overlapping by the needle's length less one) with a
   look at the clock between two. */
#define _GNU_SOURCE /* memmem */
#include <string.h>

#include "pattern.h"

#define WINDOW ((size_t)1 << 20)

const char *pm_plain_find(lua_State *L, const char *s, size_t ls, const char *n, size_t ln) {
  if (ln == 0) return s;
  size_t at = 0;
  while (at < ls && ls - at >= ln) {
    size_t span = ls - at < WINDOW + ln - 1 ? ls - at : WINDOW + ln - 1;
    const char *hit = memmem(s + at, span, n, ln);
    if (hit) return hit;
    at += span - ln + 1;
    psy_check_deadline(L);
  }
  return NULL;
}
