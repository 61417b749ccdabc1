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
   round too, a dozen extra questions for 10^5 elements; so is one that puts the first
   element before itself (`a <= b`), in a list of 4 or more.

   Equal elements keep their order (the merge sort is stable); lua5.4's quicksort moves
   them as its pivots fall, an order the manual leaves unspecified: `{1.0, 1, 0}` sorts
   to `0 1.0 1` here and `0 1 1.0` under lua5.4 (docs/safety.md says so). */
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

/* ---- merge sorts, by comparisons ---------------------------------------- */

/* Runs this long are sorted by binary insertion before merging: it asks fewer questions
   than merging runs of one (about log2 of the run's factorial), and moving within a short
   run costs next to nothing. */
#define RUN 32

/* Stack slots beyond the two areas: a run being built, a comparison's call, the probe's. */
#define SPARE_SLOTS (RUN + 16)

typedef struct {
  lua_State *L;
  int has_order; /* an order function at index 2 */
  int probe;     /* the next "yes" is asked the other way round too */
} sorter;

/* Whether the value at stack index a goes before the one at b: the order function, or
   Lua's < (metamethods and all). */
static int ordered(sorter *s, int a, int b) {
  lua_State *L = s->L;
  psy_check_deadline(L);
  int yes;
  if (s->has_order) {
    lua_pushvalue(L, 2);
    lua_pushvalue(L, a);
    lua_pushvalue(L, b);
    lua_call(L, 2, 1);
    yes = lua_toboolean(L, -1);
    lua_pop(L, 1);
  } else {
    yes = lua_compare(L, a, b, LUA_OPLT);
  }
  if (yes && s->probe) {
    s->probe = 0;
    if (ordered(s, b, a)) luaL_error(L, "invalid order function for sorting");
  }
  return yes;
}

/* Where the elements come from: list[i], except those already read as keys (before
   `stopped`) and the one read last (`stopped`, at stack index `held`). */
typedef struct {
  const uint64_t *keys;
  enum number_kind kind;
  lua_Integer stopped;
  int held;
} source;

static void push_element(lua_State *L, const source *from, lua_Integer i) {
  if (i < from->stopped) push_key(L, from->keys[i - 1], from->kind);
  else if (i == from->stopped) lua_pushvalue(L, from->held);
  else lua_geti(L, 1, i);
}

/* Elements read or written between two looks at the clock. */
#define ELEMENTS_PER_LOOK 1024

static void look_now_and_then(lua_State *L, lua_Integer i) {
  if (i % ELEMENTS_PER_LOOK == 0) psy_check_deadline(L);
}

/* -- values on the stack: two areas of n slots, runs merged from one to the other -- */

/* Pushes elements first .. first + count - 1, each into its place among those pushed
   before it (bisection, then a rotation), then copies the run to area slots from `to`. */
static void build_run(sorter *s, const source *from, lua_Integer first, int count, int to) {
  lua_State *L = s->L;
  int base = lua_gettop(L) + 1;
  for (int m = 0; m < count; m++) {
    look_now_and_then(L, first + m);
    push_element(L, from, first + m);
    int lo = 0, hi = m, top = base + m;
    while (lo < hi) {
      int mid = lo + (hi - lo) / 2;
      if (ordered(s, top, base + mid)) hi = mid;
      else lo = mid + 1;
    }
    lua_rotate(L, base + lo, 1);
  }
  for (int m = 0; m < count; m++) lua_copy(L, base + m, to + m);
  lua_settop(L, base - 1);
}

/* Merges the sorted runs at from + lo ..< from + mid and from + mid ..< from + hi into
   to + lo ..< to + hi; runs already in order (the first's last does not come after the
   second's first) are only copied. */
static void merge_on_stack(sorter *s, int from, int to, int lo, int mid, int hi) {
  lua_State *L = s->L;
  int i = lo, j = mid, k = lo;
  if (mid < hi && ordered(s, from + mid, from + mid - 1)) {
    while (i < mid && j < hi)
      lua_copy(L, ordered(s, from + j, from + i) ? from + j++ : from + i++, to + k++);
  }
  while (i < mid) lua_copy(L, from + i++, to + k++);
  while (j < hi) lua_copy(L, from + j++, to + k++);
}

static void sort_on_stack(lua_State *L, const source *from, int n) {
  int area = lua_gettop(L) + 1, spare = area + n;
  lua_settop(L, spare + n - 1);
  sorter s = {L, !lua_isnil(L, 2), 0};
  for (int lo = 0; lo < n; lo += RUN) {
    s.probe = 1;
    build_run(&s, from, (lua_Integer)lo + 1, n - lo < RUN ? n - lo : RUN, area + lo);
  }
  for (int width = RUN; width < n; width *= 2) {
    s.probe = 1;
    for (int lo = 0; lo < n; lo += 2 * width) {
      int mid = n - lo > width ? lo + width : n;
      int hi = n - lo > 2 * width ? lo + 2 * width : n;
      merge_on_stack(&s, area, spare, lo, mid, hi);
    }
    int t = area;
    area = spare;
    spare = t;
  }
  for (int k = 0; k < n; k++) {
    look_now_and_then(L, k + 1);
    lua_pushvalue(L, area + k);
    lua_seti(L, 1, (lua_Integer)k + 1);
  }
}

