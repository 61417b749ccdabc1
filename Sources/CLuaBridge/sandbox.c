/* The standard library a script sees: an allowlist (the sandbox) or, for the
   host's own use, everything. Also require, print and the coroutine functions
   that keep the time limit on the running thread. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "CLuaBridge.h"
#include "bounded.h"
#include "psy_limits.h"
#include <lua5.4/lualib.h>

static const char path_key = 0;  /* registry: ';'-separated require folders */
static const char files_key = 0; /* registry: the files require loaded, in order */
static const char stopped_key = 0; /* registry: weak set of coroutines the time limit ended */

/* ---- wrappers that keep the original's frame ---------------------------

   A wrapper checks what the sandbox forbids, then runs the library's own C function in
   its own frame instead of calling it: errors the original raises (luaL_argerror) then
   name the function as the script called it, with the script's file:line, as in lua5.4,
   and no extra C frame shows in tracebacks. Only base and coroutine functions without
   upvalues are wrapped this way. */

static int run_original(lua_State *L) {
  return lua_tocfunction(L, lua_upvalueindex(1))(L);
}

/* ---- load: text only --------------------------------------------------- */

/* What Lua says to a binary chunk under mode "t": scripts load as if every mode were. */
#define BINARY_REFUSED "attempt to load a binary chunk (mode is 't')"

/* Hands the reader's pieces on, refusing a stream whose first byte marks bytecode. */
static int text_only_reader(lua_State *L) {
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_call(L, 0, 1);
  if (lua_toboolean(L, lua_upvalueindex(2))) return 1;
  lua_pushboolean(L, 1);
  lua_replace(L, lua_upvalueindex(2));
  size_t len;
  const char *s = lua_type(L, -1) == LUA_TSTRING ? lua_tolstring(L, -1, &len) : NULL;
  if (s && len > 0 && s[0] == LUA_SIGNATURE[0]) {
    lua_pushliteral(L, BINARY_REFUSED);
    return lua_error(L);
  }
  return 1;
}

/* load(chunk [, chunkname [, mode [, env]]]): a mode that allows text becomes "t", so
   Lua itself refuses bytecode. A mode without 't' refuses text with Lua's own message,
   and bytecode is refused here, from the chunk's first byte. */
static int text_load(lua_State *L) {
  if (lua_gettop(L) == 0) return run_original(L); /* Lua's own "got no value" */
  const char *mode = luaL_optstring(L, 3, "bt");
  if (strchr(mode, 't')) {
    if (lua_gettop(L) < 3) lua_settop(L, 3); /* an absent env must stay absent */
    lua_pushliteral(L, "t");
    lua_replace(L, 3);
  } else if (lua_type(L, 1) == LUA_TSTRING) {
    if (lua_rawlen(L, 1) > 0 && lua_tostring(L, 1)[0] == LUA_SIGNATURE[0]) {
      luaL_pushfail(L);
      lua_pushliteral(L, BINARY_REFUSED);
      return 2;
    }
  } else if (lua_type(L, 1) == LUA_TFUNCTION) {
    lua_pushvalue(L, 1);
    lua_pushboolean(L, 0);
    lua_pushcclosure(L, text_only_reader, 2);
    lua_replace(L, 1);
  }
  return run_original(L);
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
  return run_original(L);
}

/* ---- warn: lua.c's warning system, off until "@on" ---------------------- */

/* Lua hands a warning over in pieces (warn("a", "b") is two); the host gets each piece,
   and `complete` with the last, and shows the whole as it shows every message: with the
   characters a terminal must not obey escaped, from its one list of them. */
typedef struct {
  psy_warn_fn write;
  void *ctx;
  int on;        /* "@on" seen (and no "@off" since) */
  int continued; /* the last piece had tocont: this one continues it */
} warn_state;

