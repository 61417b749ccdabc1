/* C counterpart of PsyBench lua-to-swift / swift-to-lua (Sources/bench/LuaBench.swift):
 * the same Lua loop calling a C function, and the same function called from C with
 * lua_pcall under a traceback message handler, in ns/call.
 *   cc -O2 -o /tmp/lua_calls bench/lua_calls.c $(pkg-config --cflags --libs lua5.4)
 *   /tmp/lua_calls lua-to-c 10000000; /tmp/lua_calls c-to-lua 10000000 */
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static long sink;
static int f(lua_State *L) {
  sink += lua_gettop(L);
  return 0;
}

static int handler(lua_State *L) {
  luaL_traceback(L, L, lua_tostring(L, 1), 1);
  return 1;
}

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "";
  long n = argc > 2 ? atol(argv[2]) : 1000000;
  lua_State *L = luaL_newstate();
  luaL_openlibs(L);
  if (strcmp(mode, "lua-to-c") == 0) {
    lua_pushcfunction(L, f);
    lua_setglobal(L, "f");
    char src[128];
    snprintf(src, sizeof src, "local f = f for i = 1, %ld do f(i) end", n);
    luaL_loadstring(L, src);
    double t0 = now();
    lua_pcall(L, 0, 0, 0);
    printf("lua-to-c: %.1f ns/call\n", (now() - t0) / (double)n * 1e9);
  } else if (strcmp(mode, "c-to-lua") == 0) {
    luaL_dostring(L, "function g(x) return x end");
    lua_getglobal(L, "g");
    int ref = luaL_ref(L, LUA_REGISTRYINDEX);
    double t0 = now();
    for (long i = 0; i < n; i++) {
      lua_pushcfunction(L, handler);
      lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
      lua_pushinteger(L, i);
      if (lua_pcall(L, 1, 1, -3) != LUA_OK) return 1;
      sink += lua_tointeger(L, -1);
      lua_pop(L, 2);
    }
    printf("c-to-lua: %.1f ns/call\n", (now() - t0) / (double)n * 1e9);
  } else {
    fprintf(stderr, "usage: lua_calls lua-to-c|c-to-lua N\n");
    return 2;
  }
  lua_close(L);
  return sink == 42 ? 1 : 0;
}
