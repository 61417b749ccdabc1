/* The trampoline, the protected helpers and the error handler: every place
   a Lua error may be raised on Swift's behalf. */
#include <string.h>

#include "CLuaBridge.h"
#include "library_field.h"
#include "psy_limits.h"

static psy_dispatch_fn swift_dispatch;
static psy_release_fn swift_release;

void psy_set_callbacks(psy_dispatch_fn dispatch, psy_release_fn release) {
  swift_dispatch = dispatch;
  swift_release = release;
}

/* A box userdata: the Swift object's retained pointer and its class tag. */
typedef struct {
  void *box;
  const void *tag;
} psy_box;

static const char function_tag = 0;

static int box_gc(lua_State *L) {
  psy_box *b = lua_touserdata(L, 1);
  if (b && b->box && swift_release) {
    void *box = b->box;
    b->box = NULL;
    swift_release(box);
  }
  return 0;
}

/* Swift has returned: a result count, or PSY_RAISE with the error (a host error, or
   Lua's memory error when even that could not be made) on top. */
static int trampoline(lua_State *L) {
  psy_box *b = lua_touserdata(L, lua_upvalueindex(1));
  if (b == NULL || b->box == NULL) return luaL_error(L, "host function is gone");
  int n = swift_dispatch(L, b->box);
  if (n < 0) return lua_error(L);
  return n;
}

/* ---- errors as values ------------------------------------------------ */

/* A host error: a Swift error on its way through Lua, as a value (as mlua carries its
   WrappedError). It holds the error's parts as the host made them: its kind (the host's
   code) and, as its user value, its text `place: message`, with the length of the place
   (PSY_NOPLACE: none). That text is what a script reads of it: tostring, `..`, `#` and
   the string methods (err:match(...)) see it, so a script that catches one with pcall
   handles it as it did the message. The host, where the error leaves Lua, makes its own
   error again from the parts, kind and place as they were. Plain data: no finalizer. */
static const char error_tag = 0;
typedef struct {
  const void *tag;
  int kind;
  long place_length;
} host_error;

/* A failure: what the message handler makes of an error for the host, where it was
   raised (before the stack unwinds): the error (a host error or a string) and the
   traceback as user values 1 and 2, and the place of the innermost Lua code. Only the
   host reads one (a __close method of the host's outermost call may see it: it reads as
   the message, a newline and the traceback). */
static const char failure_tag = 0;
typedef struct {
  const void *tag;
  psy_place place;
  char library[PSY_LIBRARY_NAME_SIZE]; /* see psy_failure */
} failure;

static host_error *host_error_at(lua_State *L, int idx) {
  if (lua_type(L, idx) != LUA_TUSERDATA || lua_rawlen(L, idx) != sizeof(host_error)) return NULL;
  host_error *e = lua_touserdata(L, idx);
  return e->tag == &error_tag ? e : NULL;
}

static failure *failure_at(lua_State *L, int idx) {
  if (lua_type(L, idx) != LUA_TUSERDATA || lua_rawlen(L, idx) != sizeof(failure)) return NULL;
  failure *f = lua_touserdata(L, idx);
  return f->tag == &failure_tag ? f : NULL;
}

/* Pushes what a script reads of a host error or a failure and returns 1; 0 for any
   other value (nothing pushed). */
static int push_error_text(lua_State *L, int idx) {
  idx = lua_absindex(L, idx);
  if (host_error_at(L, idx)) {
    lua_getiuservalue(L, idx, 1);
    return 1;
  }
  if (!failure_at(L, idx)) return 0;
  lua_getiuservalue(L, idx, 1);
  if (push_error_text(L, -1)) lua_remove(L, -2);
  lua_pushliteral(L, "\n");
  lua_getiuservalue(L, idx, 2);
  lua_concat(L, 3);
  return 1;
}

static int error_tostring(lua_State *L) {
  if (!push_error_text(L, 1)) lua_pushliteral(L, "");
  return 1;
}

