/* The time limit: the watchdog thread, the count hook it installs once a deadline has
   passed, and the running chain of threads (main, then resumed coroutines) the hook
   must reach. */
#include <pthread.h>
#include <string.h>
#include <time.h>

#include "deadline.h"
#include "watchdog.h"

/* ---- the watchdog -----------------------------------------------------

   One thread for the process. It looks at every registered state each tick;
   a call it has seen armed for its whole time limit becomes PSY_EXPIRED and
   gets a count hook on every thread of its running chain. Arming costs two
   atomic stores, so a script that calls the host a million times pays nothing;
   the price is a deadline up to one tick late. After a second with nothing
   armed it ticks ten times slower, and it sleeps while no state exists. */

#define PSY_TICK_NS 10000000L       /* 10 ms while calls run */
#define PSY_IDLE_TICK_NS 100000000L /* 100 ms after a second without */
#define PSY_IDLE_TICKS 100

static pthread_mutex_t wd_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t wd_cond;
static pthread_once_t wd_once = PTHREAD_ONCE_INIT;
static psy_limits *wd_states; /* registered states, linked through next */

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void psy_hook(lua_State *L, lua_Debug *ar) {
  (void)ar;
  if (psy_limits_expired(psy_limits_of(L))) psy_raise_time_limit(L, 0);
}

/* Every instruction of every thread in the running chain now checks. */
static void hook_chain(psy_limits *lim) {
  for (int i = 0; i < lim->nthreads; i++) lua_sethook(lim->threads[i], psy_hook, LUA_MASKCOUNT, 1);
  atomic_store_explicit(&lim->hooked, 1, memory_order_relaxed);
}

/* One look at every state; returns whether any call is running. */
static int wd_scan(double now) {
  int any = 0;
  for (psy_limits *l = wd_states; l; l = l->next) {
    unsigned g = atomic_load(&l->armed);
    if (g == 0 || g == PSY_EXPIRED) continue;
    any = 1;
    if (g != l->seen_generation) {
      l->seen_generation = g;
      l->seen_at = now;
      l->seen_seconds = l->seconds;
    } else if (now - l->seen_at >= l->seen_seconds &&
               atomic_compare_exchange_strong(&l->armed, &g, PSY_EXPIRED)) {
      hook_chain(l);
    }
  }
  return any;
}

static void *wd_main(void *arg) {
  (void)arg;
  int idle = 0;
  pthread_mutex_lock(&wd_mutex);
  for (;;) {
    if (wd_states == NULL) pthread_cond_wait(&wd_cond, &wd_mutex);
    idle = wd_scan(now_seconds()) ? 0 : idle + 1;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    ts.tv_nsec += idle >= PSY_IDLE_TICKS ? PSY_IDLE_TICK_NS : PSY_TICK_NS;
    if (ts.tv_nsec >= 1000000000L) {
      ts.tv_sec += 1;
      ts.tv_nsec -= 1000000000L;
    }
    pthread_cond_timedwait(&wd_cond, &wd_mutex, &ts);
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

static void wd_register(psy_limits *lim) {
  pthread_once(&wd_once, wd_start);
  pthread_mutex_lock(&wd_mutex);
  lim->next = wd_states;
  wd_states = lim;
  lim->registered = 1;
  pthread_cond_signal(&wd_cond);
  pthread_mutex_unlock(&wd_mutex);
}

void psy_watchdog_forget(psy_limits *lim) {
  if (!lim->registered) return;
  pthread_mutex_lock(&wd_mutex);
  for (psy_limits **p = &wd_states; *p; p = &(*p)->next) {
    if (*p == lim) {
      *p = lim->next;
      break;
    }
  }
  pthread_mutex_unlock(&wd_mutex);
}

/* Unhooks the running chain once its call has ended (the watchdog hooks it
   while holding the mutex, so take it). */
static void unhook_chain(psy_limits *lim) {
  pthread_mutex_lock(&wd_mutex);
  for (int i = 0; i < lim->nthreads; i++) lua_sethook(lim->threads[i], NULL, 0, 0);
  lim->nthreads = 1;
  atomic_store_explicit(&lim->hooked, 0, memory_order_relaxed);
  pthread_mutex_unlock(&wd_mutex);
}

void psy_arm_prepare(psy_limits *lim) {
  if (!lim->registered) wd_register(lim);
  if (atomic_load_explicit(&lim->hooked, memory_order_relaxed)) unhook_chain(lim); /* a late expiry's */
}

void psy_set_time_limit(lua_State *L, double seconds, const char *exceeded) {
  psy_limits *lim = psy_limits_of(L);
  lim->seconds = seconds;
  size_t n = strlen(exceeded);
  if (n >= sizeof lim->exceeded) n = sizeof lim->exceeded - 1;
  memcpy(lim->exceeded, exceeded, n);
  lim->exceeded[n] = 0;
}

int psy_disarm_expired(psy_limits *lim) {
  atomic_store_explicit(&lim->armed, 0, memory_order_relaxed);
  unhook_chain(lim);
  return 1;
}

int psy_expired(lua_State *L) { return psy_limits_expired(psy_limits_of(L)); }

/* ---- the running chain of coroutines ---------------------------------- */

int psy_enter_thread(lua_State *L, lua_State *co) {
  psy_limits *lim = psy_limits_of(L);
  pthread_mutex_lock(&wd_mutex);
  if (lim->nthreads >= PSY_MAX_THREADS) {
    pthread_mutex_unlock(&wd_mutex);
    return -1;
  }
  lim->threads[lim->nthreads++] = co;
  int late = psy_limits_expired(lim);
  if (late) hook_chain(lim);
  else if (lua_gethook(co) == psy_hook) lua_sethook(co, NULL, 0, 0); /* a stale hook costs 2x */
  pthread_mutex_unlock(&wd_mutex);
  return late ? 0 : 1;
}

void psy_leave_thread(lua_State *L) {
  psy_limits *lim = psy_limits_of(L);
  pthread_mutex_lock(&wd_mutex);
  if (lim->nthreads > 1) lim->nthreads--;
  pthread_mutex_unlock(&wd_mutex);
}
