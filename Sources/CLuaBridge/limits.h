/* Internal to CLuaBridge: the per-state limits record. */
#ifndef PSY_LIMITS_H
#define PSY_LIMITS_H

#include <stdatomic.h>

#include "CLuaBridge.h"

/* Coroutines nest at most about LUAI_MAXCCALLS (200) deep. */
#define PSY_MAX_THREADS 256

typedef struct psy_limits {
  size_t used, limit;
  int refused;
  atomic_int expired;
  double seconds, deadline;      /* guarded by the watchdog's mutex */
  struct psy_limits *next;       /* in the watchdog's armed list */
  lua_State *threads[PSY_MAX_THREADS]; /* the running chain: main, then resumed coroutines */
  int nthreads;
  char where[256];               /* file:line of the last refused allocation */
} psy_limits;

psy_limits *psy_limits_of(lua_State *L);
/* co is about to run (resumed from L): 1 ok, 0 entered but time is up,
   -1 not entered (nested too deeply). */
int psy_enter_thread(lua_State *L, lua_State *co);
void psy_leave_thread(lua_State *L);

#endif
