/* table.sort(list [, comp]) (reference manual §6.6), designed here.

   The list is read once (list[1] ... list[#list], through metamethods as the script's
   own reads would be), sorted aside, and written back once. Two ways to sort it aside:

   - Numbers under the default order (all integers, or all floats and no NaN): as 64-bit
     keys that order as the numbers do, sorted in C by an introsort (quicksort that turns
     to heapsort when its splits go bad, insertion sort for short stretches). No Lua call
     at all: 10^6 numbers sort several times faster than by comparisons through the API.
   - Anything else: the values go into a work table, and a merge sort orders their
     positions (binary insertion sort of short runs, then runs merged pairwise, bottom
     up), asking the order function (or Lua's <, with its metamethods) each time. A merge
     sort asks fewer questions than a quicksort (about n log2 n - n against 1.2 n log2 n),
     and with an order function written in Lua each question is a call.

   Both look at the clock as they go (the time limit's hook never fires in C). The work
   memory (a key per number, or the work table and two positions per element) is
   allocated by Lua and counts against the memory limit. A comparator that answers "yes"
   both ways for a pair ("a < b" and "b < a") is refused with lua5.4's "invalid order
   function for sorting": the first "yes" of each merge pass is asked the other way
   round too, a dozen extra questions for 10^5 elements. */
#include <limits.h>
#include <stdint.h>
#include <string.h>

#include "deadline.h"
#include "table_functions.h"

/* ---- keys: numbers as integers that order the same way ------------------ */

enum number_kind { NO_NUMBERS, INTEGERS, FLOATS };

#define SIGN_BIT (UINT64_C(1) << 63)

/* Integers: flipping the sign bit makes two's complement order unsigned. Floats (no
   NaN): positive ones order by their bits once the sign is set; negative ones by their
   bits inverted. -0.0 comes before 0.0, which Lua's < holds equal: either order is sorted. */
static uint64_t integer_key(lua_Integer i) { return (uint64_t)i ^ SIGN_BIT; }
static lua_Integer key_integer(uint64_t k) { return (lua_Integer)(k ^ SIGN_BIT); }

static uint64_t float_key(lua_Number x) {
  uint64_t bits;
  memcpy(&bits, &x, sizeof bits);
  return (bits & SIGN_BIT) ? ~bits : bits | SIGN_BIT;
}

static lua_Number key_float(uint64_t k) {
  uint64_t bits = (k & SIGN_BIT) ? k & ~SIGN_BIT : ~k;
  lua_Number x;
  memcpy(&x, &bits, sizeof x);
  return x;
}

/* The kind of the number on top (NO_NUMBERS for anything else, NaN included). */
static enum number_kind kind_on_top(lua_State *L) {
  if (lua_type(L, -1) != LUA_TNUMBER) return NO_NUMBERS;
  if (lua_isinteger(L, -1)) return INTEGERS;
  lua_Number x = lua_tonumber(L, -1);
  return x == x ? FLOATS : NO_NUMBERS;
}

static uint64_t key_on_top(lua_State *L, enum number_kind kind) {
  return kind == INTEGERS ? integer_key(lua_tointeger(L, -1)) : float_key(lua_tonumber(L, -1));
}

static void push_key(lua_State *L, uint64_t key, enum number_kind kind) {
  if (kind == INTEGERS) lua_pushinteger(L, key_integer(key));
  else lua_pushnumber(L, key_float(key));
}

/* ---- the introsort of keys ---------------------------------------------- */

/* Stretches this short are insertion-sorted. */
#define SHORT_STRETCH 24

static void swap_keys(uint64_t *a, uint64_t *b) {
  uint64_t t = *a;
  *a = *b;
  *b = t;
}

static void insertion_sort_keys(uint64_t *k, size_t n) {
  for (size_t i = 1; i < n; i++) {
    uint64_t x = k[i];
    size_t j = i;
    for (; j > 0 && x < k[j - 1]; j--) k[j] = k[j - 1];
    k[j] = x;
  }
}

/* Moves k[root] down the max-heap k[0 ..< n] to its place. */
static void sift_down(uint64_t *k, size_t root, size_t n) {
  for (size_t child; (child = 2 * root + 1) < n; root = child) {
    if (child + 1 < n && k[child] < k[child + 1]) child++;
    if (!(k[root] < k[child])) return;
    swap_keys(&k[root], &k[child]);
  }
}

static void heap_sort_keys(lua_State *L, uint64_t *k, size_t n) {
  for (size_t i = n / 2; i-- > 0;) sift_down(k, i, n);
  for (size_t end = n; end > 1; end--) {
    if (end % 1024 == 0) psy_check_deadline(L);
    swap_keys(&k[0], &k[end - 1]);
    sift_down(k, 0, end - 1);
  }
}

