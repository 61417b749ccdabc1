/* An input table whose reads are noted, so the host can say which keys of a
   `--input`, a tap's input or an example nothing read (a misspelt key is otherwise
   silently ignored: the function reads nil and goes on).

   The script gets an empty proxy whose metatable answers every read from the real
   table: `__index` notes the key (a string key only) in a second table, `__pairs`
   walks the real table and counts as reading every key, `__len` is the real table's.
   Only the host's own functions run in the metamethods: nothing of the script's.

   A function may hand its input back (`channels = function(row) return row end`):
   the host must then copy the real table, not the empty proxy. A weak registry
   table maps each proxy to its `__index` closure, whose upvalues are the real
   table and the keys read; copying the real table reads every key. */
#include "CLuaBridge.h"

static const char proxies_key = 0; /* registry: proxy -> its __index closure (weak keys) */


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
  /* Its `true` slot made now, so marking every key read later allocates nothing. */
  lua_pushboolean(L, 1);
  lua_pushboolean(L, 0);
  lua_rawset(L, 2);
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
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &proxies_key) != LUA_TTABLE) {
    lua_pop(L, 1);
    lua_newtable(L);
    lua_newtable(L);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &proxies_key);
  }
  lua_pushvalue(L, 3);
  lua_getfield(L, 4, "__index");
  lua_rawset(L, -3);
  lua_pop(L, 1);
  lua_setmetatable(L, 3);
  lua_pushvalue(L, 3);
  lua_pushvalue(L, 2);
  return 2;
}

int psy_pushuntracked(lua_State *L, int idx) {
  if (!lua_checkstack(L, 4)) return 0;
  idx = lua_absindex(L, idx);
  if (!lua_getmetatable(L, idx)) return 0;
  lua_pop(L, 1);
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &proxies_key) != LUA_TTABLE) {
    lua_pop(L, 1);
    return 0;
  }
  lua_pushvalue(L, idx);
  if (lua_rawget(L, -2) != LUA_TFUNCTION) {
    lua_pop(L, 2);
    return 0;
  }
  /* Every key is read: the slot exists already (p_track), so this allocates nothing. */
  lua_getupvalue(L, -1, 2);
  lua_pushboolean(L, 1);
  lua_pushboolean(L, 1);
  lua_rawset(L, -3);
  lua_pop(L, 1);
  lua_getupvalue(L, -1, 1);
  lua_replace(L, -3);
  lua_pop(L, 1);
  return 1;
}

int psy_pushtracked(lua_State *L) {
  if (!lua_checkstack(L, 8)) return PSY_NOSTACK;
  lua_pushcfunction(L, p_track);
  lua_rotate(L, -2, 1);
  return lua_pcall(L, 1, 2, 0);
}
