/* The standard library a script sees: an allowlist (the sandbox) or, for the
   host's own use, everything. Also require, print and the coroutine functions
   that keep the time limit on the running thread. */
#include <stdio.h>
#include <string.h>

#include "CLuaBridge.h"
#include "bounded.h"
#include "psy_limits.h"
#include "lualib.h"

static const char path_key = 0;  /* registry: ';'-separated require folders */
static const char files_key = 0; /* registry: the files require loaded, in order */

/* ---- load: text only --------------------------------------------------- */

static int text_load(lua_State *L) {
  /* load(chunk [, chunkname [, mode [, env]]]) with mode forced to "t";
     an absent env must stay absent, or the chunk would get a nil _ENV. */
  if (lua_gettop(L) < 3) lua_settop(L, 3);
  lua_pushliteral(L, "t");
  lua_replace(L, 3);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

/* ---- setmetatable without finalizers ----------------------------------- */

/* Lua runs __gc finalizers with hooks off (GCTM clears allowhook), so no time limit
   could stop one that loops, during a collection or in lua_close. Scripts may not mark
   tables for finalization: that happens only when the metatable given to setmetatable
   holds __gc (a __gc added later is never called). */
static int safe_setmetatable(lua_State *L) {
  if (lua_type(L, 2) == LUA_TTABLE) {
    lua_pushliteral(L, "__gc");
    int has_gc = lua_rawget(L, 2) != LUA_TNIL;
    lua_pop(L, 1);
    if (has_gc)
      return luaL_error(L, "setmetatable: __gc finalizers are not allowed in scripts");
  }
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

/* ---- print to the host's stream --------------------------------------- */

typedef struct {
  psy_write_fn write;
  void *ctx;
} print_target;

static int host_print(lua_State *L) {
  print_target *t = lua_touserdata(L, lua_upvalueindex(1));
  int n = lua_gettop(L);
  for (int i = 1; i <= n; i++) {
    size_t len;
    const char *s = luaL_tolstring(L, i, &len);
    if (i > 1) t->write(t->ctx, "\t", 1);
    t->write(t->ctx, s, len);
    lua_pop(L, 1);
  }
  t->write(t->ctx, "\n", 1);
  return 0;
}

static int p_set_print(lua_State *L) {
  print_target *t = lua_newuserdatauv(L, sizeof *t, 0);
  t->write = (psy_write_fn)lua_touserdata(L, 1);
  t->ctx = lua_touserdata(L, 2);
  lua_pushcclosure(L, host_print, 1);
  lua_setglobal(L, "print");
  return 0;
}

int psy_set_print(lua_State *L, psy_write_fn write, void *ctx) {
  lua_pushcfunction(L, p_set_print);
  lua_pushlightuserdata(L, (void *)write);
  lua_pushlightuserdata(L, ctx);
  return lua_pcall(L, 2, 0, 0);
}

/* ---- require: Lua source files on the host's path ---------------------- */

static int valid_module_name(const char *name, size_t len) {
  if (len == 0 || len > 200 || name[0] == '.' || name[len - 1] == '.') return 0;
  for (size_t i = 0; i < len; i++) {
    char c = name[i];
    int ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
             c == '_' || c == '-' || c == '.';
    if (!ok || (c == '.' && name[i + 1] == '.')) return 0;
  }
  return 1;
}

/* Pushes the first "folder/name/with/slashes.lua" that exists, or nothing. */
static int find_module(lua_State *L, const char *name) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &path_key);
  const char *path = lua_tostring(L, -1);
  lua_pop(L, 1); /* the string stays alive in the registry */
  if (path == NULL) return 0;
  luaL_Buffer tried;
  luaL_buffinit(L, &tried);
  while (*path) {
    const char *end = strchr(path, ';');
    size_t dirlen = end ? (size_t)(end - path) : strlen(path);
    if (dirlen > 0) {
      luaL_Buffer b;
      luaL_buffinit(L, &b);
      /* The current folder adds nothing: a module beside a script named "x.lua" is
         "mine.lua" in messages, as the user would name it, not "./mine.lua". */
      if (!(dirlen == 1 && path[0] == '.')) {
        luaL_addlstring(&b, path, dirlen);
        luaL_addchar(&b, '/');
      }
      for (const char *c = name; *c; c++) luaL_addchar(&b, *c == '.' ? '/' : *c);
      luaL_addstring(&b, ".lua");
      luaL_pushresult(&b);
      FILE *f = fopen(lua_tostring(L, -1), "r");
      if (f) {
        fclose(f);
        lua_remove(L, -2); /* the list of tried files is not needed */
        return 1;
      }
      lua_pop(L, 1);
    }
    if (!end) break;
    path = end + 1;
  }
  lua_pop(L, 1);
  return 0;
}