static void host_warn(void *ud, const char *msg, int tocont) {
  warn_state *w = ud;
  if (!w->continued) {
    if (!tocont && msg[0] == '@') { /* a control message, never shown */
      if (strcmp(msg + 1, "on") == 0) w->on = 1;
      else if (strcmp(msg + 1, "off") == 0) w->on = 0;
      return;
    }
    if (!w->on) return;
  }
  w->continued = tocont;
  w->write(w->ctx, msg, strlen(msg), !tocont);
}

/* The state lives in a userdata the registry keeps, so it is freed with the state. */
static int p_set_warn(lua_State *L) {
  static const char warn_key = 0;
  warn_state *w = lua_newuserdatauv(L, sizeof *w, 0);
  w->write = (psy_warn_fn)lua_touserdata(L, 1);
  w->ctx = lua_touserdata(L, 2);
  w->on = 0;
  w->continued = 0;
  lua_rawsetp(L, LUA_REGISTRYINDEX, &warn_key);
  lua_setwarnf(L, host_warn, w);
  return 0;
}

int psy_set_warn(lua_State *L, psy_warn_fn write, void *ctx) {
  lua_pushcfunction(L, p_set_warn);
  lua_pushlightuserdata(L, (void *)write);
  lua_pushlightuserdata(L, ctx);
  return lua_pcall(L, 2, 0, 0);
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

/* Opens path for reading without blocking (a FIFO with no writer would wait forever
   in open) and without following it into anything but a regular file. Returns the
   descriptor, -1 when there is no such file, or raises for anything else. */
static int open_module(lua_State *L, const char *name, const char *path) {
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    if (errno == ENOENT || errno == ENOTDIR) return -1;
    return luaL_error(L, "module '%s': cannot open '%s': %s", name, path, strerror(errno));
  }
  struct stat st;
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return luaL_error(L, "module '%s': '%s' is not a regular file", name, path);
  }
  return fd;
}

/* Pushes the first "folder/name/with/slashes.lua" that exists and its open descriptor
   in *fd, or nothing (*fd = -1). */
static int find_module(lua_State *L, const char *name, int *fd) {
  *fd = -1;
  lua_rawgetp(L, LUA_REGISTRYINDEX, &path_key);
  const char *path = lua_tostring(L, -1);
  lua_pop(L, 1); /* the string stays alive in the registry */
  if (path == NULL) return 0;
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
      *fd = open_module(L, name, lua_tostring(L, -1));
      if (*fd >= 0) return 1;
      lua_pop(L, 1);
    }
    if (!end) break;
    path = end + 1;
  }
  return 0;
}

/* Reads descriptor 1 (an integer) to its end; pushes the text. Runs protected, so the
   caller closes the descriptor whatever happens (a memory error while reading). */
static int p_read_all(lua_State *L) {
  int fd = (int)lua_tointeger(L, 1);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (;;) {
    char *p = luaL_prepbuffer(&b);
    ssize_t n = read(fd, p, LUAL_BUFFERSIZE);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return luaL_error(L, "cannot read '%s': %s", lua_tostring(L, 2), strerror(errno));
    if (n == 0) break;
    luaL_addsize(&b, (size_t)n);
  }
  luaL_pushresult(&b);
  return 1;
}

/* Loads the module file at index `file`, open as fd (closed here), as a text chunk
   named "@path"; pushes the function or raises the load error. */
static void load_module(lua_State *L, int file, int fd) {
  lua_pushcfunction(L, p_read_all);
  lua_pushinteger(L, fd);
  lua_pushvalue(L, file);
  int status = lua_pcall(L, 2, 1, 0);
  close(fd);
  if (status != LUA_OK) lua_error(L);
  lua_pushliteral(L, "@");
  lua_pushvalue(L, file);
  lua_concat(L, 2);
  size_t len;
  const char *text = lua_tolstring(L, -2, &len);
  status = psy_loadtext(L, text, len, lua_tostring(L, -1));
  if (status != LUA_OK) lua_error(L);
  lua_replace(L, -3); /* the function replaces the text; the chunk name goes */
  lua_pop(L, 1);
}

