/* The trampoline, the protected helpers and the error handler: every place
   a Lua error may be raised on Swift's behalf. */
#include <string.h>

#include "CLuaBridge.h"
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

/* Raises what Swift left on the stack, after Swift has returned. */
static int raise_result(lua_State *L, int n) {
  if (n == PSY_RAISE_HERE) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
  }
  return lua_error(L);
}

static int trampoline(lua_State *L) {
  psy_box *b = lua_touserdata(L, lua_upvalueindex(1));
  if (b == NULL || b->box == NULL) return luaL_error(L, "host function is gone");
  int n = swift_dispatch(L, b->box);
  if (n < 0) return raise_result(L, n);
  return n;
}

/* ---- the error handler and calls ------------------------------------- */

static int message_handler(lua_State *L) {
  int t = lua_type(L, 1);
  if (t == LUA_TSTRING || t == LUA_TNUMBER) {
    lua_tolstring(L, 1, NULL);
  } else {
    if (!(luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING))
      lua_pushfstring(L, "(error object is a %s value)", luaL_typename(L, 1));
    lua_replace(L, 1);
  }
  /* joined as Lua strings: a NUL in the message must not end it */
  lua_settop(L, 1);
  lua_pushliteral(L, "\n");
  luaL_traceback(L, L, NULL, 1);
  lua_concat(L, 3);
  return 1;
}

int psy_pushcall(lua_State *L, int ref, int slots) {
  if (!lua_checkstack(L, slots + 2)) return -1;
  int base = lua_gettop(L);
  lua_pushcfunction(L, message_handler);
  if (ref != LUA_NOREF) lua_rawgeti(L, LUA_REGISTRYINDEX, ref);
  return base;
}

/* Whether the error on top is Lua's memory error: raised as one, or passed on as its
   message (a coroutine's, re-raised by wrap), with the handler's traceback after it. */
static int is_memory_error(lua_State *L, int status) {
  static const char words[] = "not enough memory";
  const size_t n = sizeof words - 1;
  if (status == LUA_ERRMEM) return 1;
  if (lua_type(L, -1) != LUA_TSTRING) return 0;
  size_t len;
  const char *s = lua_tolstring(L, -1, &len);
  return len >= n && memcmp(s, words, n) == 0 && (len == n || s[n] == '\n');
}

static int p_restate(lua_State *L) {
  size_t len;
  const char *error = lua_tolstring(L, 1, &len);
  const char *where = lua_touserdata(L, 2);
  const char *rest = memchr(error, '\n', len); /* the traceback, if any */
  lua_pushfstring(L, "%s%s%s", where, where[0] ? ": " : "", psy_limits_of(L)->exceeded);
  if (rest) lua_pushlstring(L, rest, len - (size_t)(rest - error));
  else lua_pushliteral(L, "");
  lua_concat(L, 2);
  return 1;
}

/* A deadline that lands in an allocation (string.rep, table.concat growing its buffer)
   ends the call with Lua's memory error, which names no place: the allocator, which
   refused to grow because time was up, recorded where the script was. Replaces the
   error on top by the time limit's, there; keeps it when even that cannot be made.
   Out of line and cold: the call path stays short. */
__attribute__((noinline, cold)) static int restate_as_time_limit(lua_State *L, int status) {
  psy_limits *lim = psy_limits_of(L);
  if (!is_memory_error(L, status) || lua_type(L, -1) != LUA_TSTRING || !lua_checkstack(L, 4))
    return status;
  lua_pushcfunction(L, p_restate);
  lua_pushvalue(L, -2);
  lua_pushlightuserdata(L, lim->where);
  if (lua_pcall(L, 2, 1, 0) != LUA_OK) {
    lua_pop(L, 1);
    return status;
  }
  lua_remove(L, -2);
  return LUA_ERRRUN;
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
  if (status != LUA_OK && *timed_out) status = restate_as_time_limit(L, status);
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
