/* Lua 5.4's pattern functions (string.find, match, gmatch, gsub) with a deadline.

   lstrlib's matcher runs in C, where the time limit's count hook never fires: a
   pattern that backtracks ("a*a*a*...c") or a lazy ".-b" over a long subject would
   run for hours. This matcher has Lua 5.4's semantics and error messages, and every
   few thousand steps it looks whether the call's time is up; if so it raises
   "time limit exceeded" at the caller's file:line. */
#include <ctype.h>
#include <string.h>

#include "bounded.h"

#define ESC '%'
#define MAX_CAPTURES 32 /* LUA_MAXCAPTURES */
#define MAX_DEPTH 200   /* MAXCCALLS: nesting of match calls before "pattern too complex" */
#define CAP_OPEN (-1)   /* a capture still being matched */
#define CAP_POS (-2)    /* a position capture "()" */
/* Steps of matching between two looks at the clock: one look costs an atomic load. */
#define STEPS_PER_CHECK 4096

typedef struct {
  const char *src, *src_end; /* the subject */
  const char *pat_end;
  lua_State *L;
  int depth; /* match calls left before "pattern too complex" */
  int steps; /* steps left before the next look at the clock */
  int level; /* captures opened */
  struct {
    const char *start;
    ptrdiff_t len; /* or CAP_OPEN, CAP_POS */
  } cap[MAX_CAPTURES];
} matcher;

static const char *match(matcher *m, const char *s, const char *p);

/* Out of line: the hot path only decrements a counter. */
static void __attribute__((noinline)) look_at_clock(matcher *m) {
  m->steps = STEPS_PER_CHECK;
  psy_check_deadline(m->L);
}

/* Charges linear work of n bytes done without calling match. */
static inline void charge(matcher *m, ptrdiff_t n) {
  ptrdiff_t cost = (n >> 4) + 1;
  if (cost >= m->steps) look_at_clock(m);
  else m->steps -= (int)cost;
}

/* A set "[...]" longer than this costs more than a step per character it tests: a
   pattern may hold a set of a million characters. */
#define LONG_CLASS 32

/* The end of the single-character class starting at p. */
static const char *class_end(matcher *m, const char *p) {
  char c = *p++;
  if (c == ESC) {
    if (p == m->pat_end) luaL_error(m->L, "malformed pattern (ends with '%%')");
    return p + 1;
  }
  if (c == '[') {
    if (*p == '^') p++;
    do {
      if (p == m->pat_end) luaL_error(m->L, "malformed pattern (missing ']')");
      if (*(p++) == ESC && p < m->pat_end) p++;
    } while (*p != ']');
    return p + 1;
  }
  return p;
}

static int in_class(int c, int cl) {
  int yes;
  switch (tolower(cl)) {
  case 'a': yes = isalpha(c); break;
  case 'c': yes = iscntrl(c); break;
  case 'd': yes = isdigit(c); break;
  case 'g': yes = isgraph(c); break;
  case 'l': yes = islower(c); break;
  case 'p': yes = ispunct(c); break;
  case 's': yes = isspace(c); break;
  case 'u': yes = isupper(c); break;
  case 'w': yes = isalnum(c); break;
  case 'x': yes = isxdigit(c); break;
  case 'z': yes = c == 0; break; /* deprecated in 5.2, still in 5.4 */
  default: return cl == c;
  }
  if (isupper(cl)) yes = !yes;
  return yes;
}

/* c in the set "[...]" from p (at '[') to last (at ']'). */
static int in_set(int c, const char *p, const char *last) {
  int want = 1;
  if (*(p + 1) == '^') {
    want = 0;
    p++;
  }
  while (++p < last) {
    if (*p == ESC) {
      p++;
      if (in_class(c, (unsigned char)*p)) return want;
    } else if (*(p + 1) == '-' && p + 2 < last) {
      p += 2;
      if ((unsigned char)*(p - 2) <= c && c <= (unsigned char)*p) return want;
    } else if ((unsigned char)*p == c) {
      return want;
    }
  }
  return !want;
}

