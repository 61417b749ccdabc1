/* The per-state pattern engine: a cache of compiled programs and the backtracking stack.

   One engine per Lua state (coroutines share it), made when the string library is
   opened and held as an upvalue of find, match, gmatch and gsub, so reaching it costs no
   table lookup. The cache is direct-mapped by a hash of a pattern's length and three of
   its bytes: a gmatch or gsub loop, or a batch's every row, compiles its patterns once.
   Each slot's program is also a user value of the engine's userdata, which keeps it (and
   through it its pattern string) alive while cached; a program is a userdata of its own,
   so memory it takes counts against the state's cap like any other.

   The stack is shared by every call on the state: a match runs to its end without
   calling Lua, so no two matches ever use it at once; a gsub callback or a finalizer
   that matches runs between two of its caller's matches. */
#include <string.h>

#include "pattern.h"

#define SLOTS 64           /* a power of two */
#define LONGEST_CACHED 1024 /* longer patterns are compiled per call: not kept alive */

typedef struct pm_engine {
  const pm_program *slot[SLOTS];
  pm_choice stack[PM_MAX_NESTING];
} pm_engine;

void pm_push_engine(lua_State *L) {
  pm_engine *e = lua_newuserdatauv(L, sizeof(pm_engine), SLOTS);
  memset(e, 0, sizeof *e);
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

static unsigned slot_of(const char *p, size_t len, int anchored) {
  uint32_t h = (uint32_t)len * 2654435761u + (uint32_t)anchored;
  if (len > 0) {
    h ^= (uint32_t)(unsigned char)p[0] << 16 | (uint32_t)(unsigned char)p[len / 2] << 8 |
         (unsigned char)p[len - 1];
  }
  h *= 2246822519u;
  return h >> 26; /* the top bits, SLOTS == 64 */
}

/* Compiles the pattern (a string at stack index `pattern`) into a new userdata, pushed. */
static const pm_program *compile(lua_State *L, int pattern, const char *p, size_t len,
                                 int anchored) {
  pm_program count;
  memset(&count, 0, sizeof count);
  pm_compile(L, &count, p + anchored, len - anchored);
  size_t size = sizeof(pm_program) + count.n_code * sizeof(pm_insn) +
                count.n_maps * sizeof(pm_map) + count.n_text;
  pm_program *g = lua_newuserdatauv(L, size, 1);
  memset(g, 0, sizeof *g);
  g->code = (pm_insn *)(g + 1);
  g->maps = (pm_map *)(g->code + count.n_code);
  g->pool = (unsigned char *)(g->maps + count.n_maps);
  pm_compile(L, g, p + anchored, len - anchored);
  g->text = p;
  g->text_len = len;
  g->anchored = (uint8_t)anchored;
  lua_pushvalue(L, pattern);
  lua_setiuservalue(L, -2, 1);
  return g;
}

const pm_program *pm_program_for(lua_State *L, int engine, int pattern, int take_anchor) {
  size_t len;
  const char *p = lua_tolstring(L, pattern, &len);
  int anchored = take_anchor && len > 0 && p[0] == '^';
  if (len > LONGEST_CACHED) return compile(L, pattern, p, len, anchored);
  pm_engine *e = lua_touserdata(L, engine);
  unsigned i = slot_of(p, len, anchored);
  const pm_program *g = e->slot[i];
  if (g && g->text_len == len && g->anchored == anchored &&
      (g->text == p || memcmp(g->text, p, len) == 0)) {
    lua_getiuservalue(L, engine, (int)i + 1);
    return g;
  }
  g = compile(L, pattern, p, len, anchored);
  lua_pushvalue(L, -1);
  lua_setiuservalue(L, engine, (int)i + 1);
  e->slot[i] = g;
  return g;
}
