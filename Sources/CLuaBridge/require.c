/* require: Lua text files on the host's folders (the script's, the plugin path's).

   For a module "a.b" each folder F, in order, is tried for F/a/b.lua, then F/a/b/init.lua
   (lua5.4's default path, ./?.lua;./?/init.lua, folder by folder). A module's file is
   named as it was found, F/a/b.lua, in its chunk name (so its errors read
   "./a/b.lua:3: ...", as under lua5.4 for the folder ".") and in require's second value.
   Only names of letters, digits, '_', '-' and single dots are looked up, and only
   regular files are read: a FIFO or a folder named like a module is refused, never
   opened blocking. */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "CLuaBridge.h"
#include "libraries.h"

static const char folders_key = 0; /* registry: ';'-separated folders, in order */
static const char files_key = 0;   /* registry: the files require loaded, in order */

/* The two forms a module's file may take in a folder, tried in this order. */
static const char *const file_forms[] = {".lua", "/init.lua"};

#define LONGEST_NAME 200

static int allowed_name(const char *name, size_t length) {
  if (length == 0 || length > LONGEST_NAME) return 0;
  char before = '.'; /* a name neither starts nor ends with a dot, nor has two in a row */
  for (size_t i = 0; i < length; i++) {
    char c = name[i];
    int letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    int digit = c >= '0' && c <= '9';
    if (!(letter || digit || c == '_' || c == '-' || (c == '.' && before != '.'))) return 0;
    before = c;
  }
  return before != '.';
}

/* Opens path for reading without blocking (a FIFO with no writer would wait forever in
   open) and only as a regular file. Returns the descriptor, -1 when nothing is there, or
   raises for anything else. */
static int open_regular(lua_State *L, const char *module, const char *path) {
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY);
  if (fd < 0) {
    if (errno == ENOENT || errno == ENOTDIR) return -1;
    return luaL_error(L, "module '%s': cannot open '%s': %s", module, path, strerror(errno));
  }
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) return fd;
  close(fd);
  return luaL_error(L, "module '%s': '%s' is not a regular file", module, path);
}

/* Pushes folder/module-with-slashes + form. */
static void push_candidate(lua_State *L, const char *folder, size_t folder_length,
                           const char *module, const char *form) {
  luaL_Buffer path;
  luaL_buffinit(L, &path);
  luaL_addlstring(&path, folder, folder_length);
  luaL_addchar(&path, '/');
  for (const char *c = module; *c; c++) luaL_addchar(&path, *c == '.' ? '/' : *c);
  luaL_addstring(&path, form);
  luaL_pushresult(&path);
}

/* Tries both forms in one folder: pushes the path found and returns its descriptor, or
   pushes nothing and returns -1. */
static int search_folder(lua_State *L, const char *folder, size_t length, const char *module) {
  for (size_t f = 0; f < sizeof file_forms / sizeof file_forms[0]; f++) {
    push_candidate(L, folder, length, module, file_forms[f]);
    int fd = open_regular(L, module, lua_tostring(L, -1));
    if (fd >= 0) return fd;
    lua_pop(L, 1);
  }
  return -1;
}

/* Searches every folder in order: pushes the path found and returns its descriptor, or
   pushes nothing and returns -1. */
static int search(lua_State *L, const char *module) {
  lua_rawgetp(L, LUA_REGISTRYINDEX, &folders_key);
  const char *folders = lua_tostring(L, -1);
  lua_pop(L, 1); /* the string stays alive in the registry */
  for (const char *at = folders ? folders : ""; *at;) {
    size_t length = strcspn(at, ";");
    int fd = length > 0 ? search_folder(L, at, length, module) : -1;
    if (fd >= 0) return fd;
    at += length + (at[length] == ';');
  }
  return -1;
}

/* Reads descriptor 1 (an integer) to its end and pushes the text; argument 2 is the
   path, for the message. Runs protected, so the caller closes the descriptor whatever
   happens (a memory error while reading). */