static inline int single(matcher *m, const char *s, const char *p, const char *ep) {
  if (s >= m->src_end) return 0;
  int c = (unsigned char)*s;
  switch (*p) {
  case '.': return 1;
  case ESC: return in_class(c, (unsigned char)*(p + 1));
  case '[': return in_set(c, p, ep - 1);
  default: return (unsigned char)*p == c;
  }
}

static const char *balanced(matcher *m, const char *s, const char *p) {
  if (p >= m->pat_end - 1) luaL_error(m->L, "malformed pattern (missing arguments to '%%b')");
  if (*s != *p) return NULL;
  const char *start = s;
  int open = *p, close = *(p + 1), depth = 1;
  while (++s < m->src_end) {
    if (*s == close) {
      if (--depth == 0) {
        charge(m, s - start);
        return s + 1;
      }
    } else if (*s == open) {
      depth++;
    }
  }
  charge(m, s - start);
  return NULL;
}

static const char *greedy(matcher *m, const char *s, const char *p, const char *ep) {
  ptrdiff_t n = 0;
  if (ep - p > LONG_CLASS) {
    while (single(m, s + n, p, ep)) {
      n++;
      charge(m, ep - p);
    }
  } else {
    while (single(m, s + n, p, ep)) n++;
    charge(m, n);
  }
  for (; n >= 0; n--) {
    const char *r = match(m, s + n, ep + 1);
    if (r) return r;
  }
  return NULL;
}

static const char *lazy(matcher *m, const char *s, const char *p, const char *ep) {
  for (;;) {
    const char *r = match(m, s, ep + 1);
    if (r) return r;
    if (!single(m, s, p, ep)) return NULL;
    if (ep - p > LONG_CLASS) charge(m, ep - p);
    s++;
  }
}

static const char *open_capture(matcher *m, const char *s, const char *p, ptrdiff_t what) {
  int level = m->level;
  if (level >= MAX_CAPTURES) luaL_error(m->L, "too many captures");
  m->cap[level].start = s;
  m->cap[level].len = what;
  m->level = level + 1;
  const char *r = match(m, s, p);
  if (r == NULL) m->level--;
  return r;
}

static const char *close_capture(matcher *m, const char *s, const char *p) {
  int l = m->level - 1;
  while (l >= 0 && m->cap[l].len != CAP_OPEN) l--;
  if (l < 0) luaL_error(m->L, "invalid pattern capture");
  m->cap[l].len = s - m->cap[l].start;
  const char *r = match(m, s, p);
  if (r == NULL) m->cap[l].len = CAP_OPEN;
  return r;
}

static int capture_index(matcher *m, int digit) {
  int l = digit - '1';
  if (l < 0 || l >= m->level || m->cap[l].len == CAP_OPEN)
    return luaL_error(m->L, "invalid capture index %%%d", l + 1);
  return l;
}

static const char *back_reference(matcher *m, const char *s, int digit) {
  int l = capture_index(m, digit);
  size_t len = (size_t)m->cap[l].len;
  if ((size_t)(m->src_end - s) >= len && memcmp(m->cap[l].start, s, len) == 0) {
    charge(m, (ptrdiff_t)len);
    return s + len;
  }
  return NULL;
}

