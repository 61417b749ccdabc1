/* The captures of a match, as Lua values or into a gsub's result.

   Lua 5.4's rules: a pattern without captures has the whole match as capture 1; a
   capture the pattern never closed is an error only when it is asked for ("unfinished
   capture"); a position capture "()" is an integer. */
#include <stdio.h>

#include "pattern.h"

enum piece { WHOLE, POSITION, TEXT };

/* What capture i of the match s..e is; raises for one that does not exist or never
   closed. */
static enum piece capture(const pm_matcher *m, int i, const unsigned char **at, size_t *len,
                          const unsigned char *s, const unsigned char *e) {
  const pm_program *g = m->prog;
  if (i >= g->captures) {
    if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
    *at = s;
    *len = (size_t)(e - s);
    return WHOLE;
  }
  if ((g->unfinished >> i) & 1) luaL_error(m->L, "unfinished capture");
  *at = m->cap_at[i];
  if (m->cap_len[i] < 0) return POSITION;
  *len = (size_t)m->cap_len[i];
  return TEXT;
}

void pm_push_capture(pm_matcher *m, int i, const unsigned char *s, const unsigned char *e) {
  const unsigned char *at;
  size_t len = 0;
  if (capture(m, i, &at, &len, s, e) == POSITION)
    lua_pushinteger(m->L, (lua_Integer)(at - m->subject) + 1);
  else
    lua_pushlstring(m->L, (const char *)at, len);
}

int pm_push_captures(pm_matcher *m, const unsigned char *s, const unsigned char *e,
                     int whole) {
  int n = m->prog->captures;
  if (n == 0 && whole) n = 1;
  luaL_checkstack(m->L, n, "too many captures");
  for (int i = 0; i < n; i++) pm_push_capture(m, i, s, e);
  return n;
}

void pm_add_capture(pm_matcher *m, luaL_Buffer *b, int i, const unsigned char *s,
                    const unsigned char *e) {
  const unsigned char *at;
  size_t len = 0;
  if (capture(m, i, &at, &len, s, e) == POSITION) {
    char digits[32]; /* as Lua writes an integer */
    int n = snprintf(digits, sizeof digits, LUA_INTEGER_FMT, (LUAI_UACINT)(at - m->subject) + 1);
    luaL_addlstring(b, digits, (size_t)n);
  } else {
    luaL_addlstring(b, (const char *)at, len);
  }
}