static int error_concat(lua_State *L) {
  for (int i = 1; i <= 2; i++) {
    if (push_error_text(L, i)) continue;
    if (lua_type(L, i) != LUA_TSTRING && lua_type(L, i) != LUA_TNUMBER)
      return luaL_error(L, "attempt to concatenate a %s value", luaL_typename(L, i));
    lua_pushvalue(L, i);
  }
  lua_concat(L, 2);
  return 1;
}

static int error_len(lua_State *L) {
  if (!push_error_text(L, 1)) return 0;
  lua_pushinteger(L, (lua_Integer)lua_rawlen(L, -1));
  return 1;
}

/* A string method called on an error: runs on its text. */
static int string_method_on_text(lua_State *L) {
  if (push_error_text(L, 1)) lua_replace(L, 1);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
  return lua_gettop(L);
}

/* err.name: the string method of that name (the string library strings index), bound to
   the error's text; nil for anything else. */
static int error_index(lua_State *L) {
  lua_pushliteral(L, "");
  if (luaL_getmetafield(L, -1, "__index") != LUA_TTABLE) return 0;
  lua_pushvalue(L, 2);
  if (lua_gettable(L, -2) != LUA_TFUNCTION) return 0;
  lua_pushcclosure(L, string_method_on_text, 1);
  return 1;
}

/* The metatable of host errors or of failures (tag), made on first use, left on the
   stack. */
static void error_metatable(lua_State *L, const void *tag) {
  static const luaL_Reg methods[] = {{"__tostring", error_tostring},
                                     {"__concat", error_concat},
                                     {"__len", error_len},
                                     {"__index", error_index},
                                     {NULL, NULL}};
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, tag) != LUA_TNIL) return;
  lua_pop(L, 1);
  lua_createtable(L, 0, 6);
  luaL_setfuncs(L, methods, 0);
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_pushliteral(L, "error");
  lua_setfield(L, -2, "__name");
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, tag);
}

/* Arguments: kind, place (light userdata) and its length (PSY_NOPLACE: none given),
   message and its length. Level 0 is this function, 1 the host function, 2 the code that
   called it. */
static int p_pusherror(lua_State *L) {
  host_error *e = lua_newuserdatauv(L, sizeof(host_error), 1);
  e->tag = &error_tag;
  e->kind = (int)lua_tointeger(L, 1);
  lua_Integer given = lua_tointeger(L, 3);
  int place = given != PSY_NOPLACE;
  if (place) {
    lua_pushlstring(L, given ? lua_touserdata(L, 2) : "", (size_t)given);
    lua_pushliteral(L, ": ");
  } else {
    luaL_where(L, 2); /* "file:line: ", or "" when a C function called */
  }
  /* the place, without the ": " after it (which luaL_where's text ends with) */
  size_t where = place ? (size_t)given : lua_rawlen(L, -1);
  e->place_length = place ? (long)where : where >= 2 ? (long)where - 2 : PSY_NOPLACE;
  lua_pushlstring(L, lua_touserdata(L, 4), (size_t)lua_tointeger(L, 5));
  lua_concat(L, place ? 3 : 2);
  lua_setiuservalue(L, -2, 1);
  error_metatable(L, &error_tag);
  lua_setmetatable(L, -2);
  return 1;
}

int psy_pusherror(lua_State *L, int kind, const char *place, long place_length,
                  const char *message, size_t message_length) {
  if (!lua_checkstack(L, 8)) return PSY_NOSTACK;
  lua_pushcfunction(L, p_pusherror);
  lua_pushinteger(L, kind);
  lua_pushlightuserdata(L, (void *)place);
  lua_pushinteger(L, (lua_Integer)place_length);
  lua_pushlightuserdata(L, (void *)message);
  lua_pushinteger(L, (lua_Integer)message_length);
  return lua_pcall(L, 5, 1, 0);
}

int psy_toerror(lua_State *L, int idx, psy_hosterror *out) {
  host_error *e = host_error_at(L, idx);
  if (!e || !lua_checkstack(L, 1)) return 0;
  out->kind = e->kind;
  out->place_length = e->place_length;
  /* Popped at once: the host error keeps its text alive. */
  lua_getiuservalue(L, idx, 1);
  out->text = lua_tolstring(L, -1, &out->length);
  lua_pop(L, 1);
  return 1;
}

