/* Lua 5.4's table.sort, move, insert, remove, concat and unpack with a deadline.

   Their loops run in C, where the time limit's hook never fires, and a script sets
   their length: table.move({}, 1, 1e15, 2) or insert into a table whose __len says
   1e15 moves nils for days without allocating, sorting a thousand references to one
   100 MB string compares for hours, and each element read through a chain of 2,000
   __index tables costs 2,000 lookups (concat of 10^7 empty strings: minutes). These
   have ltablib's semantics and messages and look at the clock as they go. */
#include <limits.h>
#include <time.h>

#include "bounded.h"

/* Elements moved between two looks at the clock. */
#define MOVES_PER_CHECK 256

enum { READ = 1, WRITE = 2, LENGTH = 4 };

static int has_field(lua_State *L, const char *key, int n) {
  lua_pushstring(L, key);
  return lua_rawget(L, -n) != LUA_TNIL;
}

/* A table, or a value whose metatable gives what is needed. */
static void check_table(lua_State *L, int arg, int what) {
  if (lua_type(L, arg) == LUA_TTABLE) return;
  int n = 1;
  if (lua_getmetatable(L, arg) && (!(what & READ) || has_field(L, "__index", ++n)) &&
      (!(what & WRITE) || has_field(L, "__newindex", ++n)) &&
      (!(what & LENGTH) || has_field(L, "__len", ++n))) {
    lua_pop(L, n);
  } else {
    luaL_checktype(L, arg, LUA_TTABLE);
  }
}

static lua_Integer length_of(lua_State *L, int arg, int what) {
  check_table(L, arg, what | LENGTH);
  return luaL_len(L, arg);
}

static inline void tick(lua_State *L, lua_Integer i) {
  if ((i & (MOVES_PER_CHECK - 1)) == 0) psy_check_deadline(L);
}

static int bounded_insert(lua_State *L) {
  lua_Integer e = length_of(L, 1, READ | WRITE);
  e = (lua_Integer)((lua_Unsigned)e + 1u); /* the first empty slot */
  lua_Integer pos;
  switch (lua_gettop(L)) {
  case 2:
    pos = e;
    break;
  case 3:
    pos = luaL_checkinteger(L, 2);
    luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)e, 2, "position out of bounds");
    for (lua_Integer i = e; i > pos; i--) {
      tick(L, i);
      lua_geti(L, 1, i - 1);
      lua_seti(L, 1, i);
    }
    break;
  default:
    return luaL_error(L, "wrong number of arguments to 'insert'");
  }
  lua_seti(L, 1, pos);
  return 0;
}

static int bounded_remove(lua_State *L) {
  lua_Integer size = length_of(L, 1, READ | WRITE);
  lua_Integer pos = luaL_optinteger(L, 2, size);
  if (pos != size)
    /* argument 1, not 2: what Lua 5.4.4 says */
    luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 1, "position out of bounds");
  lua_geti(L, 1, pos);
  for (; pos < size; pos++) {
    tick(L, pos);
    lua_geti(L, 1, pos + 1);
    lua_seti(L, 1, pos);
  }
  lua_pushnil(L);
  lua_seti(L, 1, pos);
  return 1;
}

static int bounded_move(lua_State *L) {
  lua_Integer f = luaL_checkinteger(L, 2);
  lua_Integer e = luaL_checkinteger(L, 3);
  lua_Integer t = luaL_checkinteger(L, 4);
  int dest = !lua_isnoneornil(L, 5) ? 5 : 1;
  check_table(L, 1, READ);
  check_table(L, dest, WRITE);
  if (e >= f) {
    luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
    lua_Integer n = e - f + 1;
    luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4, "destination wrap around");
    /* overlapping ranges in one table copy from the end */
    if (t > e || t <= f || (dest != 1 && !lua_compare(L, 1, dest, LUA_OPEQ))) {
      for (lua_Integer i = 0; i < n; i++) {
        tick(L, i);
        lua_geti(L, 1, f + i);
        lua_seti(L, dest, t + i);
      }
    } else {
      for (lua_Integer i = n - 1; i >= 0; i--) {
        tick(L, i);
        lua_geti(L, 1, f + i);
        lua_seti(L, dest, t + i);
      }
    }
  }
  lua_pushvalue(L, dest);
  return 1;
}

static void add_field(lua_State *L, luaL_Buffer *b, lua_Integer i) {
  lua_geti(L, 1, i);
  if (!lua_isstring(L, -1))
    luaL_error(L, "invalid value (%s) at index %I in table for 'concat'", luaL_typename(L, -1),
               (LUAI_UACINT)i);
  luaL_addvalue(b);
}

static int bounded_concat(lua_State *L) {
  lua_Integer last = length_of(L, 1, READ);
  size_t lsep;
  const char *sep = luaL_optlstring(L, 2, "", &lsep);
  lua_Integer i = luaL_optinteger(L, 3, 1);
  last = luaL_optinteger(L, 4, last);
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  for (; i < last; i++) {
    tick(L, i);
    add_field(L, &b, i);
    luaL_addlstring(&b, sep, lsep);
  }
  if (i == last) add_field(L, &b, i);
  luaL_pushresult(&b);
  return 1;
}

