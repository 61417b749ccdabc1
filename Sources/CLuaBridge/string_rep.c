/* string.rep, with the sandbox's bound.

   lstrlib writes the n copies one by one, even empty ones: string.rep("", 1e15) would
   run for days inside one C call. Here the result is made by doubling what is already
   written: at most log2(length) copies, whatever n is. */
#include <string.h>

#include "pattern.h"

/* Lua 5.4's largest string this function makes. */
#define LONGEST ((size_t)0x7fffffff)

/* Fills out[0, total) with the repeating unit out[0, unit). */
static void double_up(char *out, size_t unit, size_t total) {
  for (size_t done = unit; done < total;) {
    size_t more = done < total - done ? done : total - done;
    memcpy(out + done, out, more);
    done += more;
  }
}

int pm_rep(lua_State *L) {
  size_t l, lsep;
  const char *s = luaL_checklstring(L, 1, &l);
  lua_Integer n = luaL_checkinteger(L, 2);
  const char *sep = luaL_optlstring(L, 3, "", &lsep);
  psy_check_deadline(L);
  size_t unit = l + lsep;
  if (n <= 0 || unit == 0) {
    lua_pushliteral(L, "");
    return 1;
  }
  if (unit < l || unit > LONGEST / (size_t)n) return luaL_error(L, "resulting string too large");
  /* (s sep) n times, without the last sep */
  size_t total = unit * (size_t)n - lsep;
  luaL_Buffer b;
  char *out = luaL_buffinitsize(L, &b, total);
  memcpy(out, s, l);
  if (total > l) memcpy(out + l, sep, lsep);
  double_up(out, total < unit ? total : unit, total);
  luaL_pushresultsize(&b, total);
  return 1;
}
