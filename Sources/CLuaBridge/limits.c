/* Memory and time limits: the capped allocator, the watchdog thread and the
   hook it installs once a deadline has passed. */
#include "limits.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* After the deadline a C call such as string.rep must not run on: growth of
   a block past this size is refused, so it ends with an error. */
#define PSY_LATE_BLOCK 4096

static void *psy_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
  psy_limits *lim = ud;
  size_t old = ptr ? osize : 0;
  if (nsize == 0) {
    free(ptr);
    lim->used -= old;
    return NULL;
  }
  if (nsize > old) {
    size_t growth = nsize - old;
    if (lim->limit && (lim->used + growth > lim->limit || growth > lim->limit)) {
      lim->refused = 1;
      return NULL;
    }
    if (atomic_load(&lim->expired) && nsize > PSY_LATE_BLOCK) return NULL;
  }
  void *p = realloc(ptr, nsize);
  if (p == NULL) {
    if (nsize > old) lim->refused = 1;
    return NULL;
  }
  lim->used = lim->used - old + nsize;
  return p;
}

psy_limits *psy_limits_of(lua_State *L) {
  void *ud = NULL;
  lua_getallocf(L, &ud);
  return ud;
}

lua_State *psy_newstate(size_t memory_limit) {
  psy_limits *lim = calloc(1, sizeof *lim);
  if (lim == NULL) return NULL;
  lim->limit = memory_limit;
  atomic_init(&lim->expired, 0);
  lua_State *L = lua_newstate(psy_alloc, lim);
  if (L == NULL) {
    free(lim);
    return NULL;
  }
  lim->threads[0] = L;
  lim->nthreads = 1;
  return L;
}

size_t psy_memory_used(lua_State *L) { return psy_limits_of(L)->used; }
void psy_set_memory_limit(lua_State *L, size_t limit) { psy_limits_of(L)->limit = limit; }
int psy_memory_refused(lua_State *L) { return psy_limits_of(L)->refused; }

/* ---- the watchdog ----------------------------------------------------- */

static pthread_mutex_t wd_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wd_cond;
static pthread_once_t wd_once = PTHREAD_ONCE_INIT;
static psy_limits *wd_armed; /* linked through next */
/* When the watchdog will next look (0: it waits for a signal). Arming a deadline later than
   this needs no wake-up: a signal per call cost a context switch per top-level call. */
static double wd_wake;

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void psy_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  psy_limits *lim = psy_limits_of(L);
  if (!atomic_load(&lim->expired)) return;
  luaL_where(L, 0);
  lua_pushfstring(L, "time limit exceeded (%f s)", lim->seconds);
  lua_concat(L, 2);
  lua_error(L);
}

/* Every instruction of every thread in the running chain now checks. */
static void hook_chain(psy_limits *lim) {
  for (int i = 0; i < lim->nthreads; i++) lua_sethook(lim->threads[i], psy_hook, LUA_MASKCOUNT, 1);
}

static void *wd_main(void *arg) {
  (void)arg;
  pthread_mutex_lock(&wd_mutex);
  for (;;) {
    double now = now_seconds(), next = 0;
    for (psy_limits *l = wd_armed; l; l = l->next) {
      if (atomic_load(&l->expired)) continue;
      if (l->deadline <= now) {
        atomic_store(&l->expired, 1);
        hook_chain(l);
      } else if (next == 0 || l->deadline < next) {
        next = l->deadline;
      }
    }
    wd_wake = next;
    if (next == 0) {
      pthread_cond_wait(&wd_cond, &wd_mutex);
    } else {
      struct timespec ts;
      ts.tv_sec = (time_t)next;
      ts.tv_nsec = (long)((next - (double)ts.tv_sec) * 1e9);
      pthread_cond_timedwait(&wd_cond, &wd_mutex, &ts);
    }
  }
  return NULL;
}

static void wd_start(void) {
  pthread_condattr_t attr;
  pthread_condattr_init(&attr);
  pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
  pthread_cond_init(&wd_cond, &attr);
  pthread_attr_t tattr;
  pthread_attr_init(&tattr);
  pthread_attr_setdetachstate(&tattr, PTHREAD_CREATE_DETACHED);
  pthread_attr_setstacksize(&tattr, 64 * 1024);
  pthread_t thread;
  pthread_create(&thread, &tattr, wd_main, NULL);
}

static void wd_unlink(psy_limits *lim) {
  for (psy_limits **p = &wd_armed; *p; p = &(*p)->next) {
    if (*p == lim) {
      *p = lim->next;
      break;
    }
  }
  lim->next = NULL;
}

void psy_arm(lua_State *L, double seconds) {
  psy_limits *lim = psy_limits_of(L);
  lim->refused = 0;
  if (seconds <= 0) return;
  pthread_once(&wd_once, wd_start);
  pthread_mutex_lock(&wd_mutex);
  lim->seconds = seconds;
  lim->deadline = now_seconds() + seconds;
  atomic_store(&lim->expired, 0);
  wd_unlink(lim);
  lim->next = wd_armed;
  wd_armed = lim;
  if (wd_wake == 0 || lim->deadline < wd_wake) {
    wd_wake = lim->deadline;
    pthread_cond_signal(&wd_cond);
  }
  pthread_mutex_unlock(&wd_mutex);
}

int psy_disarm(lua_State *L) {
  psy_limits *lim = psy_limits_of(L);
  if (lim->seconds <= 0) return 0;
  pthread_mutex_lock(&wd_mutex);
  wd_unlink(lim);
  int expired = atomic_exchange(&lim->expired, 0);
  if (expired) {
    for (int i = 0; i < lim->nthreads; i++) lua_sethook(lim->threads[i], NULL, 0, 0);
  }
  lim->nthreads = 1;
  lim->seconds = 0;
  pthread_mutex_unlock(&wd_mutex);
  return expired;
}

int psy_expired(lua_State *L) { return atomic_load(&psy_limits_of(L)->expired); }

void psy_close(lua_State *L) {
  psy_limits *lim = psy_limits_of(L);
  psy_disarm(L);
  lua_close(L);
  free(lim);
}

/* ---- the running chain of coroutines ---------------------------------- */

int psy_enter_thread(lua_State *L, lua_State *co) {
  psy_limits *lim = psy_limits_of(L);
  pthread_mutex_lock(&wd_mutex);
  if (lim->nthreads >= PSY_MAX_THREADS) {
    pthread_mutex_unlock(&wd_mutex);
    return -1;
  }
  lim->threads[lim->nthreads++] = co;
  int expired = atomic_load(&lim->expired);
  if (expired) hook_chain(lim);
  else if (lua_gethook(co) == psy_hook) lua_sethook(co, NULL, 0, 0); /* a stale hook costs 2x */
  pthread_mutex_unlock(&wd_mutex);
  return expired ? 0 : 1;
}

void psy_leave_thread(lua_State *L) {
  psy_limits *lim = psy_limits_of(L);
  pthread_mutex_lock(&wd_mutex);
  if (lim->nthreads > 1) lim->nthreads--;
  pthread_mutex_unlock(&wd_mutex);
}
