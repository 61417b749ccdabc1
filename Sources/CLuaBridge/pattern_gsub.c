/* string.gsub over a compiled program.

   The text between two matches is copied in one piece: the program says where the next
   match may start (pm_next_start), and nothing before that place could match. */
#include <string.h>

#include "pattern.h"

#define ENGINE lua_upvalueindex(1)

/* A replacement string for the match s..e: "%0" is the match, "%1".."%9" its captures,
   "%%" a '%'; any other '%' is an error, raised when the first match reaches it, as in
   lua5.4. Each escape is a step: a replacement of ten million of them takes a while. */
static void add_expanded(pm_matcher *m, luaL_Buffer *b, const char *r, size_t lr,
                         const unsigned char *s, const unsigned char *e) {
  const char *end = r + lr, *pct;
  while ((pct = memchr(r, '%', (size_t)(end - r))) != NULL) {
    luaL_addlstring(b, r, (size_t)(pct - r));
    pm_spend(m, 1);
    char c = pct + 1 < end ? pct[1] : '\0';
    if (c == '%') luaL_addchar(b, '%');
    else if (c == '0') luaL_addlstring(b, (const char *)s, (size_t)(e - s));
    else if (c >= '1' && c <= '9') pm_add_capture(m, b, c - '1', s, e);
    else luaL_error(m->L, "invalid use of '%c' in replacement string", '%');
    r = pct + 2;
  }
  luaL_addlstring(b, r, (size_t)(end - r));
}

/* A table's value for the first capture, or a function's for all of them, pushed: a
   string or number replaces the match; false or nil (popped, returning 0) keeps it. */
static int looked_up(pm_matcher *m, const unsigned char *s, const unsigned char *e) {
  lua_State *L = m->L;
  if (lua_type(L, 3) == LUA_TFUNCTION) {
    lua_pushvalue(L, 3);
    lua_call(L, pm_push_captures(m, s, e, 1), 1);
  } else {
    pm_push_capture(m, 0, s, e);
    lua_gettable(L, 3);
  }
  if (!lua_toboolean(L, -1)) {
    lua_pop(L, 1);
    return 0;
  }
  if (!lua_isstring(L, -1))
    luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
  return 1;
}

/* The result is the subject with edits: the buffer holds the result up to `kept`, a
   place in the subject; the subject's text from there on is copied only when an edit
   comes after it. A gsub that changes nothing returns its subject itself, as lua5.4
   does. */
typedef struct edits {
  luaL_Buffer b;
  const unsigned char *kept;
  int changed;
} edits;

/* Replaces the match s..e by the replacement string r, or by a table's or function's
   value; a false or nil value keeps the match (it is copied later, with the text
   around it). */
static void replace(pm_matcher *m, edits *d, const char *r, size_t lr, const unsigned char *s,
                    const unsigned char *e) {
  /* the text before the match goes in first: once a value is pushed, luaL_addvalue is
     the only buffer call that may come */
  luaL_addlstring(&d->b, (const char *)d->kept, (size_t)(s - d->kept));
  d->kept = s;
  if (r) add_expanded(m, &d->b, r, lr, s, e);
  else if (looked_up(m, s, e)) luaL_addvalue(&d->b);
  else return;
  d->changed = 1;
  d->kept = e;
}

int pm_gsub(lua_State *L) {
  size_t ls, lr = 0;
  const char *s = luaL_checklstring(L, 1, &ls);
  luaL_checkstring(L, 2);
  int kind = lua_type(L, 3);
  lua_Integer most = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
  luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION ||
                          kind == LUA_TTABLE, 3, "string/function/table");
  psy_check_deadline(L);
  const char *r = (kind == LUA_TNUMBER || kind == LUA_TSTRING) ? lua_tolstring(L, 3, &lr) : NULL;
  pm_matcher m;
  const pm_program *g = pm_program_for(L, ENGINE, 2, 1);
  pm_matcher_init(&m, L, g, pm_engine_stack(L, ENGINE), s, ls);
  const unsigned char *at = m.subject, *end = m.end, *last = NULL, *e;
  lua_Integer n = 0;
  edits d = {.kept = m.subject, .changed = 0};
  luaL_buffinit(L, &d.b);
  while (n < most) {
    if (!g->anchored && !(at = pm_next_start(&m, at))) break;
    if ((e = pm_run(&m, at)) && e != last) {
      n++;
      replace(&m, &d, r, lr, at, e);
      at = last = e;
    } else if (at < end) {
      at++;
    } else {
      break;
    }
    if (g->anchored) break;
  }
  if (d.changed) {
    luaL_addlstring(&d.b, (const char *)d.kept, (size_t)(end - d.kept));
    luaL_pushresult(&d.b);
  } else {
    lua_pushvalue(L, 1);
  }
  lua_pushinteger(L, n);
  return 2;
}