/* -- too many for the stack: values in a work table, their positions merged -- */

/* Whether element a goes before element b, both in the work table at `values`. */
static int positions_ordered(sorter *s, int values, int a, int b) {
  lua_State *L = s->L;
  lua_rawgeti(L, values, (lua_Integer)a + 1);
  lua_rawgeti(L, values, (lua_Integer)b + 1);
  int top = lua_gettop(L);
  int yes = ordered(s, top - 1, top);
  lua_pop(L, 2);
  return yes;
}

static void insert_positions(sorter *s, int values, int *p, int n) {
  for (int i = 1; i < n; i++) {
    int x = p[i], lo = 0, hi = i;
    while (lo < hi) {
      int mid = lo + (hi - lo) / 2;
      if (positions_ordered(s, values, x, p[mid])) hi = mid;
      else lo = mid + 1;
    }
    memmove(p + lo + 1, p + lo, (size_t)(i - lo) * sizeof *p);
    p[lo] = x;
  }
}

static void merge_positions(sorter *s, int values, const int *from, int *to, int lo, int mid,
                            int hi) {
  int i = lo, j = mid, k = lo;
  if (mid < hi && positions_ordered(s, values, from[mid], from[mid - 1])) {
    while (i < mid && j < hi)
      to[k++] = positions_ordered(s, values, from[j], from[i]) ? from[j++] : from[i++];
  }
  memcpy(to + k, from + i, (size_t)(mid - i) * sizeof *to);
  k += mid - i;
  memcpy(to + k, from + j, (size_t)(hi - j) * sizeof *to);
}

static void sort_positions(lua_State *L, const source *from, int n) {
  lua_createtable(L, n, 0);
  int values = lua_gettop(L);
  for (lua_Integer i = 1; i <= n; i++) {
    look_now_and_then(L, i);
    push_element(L, from, i);
    lua_rawseti(L, values, i);
  }
  int *p = lua_newuserdatauv(L, 2 * (size_t)n * sizeof(int), 0), *q = p + n;
  for (int k = 0; k < n; k++) p[k] = k;
  sorter s = {L, !lua_isnil(L, 2), 0};
  for (int lo = 0; lo < n; lo += RUN) {
    s.probe = 1;
    insert_positions(&s, values, p + lo, n - lo < RUN ? n - lo : RUN);
  }
  for (int width = RUN; width < n; width *= 2) {
    s.probe = 1;
    for (int lo = 0; lo < n; lo += 2 * width) {
      int mid = n - lo > width ? lo + width : n;
      int hi = n - lo > 2 * width ? lo + 2 * width : n;
      merge_positions(&s, values, p, q, lo, mid, hi);
    }
    int *t = p;
    p = q;
    q = t;
  }
  for (int k = 0; k < n; k++) {
    look_now_and_then(L, k + 1);
    lua_rawgeti(L, values, (lua_Integer)p[k] + 1);
    lua_seti(L, 1, (lua_Integer)k + 1);
  }
}

/* Lists this long or longer ask the order function whether their first element goes
   before itself: lua5.4 refuses `a <= b` only when its quicksort happens to compare an
   element with itself (never below 4 elements, for most lists at 4 or more), and here no
   element is ever compared with itself; one question refuses such a function for every
   list that long, whatever its order. */
#define REFLEXIVE_PROBE_LENGTH 4

/* Refuses an order function that puts an element before itself: no strict weak order
   (reference manual, table.sort) does. */
static void refuse_reflexive_order(lua_State *L, const source *from, int n) {
  if (lua_isnil(L, 2) || n < REFLEXIVE_PROBE_LENGTH) return;
  lua_pushvalue(L, 2);
  push_element(L, from, 1);
  lua_pushvalue(L, -1);
  lua_call(L, 2, 1);
  if (lua_toboolean(L, -1)) luaL_error(L, "invalid order function for sorting");
  lua_pop(L, 1);
}

static void sort_by_comparisons(lua_State *L, const source *from, int n) {
  refuse_reflexive_order(L, from, n);
  if (n < INT_MAX / 2 - SPARE_SLOTS && lua_checkstack(L, 2 * n + SPARE_SLOTS))
    sort_on_stack(L, from, n);
  else sort_positions(L, from, n);
}

/* ---- reading the list ----------------------------------------------------- */

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

int psy_table_sort(lua_State *L) {
  lua_Integer length = psy_table_length(L, 1, PSY_TABLE_READ | PSY_TABLE_WRITE);
  if (length < 2) return 0;
  luaL_argcheck(L, length < INT_MAX, 1, "array too big");
  if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_settop(L, 2);
  int n = (int)length;
  source from = {NULL, NO_NUMBERS, 0, 0}; /* every element still to be read */
  if (lua_isnil(L, 2)) {
    uint64_t *keys = lua_newuserdatauv(L, (size_t)n * sizeof *keys, 0); /* 3 */
    if (read_keys(L, keys, n, &from.kind, &from.stopped)) {
      sort_as_numbers(L, keys, n, from.kind);
      return 0;
    }
    from.keys = keys; /* not all numbers of one kind: sorted by comparisons after all */
    from.held = lua_gettop(L);
  }
  sort_by_comparisons(L, &from, n);
  return 0;
}
