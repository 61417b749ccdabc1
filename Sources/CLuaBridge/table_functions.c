/* table.insert, remove, move, concat and unpack (reference manual §6.6), looking at the
   clock as they go.

   Their loops run in C, where the time limit's hook never fires, and a script sets how
   long they run: table.move({}, 1, 1e15, 2), or an insert into a table whose __len says
   1e15, shifts nils for days without allocating; an element read through a chain of 2,000
   __index tables costs 2,000 lookups. So every loop here counts its steps and asks the
   clock every STEPS_PER_LOOK of them. Results and messages (argument numbers included) are
   lua5.4's: Tests/Scripts/table_calls.lua holds the two side by side. */
#include <limits.h>

#include "deadline.h"
#include "table_functions.h"

/* Steps (elements read or written) between two looks at the clock. */
#define STEPS_PER_LOOK 256

/* The operations a non-table argument's metatable must provide, by metamethod. */
static const struct {
  unsigned need;
  const char *event;
} events[] = {{PSY_TABLE_READ, "__index"},
              {PSY_TABLE_WRITE, "__newindex"},
              {PSY_TABLE_LENGTH, "__len"}};

void psy_table_argument(lua_State *L, int arg, unsigned need) {
  if (lua_type(L, arg) == LUA_TTABLE) return;
  int acceptable = lua_getmetatable(L, arg);
  for (size_t k = 0; acceptable && k < sizeof events / sizeof events[0]; k++) {
    if (!(need & events[k].need)) continue;
    lua_pushstring(L, events[k].event);
    acceptable = lua_rawget(L, -2) != LUA_TNIL;
    lua_pop(L, 1);
  }
  if (!acceptable) luaL_typeerror(L, arg, "table");
  lua_pop(L, 1); /* the metatable */
}

lua_Integer psy_table_length(lua_State *L, int arg, unsigned need) {
  psy_table_argument(L, arg, need | PSY_TABLE_LENGTH);
  return luaL_len(L, arg);
}

/* One more step of a loop: every STEPS_PER_LOOK of them, the clock. */
static inline void step(lua_State *L, lua_Unsigned *steps) {
  if (++*steps % STEPS_PER_LOOK == 0) psy_check_deadline(L);
}

/* dst[to + k] = src[from + k] for k in 0 ..< count, lowest k first or, with `downwards`,
   highest first (so an overlapping copy within one table reads each element before it is
   overwritten). Through metamethods, as the script's own t[i] = u[j] would. */
static void copy_range(lua_State *L, int src, lua_Integer from, int dst, lua_Integer to,
                       lua_Unsigned count, int downwards) {
  lua_Unsigned steps = 0;
  for (lua_Unsigned done = 0; done < count; done++) {
    lua_Unsigned k = downwards ? count - 1 - done : done;
    step(L, &steps);
    lua_geti(L, src, (lua_Integer)((lua_Unsigned)from + k));
    lua_seti(L, dst, (lua_Integer)((lua_Unsigned)to + k));
  }
}

/* table.insert(list, [pos,] value) */
static int table_insert(lua_State *L) {
  lua_Integer size = psy_table_length(L, 1, PSY_TABLE_READ | PSY_TABLE_WRITE);
  lua_Integer end = (lua_Integer)((lua_Unsigned)size + 1u); /* one past the last */
  int args = lua_gettop(L);
  if (args != 2 && args != 3) return luaL_error(L, "wrong number of arguments to 'insert'");
  lua_Integer at = end;
  if (args == 3) {
    at = luaL_checkinteger(L, 2);
    /* 1 <= at <= end, with the unsigned wrap that also refuses at <= 0 */
    luaL_argcheck(L, (lua_Unsigned)at - 1u < (lua_Unsigned)end, 2, "position out of bounds");
    copy_range(L, 1, at, 1, at + 1, (lua_Unsigned)(end - at), 1);
  }
  lua_seti(L, 1, at); /* the value, on top */
  return 0;
}

/* Whether table.remove may take position `at` of a list of `size`: any of 1 ... size + 1,
   or size itself (0 in an empty list). */
static int removable(lua_Integer at, lua_Integer size) {
  return at == size || (lua_Unsigned)at - 1u <= (lua_Unsigned)size;
}