/* Splits k[0 ..< n] (n > SHORT_STRETCH) around the median of its first, middle and last
   keys; returns the split s: every key of k[0 ..< s] <= every key of k[s ..< n], and
   both parts are non-empty. */
static size_t split_keys(uint64_t *k, size_t n) {
  uint64_t a = k[0], b = k[n / 2], c = k[n - 1];
  uint64_t pivot = a < b ? (b < c ? b : (a < c ? c : a)) : (a < c ? a : (b < c ? c : b));
  size_t lo = 0, hi = n - 1;
  for (;;) {
    while (k[lo] < pivot) lo++;
    while (pivot < k[hi]) hi--;
    if (lo >= hi) return hi + 1;
    swap_keys(&k[lo++], &k[hi--]);
  }
}

/* Quicksort on the shorter side, a loop on the longer; past `depth` bad splits the
   stretch goes to heapsort, so no input costs more than n log n. */
static void introsort_keys(lua_State *L, uint64_t *k, size_t n, int depth) {
  while (n > SHORT_STRETCH) {
    psy_check_deadline(L);
    if (depth-- == 0) {
      heap_sort_keys(L, k, n);
      return;
    }
    size_t s = split_keys(k, n);
    if (s < n - s) {
      introsort_keys(L, k, s, depth);
      k += s;
      n -= s;
    } else {
      introsort_keys(L, k + s, n - s, depth);
      n = s;
    }
  }
  insertion_sort_keys(k, n);
}

static void sort_keys(lua_State *L, uint64_t *k, size_t n) {
  int depth = 0;
  for (size_t m = n; m > 1; m >>= 1) depth += 2;
  introsort_keys(L, k, n, depth);
}

/* ---- the merge sort of positions ---------------------------------------- */

/* Runs this long are sorted by binary insertion before merging: it asks fewer questions
   than merging runs of one (about log2 of the run's factorial), and moving positions
   within a short run costs next to nothing. */
#define RUN 32

typedef struct {
  lua_State *L;
  int values;    /* stack index of the work table: element p is values[p + 1] */
  int has_order; /* an order function at index 2 */
  int probe;     /* the next "yes" is asked the other way round too */
} sorter;

/* Whether element a goes before element b. */
static int before(sorter *s, int a, int b) {
  lua_State *L = s->L;
  psy_check_deadline(L);
  int yes;
  if (s->has_order) {
    lua_pushvalue(L, 2);
    lua_rawgeti(L, s->values, (lua_Integer)a + 1);
    lua_rawgeti(L, s->values, (lua_Integer)b + 1);
    lua_call(L, 2, 1);
    yes = lua_toboolean(L, -1);
    lua_pop(L, 1);
  } else {
    lua_rawgeti(L, s->values, (lua_Integer)a + 1);
    lua_rawgeti(L, s->values, (lua_Integer)b + 1);
    yes = lua_compare(L, -2, -1, LUA_OPLT);
    lua_pop(L, 2);
  }
  if (yes && s->probe) {
    s->probe = 0;
    if (before(s, b, a)) luaL_error(L, "invalid order function for sorting");
  }
  return yes;
}

/* Sorts the run p[0 ..< n]: each element goes after every earlier one it does not go
   before, found by bisection. */
static void insert_run(sorter *s, int *p, int n) {
  for (int i = 1; i < n; i++) {
    int x = p[i], lo = 0, hi = i;
    while (lo < hi) {
      int mid = lo + (hi - lo) / 2;
      if (before(s, x, p[mid])) hi = mid;
      else lo = mid + 1;
    }
    memmove(p + lo + 1, p + lo, (size_t)(i - lo) * sizeof *p);
    p[lo] = x;
  }
}

/* Merges the sorted runs from[lo ..< mid] and from[mid ..< hi] into to[lo ..< hi]; when
   the first run's last element does not come after the second's first, they are in
   order already and are only copied. */
static void merge_runs(sorter *s, const int *from, int *to, int lo, int mid, int hi) {
  int i = lo, j = mid, k = lo;
  if (mid < hi && before(s, from[mid], from[mid - 1])) {
    while (i < mid && j < hi) to[k++] = before(s, from[j], from[i]) ? from[j++] : from[i++];
  }
  memcpy(to + k, from + i, (size_t)(mid - i) * sizeof *to);
  k += mid - i;
  memcpy(to + k, from + j, (size_t)(hi - j) * sizeof *to);
}

