/* coroutine.resume, wrap and close (reference manual §6.2) that keep the time limit on
   the thread running: hooks belong to each Lua thread, so a coroutine enters the
   watchdog's running chain while it runs (its body, or the __close methods that closing
   it runs) and leaves it after, and the hook installed at the deadline reaches it.

   A coroutine the time limit ended died inside the hook, where Lua turns hooks off; only
   a pcall turns them on again, and a dead coroutine is never resumed, so its __close
   methods could never be stopped. Such a coroutine is remembered (in a weak-keyed set)
   and never closed, in this call or a later one. */
#include "deadline.h"
#include "libraries.h"
#include "watchdog.h"

static const char stopped_key = 0; /* registry: the coroutines the time limit ended */

/* Whether the coroutine at index co is in the set. */
static int stopped_by_time(lua_State *L, int co) {
  luaL_checkstack(L, 2, NULL);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &stopped_key);
  lua_pushvalue(L, co);
  int stopped = lua_rawget(L, -2) != LUA_TNIL;
  lua_pop(L, 2);
  return stopped;
}

static void remember_stopped(lua_State *L, int co) {
  luaL_checkstack(L, 3, NULL);
  lua_rawgetp(L, LUA_REGISTRYINDEX, &stopped_key);
  lua_pushvalue(L, co);
  lua_pushboolean(L, 1);
  lua_rawset(L, -3);
  lua_pop(L, 1);
}

/* Enters co into the running chain; 0 when the chain is full (nothing entered). Raises
   the time limit when it has already passed. */
static int enter_chain(lua_State *L, lua_State *co) {
  int entered = psy_enter_thread(L, co);
  if (entered == 0) { /* entered, but too late: leave again and end */
    psy_leave_thread(L);
    psy_raise_time_limit(L, 1);
  }
  return entered == 1;
}

/* Runs the coroutine co (at index co_index of L) with the `count` values on top of L.
   Returns the number of values it yielded or returned, now on L; or -1 with the error
   on L. lua_resume refuses a dead or running coroutine itself, in Lua's words. */
static int run_coroutine(lua_State *L, lua_State *co, int co_index, int count) {
  const char *refusal = NULL;
  if (!lua_checkstack(co, count)) refusal = "too many arguments to resume";
  else if (!enter_chain(L, co)) refusal = "coroutines nested too deeply";
  if (refusal) {
    lua_pushstring(L, refusal);
    return -1;
  }
  lua_xmove(L, co, count);
  int results;
  int status = lua_resume(co, L, count, &results);
  psy_leave_thread(L);
  if (status != LUA_OK && status != LUA_YIELD) {
    lua_xmove(co, L, 1);
    if (psy_limits_expired(psy_limits_of(L))) remember_stopped(L, co_index);
    return -1;
  }
  if (!lua_checkstack(L, results + 1)) {
    lua_pop(co, results);
    lua_pushliteral(L, "too many results to resume");
    return -1;
  }
  lua_xmove(co, L, results);
  return results;
}

static lua_State *coroutine_argument(lua_State *L) {
  lua_State *co = lua_tothread(L, 1);
  luaL_argexpected(L, co != NULL, 1, "thread");
  return co;
}

/* coroutine.resume(co, ...): true and what it yielded or returned, or false and the
   error. */
static int resume(lua_State *L) {
  lua_State *co = coroutine_argument(L);
  int count = run_coroutine(L, co, 1, lua_gettop(L) - 1);
  int ok = count >= 0;
  if (!ok) count = 1;
  lua_pushboolean(L, ok);
  lua_insert(L, -(count + 1));
  return count + 1;
}

/* Runs co's pending __close methods (lua_resetthread) with co in the running chain, so
   one that loops meets the time limit; refuses a coroutine the time limit ended, and
   does nothing once the time is up. Returns lua_resetthread's status (an error is left
   on co). */
static int close_pending(lua_State *L, lua_State *co, int co_index) {
  psy_check_deadline(L);
  if (stopped_by_time(L, co_index))
    luaL_error(L, "cannot close a coroutine the time limit stopped");
  if (!enter_chain(L, co)) luaL_error(L, "coroutines nested too deeply");
  int status = lua_resetthread(co);
  psy_leave_thread(L);
  return status;
}

/* What coroutine.wrap returns: resumes its coroutine (the upvalue) with the arguments;
   an error goes on, after the coroutine is closed when it died of it, with the place of
   the call in front of a string (as lua5.4: "a.lua:9: a.lua:2: boom"). The time limit is
   the one exception: it names the line that was running, and passes on as it is. */
static int wrapped(lua_State *L) {
  lua_State *co = lua_tothread(L, lua_upvalueindex(1));
  int count = run_coroutine(L, co, lua_upvalueindex(1), lua_gettop(L));
  if (count >= 0) return count;
  int status = lua_status(co);
  if (status != LUA_OK && status != LUA_YIELD) { /* it died of the error */
    if (psy_limits_expired(psy_limits_of(L))) return lua_error(L);
    if (!stopped_by_time(L, lua_upvalueindex(1))) {
      lua_pop(L, 1);
      status = close_pending(L, co, lua_upvalueindex(1));
      lua_xmove(co, L, 1); /* its error, or the one a __close method raised */
    }
  }
  if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
    luaL_where(L, 1);
    lua_insert(L, -2);
    lua_concat(L, 2);
  }
  return lua_error(L);
}

/* coroutine.wrap(f) */
static int wrap(lua_State *L) {
  luaL_checktype(L, 1, LUA_TFUNCTION);
  lua_State *co = lua_newthread(L);
  lua_pushvalue(L, 1);
  lua_xmove(L, co, 1);
  lua_pushcclosure(L, wrapped, 1);
  return 1;
}

/* coroutine.close(co): for a suspended or dead coroutine, true, or false and the error
   it died of or a __close method raised. */
static int close_coroutine(lua_State *L) {
  lua_State *co = coroutine_argument(L);
  lua_Debug frame;
  if (co == L) return luaL_error(L, "cannot close a running coroutine");
  if (lua_status(co) == LUA_OK && lua_getstack(co, 0, &frame)) /* it resumed another */
    return luaL_error(L, "cannot close a normal coroutine");
  int ok = close_pending(L, co, 1) == LUA_OK;
  lua_pushboolean(L, ok);
  if (ok) return 1;
  lua_xmove(co, L, 1);
  return 2;
}

void psy_open_coroutines(lua_State *L) {
  static const luaL_Reg functions[] = {
      {"resume", resume}, {"wrap", wrap}, {"close", close_coroutine}, {NULL, NULL}};
  luaL_setfuncs(L, functions, 0);
  lua_newtable(L);
  lua_createtable(L, 0, 1);
  lua_pushliteral(L, "k");
  lua_setfield(L, -2, "__mode");
  lua_setmetatable(L, -2);
  lua_rawsetp(L, LUA_REGISTRYINDEX, &stopped_key);
}