/* Where a match of pattern p at subject s ends, or NULL. */
static const char *match(matcher *m, const char *s, const char *p) {
  if (m->depth-- == 0) luaL_error(m->L, "pattern too complex");
  if (--m->steps <= 0) look_at_clock(m);
again:
  if (p != m->pat_end) {
    switch (*p) {
    case '(':
      s = *(p + 1) == ')' ? open_capture(m, s, p + 2, CAP_POS) : open_capture(m, s, p + 1, CAP_OPEN);
      break;
    case ')':
      s = close_capture(m, s, p + 1);
      break;
    case '$':
      if (p + 1 != m->pat_end) goto single_class;
      s = s == m->src_end ? s : NULL;
      break;
    case ESC:
      switch (*(p + 1)) {
      case 'b':
        s = balanced(m, s, p + 2);
        if (s != NULL) {
          p += 4;
          goto again;
        }
        break;
      case 'f': {
        p += 2;
        if (*p != '[') luaL_error(m->L, "missing '[' after '%%f' in pattern");
        const char *ep = class_end(m, p);
        if (ep - p > LONG_CLASS) charge(m, 2 * (ep - p));
        int before = s == m->src ? '\0' : (unsigned char)*(s - 1);
        if (!in_set(before, p, ep - 1) && in_set((unsigned char)*s, p, ep - 1)) {
          p = ep;
          goto again;
        }
        s = NULL;
        break;
      }
      case '0': case '1': case '2': case '3': case '4':
      case '5': case '6': case '7': case '8': case '9':
        s = back_reference(m, s, (unsigned char)*(p + 1));
        if (s != NULL) {
          p += 2;
          goto again;
        }
        break;
      default:
        goto single_class;
      }
      break;
    default:
    single_class: {
      const char *ep = class_end(m, p);
      if (ep - p > LONG_CLASS) charge(m, ep - p);
      if (!single(m, s, p, ep)) {
        if (*ep == '*' || *ep == '?' || *ep == '-') {
          p = ep + 1;
          goto again;
        }
        s = NULL;
      } else {
        switch (*ep) {
        case '?': {
          const char *r = match(m, s + 1, ep + 1);
          if (r != NULL) {
            s = r;
          } else {
            p = ep + 1;
            goto again;
          }
          break;
        }
        case '+':
          s = greedy(m, s + 1, p, ep);
          break;
        case '*':
          s = greedy(m, s, p, ep);
          break;
        case '-':
          s = lazy(m, s, p, ep);
          break;
        default:
          s++;
          p = ep;
          goto again;
        }
      }
      break;
    }
    }
  }
  m->depth++;
  return s;
}

static void start(matcher *m, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
  m->L = L;
  m->depth = MAX_DEPTH;
  m->steps = STEPS_PER_CHECK;
  m->src = s;
  m->src_end = s + ls;
  m->pat_end = p + lp;
}

static inline void restart(matcher *m) {
  m->level = 0;
  m->depth = MAX_DEPTH;
}

/* ---- captures ---------------------------------------------------------- */

/* Capture i as (start, length), or CAP_POS with the position pushed; the whole
   match s..e when the pattern has no captures. */
static ptrdiff_t capture(matcher *m, int i, const char *s, const char *e, const char **start) {
  if (i >= m->level) {
    if (i != 0) luaL_error(m->L, "invalid capture index %%%d", i + 1);
    *start = s;
    return e - s;
  }
  ptrdiff_t len = m->cap[i].len;
  *start = m->cap[i].start;
  if (len == CAP_OPEN) luaL_error(m->L, "unfinished capture");
  else if (len == CAP_POS) lua_pushinteger(m->L, (m->cap[i].start - m->src) + 1);
  return len;
}

static void push_capture(matcher *m, int i, const char *s, const char *e) {
  const char *start;
  ptrdiff_t len = capture(m, i, s, e, &start);
  if (len != CAP_POS) lua_pushlstring(m->L, start, (size_t)len);
}

/* Pushes every capture (or the whole match when s is given and there are none). */
static int push_captures(matcher *m, const char *s, const char *e) {
  int n = (m->level == 0 && s) ? 1 : m->level;
  luaL_checkstack(m->L, n, "too many captures");
  for (int i = 0; i < n; i++) push_capture(m, i, s, e);
  return n;
}

/* ---- find and match ---------------------------------------------------- */

/* A 1-based, possibly negative, start position as an offset into len bytes (may be > len). */
static size_t start_offset(lua_Integer pos, size_t len) {
  if (pos > 0) return (size_t)pos - 1;
  if (pos == 0 || pos < -(lua_Integer)len) return 0;
  return len + (size_t)pos;
}

static int has_specials(const char *p, size_t lp) {
  size_t done = 0;
  do {
    if (strpbrk(p + done, "^$*+?.([%-")) return 1;
    done += strlen(p + done) + 1; /* a pattern may hold zeros */
  } while (done <= lp);
  return 0;
}

/* memmem that looks at the clock: a plain find is O(subject × needle) at worst. */
static const char *plain_find(lua_State *L, const char *s, size_t ls, const char *n, size_t ln) {
  if (ln == 0) return s;
  if (ln > ls) return NULL;
  const char *end = s + (ls - ln) + 1; /* past the last possible start */
  size_t work = 0;
  while (s < end) {
    const char *hit = memchr(s, *n, (size_t)(end - s));
    if (hit == NULL) return NULL;
    if (memcmp(hit + 1, n + 1, ln - 1) == 0) return hit;
    work += ln;
    if (work > (1u << 20)) {
      work = 0;
      psy_check_deadline(L);
    }
    s = hit + 1;
  }
  return NULL;
}