/* The place of the Lua code a stack level runs, as Lua's own messages name it
   (luaL_where): the chunk's short_src and the line; 0 when that level runs no Lua code. */
static int place_of(lua_State *L, lua_Debug *ar, psy_place *place) {
  if (!lua_getinfo(L, "Sl", ar) || ar->currentline <= 0) return 0;
  memcpy(place->file, ar->short_src, sizeof place->file);
  place->file[sizeof place->file - 1] = 0;
  place->line = ar->currentline;
  return 1;
}

/* ---- the error handler and calls ------------------------------------- */

/* Makes the failure the host reads (see `failure`) of the error at 1, raised by the
   function `level` (an integer at 2) up the stack. A string stays as it is; a number
   becomes its text; a host error is kept; any other value becomes its __tostring, or
   names its type, as lua.c's handler says it. */
static int p_failure(lua_State *L) {
  int level = (int)lua_tointeger(L, 2);
  lua_settop(L, 1);
  failure *f = lua_newuserdatauv(L, sizeof *f, 2);
  f->tag = &failure_tag;
  f->place.file[0] = 0;
  f->place.line = 0;
  f->library[0] = 0;
  lua_Debug ar;
  for (int at = level; lua_getstack(L, at, &ar); at++) {
    if (!place_of(L, &ar, &f->place)) continue;
    if (lua_type(L, 1) == LUA_TSTRING) {
      size_t n;
      const char *message = lua_tolstring(L, 1, &n);
      psy_library_of_field(&ar, message, n, f->library);
    }
    break;
  }
  int t = lua_type(L, 1);
  if (t == LUA_TNUMBER) {
    lua_tolstring(L, 1, NULL);
  } else if (t != LUA_TSTRING && !host_error_at(L, 1)) {
    if (!(luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING))
      lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    lua_replace(L, 1);
    lua_settop(L, 2);
  }
  lua_pushvalue(L, 1);
  lua_setiuservalue(L, 2, 1);
  luaL_traceback(L, L, NULL, level);
  lua_setiuservalue(L, 2, 2);
  error_metatable(L, &failure_tag);
  lua_setmetatable(L, 2);
  return 1;
}

/* The handler of the host's calls. The failure is made under its own pcall: when memory
   is too short for it (a script that filled the memory limit), a host error or a string
   goes on as it was raised, its kind and place intact, rather than becoming Lua's memory
   error (any other value does become it: it would read as nothing). Any other error in
   making the failure (a __tostring that raises) is raised from here, as it would be
   without the pcall: Lua then calls this handler for that one. */
static int message_handler(lua_State *L) {
  lua_settop(L, 1);
  if (!lua_checkstack(L, 3)) return 1;
  lua_pushcfunction(L, p_failure);
  lua_pushvalue(L, 1);
  lua_pushinteger(L, 2); /* p_failure is level 0, this handler 1 */
  int status = lua_pcall(L, 2, 1, 0);
  if (status == LUA_OK) return 1;
  if (status != LUA_ERRMEM) return lua_error(L);
  if (lua_type(L, 1) == LUA_TSTRING || host_error_at(L, 1)) lua_settop(L, 1);
  return 1;
}

int psy_pushcall(lua_State *L, int ref, int slots) {
  if (!lua_checkstack(L, slots + 2)) return -1;
  int base = lua_gettop(L);
  lua_pushcfunction(L, message_handler);
  if (ref != LUA_NOREF) lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
  return base;
}

/* The error value itself: a host error's parts, or a string's bytes. */
static void read_error_value(lua_State *L, int idx, psy_failure *out) {
  idx = lua_absindex(L, idx);
  out->is_host = psy_toerror(L, idx, &out->host);
  if (!out->is_host && lua_type(L, idx) == LUA_TSTRING)
    out->message = lua_tolstring(L, idx, &out->message_length);
}