/* require(name): as Lua's, with one searcher: Lua files on the script path. Returns the
   module's value and the file it came from; a module that set package.loaded[name]
   itself keeps that value. */
static int host_require(lua_State *L) {
  size_t len;
  const char *name = luaL_checklstring(L, 1, &len);
  lua_settop(L, 1);
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE); /* 2 */
  if (lua_getfield(L, 2, name) != LUA_TNIL && lua_toboolean(L, -1)) return 1;
  lua_pop(L, 1);
  if (!valid_module_name(name, len))
    return luaL_error(L, "module name '%s' is not allowed (letters, digits, _ - and dots)", name);
  luaL_checkstack(L, 8, "too many nested modules");
  int fd;
  if (!find_module(L, name, &fd))
    return luaL_error(L, "module '%s' not found on the script path", name);
  load_module(L, 3, fd); /* 3: the file name, 4: its function */
  /* remember the file, so a watcher can reload when it changes */
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &files_key) == LUA_TTABLE) {
    lua_pushvalue(L, 3);
    lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
  }
  lua_pop(L, 1);
  lua_pushvalue(L, 1);
  lua_pushvalue(L, 3);
  lua_call(L, 2, 1);
  if (!lua_isnil(L, -1)) lua_setfield(L, 2, name);
  else lua_pop(L, 1);
  if (lua_getfield(L, 2, name) == LUA_TNIL) { /* the module set no value */
    lua_pop(L, 1);
    lua_pushboolean(L, 1);
    lua_pushvalue(L, -1);
    lua_setfield(L, 2, name);
  }
  lua_pushvalue(L, 3);
  return 2;
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

/* Enters co into the running chain (it is about to run Lua code: its body, or the
   __close methods lua_resetthread runs), so the watchdog's hook reaches it. Returns 0
   when the chain is full (nothing entered); raises when time is already up. */
static int enter_thread(lua_State *L, lua_State *co) {
  int entered = psy_enter_thread(L, co);
  if (entered == 0) {
    psy_leave_thread(L);
    psy_raise_time_limit(L, 1);
  }
  return entered > 0;
}

/* Resumes co with narg values from L; pushes results on L and returns their
   number, or pushes the error and returns -1. lua_resume itself refuses a dead or
   non-suspended coroutine, with Lua's words. */
static int resume(lua_State *L, lua_State *co, int co_index, int narg) {
  if (!lua_checkstack(co, narg)) {
    lua_pushliteral(L, "too many arguments to resume");
    return -1;
  }
  if (!enter_thread(L, co)) {
    lua_pushliteral(L, "coroutines nested too deeply");
    return -1;
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
  if (psy_limits_expired(psy_limits_of(L))) { /* it died in the time limit's hook, hooks off: see close_thread */
    luaL_checkstack(L, 3, NULL);
    lua_rawgetp(L, LUA_REGISTRYINDEX, &stopped_key);
    lua_pushvalue(L, co_index);
    lua_pushboolean(L, 1);
    lua_rawset(L, -3);
    lua_pop(L, 1);
  }
  return -1;
}

static lua_State *check_coroutine(lua_State *L) {
  lua_State *co = lua_tothread(L, 1);
  luaL_argexpected(L, co, 1, "thread");
  return co;
}

static int co_resume(lua_State *L) {
  lua_State *co = check_coroutine(L);
  int r = resume(L, co, 1, lua_gettop(L) - 1);
  if (r < 0) {
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
  }
  lua_pushboolean(L, 1);
  lua_insert(L, -(r + 1));
  return r + 1;
}

/* Closes a coroutine's pending to-be-closed variables (lua_resetthread) with co in the
   running chain, so a __close method that loops meets the time limit. After the
   deadline nothing runs: a coroutine that the time limit killed has hooks off (Lua
   turns them off while a hook runs and only a pcall turns them back on), so its
   __close methods could never be stopped, in this call or any later one: such a
   coroutine is never closed. Returns lua_resetthread's status; an error is left on co. */
static int time_stopped(lua_State *L, int co_index) {
  luaL_checkstack(L, 2, NULL);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &stopped_key);
  lua_pushvalue(L, co_index);
  int stopped = lua_rawget(L, -2) != LUA_TNIL;
  lua_pop(L, 2);
  return stopped;
}

