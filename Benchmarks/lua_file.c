/* `lua_file FILE N`: runs a Lua file N times in one state, as `PsyBench lua-file` does, from
   plain C linked with the same liblua5.4.so: the bound any embedding of that library
   meets (lua5.4 itself links the VM statically, which is faster for API-heavy code). */
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
  if (argc < 3) {
    fprintf(stderr, "usage: lua_file FILE N\n");
    return 2;
  }
  lua_State *L = luaL_newstate();
  luaL_openlibs(L);
  const char *flags[] = {"_port", "_soft", "_nomsg"};
  for (int i = 0; i < 3; i++) {
    lua_pushboolean(L, 1);
    lua_setglobal(L, flags[i]);
  }
  if (luaL_dofile(L, "Benchmarks/fixed_seed.lua") != LUA_OK) {
    fprintf(stderr, "%s\n", lua_tostring(L, -1));
    return 1;
  }
  for (int i = 0, n = atoi(argv[2]); i < n; i++) {
    if (luaL_loadfile(L, argv[1]) != LUA_OK || lua_pcall(L, 0, 0, 0) != LUA_OK) {
      fprintf(stderr, "%s\n", lua_tostring(L, -1));
      return 1;
    }
  }
  lua_close(L);
  return 0;
}
