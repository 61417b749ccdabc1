/* Internal to CLuaBridge: the per-state limits record. */
#ifndef PSY_LIMITS_H
#define PSY_LIMITS_H

#include <stdatomic.h>

#include "CLuaBridge.h"

/* Coroutines nest at most about LUAI_MAXCCALLS (200) deep. */
#define PSY_MAX_THREADS 256

/* armed: 0 when no top-level call runs, else the call's generation, or
   PSY_EXPIRED once the watchdog found its time up. The owner's thread arms and
   disarms with plain atomic stores (nothing to lock on the hot path); only the
   watchdog turns a generation into PSY_EXPIRED, by compare-and-swap. */
#define PSY_EXPIRED 0xFFFFFFFFu

typedef struct psy_limits {
  void *owner; /* the host's object for this state */
  size_t used, limit;
  int refused;
  atomic_uint armed;
  atomic_int hooked;             /* the chain carries the watchdog's hook */
  unsigned generation;           /* the owner's counter */
  double seconds;                /* written before armed, read after it */
  int registered;                /* known to the watchdog (owner's thread only) */
  int depth;                     /* nested host calls into Lua */
  /* the watchdog's own, under wd_mutex */
  unsigned seen_generation;
  double seen_at, seen_seconds;
  struct psy_limits *next;
  lua_State *threads[PSY_MAX_THREADS]; /* the running chain: main, then resumed coroutines */
  int nthreads;
  char where[256];               /* file:line of the last refused allocation */
  char exceeded[64];             /* the host's words for an expired call ("time limit exceeded (1 s)") */
} psy_limits;

static inline psy_limits *psy_limits_of(lua_State *L) {
  return *(psy_limits **)lua_getextraspace(L);
}
/* Raises "file:line: " and the host's words for an expired call, file:line being the
   place of the function `level` up the stack (0: the running one, as in a hook; 1: the
   Lua code that called the running C function). Every time-limit error is raised here. */
int psy_raise_time_limit(lua_State *L, int level);

/* co is about to run (resumed from L): 1 ok, 0 entered but time is up,
   -1 not entered (nested too deeply). */
int psy_enter_thread(lua_State *L, lua_State *co);
void psy_leave_thread(lua_State *L);

#endif