void psy_read_failure(lua_State *L, int idx, psy_failure *out) {
  static const char heading[] = "stack traceback:\n";
  idx = lua_absindex(L, idx);
  out->is_host = 0;
  out->message = NULL;
  out->message_length = 0;
  out->traceback = "";
  out->traceback_length = 0;
  out->place.file[0] = 0;
  out->place.line = 0;
  out->library[0] = 0;
  failure *f = failure_at(L, idx);
  if (!f) {
    read_error_value(L, idx, out);
    return;
  }
  out->place = f->place;
  memcpy(out->library, f->library, sizeof out->library);
  if (!lua_checkstack(L, 1)) return;
  /* Popped at once: the failure, on the stack, keeps both alive. */
  if (lua_getiuservalue(L, idx, 2) == LUA_TSTRING) {
    size_t n;
    const char *s = lua_tolstring(L, -1, &n);
    size_t skip = n >= sizeof heading - 1 && memcmp(s, heading, sizeof heading - 1) == 0
                    ? sizeof heading - 1
                    : 0;
    out->traceback = s + skip;
    out->traceback_length = n - skip;
  }
  lua_pop(L, 1);
  lua_getiuservalue(L, idx, 1);
  read_error_value(L, -1, out);
  lua_pop(L, 1);
}

/* lua_pcall, arming the time limit around the outermost call of the state. Inlined in
   both calls: the scalar call is the host's hot path. */
__attribute__((always_inline)) static inline int call_under_limit(lua_State *L, int nargs,
                                                                 int nresults, int handler,
                                                                 int *timed_out) {
  psy_limits *lim = psy_limits_of(L);
  /* Outermost when no call is armed: a nested call (from a Swift function that Lua
     called) finds its caller's generation, or PSY_EXPIRED. Without a time limit nothing
     is armed and every call is outermost, to no effect. */
  int outermost = atomic_load_explicit(&lim->armed, memory_order_relaxed) == 0;
  if (outermost) psy_limits_arm(lim);
  int status = lua_pcall(L, nargs, nresults, handler);
  *timed_out = outermost ? psy_limits_disarm(lim) : psy_limits_expired(lim);
  return status;
}

int psy_call(lua_State *L, int nargs, int nresults, int handler, int *timed_out) {
  return call_under_limit(L, nargs, nresults, handler, timed_out);
}

/* Slots the scalar call pushes: the handler, the function and its argument. */
#define SCALAR_CALL_SLOTS 3

int psy_call_scalar(lua_State *L, int ref, psy_scalar *value, int *timed_out) {
  /* The stack check, without a call into Lua while the frame is small: Lua gives every
     frame (the top level, each C function it calls) LUA_MINSTACK slots above its base
     and never takes them back (a stack shrinks to no less than any frame's top). */
  if (lua_gettop(L) > LUA_MINSTACK - SCALAR_CALL_SLOTS && !lua_checkstack(L, SCALAR_CALL_SLOTS))
    return PSY_NOSTACK;
  lua_pushcfunction(L, message_handler);
  lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
  if (value->type != LUA_TNUMBER) lua_pushnil(L);
  else if (value->isinteger) lua_pushinteger(L, value->integer);
  else lua_pushnumber(L, value->number);
  int status = call_under_limit(L, 1, 1, -3, timed_out);
  if (status != LUA_OK) return status;
  /* an integer first: the usual result, in two calls into Lua */
  if (lua_isinteger(L, -1)) {
    value->type = LUA_TNUMBER;
    value->isinteger = 1;
    value->integer = lua_tointegerx(L, -1, NULL);
  } else {
    value->type = lua_type(L, -1);
    value->isinteger = 0;
    if (value->type == LUA_TNUMBER) value->number = lua_tonumberx(L, -1, NULL);
    else if (value->type != LUA_TNIL) return LUA_OK; /* left for the caller */
  }
  lua_settop(L, -3);
  return LUA_OK;
}

/* Hands lua_load the text in one piece, after a newline standing for a skipped first
   line (so line numbers stay those of the file). */
typedef struct {
  const char *text;
  size_t length;
  int newline;
} text_reader;