static int host_require(lua_State *L) {
  size_t len;
  const char *name = luaL_checklstring(L, 1, &len);
  lua_settop(L, 1);
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE); /* 2 */
  if (lua_getfield(L, 2, name) != LUA_TNIL && lua_toboolean(L, -1)) return 1;
  lua_pop(L, 1);
  if (!valid_module_name(name, len))
    return luaL_error(L, "module name '%s' is not allowed (letters, digits, _ - and dots)", name);
  if (!find_module(L, name)) return luaL_error(L, "module '%s' not found on the script path", name);
  const char *filename = lua_tostring(L, -1); /* 3 */
  if (luaL_loadfilex(L, filename, "t") != LUA_OK) return lua_error(L); /* 4 */
  /* remember the file, so a watcher can reload when it changes */
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &files_key) == LUA_TTABLE) {
    lua_pushvalue(L, 3);
    lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
  }
  lua_pop(L, 1);
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 3);
  lua_call(L, 2, 1);
  if (lua_isnil(L, -1)) {
    lua_pop(L, 1);
    lua_pushboolean(L, 1);
  }
  lua_pushvalue(L, -1);
  lua_setfield(L, 2, name);
  return 1;
}

static int p_set_require_path(lua_State *L) {
  lua_pushvalue(L, 1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &path_key);
  return 0;
}

int psy_set_require_path(lua_State *L, const char *folders) {
  lua_pushcfunction(L, p_set_require_path);
  int status = psy_pushstring(L, folders, strlen(folders));
  if (status != LUA_OK) {
    lua_remove(L, status == PSY_NOSTACK ? -1 : -2);
    return status;
  }
  return lua_pcall(L, 1, 0, 0);
}

void psy_pushrequired(lua_State *L) { lua_rawgetp(L, LUA_REGISTRYINDEX, &files_key); }

/* ---- coroutines that carry the time limit ------------------------------ */

/* Resumes co with narg values from L; pushes results on L and returns their
   number, or pushes the error and returns -1. */
static int resume(lua_State *L, lua_State *co, int narg) {
  if (!lua_checkstack(co, narg)) {
    lua_pushliteral(L, "too many arguments to resume");
    return -1;
  }
  if (lua_status(co) == LUA_OK && lua_gettop(co) == 0) {
    lua_pushliteral(L, "cannot resume dead coroutine");
    return -1;
  }
  int entered = psy_enter_thread(L, co);
  if (entered < 0) {
    lua_pushliteral(L, "coroutines nested too deeply");
    return -1;
  }
  if (entered == 0) {
    psy_leave_thread(L);
    luaL_where(L, 1);
    lua_pushliteral(L, "time limit exceeded");
    lua_concat(L, 2);
    return lua_error(L);
  }
  lua_xmove(L, co, narg);
  int nres;
  int status = lua_resume(co, L, narg, &nres);
  psy_leave_thread(L);
  if (status == LUA_OK || status == LUA_YIELD) {
    if (!lua_checkstack(L, nres + 1)) {
      lua_pop(co, nres);
      lua_pushliteral(L, "too many results to resume");
      return -1;
    }
    lua_xmove(co, L, nres);
    return nres;
  }
  lua_xmove(co, L, 1);
  return -1;
}

static int co_resume(lua_State *L) {
  lua_State *co = lua_tothread(L, 1);
  luaL_argexpected(L, co, 1, "coroutine");
  int r = resume(L, co, lua_gettop(L) - 1);
  if (r < 0) {
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
  }
  lua_pushboolean(L, 1);
  lua_insert(L, -(r + 1));
  return r + 1;
}

/* Whether a message already starts "chunk:line:" (Lua's own wrap would add the wrap's
   call site in front of the place that failed: "a.lua:9: a.lua:2: boom"). */
static int has_position(const char *msg) {
  for (const char *p = msg; *p && *p != '\n'; p++) {
    if (*p != ':') continue;
    const char *q = p + 1;
    while (*q >= '0' && *q <= '9') q++;
    if (q > p + 1 && *q == ':') return 1;
  }
  return 0;
}

static int co_wrapped(lua_State *L) {
  lua_State *co = lua_tothread(L, lua_upvalueindex(1));
  int r = resume(L, co, lua_gettop(L));
  if (r >= 0) return r;
  int status = lua_status(co);
  /* Resetting runs __close methods: not once time is up (see late_code_stopped) */
  if (status != LUA_OK && status != LUA_YIELD && !psy_expired(L)) {
    lua_resetthread(co);
  }
  if (lua_type(L, -1) == LUA_TSTRING && !has_position(lua_tostring(L, -1))) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
  }
  return lua_error(L);
}

