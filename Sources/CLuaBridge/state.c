/* A state's life: made with its limits record and allocator, known to the watchdog
   while it runs calls, closed with both. */
#include <stdlib.h>
#include <string.h>

#include "allocator.h"
#include "watchdog.h"

lua_State *psy_newstate(size_t memory_limit) {
  psy_limits *lim = calloc(1, sizeof *lim);
  if (lim == NULL) return NULL;
  lim->limit = memory_limit;
  atomic_init(&lim->armed, 0);
  strcpy(lim->exceeded, "time limit exceeded"); /* until the host words it */
  lua_State *L = lua_newstate(psy_alloc, lim);
  if (L == NULL) {
    free(lim);
    return NULL;
  }
  lim->threads[0] = L;
  lim->nthreads = 1;
  /* Every thread copies the main thread's extra space: one pointer arithmetic
     step finds the limits (and the host) from any thread. */
  *(psy_limits **)lua_getextraspace(L) = lim;
  return L;
}

void psy_set_owner(lua_State *L, void *owner) { psy_limits_of(L)->owner = owner; }
void *psy_owner(lua_State *L) { return psy_limits_of(L)->owner; }

void psy_close(lua_State *L) {
  psy_limits *lim = psy_limits_of(L);
  psy_limits_disarm(lim);
  psy_watchdog_forget(lim);
  lua_close(L);
  free(lim);
}