static const char *read_text(lua_State *L, void *ud, size_t *size) {
  (void)L;
  text_reader *r = ud;
  if (r->newline) {
    r->newline = 0;
    *size = 1;
    return "\n";
  }
  *size = r->length;
  r->length = 0;
  return *size ? r->text : NULL;
}

int psy_loadtext(lua_State *L, const char *text, size_t length, const char *chunkname) {
  text_reader r = {text, length, 0};
  if (chunkname[0] == '@') {
    /* A file, read as lua5.4 reads one: a UTF-8 byte order mark, then a first line
       starting with '#' ("#!/usr/bin/env lua"), are not Lua. */
    if (r.length >= 3 && memcmp(r.text, "\xEF\xBB\xBF", 3) == 0) {
      r.text += 3;
      r.length -= 3;
    }
    if (r.length > 0 && r.text[0] == '#') {
      const char *nl = memchr(r.text, '\n', r.length);
      size_t skipped = nl ? (size_t)(nl - r.text) + 1 : r.length;
      r.text += skipped;
      r.length -= skipped;
      r.newline = 1;
    }
  }
  return lua_load(L, read_text, &r, chunkname, "t");
}

/* ---- protected helpers ------------------------------------------------ */

/* Each runs its body under lua_pcall: arguments travel as light userdata and
   integers, which push without allocating. */

static int p_pushstring(lua_State *L) {
  const char *s = lua_touserdata(L, 1);
  lua_pushlstring(L, s, (size_t)lua_tointeger(L, 2));
  return 1;
}

int psy_pushstring(lua_State *L, const char *s, size_t length) {
  if (!lua_checkstack(L, 4)) return PSY_NOSTACK;
  lua_pushcfunction(L, p_pushstring);
  lua_pushlightuserdata(L, (void *)s);
  lua_pushinteger(L, (lua_Integer)length);
  return lua_pcall(L, 2, 1, 0);
}

/* A script's main chunk runs inside a C function, as under lua5.4, whose interpreter's own
   main function calls it with two values (its argc and argv) below: a traceback then ends
   `[C]: in ?` as lua5.4's does, and nesting reaches as deep as under lua5.4 (the chunk
   starts one C call and three stack slots in: pcall in pcall stops at 198 levels, not 199,
   and "stack overflow" comes at the same depth), so messages built a level at a time agree. */
static int main_frame(lua_State *L) {
  int n = lua_gettop(L);
  luaL_checkstack(L, 3, "too many arguments to the main chunk");
  lua_pushnil(L);
  lua_pushnil(L);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_rotate(L, 1, 3);
  lua_call(L, n, LUA_MULTRET);
  return lua_gettop(L) - 2;
}

static int p_main_frame(lua_State *L) {
  lua_pushcclosure(L, main_frame, 1);
  return 1;
}

int psy_main_frame(lua_State *L) {
  if (!lua_checkstack(L, 2)) return PSY_NOSTACK;
  lua_pushcfunction(L, p_main_frame);
  lua_insert(L, -2);
  return lua_pcall(L, 1, 1, 0);
}

static int p_newtable(lua_State *L) {
  lua_createtable(L, (int)lua_tointeger(L, 1), (int)lua_tointeger(L, 2));
  return 1;
}

int psy_newtable(lua_State *L, int narray, int nhash) {
  if (!lua_checkstack(L, 4)) return PSY_NOSTACK;
  lua_pushcfunction(L, p_newtable);
  lua_pushinteger(L, narray);
  lua_pushinteger(L, nhash);
  return lua_pcall(L, 2, 1, 0);
}

static void push_item(lua_State *L, const psy_item *item, const char *bytes) {
  switch (item->type) {
  case LUA_TBOOLEAN: lua_pushboolean(L, (int)item->integer); break;
  case LUA_TNUMBER:
    if (item->isinteger) lua_pushinteger(L, item->integer);
    else lua_pushnumber(L, item->number);
    break;
  case LUA_TSTRING: lua_pushlstring(L, bytes + item->offset, item->length); break;
  default: lua_pushnil(L);
  }
}