static int close_thread(lua_State *L, lua_State *co, int co_index) {
  psy_check_deadline(L);
  if (time_stopped(L, co_index)) luaL_error(L, "cannot close a coroutine the time limit stopped");
  if (!enter_thread(L, co)) luaL_error(L, "coroutines nested too deeply");
  int status = lua_resetthread(co);
  psy_leave_thread(L);
  return status;
}

/* Whether a message already starts "chunk:line:". Lua's wrap adds its call site in
   front of any string error ("a.lua:9: a.lua:2: boom"); the sandbox adds it only to a
   message without a place, so the first file:line a user reads is where it failed. */
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
  int r = resume(L, co, lua_upvalueindex(1), lua_gettop(L));
  if (r >= 0) return r;
  int status = lua_status(co);
  if (status != LUA_OK && status != LUA_YIELD) { /* the coroutine died: close it */
    if (psy_limits_expired(psy_limits_of(L))) return lua_error(L); /* the time limit, at its own place */
    if (!time_stopped(L, lua_upvalueindex(1))) { /* else never closed: dead, as it is */
      lua_pop(L, 1);
      status = close_thread(L, co, lua_upvalueindex(1));
      lua_xmove(co, L, 1); /* the error, or the one a __close method raised */
    }
  }
  if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING &&
      !has_position(lua_tostring(L, -1))) {
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

/* coroutine.close(co), as Lua's, running __close methods under the time limit. */
static int co_close(lua_State *L) {
  lua_State *co = check_coroutine(L);
  const char *refused = NULL;
  if (co == L) refused = "running";
  else if (lua_status(co) == LUA_OK) {
    lua_Debug ar;
    if (lua_getstack(co, 0, &ar)) refused = "normal"; /* it resumed the caller */
  }
  if (refused) return luaL_error(L, "cannot close a %s coroutine", refused);
  if (close_thread(L, co, 1) == LUA_OK) {
    lua_pushboolean(L, 1);
    return 1;
  }
  lua_pushboolean(L, 0);
  lua_xmove(co, L, 1);
  return 2;
}

/* ---- no script code after the deadline with hooks off ------------------ */

/* The time limit raises its error from inside the count hook, where Lua has turned
   hooks off; they come back on only where a pcall catches the error. Until then Lua
   calls xpcall's message handler, and a loop in it could never be stopped. After the
   deadline the handler passes the message on as it is. */
static int guarded_handler(lua_State *L) {
  if (psy_limits_expired(psy_limits_of(L))) return 1;
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

static int safe_xpcall(lua_State *L) {
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 2);
  lua_pushcclosure(L, guarded_handler, 1);
  lua_replace(L, 2);
  return run_original(L);
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
  lua_newtable(L);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &stopped_key);

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
  lua_pushcfunction(L, co_close);
  lua_setfield(L, -2, "close");
  lua_pop(L, 1);

  static const char *const os_names[] = {"clock", "time", "date", "difftime", NULL};
  luaopen_os(L);
  keep_only(L, os_names);
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  lua_pushvalue(L, -2);
  lua_setfield(L, -2, LUA_OSLIBNAME); /* as in Lua, every library is a loaded module */
  lua_pop(L, 1);
  lua_setglobal(L, LUA_OSLIBNAME);

  /* package: just the table of loaded modules */
  lua_newtable(L);
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE);
  lua_pushvalue(L, -2);
  lua_setfield(L, -2, LUA_LOADLIBNAME);
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
