/* Internal to CLuaBridge: the per-state limits record, and arming and disarming a call's
   time limit (inline: every call from the host does both). Who fills it in: the allocator
   (allocator.c: used, limit, where), the watchdog (watchdog.c: armed, hooked, the chain),
   the state's life (state.c). Includes go one way: every other internal header builds on
   this one, and it on nothing of CLuaBridge's but the public header. */
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
  atomic_uint armed;
  atomic_int hooked;             /* the chain carries the watchdog's hook */
  unsigned generation;           /* the owner's counter */
  double seconds;                /* written before armed, read after it */
  int registered;                /* known to the watchdog (owner's thread only) */
  /* the watchdog's own, under wd_mutex */
  unsigned seen_generation;
  double seen_at, seen_seconds;
  struct psy_limits *next;
  lua_State *threads[PSY_MAX_THREADS]; /* the running chain: main, then resumed coroutines */
  int nthreads;
  psy_site where;                /* the Lua code of the last refused allocation */
  char exceeded[64];             /* the host's words for an expired call ("time limit exceeded (1 s)") */
  char expired_at[256];          /* "file:line: " where this call's time limit was first raised */
  int expiry_placed;             /* expired_at is set (cleared when a call is armed) */
} psy_limits;

static inline psy_limits *psy_limits_of(lua_State *L) {
  return *(psy_limits **)lua_getextraspace(L);
}

/* Whether the running call's time is up: the one test of it. Inline and relaxed: the
   allocator and a sort's every comparison ask, and must pay next to nothing. */
static inline int psy_limits_expired(psy_limits *lim) {
  return atomic_load_explicit(&lim->armed, memory_order_relaxed) == PSY_EXPIRED;
}
/* The slow parts of arming and disarming, out of line in watchdog.c: registering a state
   with the watchdog on its first armed call, removing the hook a late expiry left behind,
   and unhooking the chain after an expired call (psy_disarm_expired returns 1). */
void psy_arm_prepare(psy_limits *lim);
int psy_disarm_expired(psy_limits *lim);

/* Arms the time limit for one top-level call. Inline: a call from the host pays a few
   stores, not a function call (see watchdog.c); the watchdog installs a
   hook only once the deadline has passed. */
static inline void psy_limits_arm(psy_limits *lim) {
  lim->where.line = 0;
  lim->expiry_placed = 0;
  if (lim->seconds <= 0) return;
  if (!lim->registered || atomic_load_explicit(&lim->hooked, memory_order_relaxed))
    psy_arm_prepare(lim);
  if (++lim->generation == PSY_EXPIRED || lim->generation == 0) lim->generation = 1;
  /* release: the watchdog that sees this generation sees `seconds` too */
  atomic_store_explicit(&lim->armed, lim->generation, memory_order_release);
}

/* Disarms; returns 1 if the call's deadline had passed. Plain loads and stores: a locked
   exchange here cost a tenth of a call. If the watchdog expires the call between the
   two, the call has ended anyway; the hook it leaves behind is removed by the next arm. */
static inline int psy_limits_disarm(psy_limits *lim) {
  if (atomic_load_explicit(&lim->armed, memory_order_acquire) != PSY_EXPIRED) {
    atomic_store_explicit(&lim->armed, 0, memory_order_relaxed);
    return 0;
  }
  return psy_disarm_expired(lim);
}

#endif