static int p_read_to_end(lua_State *L) {
  int fd = (int)lua_tointeger(L, 1);
  luaL_Buffer text;
  luaL_buffinit(L, &text);
  for (;;) {
    ssize_t got = read(fd, luaL_prepbuffer(&text), LUAL_BUFFERSIZE);
    if (got == 0) break;
    if (got > 0) luaL_addsize(&text, (size_t)got);
    else if (errno != EINTR)
      return luaL_error(L, "cannot read '%s': %s", lua_tostring(L, 2), strerror(errno));
  }
  luaL_pushresult(&text);
  return 1;
}

/* Replaces the path on top by the path and, above it, the module's function, loaded as
   the text chunk "@path" from fd (closed here); raises the read or load error. */
static void load_found(lua_State *L, int fd) {
  int path = lua_gettop(L);
  lua_pushcfunction(L, p_read_to_end);
  lua_pushinteger(L, fd);
  lua_pushvalue(L, path);
  int status = lua_pcall(L, 2, 1, 0);
  close(fd);
  if (status != LUA_OK) lua_error(L);
  const char *chunkname = lua_pushfstring(L, "@%s", lua_tostring(L, path));
  size_t length;
  const char *text = lua_tolstring(L, path + 1, &length);
  if (psy_loadtext(L, text, length, chunkname) != LUA_OK) lua_error(L);
  lua_replace(L, path + 1); /* the function, where the text was */
  lua_settop(L, path + 1);
}

/* Adds the path at index `path` to the files require loaded, for a watcher to reload
   when one changes. */
static void remember_file(lua_State *L, int path) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, &files_key) == LUA_TTABLE) {
    lua_pushvalue(L, path);
    lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
  }
  lua_pop(L, 1);
}

/* Runs the module's function (on top) with (name, path) as Lua's require does, at
   indices `name` and `path`; leaves the module's value on top: what it returned, else
   what it set in package.loaded[name] (at index `loaded`), else true, which is then
   stored there. */
static void run_module(lua_State *L, int loaded, int name, int path) {
  const char *key = lua_tostring(L, name);
  lua_pushvalue(L, name);
  lua_pushvalue(L, path);
  lua_call(L, 2, 1);
  if (lua_isnil(L, -1)) lua_pop(L, 1);
  else lua_setfield(L, loaded, key);
  if (lua_getfield(L, loaded, key) != LUA_TNIL) return;
  lua_pop(L, 1);
  lua_pushboolean(L, 1);
  lua_pushvalue(L, -1);
  lua_setfield(L, loaded, key);
}

/* require(name): package.loaded[name] when set; else the module's file, found, loaded and
   run. Returns the module's value and the path it came from. */
static int require_module(lua_State *L) {
  size_t length;
  const char *name = luaL_checklstring(L, 1, &length);
  lua_settop(L, 1);
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_LOADED_TABLE); /* 2 */
  if (lua_getfield(L, 2, name), lua_toboolean(L, -1)) return 1; /* loaded already */
  if (!allowed_name(name, length))
    return luaL_error(
        L, "module '%s' not found: a module's name is letters, digits, _ - and dots", name);
  lua_settop(L, 2);
  luaL_checkstack(L, 8, "too many nested modules");
  int fd = search(L, name); /* 3: the path */
  if (fd < 0) return luaL_error(L, "module '%s' not found: no such file on the script path", name);
  load_found(L, fd); /* 4: the module's function */
  remember_file(L, 3);
  run_module(L, 2, 1, 3);
  lua_pushvalue(L, 3);
  return 2;
}

void psy_open_require(lua_State *L) {
  lua_pushcfunction(L, require_module);
  lua_setfield(L, -2, "require");
}

void psy_require_start(lua_State *L) {
  lua_newtable(L);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &files_key);
}

static int p_set_require_path(lua_State *L) {
  lua_pushvalue(L, 1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &folders_key);
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