/* Sorts positions 0 ..< n; returns the array holding the result (one of the two). */
static int *merge_sort(sorter *s, int *positions, int *spare, int n) {
  for (int lo = 0; lo < n; lo += RUN) {
    s->probe = 1;
    insert_run(s, positions + lo, n - lo < RUN ? n - lo : RUN);
  }
  for (int width = RUN; width < n; width *= 2) {
    s->probe = 1;
    for (int lo = 0; lo < n; lo += 2 * width) {
      int mid = n - lo > width ? lo + width : n;
      int hi = n - lo > 2 * width ? lo + 2 * width : n;
      merge_runs(s, positions, spare, lo, mid, hi);
    }
    int *t = positions;
    positions = spare;
    spare = t;
  }
  return positions;
}

/* ---- reading, sorting and writing back ---------------------------------- */

/* Elements read or written between two looks at the clock. */
#define ELEMENTS_PER_LOOK 1024

static void look_now_and_then(lua_State *L, lua_Integer i) {
  if (i % ELEMENTS_PER_LOOK == 0) psy_check_deadline(L);
}

/* Moves elements 1 ..< from, read so far as keys of `kind`, into a new work table (on
   top) of room for n. */
static void keys_to_table(lua_State *L, const uint64_t *keys, lua_Integer from, int n,
                          enum number_kind kind) {
  lua_createtable(L, n, 0);
  for (lua_Integer i = 1; i < from; i++) {
    push_key(L, keys[i - 1], kind);
    lua_rawseti(L, -2, i);
  }
}

/* Reads the elements into keys while all are numbers of one kind: returns 1 when all
   were. Otherwise returns 0 with the element that was not left on top, its position in
   *stopped, and the kind of the keys read before it in *kind. */
static int read_keys(lua_State *L, uint64_t *keys, int n, enum number_kind *kind,
                     lua_Integer *stopped) {
  *kind = NO_NUMBERS;
  for (lua_Integer i = 1; i <= n; i++) {
    look_now_and_then(L, i);
    lua_geti(L, 1, i);
    enum number_kind here = kind_on_top(L);
    if (here == NO_NUMBERS || (*kind != NO_NUMBERS && here != *kind)) {
      *stopped = i;
      return 0;
    }
    *kind = here;
    keys[i - 1] = key_on_top(L, here);
    lua_pop(L, 1);
  }
  return 1;
}

static void sort_as_numbers(lua_State *L, uint64_t *keys, int n, enum number_kind kind) {
  sort_keys(L, keys, (size_t)n);
  for (lua_Integer i = 1; i <= n; i++) {
    look_now_and_then(L, i);
    push_key(L, keys[i - 1], kind);
    lua_seti(L, 1, i);
  }
}

/* Reads elements from..n into the work table on top (element from is on top of it). */
static void read_rest(lua_State *L, lua_Integer from, int n) {
  lua_rawseti(L, -2, from);
  for (lua_Integer i = from + 1; i <= n; i++) {
    look_now_and_then(L, i);
    lua_geti(L, 1, i);
    lua_rawseti(L, -2, i);
  }
}

static void sort_by_comparisons(lua_State *L, int values, int n) {
  int *positions = lua_newuserdatauv(L, 2 * (size_t)n * sizeof(int), 0);
  for (int p = 0; p < n; p++) positions[p] = p;
  sorter s = {L, values, !lua_isnil(L, 2), 0};
  const int *sorted = merge_sort(&s, positions, positions + n, n);
  for (int k = 0; k < n; k++) {
    look_now_and_then(L, k + 1);
    lua_rawgeti(L, values, (lua_Integer)sorted[k] + 1);
    lua_seti(L, 1, (lua_Integer)k + 1);
  }
}

int psy_table_sort(lua_State *L) {
  lua_Integer length = psy_table_length(L, 1, PSY_TABLE_READ | PSY_TABLE_WRITE);
  if (length < 2) return 0;
  luaL_argcheck(L, length < INT_MAX, 1, "array too big");
  if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_settop(L, 2);
  int n = (int)length;
  if (lua_isnil(L, 2)) {
    uint64_t *keys = lua_newuserdatauv(L, (size_t)n * sizeof *keys, 0); /* 3 */
    enum number_kind kind;
    lua_Integer stopped;
    if (read_keys(L, keys, n, &kind, &stopped)) {
      sort_as_numbers(L, keys, n, kind);
      return 0;
    }
    /* Not all numbers of one kind: what was read goes into the work table, read on. */
    keys_to_table(L, keys, stopped, n, kind); /* above the element read last */
    lua_insert(L, -2);
    read_rest(L, stopped, n);
    sort_by_comparisons(L, lua_gettop(L), n);
    return 0;
  }
  lua_createtable(L, n, 0); /* 3: the work table */
  lua_geti(L, 1, 1);
  read_rest(L, 1, n);
  sort_by_comparisons(L, 3, n);
  return 0;
}