static int find_or_match(lua_State *L, int find) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t init = start_offset(luaL_optinteger(L, 3, 1), ls);
  if (init > ls) {
    luaL_pushfail(L);
    return 1;
  }
  if (find && (lua_toboolean(L, 4) || !has_specials(p, lp))) {
    const char *hit = plain_find(L, s + init, ls - init, p, lp);
    if (hit) {
      lua_pushinteger(L, (hit - s) + 1);
      lua_pushinteger(L, (lua_Integer)((hit - s) + lp));
      return 2;
    }
  } else {
    matcher m;
    const char *at = s + init;
    int anchored = *p == '^';
    if (anchored) {
      p++;
      lp--;
    }
    start(&m, L, s, ls, p, lp);
    do {
      restart(&m);
      const char *e = match(&m, at, p);
      if (e != NULL) {
        if (find) {
          lua_pushinteger(L, (at - s) + 1);
          lua_pushinteger(L, e - s);
          return push_captures(&m, NULL, NULL) + 2;
        }
        return push_captures(&m, at, e);
      }
    } while (at++ < m.src_end && !anchored);
  }
  luaL_pushfail(L);
  return 1;
}

static int bounded_find(lua_State *L) { return find_or_match(L, 1); }
static int bounded_match(lua_State *L) { return find_or_match(L, 0); }

/* ---- gmatch ------------------------------------------------------------ */

typedef struct {
  const char *at;   /* where the next search starts */
  const char *p;    /* the pattern */
  const char *last; /* end of the last match, so an empty match is not repeated */
  matcher m;
} gmatch_state;

static int gmatch_next(lua_State *L) {
  gmatch_state *g = lua_touserdata(L, lua_upvalueindex(3));
  g->m.L = L; /* the iterator may run on another coroutine than the one that made it */
  for (const char *at = g->at; at <= g->m.src_end; at++) {
    restart(&g->m);
    const char *e = match(&g->m, at, g->p);
    if (e != NULL && e != g->last) {
      g->at = g->last = e;
      return push_captures(&g->m, at, e);
    }
  }
  return 0;
}

static int bounded_gmatch(lua_State *L) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  size_t init = start_offset(luaL_optinteger(L, 3, 1), ls);
  if (init > ls) init = ls + 1;
  lua_settop(L, 2); /* the iterator keeps s and p alive as upvalues */
  gmatch_state *g = lua_newuserdatauv(L, sizeof *g, 0);
  start(&g->m, L, s, ls, p, lp);
  g->at = s + init;
  g->p = p;
  g->last = NULL;
  lua_pushcclosure(L, gmatch_next, 3);
  return 1;
}

/* ---- gsub -------------------------------------------------------------- */

/* Appends the replacement string (argument 3) with its %0-%9 and %% expanded. */
static void add_expanded(matcher *m, luaL_Buffer *b, const char *s, const char *e) {
  lua_State *L = m->L;
  size_t l;
  const char *r = lua_tolstring(L, 3, &l);
  const char *esc;
  charge(m, (ptrdiff_t)l); /* ("%0"):rep(1e7) expands to nothing per match, for long */
  while ((esc = memchr(r, ESC, l)) != NULL) {
    luaL_addlstring(b, r, (size_t)(esc - r));
    esc++;
    if (*esc == ESC) {
      luaL_addchar(b, *esc);
    } else if (*esc == '0') {
      luaL_addlstring(b, s, (size_t)(e - s));
    } else if (isdigit((unsigned char)*esc)) {
      const char *start;
      ptrdiff_t len = capture(m, *esc - '1', s, e, &start);
      if (len == CAP_POS) luaL_addvalue(b);
      else luaL_addlstring(b, start, (size_t)len);
    } else {
      luaL_error(L, "invalid use of '%c' in replacement string", ESC);
    }
    l -= (size_t)(esc + 1 - r);
    r = esc + 1;
  }
  luaL_addlstring(b, r, l);
}

