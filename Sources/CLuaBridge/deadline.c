/* The one place a time-limit error is made (see deadline.h). */
#include <string.h>

#include "deadline.h"

/* Keeps "file:line: " of the function `level` up the stack as the call's expiry place. */
static void place_expiry(lua_State *L, psy_limits *lim, int level) {
  luaL_where(L, level);
  size_t length;
  const char *where = lua_tolstring(L, -1, &length);
  if (length >= sizeof lim->expired_at) length = sizeof lim->expired_at - 1;
  memcpy(lim->expired_at, where, length);
  lim->expired_at[length] = 0;
  lim->expiry_placed = 1;
  lua_pop(L, 1);
}

int psy_raise_time_limit(lua_State *L, int level) {
  psy_limits *lim = psy_limits_of(L);
  if (!lim->expiry_placed) place_expiry(L, lim, level);
  lua_pushstring(L, lim->expired_at);
  lua_pushstring(L, lim->exceeded);
  lua_concat(L, 2);
  return lua_error(L);
}