static int p_pushflat(lua_State *L) {
  const psy_item *items = lua_touserdata(L, 1);
  int count = (int)lua_tointeger(L, 2);
  const char *bytes = lua_touserdata(L, 3);
  lua_createtable(L, (int)lua_tointeger(L, 4), (int)lua_tointeger(L, 5));
  for (int i = 0; i + 1 < count; i += 2) {
    push_item(L, &items[i], bytes);
    push_item(L, &items[i + 1], bytes);
    lua_rawset(L, -3);
  }
  return 1;
}

int psy_pushflat(lua_State *L, const psy_item *items, int count, const char *bytes, int narray,
                 int nhash) {
  if (!lua_checkstack(L, 8)) return PSY_NOSTACK;
  lua_pushcfunction(L, p_pushflat);
  lua_pushlightuserdata(L, (void *)items);
  lua_pushinteger(L, count);
  lua_pushlightuserdata(L, (void *)bytes);
  lua_pushinteger(L, narray);
  lua_pushinteger(L, nhash);
  return lua_pcall(L, 5, 1, 0);
}

static int p_rawset(lua_State *L) {
  lua_rawset(L, 1);
  return 0;
}

/* Moves t, k, v into a protected call of f; on error leaves the error value. */
static int protected_on_table(lua_State *L, int t, int nvalues, lua_CFunction f) {
  t = lua_absindex(L, t);
  if (!lua_checkstack(L, 4)) {
    lua_pop(L, nvalues);
    return PSY_NOSTACK;
  }
  lua_pushcfunction(L, f);
  lua_pushvalue(L, t);
  for (int i = 0; i < nvalues; i++) lua_pushvalue(L, -2 - nvalues);
  int status = lua_pcall(L, 1 + nvalues, 0, 0);
  if (status == LUA_OK) {
    lua_pop(L, nvalues);
  } else {
    lua_insert(L, -1 - nvalues);
    lua_pop(L, nvalues);
  }
  return status;
}

int psy_rawset(lua_State *L, int t) { return protected_on_table(L, t, 2, p_rawset); }

int psy_rawseti(lua_State *L, int t, lua_Integer i) {
  t = lua_absindex(L, t);
  if (!lua_checkstack(L, 2)) {
    lua_pop(L, 1);
    return PSY_NOSTACK;
  }
  lua_pushinteger(L, i);
  lua_insert(L, -2);
  return psy_rawset(L, t);
}

int psy_setfield(lua_State *L, int t, const char *name) {
  t = lua_absindex(L, t);
  int status = psy_pushstring(L, name, strlen(name));
  if (status == PSY_NOSTACK) {
    lua_pop(L, 1);
    return status;
  }
  if (status != LUA_OK) {
    lua_remove(L, -2); /* the value; the error stays */
    return status;
  }
  lua_insert(L, -2);
  return psy_rawset(L, t);
}

static int p_getfield(lua_State *L) {
  lua_pushstring(L, lua_touserdata(L, 2));
  lua_rawget(L, 1);
  return 1;
}

int psy_getfield(lua_State *L, int t, const char *name) {
  t = lua_absindex(L, t);
  if (!lua_checkstack(L, 4)) return PSY_NOSTACK;
  lua_pushcfunction(L, p_getfield);
  lua_pushvalue(L, t);
  lua_pushlightuserdata(L, (void *)name);
  return lua_pcall(L, 2, 1, 0);
}

int psy_setglobal(lua_State *L, const char *name) {
  lua_pushglobaltable(L);
  lua_insert(L, -2);
  int status = psy_setfield(L, -2, name);
  lua_remove(L, status == LUA_OK ? -1 : -2);
  return status;
}

static int p_next(lua_State *L) {
  return lua_next(L, 1) ? 2 : 0; /* none: the call's two results are nil */
}

int psy_next(lua_State *L, int t, int *more) {
  t = lua_absindex(L, t);
  *more = 0;
  if (!lua_checkstack(L, 4)) {
    lua_pop(L, 1);
    return PSY_NOSTACK;
  }
  lua_pushcfunction(L, p_next);
  lua_pushvalue(L, t);
  lua_rotate(L, -3, 2); /* the key after the function and the table */
  int status = lua_pcall(L, 2, 2, 0);
  if (status != LUA_OK) return status;
  if (lua_isnil(L, -2)) lua_pop(L, 2);
  else *more = 1;
  return LUA_OK;
}

