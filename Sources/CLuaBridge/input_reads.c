/* An input table whose reads are noted, so the host can say which keys of a
   `--input`, a tap's input or an example nothing read (a misspelt key is otherwise
   silently ignored: the function reads nil and goes on).

   The script gets an empty proxy whose metatable answers every read from the real
   table: `__index` notes the key (a string key only) in a second table, `__pairs`
   walks the real table and counts as reading every key, `__len` is the real table's.
   Only the host's own functions run in the metamethods: nothing of the script's. */
#include "CLuaBridge.h"


/* upvalues: 1 the real table, 2 the keys read */
static int read_index(lua_State *L) {
  if (lua_type(L, 2) == LUA_TSTRING) {
    lua_pushvalue(L, 2);
    lua_pushboolean(L, 1);
    lua_rawset(L, lua_upvalueindex(2));
  }
  lua_pushvalue(L, 2);
  lua_gettable(L, lua_upvalueindex(1));
  return 1;
}

static int read_next(lua_State *L) {
  lua_settop(L, 2);
  if (lua_next(L, 1)) return 2;
  lua_pushnil(L);
  return 1;
}

static int read_pairs(lua_State *L) {
  /* A walk reads every key: true in the reads table says so. */
  lua_pushboolean(L, 1);
  lua_pushboolean(L, 1);
  lua_rawset(L, lua_upvalueindex(2));
  lua_pushcfunction(L, read_next);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_pushnil(L);
  return 3;
}

static int read_len(lua_State *L) {
  lua_pushinteger(L, (lua_Integer)lua_rawlen(L, lua_upvalueindex(1)));
  return 1;
}

/* 1: the real table; returns the proxy and the reads table. */
static int p_track(lua_State *L) {
  lua_settop(L, 1);
  lua_newtable(L); /* 2: the keys read */
  lua_newtable(L); /* 3: the proxy */
  lua_newtable(L); /* 4: its metatable */
  static const struct {
    const char *name;
    lua_CFunction fn;
  } methods[] = {{"__index", read_index}, {"__pairs", read_pairs}, {"__len", read_len}};
  for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) {
    lua_pushvalue(L, 1);
    lua_pushvalue(L, 2);
    lua_pushcclosure(L, methods[i].fn, 2);
    lua_setfield(L, 4, methods[i].name);
  }
  lua_setmetatable(L, 3);
  lua_pushvalue(L, 3);
  lua_pushvalue(L, 2);
  return 2;
}

int psy_pushtracked(lua_State *L) {
  if (!lua_checkstack(L, 8)) return PSY_NOSTACK;
  lua_pushcfunction(L, p_track);
  lua_rotate(L, -2, 1);
  return lua_pcall(L, 1, 2, 0);
}
