/* The memory limit: the capped allocator every state uses, and the host's charges
   against the same cap. */
#include <stdlib.h>

#include "allocator.h"

/* After the deadline a C call such as string.rep must not run on: growth of
   a block past this size is refused, so it ends with an error. */
#define PSY_LATE_BLOCK 4096

/* Lua's memory errors carry no position: remember where the running thread was when
   growth was refused, so the host can still name file:line. A refusal with no Lua code
   near (the error on its way out, once the script's frames have unwound) keeps the place
   of the one before it in this call, which caused it. Reads the call stack only
   (lua_getinfo "Sl" neither allocates nor pushes). */
static void record_where(psy_limits *lim) {
  if (lim->nthreads <= 0) return;
  psy_site site;
  if (psy_nearest_site(lim->threads[lim->nthreads - 1], 0, &site)) lim->where = site;
}

/* Whether `growth` more bytes would pass the cap; a refusal is recorded with its place.
   (`growth > limit` first: `used + growth` could wrap.) */
static int refuse(psy_limits *lim, size_t growth) {
  if (!lim->limit || (growth <= lim->limit && lim->used + growth <= lim->limit)) return 0;
  record_where(lim);
  return 1;
}

void *psy_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  psy_limits *lim = ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    free(ptr);
    lim->used -= old;
    return NULL;
  }
  if (nsize > old) {
    if (refuse(lim, nsize - old)) return NULL;
    if (nsize > PSY_LATE_BLOCK && psy_limits_expired(lim)) {
      /* The error this makes is a time limit's: it must name file:line all the same. */
      record_where(lim);
      return NULL;
    }
  }
  void *p = realloc(ptr, nsize);
  if (p == NULL) {
    if (nsize > old) record_where(lim);
    return NULL;
  }
  lim->used = lim->used - old + nsize;
  return p;
}

size_t psy_memory_used(lua_State *L) { return psy_limits_of(L)->used; }
void psy_set_memory_limit(lua_State *L, size_t limit) { psy_limits_of(L)->limit = limit; }
const psy_site *psy_memory_where(lua_State *L) { return &psy_limits_of(L)->where; }

/* What the host holds for the script (strokes, copies) counts as if Lua had allocated
   it; refused like an allocation, without allocating anything. */
int psy_charge(lua_State *L, size_t bytes) {
  psy_limits *lim = psy_limits_of(L);
  if (refuse(lim, bytes)) return 1;
  lim->used += bytes;
  return 0;
}

void psy_uncharge(lua_State *L, size_t bytes) {
  psy_limits *lim = psy_limits_of(L);
  lim->used -= bytes < lim->used ? bytes : lim->used;
}
