/* Where Lua code is running, as "file:line", read from the call stack alone: for error
   messages made outside Lua (the allocator's refusals, the host's own errors). */
#include <string.h>

#include "CLuaBridge.h"

int psy_where(lua_State *L, int level, char *buffer, size_t size) {
  lua_Debug ar;
  if (size == 0) return 0;
  buffer[0] = 0;
  if (!lua_getstack(L, level, &ar) || !lua_getinfo(L, "Sl", &ar) || ar.currentline <= 0) return 0;
  const char *src = ar.source[0] == '@' ? ar.source + 1 : ar.short_src;
  size_t n = strlen(src);
  if (n + 24 >= size) n = size > 24 ? size - 24 : 0;
  memcpy(buffer, src, n);
  buffer[n] = ':';
  int line = ar.currentline, digits = 0;
  char tmp[16];
  while (line > 0 && digits < 15) {
    tmp[digits++] = (char)('0' + line % 10);
    line /= 10;
  }
  size_t p = n + 1;
  while (digits > 0) buffer[p++] = tmp[--digits];
  buffer[p] = 0;
  return (int)p;
}

int psy_nearest_where(lua_State *L, int from, char *buffer, size_t size) {
  int n = 0;
  for (int level = from; level < from + 8 && n <= 0; level++) n = psy_where(L, level, buffer, size);
  return n;
}
