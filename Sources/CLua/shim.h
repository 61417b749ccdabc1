/* The Lua 5.4 C API as Swift can see it: the headers, plus static inline
   functions for the macros Swift cannot import. */
#ifndef PSY_CLUA_SHIM_H
#define PSY_CLUA_SHIM_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

static const int psy_LUA_REGISTRYINDEX = LUA_REGISTRYINDEX;

static inline int psy_upvalueindex(int i) { return lua_upvalueindex(i); }
static inline int psy_pcall(lua_State *L, int nargs, int nresults, int msgh) {
  return lua_pcall(L, nargs, nresults, msgh);
}
static inline void psy_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline const char *psy_tostring(lua_State *L, int i) { return lua_tostring(L, i); }
static inline lua_Number psy_tonumber(lua_State *L, int i) { return lua_tonumber(L, i); }
static inline lua_Integer psy_tointeger(lua_State *L, int i) { return lua_tointeger(L, i); }
static inline void psy_pushcfunction(lua_State *L, lua_CFunction f) { lua_pushcfunction(L, f); }
static inline void psy_insert(lua_State *L, int i) { lua_insert(L, i); }
static inline void psy_remove(lua_State *L, int i) { lua_remove(L, i); }
static inline void psy_replace(lua_State *L, int i) { lua_replace(L, i); }
static inline void psy_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
static inline int psy_isnoneornil(lua_State *L, int i) { return lua_isnoneornil(L, i); }
static inline int psy_loadbufferx(lua_State *L, const char *b, size_t n, const char *name,
                                  const char *mode) {
  return luaL_loadbufferx(L, b, n, name, mode);
}

#endif
