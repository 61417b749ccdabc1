/* The standard library a script sees: an allowlist of Lua's (the sandbox), with the
   parts of our own in place of the functions it narrows (base_guards.c, require.c,
   coroutines.c, table_functions.c, table_sort.c, string_library.c); or, for the host's
   own use, everything. Either way the collector runs in generational mode, as lua5.4
   (lua.c) runs it. */
#include "CLuaBridge.h"
#include "string_library.h"
#include "libraries.h"
#include <lua5.4/lualib.h>
#include "table_functions.h"

/* Replaces the table on top with one holding only the fields `names`. */
static void keep_only(lua_State *L, const char *const *names) {
  lua_newtable(L);
  for (; *names; names++) {
    lua_getfield(L, -2, *names);
    lua_setfield(L, -2, *names);
  }
  lua_remove(L, -2);
}

/* t[name] = nil for each of names, t on top. */
static void remove_fields(lua_State *L, const char *const *names) {
  for (; *names; names++) {
    lua_pushnil(L);
    lua_setfield(L, -2, *names);
  }
}

static void open_base(lua_State *L) {
  static const char *const absent[] = {"dofile", "loadfile", NULL};
  luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
  remove_fields(L, absent);
  psy_open_base_guards(L);
  psy_open_require(L);
  lua_pop(L, 1);
}

/* string without dump, with the bounded matcher; the metatable every string shares is
   hidden from scripts (getmetatable("") is false), so they cannot reach or change it. */
static void open_string(lua_State *L) {
  static const char *const absent[] = {"dump", NULL};
  luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
  remove_fields(L, absent);
  psy_open_bounded_string(L);
  lua_pushliteral(L, "");
  if (lua_getmetatable(L, -1)) {
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
  }
  lua_pop(L, 2);
}

/* Sets the table on top as global `name` and as package.loaded[name], as Lua does for
   every library; pops it. */
static void publish(lua_State *L, const char *name) {
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  lua_pushvalue(L, -2);
  lua_setfield(L, -2, name);
  lua_pop(L, 1);
  lua_setglobal(L, name);
}

static void open_sandbox(lua_State *L) {
  open_base(L);
  open_string(L);
  luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
  psy_open_table_functions(L);
  lua_pop(L, 1);
  luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
  lua_pop(L, 1);
  luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
  lua_pop(L, 1);
  luaL_requiref(L, LUA_COLIBNAME, luaopen_coroutine, 1);
  psy_open_coroutines(L);
  lua_pop(L, 1);

  static const char *const os_names[] = {"clock", "time", "date", "difftime", NULL};
  luaopen_os(L);
  keep_only(L, os_names);
  publish(L, LUA_OSLIBNAME);

  /* package: the table of loaded modules, and config (the path separators, as Lua's:
     libraries such as Penlight read the directory separator there) */
  lua_newtable(L);
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  lua_setfield(L, -2, "loaded");
  lua_pushliteral(L, LUA_DIRSEP "\n" LUA_PATH_SEP "\n" LUA_PATH_MARK "\n!\n-\n");
  lua_setfield(L, -2, "config");
  publish(L, LUA_LOADLIBNAME);
}

static int p_openlibs(lua_State *L) {
  int trusted = (int)lua_tointeger(L, 1);
  lua_gc(L, LUA_GCGEN, 0, 0);
  psy_require_start(L);
  if (trusted) luaL_openlibs(L);
  else open_sandbox(L);
  return 0;
}

int psy_openlibs(lua_State *L, int trusted) {
  lua_pushcfunction(L, p_openlibs);
  lua_pushinteger(L, trusted);
  return lua_pcall(L, 1, 0, 0);
}

/* Lends back what the sandbox removes, for tests that run Lua's own suite past its
   first use of them: debug as a module (the suite requires it), io and the whole os as
   globals and modules. */
static int p_lend_libraries(lua_State *L) {
  luaL_requiref(L, LUA_DBLIBNAME, luaopen_debug, 0);
  luaL_requiref(L, LUA_IOLIBNAME, luaopen_io, 1);
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  lua_pushnil(L);
  lua_setfield(L, -2, LUA_OSLIBNAME); /* the sandbox's own os, replaced by the whole */
  luaL_requiref(L, LUA_OSLIBNAME, luaopen_os, 1);
  return 0;
}

int psy_lend_libraries(lua_State *L) {
  lua_pushcfunction(L, p_lend_libraries);
  return lua_pcall(L, 0, 0, 0);
}