static psy_box *new_box(lua_State *L, void *box, const void *tag) {
  psy_box *b = lua_newuserdatauv(L, sizeof(psy_box), 0);
  b->box = box;
  b->tag = tag;
  return b;
}

/* The metatable for tag, created on first use, left on the stack. */
static void class_metatable(lua_State *L, const void *tag, const char *name) {
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, tag) != LUA_TNIL) return;
  lua_pop(L, 1);
  lua_createtable(L, 0, 4);
  lua_pushcfunction(L, box_gc);
  lua_setfield(L, -2, "__gc");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
  lua_pushstring(L, name);
  lua_setfield(L, -2, "__name");
  lua_pushvalue(L, -1);
  lua_rawsetp(L, LUA_REGISTRYINDEX, tag);
}

static int p_pushfunction(lua_State *L) {
  void *box = lua_touserdata(L, 1);
  class_metatable(L, &function_tag, "host function");
  psy_box *b = new_box(L, NULL, &function_tag);
  lua_insert(L, -2);
  lua_setmetatable(L, -2);
  lua_pushcclosure(L, trampoline, 1);
  /* Lua owns the box only once nothing more can fail: on an error above, the
     caller still owns it and releases it. */
  b->box = box;
  return 1;
}

int psy_pushfunction(lua_State *L, void *box) {
  if (!lua_checkstack(L, 4)) return PSY_NOSTACK;
  lua_pushcfunction(L, p_pushfunction);
  lua_pushlightuserdata(L, box);
  return lua_pcall(L, 1, 1, 0);
}

static int p_pushobject(lua_State *L) {
  void *box = lua_touserdata(L, 1);
  const void *tag = lua_touserdata(L, 2);
  if (lua_rawgetp(L, LUA_REGISTRYINDEX, tag) != LUA_TTABLE)
    return luaL_error(L, "class not registered");
  psy_box *b = new_box(L, NULL, tag);
  lua_insert(L, -2);
  lua_setmetatable(L, -2);
  b->box = box; /* owned by Lua from here on */
  return 1;
}

int psy_pushobject(lua_State *L, void *box, const void *tag) {
  if (!lua_checkstack(L, 4)) return PSY_NOSTACK;
  lua_pushcfunction(L, p_pushobject);
  lua_pushlightuserdata(L, box);
  lua_pushlightuserdata(L, (void *)tag);
  return lua_pcall(L, 2, 1, 0);
}

static int p_newclass(lua_State *L) {
  class_metatable(L, lua_touserdata(L, 1), lua_touserdata(L, 2));
  return 1;
}

int psy_newclass(lua_State *L, const void *tag, const char *name) {
  if (!lua_checkstack(L, 4)) return PSY_NOSTACK;
  lua_pushcfunction(L, p_newclass);
  lua_pushlightuserdata(L, (void *)tag);
  lua_pushlightuserdata(L, (void *)name);
  return lua_pcall(L, 2, 1, 0);
}

void *psy_toobject(lua_State *L, int idx, const void *tag) {
  if (lua_type(L, idx) != LUA_TUSERDATA || lua_rawlen(L, idx) != sizeof(psy_box)) return NULL;
  psy_box *b = lua_touserdata(L, idx);
  return b->tag == tag ? b->box : NULL;
}

static int p_ref(lua_State *L) {
  lua_pushinteger(L, luaL_ref(L, LUA_REGISTRYINDEX));
  return 1;
}

int psy_ref(lua_State *L, int idx, int *ref) {
  idx = lua_absindex(L, idx);
  if (!lua_checkstack(L, 4)) return PSY_NOSTACK;
  lua_pushcfunction(L, p_ref);
  lua_pushvalue(L, idx);
  int status = lua_pcall(L, 1, 1, 0);
  if (status == LUA_OK) {
    *ref = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
  }
  return status;
}
