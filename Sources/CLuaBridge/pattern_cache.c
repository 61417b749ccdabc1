/* The per-state pattern engine: a cache of compiled programs, the backtracking stack,
   the class maps and the scratch a short pattern compiles into.

   One engine per Lua state (coroutines share it), made when the string library is
   opened and held as an upvalue of find, match, gmatch and gsub, so reaching it costs no
   table lookup. The cache has 64 sets of 4 entries, a set chosen by a hash of a
   pattern's length and three of its bytes, the entry used longest ago replaced: a
   gmatch or gsub loop, a batch's every row, and Lua's own pm.lua (156 patterns) compile
   each pattern once. Each entry's program is also a user value of the engine's
   userdata, which keeps it (and through it its pattern string) alive while cached; a
   program is a userdata of its own, so the memory it takes counts against the state's
   cap like any other.

   The stack and the scratch are shared by every call on the state: a match or a compile
   runs to its end without calling Lua, so no two ever use them at once; a gsub callback
   or a finalizer that matches runs between two of its caller's matches. */
#include <string.h>

#include "pattern.h"

#define WAYS 4
#define SETS 64              /* a power of two */
#define SCRATCH 256          /* patterns this long or shorter compile in one pass */
#define LONGEST_CACHED 1024  /* longer ones are compiled per call: not kept alive */

typedef struct entry {
  const pm_program *prog;
  uint32_t used; /* the engine's clock when last found (a wrap only makes one choice worse) */
} entry;

typedef struct pm_engine {
  entry cache[SETS][WAYS];
  uint32_t clock;
  pm_choice stack[PM_MAX_NESTING];
  pm_classes classes;
  /* a program of SCRATCH characters has at most one instruction per character and the
     end, a map per two characters, a literal per character */
  pm_program scratch;
  pm_insn code[SCRATCH + 1];
  pm_map maps[SCRATCH / 2];
  unsigned char pool[SCRATCH];
} pm_engine;

void pm_push_engine(lua_State *L) {
  pm_engine *e = lua_newuserdatauv(L, sizeof(pm_engine), SETS * WAYS);
  memset(e, 0, sizeof *e);
  pm_make_classes(&e->classes);
  e->scratch.code = e->code;
  e->scratch.maps = e->maps;
  e->scratch.pool = e->pool;
}

pm_choice *pm_engine_stack(lua_State *L, int engine) {
  return ((pm_engine *)lua_touserdata(L, engine))->stack;
}

int pm_has_specials(const char *p, size_t len) {
  for (size_t i = 0; i < len; i++) {
    switch (p[i]) {
      case '^': case '$': case '*': case '+': case '?':
      case '.': case '(': case '[': case '%': case '-':
        return 1;
    }
  }
  return 0;
}

static unsigned set_of(const char *p, size_t len, int anchored) {
  uint32_t h = (uint32_t)len * 2654435761u + (uint32_t)anchored;
  if (len > 0) {
    h ^= (uint32_t)(unsigned char)p[0] << 16 | (uint32_t)(unsigned char)p[len / 2] << 8 |
         (unsigned char)p[len - 1];
  }
  h *= 2246822519u;
  return h >> 26; /* the top bits, SETS == 64 */
}

/* Compiles the pattern (a string at stack index `pattern`) into a new userdata, pushed. */
static const pm_program *compile(lua_State *L, pm_engine *e, int pattern, const char *p,
                                 size_t len, int anchored) {
  const char *body = p + anchored;
  size_t n = len - anchored;
  pm_program count, *made = &e->scratch;
  if (n > SCRATCH) {
    memset(&count, 0, sizeof count);
    made = &count;
  }
  pm_compile(L, made, &e->classes, body, n);
  size_t code = made->n_code * sizeof(pm_insn), maps = made->n_maps * sizeof(pm_map);
  pm_program *g = lua_newuserdatauv(L, sizeof(pm_program) + code + maps + made->n_text, 1);
  *g = *made;
  g->code = (pm_insn *)(g + 1);
  g->maps = (pm_map *)((char *)g->code + code);
  g->pool = (unsigned char *)g->maps + maps;
  if (made == &e->scratch) {
    memcpy(g->code, made->code, code);
    memcpy(g->maps, made->maps, maps);
    memcpy(g->pool, made->pool, made->n_text);
  } else {
    pm_compile(L, g, &e->classes, body, n);
  }
  g->text = p;
  g->text_len = len;
  g->anchored = (uint8_t)anchored;
  lua_pushvalue(L, pattern);
  lua_setiuservalue(L, -2, 1);
  return g;
}

static int same_pattern(const pm_program *g, const char *p, size_t len, int anchored) {
  return g && g->text_len == len && g->anchored == anchored &&
         (g->text == p || memcmp(g->text, p, len) == 0);
}

const pm_program *pm_program_for(lua_State *L, int engine, int pattern, int take_anchor) {
  size_t len;
  const char *p = lua_tolstring(L, pattern, &len);
  int anchored = take_anchor && len > 0 && p[0] == '^';
  pm_engine *e = lua_touserdata(L, engine);
  if (len > LONGEST_CACHED) return compile(L, e, pattern, p, len, anchored);
  unsigned set = set_of(p, len, anchored), oldest = 0;
  entry *ways = e->cache[set];
  for (unsigned w = 0; w < WAYS; w++) {
    if (same_pattern(ways[w].prog, p, len, anchored)) {
      ways[w].used = ++e->clock;
      lua_getiuservalue(L, engine, (int)(set * WAYS + w) + 1);
      return ways[w].prog;
    }
    if (ways[w].used < ways[oldest].used) oldest = w;
  }
  const pm_program *g = compile(L, e, pattern, p, len, anchored);
  lua_pushvalue(L, -1);
  lua_setiuservalue(L, engine, (int)(set * WAYS + oldest) + 1);
  ways[oldest].prog = g;
  ways[oldest].used = ++e->clock;
  return g;
}
