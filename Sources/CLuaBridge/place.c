/* Where Lua code is running, read from the call stack alone: for error messages made
   outside Lua (the allocator's refusals, the host's own errors). A place, not text: the
   host writes it. */
#include <string.h>

#include "CLuaBridge.h"

int psy_site_at(lua_State *L, int level, psy_site *out) {
  lua_Debug ar;
  out->file[0] = 0;
  out->line = 0;
  if (!lua_getstack(L, level, &ar) || !lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0) return 0;
  const char *src = ar.source[0] == '@' ? ar.source + 1 : ar.short_src;
  size_t n = strlen(src);
  if (n >= sizeof out->file) n = sizeof out->file - 1;
  memcpy(out->file, src, n);
  out->file[n] = 0;
  out->line = ar.currentline;
  return 1;
}

int psy_nearest_site(lua_State *L, int from, psy_site *out) {
  for (int level = from; level < from + 8; level++)
    if (psy_site_at(L, level, out)) return 1;
  return 0;
}
