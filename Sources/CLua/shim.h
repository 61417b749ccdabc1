/* The Lua 5.4 C API as Swift can see it: the headers, plus static inline
   functions for the macros Swift cannot import. These run in Swift's frame,
   unprotected: each may use only what cannot raise (the allowlist in
   Tests/LuaHostTests/RaisingCallsTests.swift reads this file too). */
#ifndef PSY_CLUA_SHIM_H
#define PSY_CLUA_SHIM_H

#include <lua5.4/lua.h>
#include <lua5.4/lauxlib.h>
#include <lua5.4/lualib.h>

static const int psy_LUA_REGISTRYINDEX = LUA_REGISTRYINDEX;

static inline void psy_pop(lua_State *L, int n) { lua_pop(L, n); }
static inline void psy_pushglobaltable(lua_State *L) { lua_pushglobaltable(L); }
/* The bytes of a string value, or NULL for anything else: lua_tolstring on a
   number would convert it in place, which allocates and so may raise. */
static inline const char *psy_stringat(lua_State *L, int i, size_t *length) {
  return lua_type(L, i) == LUA_TSTRING ? lua_tolstring(L, i, length) : NULL;
}

#endif
