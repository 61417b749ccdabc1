/* string.find, string.match and string.gmatch over compiled programs.

   Where lua5.4 tries a match at every place of the subject in turn, these ask the
   program where the next match may start (pm_next_start) and try only there. */
#include "pattern.h"

#define ENGINE lua_upvalueindex(1)

/* The manual's `init` as an offset from the subject's start: negative counts from the
   end, 0 and anything before the start mean the start. May lie past the end. */
size_t pm_start_offset(lua_State *L, int arg, size_t len) {
  lua_Integer init = luaL_optinteger(L, arg, 1);
  if (init > 0) return (size_t)init - 1;
  if (init == 0 || init < -(lua_Integer)len) return 0;
  return len - (size_t)(-init);
}

/* The first match at or after `from` (only at `from` when anchored): its start, with its
   end in *e; NULL when there is none. */
static const unsigned char *first_match(pm_matcher *m, const unsigned char *from,
                                        const unsigned char **e) {
  if (m->prog->anchored) return (*e = pm_run(m, from)) ? from : NULL;
  for (;;) {
    if (!(from = pm_next_start(m, from))) return NULL;
    if ((*e = pm_run(m, from))) return from;
    if (from == m->end) return NULL;
    from++;
  }
}

/* find and match: the same search, told apart by what they return. */
static int search(lua_State *L, int find) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t init = pm_start_offset(L, 3, ls);
  psy_check_deadline(L);
  if (init > ls) {
    luaL_pushfail(L);
    return 1;
  }
  if (find && (lua_toboolean(L, 4) || !pm_has_specials(p, lp))) {
    const char *at = pm_plain_find(L, s + init, ls - init, p, lp);
    if (!at) {
      luaL_pushfail(L);
      return 1;
    }
    lua_pushinteger(L, (lua_Integer)(at - s) + 1);
    lua_pushinteger(L, (lua_Integer)(at - s) + (lua_Integer)lp);
    return 2;
  }
  pm_matcher m;
  const pm_program *g = pm_program_for(L, ENGINE, 2, 1);
  pm_matcher_init(&m, L, g, pm_engine_stack(L, ENGINE), s, ls);
  const unsigned char *e, *at = first_match(&m, m.subject + init, &e);
  if (!at) {
    luaL_pushfail(L);
    return 1;
  }
  if (!find) return pm_push_captures(&m, at, e, 1);
  lua_pushinteger(L, (lua_Integer)(at - m.subject) + 1);
  lua_pushinteger(L, (lua_Integer)(e - m.subject));
  return 2 + pm_push_captures(&m, at, e, 0);
}

int pm_find(lua_State *L) { return search(L, 1); }
int pm_match(lua_State *L) { return search(L, 0); }

/* A gmatch iterator's state: what it matches (kept alive by the iterator's other
   upvalues: the subject, the program and the engine) and where it goes on from. One
   userdata, so that a step reaches all of it at once. */
typedef struct cursor {
  const char *subject;
  size_t len;
  const pm_program *prog;
  pm_choice *stack;
  size_t at;   /* the next place to try; past the end when done */
  size_t last; /* where the last match ended: a match may not end there again */
} cursor;

static int gmatch_step(lua_State *L) {
  cursor *c = lua_touserdata(L, lua_upvalueindex(1));
  pm_matcher m;
  psy_check_deadline(L);
  pm_matcher_init(&m, L, c->prog, c->stack, c->subject, c->len);
  while (c->at <= c->len) {
    const unsigned char *from = pm_next_start(&m, m.subject + c->at), *e;
    if (!from) break;
    if ((e = pm_run(&m, from)) && (size_t)(e - m.subject) != c->last) {
      c->at = c->last = (size_t)(e - m.subject);
      return pm_push_captures(&m, from, e, 1);
    }
    c->at = (size_t)(from - m.subject) + 1;
  }
  c->at = c->len + 1;
  return 0;
}

/* A '^' does not anchor here (the manual: it would stop the iteration). */
int pm_gmatch(lua_State *L) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  luaL_checklstring(L, 2, &lp);
  size_t init = pm_start_offset(L, 3, ls);
  lua_settop(L, 2);
  cursor *c = lua_newuserdatauv(L, sizeof(cursor), 0);
  c->subject = s;
  c->len = ls;
  c->prog = pm_program_for(L, ENGINE, 2, 0); /* pushed: it keeps the pattern alive */
  c->stack = pm_engine_stack(L, ENGINE);
  c->at = init > ls ? ls + 1 : init;
  c->last = (size_t)-1;
  lua_pushvalue(L, 1);
  lua_pushvalue(L, ENGINE);
  lua_pushcclosure(L, gmatch_step, 4); /* the cursor, the program, the subject, the engine */
  return 1;
}