static int bounded_unpack(lua_State *L) {
  lua_Integer i = luaL_optinteger(L, 2, 1);
  lua_Integer e = lua_isnoneornil(L, 3) ? luaL_len(L, 1) : luaL_checkinteger(L, 3);
  if (i > e) return 0;
  lua_Unsigned n = (lua_Unsigned)e - (lua_Unsigned)i; /* one less than the count */
  if (n >= (unsigned int)INT_MAX || !lua_checkstack(L, (int)(++n)))
    return luaL_error(L, "too many results to unpack");
  for (; i < e; i++) {
    tick(L, i);
    lua_geti(L, 1, i);
  }
  lua_geti(L, 1, e);
  return (int)n;
}

/* ---- sort: ltablib's quicksort, looking at the clock per comparison ------ */

typedef unsigned int index_t;

/* Intervals shorter than this take the middle element as pivot. */
#define RANDOM_PIVOT_FROM 100u

/* Whether a < b (stack indices, negative), by the order function at 2 if any. */
static int less(lua_State *L, int a, int b) {
  psy_check_deadline(L);
  if (lua_isnil(L, 2)) return lua_compare(L, a, b, LUA_OPLT);
  lua_pushvalue(L, 2);
  lua_pushvalue(L, a - 1);
  lua_pushvalue(L, b - 2);
  lua_call(L, 2, 1);
  int r = lua_toboolean(L, -1);
  lua_pop(L, 1);
  return r;
}

/* a[i] = top, a[j] = the value below it; pops both. */
static void store2(lua_State *L, index_t i, index_t j) {
  lua_seti(L, 1, i);
  lua_seti(L, 1, j);
}

static unsigned int random_seed(void) {
  clock_t c = clock();
  time_t t = time(NULL);
  return (unsigned int)c + (unsigned int)t * 2654435761u;
}

/* Partitions lo..up around the pivot P (on top, also at a[up - 1]); returns P's place. */
static index_t partition(lua_State *L, index_t lo, index_t up) {
  index_t i = lo, j = up - 1;
  for (;;) {
    while (lua_geti(L, 1, ++i), less(L, -1, -2)) {
      if (i == up - 1) luaL_error(L, "invalid order function for sorting");
      lua_pop(L, 1);
    }
    while (lua_geti(L, 1, --j), less(L, -3, -1)) {
      if (j < i) luaL_error(L, "invalid order function for sorting");
      lua_pop(L, 1);
    }
    if (j < i) {
      lua_pop(L, 1);
      store2(L, up - 1, i);
      return i;
    }
    store2(L, i, j);
  }
}

static void quicksort(lua_State *L, index_t lo, index_t up, unsigned int rnd) {
  while (lo < up) {
    lua_geti(L, 1, lo);
    lua_geti(L, 1, up);
    if (less(L, -1, -2)) store2(L, lo, up);
    else lua_pop(L, 2);
    if (up - lo == 1) break;
    index_t p;
    if (up - lo < RANDOM_PIVOT_FROM || rnd == 0) {
      p = (lo + up) / 2;
    } else {
      index_t quarter = (up - lo) / 4;
      p = rnd % (quarter * 2) + (lo + quarter);
    }
    lua_geti(L, 1, p);
    lua_geti(L, 1, lo);
    if (less(L, -2, -1)) {
      store2(L, p, lo);
    } else {
      lua_pop(L, 1);
      lua_geti(L, 1, up);
      if (less(L, -1, -2)) store2(L, p, up);
      else lua_pop(L, 2);
    }
    if (up - lo == 2) break;
    lua_geti(L, 1, p);
    lua_pushvalue(L, -1);
    lua_geti(L, 1, up - 1);
    store2(L, p, up - 1);
    p = partition(L, lo, up);
    index_t smaller;
    /* recurse into the smaller side, loop on the larger: depth stays log n */
    if (p - lo < up - p) {
      quicksort(L, lo, p - 1, rnd);
      smaller = p - lo;
      lo = p + 1;
    } else {
      quicksort(L, p + 1, up, rnd);
      smaller = up - p;
      up = p - 1;
    }
    if ((up - lo) / 128 > smaller) rnd = random_seed(); /* badly unbalanced: new pivots */
  }
}

static int bounded_sort(lua_State *L) {
  lua_Integer n = length_of(L, 1, READ | WRITE);
  if (n > 1) {
    luaL_argcheck(L, n < INT_MAX, 1, "array too big");
    if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
    lua_settop(L, 2);
    quicksort(L, 1, (index_t)n, 0);
  }
  return 0;
}

void psy_open_bounded_table(lua_State *L) {
  static const luaL_Reg fns[] = {{"insert", bounded_insert},
                                 {"remove", bounded_remove},
                                 {"move", bounded_move},
                                 {"sort", bounded_sort},
                                 {"concat", bounded_concat},
                                 {"unpack", bounded_unpack},
                                 {NULL, NULL}};
  luaL_setfuncs(L, fns, 0);
}
