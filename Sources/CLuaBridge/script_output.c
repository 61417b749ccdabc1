/* Where a script's print and warn go: to the host's callbacks, never straight to a
   stream from C. */
#include <string.h>

#include "CLuaBridge.h"

/* Runs f(callback, ctx) protected, both as light userdata: the two setters' one shape. */
static int set_protected(lua_State *L, lua_CFunction f, void *callback, void *ctx) {
  lua_pushcfunction(L, f);
  lua_pushlightuserdata(L, callback);
  lua_pushlightuserdata(L, ctx);
  return lua_pcall(L, 2, 0, 0);
}

/* ---- print ------------------------------------------------------------ */

typedef struct {
  psy_write_fn write;
  void *ctx;
} print_target;

/* print(...): each value as tostring makes it, tabs between, a newline after. The
   target is the closure's upvalue. */
static int print_to_host(lua_State *L) {
  const print_target *target = lua_touserdata(L, lua_upvalueindex(1));
  int count = lua_gettop(L);
  for (int i = 1; i <= count; i++) {
    size_t length;
    const char *text = luaL_tolstring(L, i, &length); /* pushed: popped below */
    if (i != 1) target->write(target->ctx, "\t", 1);
    target->write(target->ctx, text, length);
    lua_settop(L, count);
  }
  target->write(target->ctx, "\n", 1);
  return 0;
}

static int p_set_print(lua_State *L) {
  print_target *target = lua_newuserdatauv(L, sizeof *target, 0);
  target->write = (psy_write_fn)lua_touserdata(L, 1);
  target->ctx = lua_touserdata(L, 2);
  lua_pushcclosure(L, print_to_host, 1);
  lua_setglobal(L, "print");
  return 0;
}

int psy_set_print(lua_State *L, psy_write_fn write, void *ctx) {
  return set_protected(L, p_set_print, (void *)write, ctx);
}

/* ---- warn: as lua5.4's, off until "@on" -------------------------------- */

/* Lua hands a warning over in pieces (warn("a", "b") is two); the host gets each piece,
   `complete` with the last, and shows the whole as it shows every message: with the
   characters a terminal must not obey escaped, from its one list of them. */
typedef struct {
  psy_warn_fn write;
  void *ctx;
  int on;        /* "@on" seen (and no "@off" since) */
  int continued; /* the last piece had tocont: this one continues it */
} warn_state;

/* A whole one-piece message starting with '@' controls warnings and is never shown. */
static void control(warn_state *w, const char *message) {
  if (strcmp(message, "@on") == 0) w->on = 1;
  else if (strcmp(message, "@off") == 0) w->on = 0;
}

static void warn_to_host(void *ud, const char *piece, int tocont) {
  warn_state *w = ud;
  int starts = !w->continued;
  if (starts && !tocont && piece[0] == '@') {
    control(w, piece);
    return;
  }
  if (starts && !w->on) return;
  w->continued = tocont;
  w->write(w->ctx, piece, strlen(piece), !tocont);
}

/* The state lives in a userdata the registry keeps, so it is freed with the state. */
static int p_set_warn(lua_State *L) {
  static const char warn_key = 0;
  warn_state *w = lua_newuserdatauv(L, sizeof *w, 0);
  *w = (warn_state){(psy_warn_fn)lua_touserdata(L, 1), lua_touserdata(L, 2), 0, 0};
  lua_rawsetp(L, LUA_REGISTRYINDEX, &warn_key);
  lua_setwarnf(L, warn_to_host, w);
  return 0;
}

int psy_set_warn(lua_State *L, psy_warn_fn write, void *ctx) {
  return set_protected(L, p_set_warn, (void *)write, ctx);
}