static int co_wrap(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_State *co = lua_newthread(L);
  lua_pushvalue(L, 1);
  lua_xmove(L, co, 1);
  lua_pushcclosure(L, co_wrapped, 1);
  return 1;
}

/* ---- no script code after the deadline with hooks off ------------------ */

/* The time limit raises its error from inside the count hook, where Lua has turned
   hooks off; they come back on only where a pcall catches the error. Until then Lua
   calls xpcall's message handler and, when a dead coroutine is closed, its __close
   methods, and a loop in either could never be stopped. After the deadline neither
   runs: the handler passes the message on as it is, close raises the time limit. */
static int late_code_stopped(lua_State *L) {
  luaL_where(L, 1);
  lua_pushliteral(L, "time limit exceeded");
  lua_concat(L, 2);
  return lua_error(L);
}

static int guarded_handler(lua_State *L) {
  if (psy_expired(L)) return 1;
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

static int finish_xpcall(lua_State *L, int status, lua_KContext ctx) {
  (void)status;
  (void)ctx;
  return lua_gettop(L);
}

static int safe_xpcall(lua_State *L) {
  int n = lua_gettop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);
  lua_pushcclosure(L, guarded_handler, 1);
  lua_replace(L, 2);
  lua_pushvalue(L, lua_upvalueindex(1)); /* the real xpcall, called yieldably */
  lua_insert(L, 1);
  lua_callk(L, n, LUA_MULTRET, 0, finish_xpcall);
  return finish_xpcall(L, LUA_OK, 0);
}

static int safe_close(lua_State *L) {
  if (psy_expired(L)) return late_code_stopped(L);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

/* ---- opening the libraries --------------------------------------------- */

static void keep_only(lua_State *L, const char *const *names) {
  /* replaces the table on top with one holding just names */
  lua_newtable(L);
  for (; *names; names++) {
    lua_getfield(L, -2, *names);
    lua_setfield(L, -2, *names);
  }
  lua_remove(L, -2);
}

/* Replaces t[name] (t on top) by f, which gets the original as its upvalue. */
static void wrap_field(lua_State *L, const char *name, lua_CFunction f) {
  lua_getfield(L, -1, name);
  lua_pushcclosure(L, f, 1);
  lua_setfield(L, -2, name);
}

static void open_sandbox(lua_State *L) {
  luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
  lua_pushnil(L);
  lua_setfield(L, -2, "dofile");
  lua_pushnil(L);
  lua_setfield(L, -2, "loadfile");
  wrap_field(L, "load", text_load);
  lua_pushcfunction(L, host_require);
  lua_setfield(L, -2, "require");
  wrap_field(L, "setmetatable", safe_setmetatable);
  wrap_field(L, "xpcall", safe_xpcall);
  lua_pop(L, 1);

  luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
  lua_pushnil(L);
  lua_setfield(L, -2, "dump");
  psy_open_bounded_string(L);
  lua_pushliteral(L, "");
  if (lua_getmetatable(L, -1)) { /* scripts may not reach or change it */
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pop(L, 1);
  }
  lua_pop(L, 2);

  luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
  psy_open_bounded_table(L);
  lua_pop(L, 1);
  luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
  lua_pop(L, 1);
  luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
  lua_pop(L, 1);
  luaL_requiref(L, LUA_COLIBNAME, luaopen_coroutine, 1);
  lua_pushcfunction(L, co_resume);
  lua_setfield(L, -2, "resume");
  lua_pushcfunction(L, co_wrap);
  lua_setfield(L, -2, "wrap");
  wrap_field(L, "close", safe_close);
  lua_pop(L, 1);

  static const char *const os_names[] = {"clock", "time", "date", "difftime", NULL};
  luaopen_os(L);
  keep_only(L, os_names);
  lua_setglobal(L, LUA_OSLIBNAME);

  /* package: just the table of loaded modules */
  lua_newtable(L);
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  lua_setfield(L, -2, "loaded");
  lua_setglobal(L, LUA_LOADLIBNAME);
}

static int p_openlibs(lua_State *L) {
  int trusted = (int)lua_tointeger(L, 1);
  lua_newtable(L);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &files_key);
  if (trusted) {
    luaL_openlibs(L);
  } else {
    open_sandbox(L);
  }
  return 0;
}

int psy_openlibs(lua_State *L, int trusted) {
  lua_pushcfunction(L, p_openlibs);
  lua_pushinteger(L, trusted);
  return lua_pcall(L, 1, 0, 0);
}