/* Appends the replacement of match s..e; returns whether it changed the text. */
static int add_replacement(matcher *m, luaL_Buffer *b, const char *s, const char *e, int kind) {
  lua_State *L = m->L;
  if (kind == LUA_TFUNCTION) {
    lua_pushvalue(L, 3);
    int n = push_captures(m, s, e);
    lua_call(L, n, 1);
  } else if (kind == LUA_TTABLE) {
    push_capture(m, 0, s, e);
    lua_gettable(L, 3);
  } else {
    add_expanded(m, b, s, e);
    return 1;
  }
  if (!lua_toboolean(L, -1)) {
    lua_pop(L, 1);
    luaL_addlstring(b, s, (size_t)(e - s)); /* nil or false keeps the match */
    return 0;
  }
  if (!lua_isstring(L, -1))
    return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
  luaL_addvalue(b);
  return 1;
}

static int bounded_gsub(lua_State *L) {
  size_t ls, lp;
  const char *s = luaL_checklstring(L, 1, &ls);
  const char *p = luaL_checklstring(L, 2, &lp);
  const char *last = NULL;
  int kind = lua_type(L, 3);
  lua_Integer most = luaL_optinteger(L, 4, (lua_Integer)ls + 1);
  int anchored = *p == '^';
  lua_Integer n = 0;
  int changed = 0;
  luaL_argexpected(L, kind == LUA_TNUMBER || kind == LUA_TSTRING || kind == LUA_TFUNCTION ||
                          kind == LUA_TTABLE,
                   3, "string/function/table");
  if (anchored) {
    p++;
    lp--;
  }
  matcher m;
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  start(&m, L, s, ls, p, lp);
  const char *at = s;
  while (n < most) {
    restart(&m);
    const char *e = match(&m, at, p);
    if (e != NULL && e != last) {
      n++;
      changed = add_replacement(&m, &b, at, e, kind) | changed;
      at = last = e;
    } else if (at < m.src_end) {
      luaL_addchar(&b, *at++);
    } else {
      break;
    }
    if (anchored) break;
  }
  if (!changed) {
    lua_pushvalue(L, 1);
  } else {
    luaL_addlstring(&b, at, (size_t)(m.src_end - at));
    luaL_pushresult(&b);
  }
  lua_pushinteger(L, n);
  return 2;
}

/* ---- rep ----------------------------------------------------------------- */

/* lstrlib's limit on the length of a result (INT_MAX on every 64-bit system). */
#define MAX_RESULT ((size_t)0x7fffffff)

/* lstrlib copies n times even when each copy is empty: string.rep("", 1e15) ran for
   days. Here the result is made by doubling what is already written: at most
   log2(length) copies, whatever n is. */
static int bounded_rep(lua_State *L) {
  size_t l, lsep;
  const char *s = luaL_checklstring(L, 1, &l);
  lua_Integer n = luaL_checkinteger(L, 2);
  const char *sep = luaL_optlstring(L, 3, "", &lsep);
  if (n <= 0 || l + lsep == 0) {
    lua_pushliteral(L, "");
    return 1;
  }
  if (l + lsep < l || l + lsep > MAX_RESULT / (size_t)n)
    return luaL_error(L, "resulting string too large");
  size_t total = (size_t)n * l + (size_t)(n - 1) * lsep;
  luaL_Buffer b;
  char *out = luaL_buffinitsize(L, &b, total);
  /* the result is (s sep) repeated, cut to total: the last sep falls off */
  size_t unit = l + lsep, done = 0;
  memcpy(out, s, l < total ? l : total);
  if (total > l) memcpy(out + l, sep, lsep < total - l ? lsep : total - l);
  done = unit < total ? unit : total;
  while (done < total) {
    size_t more = done < total - done ? done : total - done;
    memcpy(out + done, out, more);
    done += more;
  }
  luaL_pushresultsize(&b, total);
  return 1;
}

void psy_open_bounded_string(lua_State *L) {
  static const luaL_Reg fns[] = {{"find", bounded_find},
                                 {"match", bounded_match},
                                 {"gmatch", bounded_gmatch},
                                 {"gsub", bounded_gsub},
                                 {"rep", bounded_rep},
                                 {NULL, NULL}};
  luaL_setfuncs(L, fns, 0);
}