/* table.remove(list [, pos]) */
static int table_remove(lua_State *L) {
  lua_Integer size = psy_table_length(L, 1, PSY_TABLE_READ | PSY_TABLE_WRITE);
  lua_Integer at = luaL_optinteger(L, 2, size);
  if (!removable(at, size)) return luaL_argerror(L, 1, "position out of bounds"); /* 1: lua5.4's */
  lua_geti(L, 1, at); /* the result */
  lua_Integer emptied = at < size ? size : at; /* the slot left empty */
  copy_range(L, 1, at + 1, 1, at, (lua_Unsigned)(emptied - at), 0);
  lua_pushnil(L);
  lua_seti(L, 1, emptied);
  return 1;
}

/* table.move(a1, f, e, t [, a2]) */
static int table_move(lua_State *L) {
  lua_Integer first = luaL_checkinteger(L, 2);
  lua_Integer last = luaL_checkinteger(L, 3);
  lua_Integer to = luaL_checkinteger(L, 4);
  int dst = lua_isnoneornil(L, 5) ? 1 : 5;
  psy_table_argument(L, 1, PSY_TABLE_READ);
  psy_table_argument(L, dst, PSY_TABLE_WRITE);
  if (last >= first) {
    luaL_argcheck(L, first > 0 || last < LUA_MAXINTEGER + first, 3, "too many elements to move");
    lua_Unsigned count = (lua_Unsigned)last - (lua_Unsigned)first + 1u;
    luaL_argcheck(L, to <= LUA_MAXINTEGER - (lua_Integer)count + 1, 4, "destination wrap around");
    /* Within one table, a destination that starts inside the source is copied from the
       end, so nothing is overwritten before it is read. */
    int downwards = to > first && to <= last && (dst == 1 || lua_compare(L, 1, dst, LUA_OPEQ));
    copy_range(L, 1, first, dst, to, count, downwards);
  }
  lua_pushvalue(L, dst);
  return 1;
}

/* Adds list[i] to the buffer, which only strings and numbers may join. */
static void add_element(lua_State *L, luaL_Buffer *joined, lua_Integer i) {
  lua_geti(L, 1, i);
  if (!lua_isstring(L, -1))
    luaL_error(L, "invalid value (%s) at index %I in table for 'concat'", luaL_typename(L, -1),
               (LUAI_UACINT)i);
  luaL_addvalue(joined);
}

/* table.concat(list [, sep [, i [, j]]]) */
static int table_concat(lua_State *L) {
  lua_Integer length = psy_table_length(L, 1, PSY_TABLE_READ);
  size_t seplen;
  const char *sep = luaL_optlstring(L, 2, "", &seplen);
  lua_Integer first = luaL_optinteger(L, 3, 1);
  lua_Integer last = luaL_optinteger(L, 4, length);
  luaL_Buffer joined;
  luaL_buffinit(L, &joined);
  /* counted from first, so that last = maxinteger ends: a separator before every element
     but the first */
  lua_Unsigned after_first = (lua_Unsigned)last - (lua_Unsigned)first, steps = 0;
  for (lua_Unsigned k = 0; first <= last && k <= after_first; k++) {
    if (k > 0) luaL_addlstring(&joined, sep, seplen);
    step(L, &steps);
    add_element(L, &joined, (lua_Integer)((lua_Unsigned)first + k));
  }
  luaL_pushresult(&joined);
  return 1;
}

/* table.unpack(list [, i [, j]]): list[i], ..., list[j]; any value may stand for the list
   (its length and elements are read as the script's #list and list[k] would). */
static int table_unpack(lua_State *L) {
  lua_Integer i = luaL_optinteger(L, 2, 1);
  lua_Integer j = lua_isnoneornil(L, 3) ? luaL_len(L, 1) : luaL_checkinteger(L, 3);
  if (i > j) return 0;
  lua_Unsigned extra = (lua_Unsigned)j - (lua_Unsigned)i; /* results after the first */
  if (extra >= (lua_Unsigned)INT_MAX || !lua_checkstack(L, (int)extra + 1))
    return luaL_error(L, "too many results to unpack");
  lua_Unsigned steps = 0;
  for (lua_Unsigned k = 0; k <= extra; k++) {
    step(L, &steps);
    lua_geti(L, 1, (lua_Integer)((lua_Unsigned)i + k));
  }
  return (int)extra + 1;
}

void psy_open_table_functions(lua_State *L) {
  static const luaL_Reg functions[] = {{"insert", table_insert}, {"remove", table_remove},
                                       {"move", table_move},     {"concat", table_concat},
                                       {"unpack", table_unpack}, {"sort", psy_table_sort},
                                       {NULL, NULL}};
  luaL_setfuncs(L, functions, 0);
}
