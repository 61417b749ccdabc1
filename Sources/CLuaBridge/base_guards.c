/* The base library's functions the sandbox narrows: load takes text only, setmetatable
   refuses finalizers, and xpcall runs no message handler once the time is up.

   Each checks what the sandbox forbids, then runs the library's own C function (its
   closure's one upvalue) in its own frame instead of calling it: errors the original
   raises (luaL_argerror) then name the function as the script called it, with the
   script's file:line, as in lua5.4, and no extra C frame shows in tracebacks. */
#include <string.h>

#include "deadline.h"
#include "libraries.h"

static int as_original(lua_State *L) {
  lua_CFunction original = lua_tocfunction(L, lua_upvalueindex(1));
  return original(L);
}

/* ---- load: text only --------------------------------------------------- */

/* What Lua says to a binary chunk under mode "t": scripts load as if every mode were. */
#define BINARY_REFUSED "attempt to load a binary chunk (mode is 't')"

static int starts_as_bytecode(const char *s, size_t len) {
  return s != NULL && len > 0 && s[0] == LUA_SIGNATURE[0];
}

/* A reader function's stand-in: hands its pieces on, and looks at the first one (the
   second upvalue says whether it has been seen) for bytecode's first byte. */
static int first_piece_checked(lua_State *L) {
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_call(L, 0, 1);
  if (!lua_toboolean(L, lua_upvalueindex(2))) {
    lua_pushboolean(L, 1);
    lua_replace(L, lua_upvalueindex(2));
    size_t len = 0;
    const char *piece = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
    if (starts_as_bytecode(piece, len)) {
      lua_pushliteral(L, BINARY_REFUSED); /* as Lua's own refusal: no place in front */
      return lua_error(L);
    }
  }
  return 1;
}

/* load(chunk [, chunkname [, mode [, env]]]). A mode that allows text becomes "t", and
   Lua refuses bytecode itself. A mode without 't' keeps Lua's own refusal of text, and
   bytecode is refused here, from its first byte, whether a string or a reader's. */
static int text_load(lua_State *L) {
  if (lua_gettop(L) == 0) return as_original(L); /* Lua's own "got no value" */
  const char *mode = luaL_optstring(L, 3, "bt");
  if (strchr(mode, 't') != NULL) {
    lua_settop(L, lua_gettop(L) < 3 ? 3 : lua_gettop(L)); /* an absent env stays absent */
    lua_pushliteral(L, "t");
    lua_replace(L, 3);
    return as_original(L);
  }
  switch (lua_type(L, 1)) {
  case LUA_TSTRING: {
    size_t len;
    const char *s = lua_tolstring(L, 1, &len);
    if (!starts_as_bytecode(s, len)) break;
    luaL_pushfail(L);
    lua_pushliteral(L, BINARY_REFUSED);
    return 2;
  }
  case LUA_TFUNCTION:
    lua_pushvalue(L, 1);
    lua_pushboolean(L, 0);
    lua_pushcclosure(L, first_piece_checked, 2);
    lua_replace(L, 1);
    break;
  }
  return as_original(L);
}

/* ---- setmetatable without finalizers ----------------------------------- */

/* Lua runs __gc finalizers with hooks off, so no time limit could stop one that loops,
   during a collection or in lua_close. A table is marked for finalization only when the
   metatable setmetatable gives it holds __gc (one added later is never called): that is
   the one place to refuse it. */
static int no_finalizer_setmetatable(lua_State *L) {
  int refused = 0;
  if (lua_type(L, 2) == LUA_TTABLE) {
    lua_pushliteral(L, "__gc");
    refused = lua_rawget(L, 2) != LUA_TNIL;
    lua_pop(L, 1);
  }
  if (refused) return luaL_error(L, "setmetatable: __gc finalizers are not allowed in scripts");
  return as_original(L);
}

/* ---- xpcall: no handler after the deadline ----------------------------- */

/* The time limit raises from inside the count hook, where Lua has turned hooks off; they
   come back on only where a pcall catches the error. Until then Lua runs xpcall's message
   handler, and a loop in it could never be stopped: after the deadline the stand-in hands
   the message on untouched. */
static int handler_while_in_time(lua_State *L) {
  if (psy_limits_expired(psy_limits_of(L))) return 1;
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

static int guarded_xpcall(lua_State *L) {
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);
  lua_pushcclosure(L, handler_while_in_time, 1);
  lua_replace(L, 2);
  return as_original(L);
}

/* Replaces t[name] (t on top) by `guard`, holding the original as its upvalue. */
static void guard_field(lua_State *L, const char *name, lua_CFunction guard) {
  lua_getfield(L, -1, name);
  lua_pushcclosure(L, guard, 1);
  lua_setfield(L, -2, name);
}

void psy_open_base_guards(lua_State *L) {
  guard_field(L, "load", text_load);
  guard_field(L, "setmetatable", no_finalizer_setmetatable);
  guard_field(L, "xpcall", guarded_xpcall);
}
