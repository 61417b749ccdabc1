/* Running a program (see pattern.h) against a subject.

   The runner walks the instructions in order. An instruction that could match in more
   than one way (`*`, `+`, `-`, `?`) takes its first way and pushes a choice; when an
   instruction fails, the newest choice gives its next way, or is dropped. The stack of
   choices is the engine's, PM_MAX_NESTING deep: Lua 5.4's matcher nests once per choice
   and once per capture instruction passed, and refuses to nest more than that, so the
   same limit raises "pattern too complex" here before the stack could overflow. */
#define _GNU_SOURCE /* memrchr */
#include <string.h>

#include "pattern.h"

/* Steps between two looks at the clock: one look is an atomic load. */
#define STEPS_PER_LOOK 4096

void __attribute__((noinline)) pm_look_at_clock(pm_matcher *m) {
  m->budget = STEPS_PER_LOOK;
  psy_check_deadline(m->L);
}

void pm_matcher_init(pm_matcher *m, lua_State *L, const pm_program *prog, pm_choice *stack,
                     const char *subject, size_t len) {
  m->L = L;
  m->prog = prog;
  m->subject = (const unsigned char *)subject;
  m->end = m->subject + len;
  m->stack = stack;
  m->budget = STEPS_PER_LOOK;
}

/* Bytes scanned cost a step per 32. */
static inline void spend_scan(pm_matcher *m, const unsigned char *from, const unsigned char *to) {
  pm_spend(m, (size_t)(to - from) >> 5);
}

static inline int fits(const pm_program *g, pm_class k, unsigned c) {
  switch (k.kind) {
    case PM_CHAR: return c == k.ch;
    case PM_ANY: return 1;
    default: return pm_map_has(&g->maps[k.map], c);
  }
}

/* Whether the rest of the pattern may begin at p, by its first class `k`. */
static inline int may_begin(const pm_program *g, pm_class k, const unsigned char *p,
                            const unsigned char *end) {
  return k.kind == PM_NONE || (p < end && fits(g, k, *p));
}

/* The first place at or after s that `k` does not accept. */
static const unsigned char *span(pm_matcher *m, pm_class k, const unsigned char *s) {
  const unsigned char *p = s, *end = m->end;
  if (k.kind == PM_ANY) return end;
  if (k.kind == PM_CHAR) {
    while (p < end && *p == k.ch) p++;
  } else {
    const pm_map *map = &m->prog->maps[k.map];
    while (p < end && pm_map_has(map, *p)) p++;
  }
  spend_scan(m, s, p);
  return p;
}

/* Lua 5.4 nests a matcher call for each choice and capture instruction: at `in`, with h
   choices kept, it is in call 1 + h + in->nest, and it refuses to enter call 201. */
static inline void nest(pm_matcher *m, const pm_insn *in, int h) {
  if (1 + h + in->nest >= PM_MAX_NESTING) luaL_error(m->L, "pattern too complex");
}

/* What a repetition at `in`, with h choices kept (its own among them), may know of the
   rest of the pattern: its first class, unless looking past the capture instructions
   before it would skip nesting that lua5.4 would refuse. */
static inline pm_class rest_of(const pm_insn *in, int h) {
  pm_class none = {PM_NONE, 0, 0, 0};
  return h + in->nest + in->through < PM_MAX_NESTING ? in->next : none;
}

/* `*` and `+` give back: the greatest place in [low, p] where the rest may begin. */
static const unsigned char *give_back(pm_matcher *m, pm_class rest, const unsigned char *low,
                                      const unsigned char *p) {
  if (rest.kind == PM_NONE) return p;
  if (p == m->end) {
    if (p == low) return NULL;
    p--;
  }
  const unsigned char *from = p;
  if (rest.kind == PM_CHAR) {
    p = memrchr(low, rest.ch, (size_t)(p - low) + 1);
    spend_scan(m, p ? p : low, from);
    return p;
  }
  while (!fits(m->prog, rest, *p)) {
    if (p == low) return NULL;
    p--;
  }
  spend_scan(m, p, from);
  return p;
}

/* `-` takes one more: past p while the class accepts, to the first place where the rest
   may begin; NULL when the class stops first. */
static const unsigned char *stretch(pm_matcher *m, const pm_insn *in, pm_class rest,
                                    const unsigned char *p) {
  const unsigned char *from = p, *end = m->end;
  if (rest.kind == PM_CHAR && in->cls.kind == PM_ANY) {
    if (p >= end) return NULL;
    p = memchr(p + 1, rest.ch, (size_t)(end - p - 1));
    spend_scan(m, from, p ? p : end);
    return p;
  }
  while (p < end && fits(m->prog, in->cls, *p)) {
    p++;
    if (may_begin(m->prog, rest, p, end)) {
      spend_scan(m, from, p);
      return p;
    }
  }
  spend_scan(m, from, p);
  return NULL;
}

/* %bxy at s: the place after the y that balances the x at s, or NULL. */
static const unsigned char *balance(pm_matcher *m, const pm_insn *in, const unsigned char *s) {
  const unsigned char *end = m->end;
  if (s >= end || *s != in->ch) return NULL;
  ptrdiff_t open = 1;
  for (const unsigned char *p = s + 1; p < end; p++) {
    if (*p == in->ch2) {
      if (--open == 0) {
        spend_scan(m, s, p);
        return p + 1;
      }
    } else if (*p == in->ch) {
      open++;
    }
  }
  spend_scan(m, s, end);
  return NULL;
}

/* %f[set] at s: the character before is not in the set and the one at s is; the subject's
   two ends count as '\0'. */
static int frontier(const pm_matcher *m, const pm_insn *in, const unsigned char *s) {
  unsigned before = s > m->subject ? s[-1] : 0, after = s < m->end ? *s : 0;
  return !fits(m->prog, in->cls, before) && fits(m->prog, in->cls, after);
}

/* %n at s: the end of a copy of capture n there, or NULL (a position capture never
   matches again). */
static const unsigned char *same(pm_matcher *m, const pm_insn *in, const unsigned char *s) {
  ptrdiff_t n = m->cap_len[in->cap];
  if (n < 0 || m->end - s < n || memcmp(m->cap_at[in->cap], s, (size_t)n) != 0) return NULL;
  pm_spend(m, (size_t)n >> 5);
  return s + n;
}

/* The items without alternatives but a single character's: %b, %f, %n and a final $.
   Where the match goes on from, or NULL. */
static const unsigned char *fixed(pm_matcher *m, const pm_insn *in, const unsigned char *s) {
  switch (in->op) {
    case PM_BALANCE: return balance(m, in, s);
    case PM_FRONTIER: return frontier(m, in, s) ? s : NULL;
    case PM_SAME: return same(m, in, s);
    default: return s == m->end ? s : NULL;
  }
}

static void __attribute__((noreturn)) raise_fault(pm_matcher *m, const pm_insn *in) {
  lua_State *L = m->L;
  switch (in->arg) {
    case PM_ENDS_WITH_ESCAPE: luaL_error(L, "malformed pattern (ends with '%%')"); break;
    case PM_MISSING_BRACKET: luaL_error(L, "malformed pattern (missing ']')"); break;
    case PM_BALANCE_ARGUMENTS: luaL_error(L, "malformed pattern (missing arguments to '%%b')"); break;
    case PM_FRONTIER_BRACKET: luaL_error(L, "missing '[' after '%%f' in pattern"); break;
    case PM_CAPTURE_INDEX: luaL_error(L, "invalid capture index %%%d", (int)in->cap); break;
    case PM_NOTHING_TO_CLOSE: luaL_error(L, "invalid pattern capture"); break;
    default: luaL_error(L, "too many captures"); break;
  }
  __builtin_unreachable();
}

static inline void push(pm_matcher *m, int *h, const pm_insn *in, const unsigned char *cur,
                        const unsigned char *low) {
  pm_choice *c = &m->stack[(*h)++];
  c->at = in;
  c->cur = cur;
  c->low = low;
}

/* The newest choice's next way: sets *in and *s to go on from; 0 when none is left. */
static int resume(pm_matcher *m, int *h, const pm_insn **in, const unsigned char **s) {
  while (*h > 0) {
    pm_choice *c = &m->stack[*h - 1];
    const pm_insn *q = c->at;
    const unsigned char *p = NULL;
    pm_spend(m, 1);
    if (q->op == PM_MAYBE) { /* the other way of `?` skips, one call less deep */
      (*h)--;
      *s = c->cur;
      *in = q + 1;
      return 1;
    }
    if (q->op == PM_LAZY) p = stretch(m, q, rest_of(q, *h), c->cur);
    else if (c->cur > c->low) p = give_back(m, rest_of(q, *h), c->low, c->cur - 1);
    if (p) {
      c->cur = p;
      *s = p;
      *in = q + 1;
      return 1;
    }
    (*h)--;
  }
  return 0;
}

/* `*` (from = s) or `+` (from = s + 1) whose class accepts the run [s, e): the greatest
   count whose place the rest may begin at, kept as a choice; NULL when there is none. */
static const unsigned char *repeat(pm_matcher *m, int *h, const pm_insn *in,
                                   const unsigned char *from) {
  const unsigned char *e = span(m, in->cls, from);
  nest(m, in, *h);
  const unsigned char *at = give_back(m, rest_of(in, *h + 1), from, e);
  if (at) push(m, h, in, at, from);
  return at;
}

/* `-` whose class accepts the character at s: the first place from s on where the rest
   may begin, kept as a choice; NULL when there is none. */
static const unsigned char *few(pm_matcher *m, int *h, const pm_insn *in,
                                const unsigned char *s) {
  nest(m, in, *h);
  pm_class rest = rest_of(in, *h + 1);
  const unsigned char *at = may_begin(m->prog, rest, s, m->end) ? s : stretch(m, in, rest, s);
  if (at) push(m, h, in, at, NULL);
  return at;
}

const unsigned char *pm_run(pm_matcher *m, const unsigned char *s) {
  const pm_program *g = m->prog;
  const unsigned char *end = m->end;
  const pm_insn *in = g->code;
  int h = 0;
  pm_spend(m, 1);
  for (;;) {
    switch (in->op) {
      case PM_ONE:
        if (s < end && fits(g, in->cls, *s)) {
          s++;
          in++;
          continue;
        }
        break;
      case PM_LITERAL:
        if ((size_t)(end - s) >= in->len && memcmp(s, g->pool + in->arg, in->len) == 0) {
          s += in->len;
          in++;
          continue;
        }
        break;
      case PM_STAR:
      case PM_LAZY: /* a class that does not accept *s leaves no choice: go on */
        if (s < end && fits(g, in->cls, *s) &&
            !(s = in->op == PM_STAR ? repeat(m, &h, in, s) : few(m, &h, in, s)))
          break;
        in++;
        continue;
      case PM_PLUS:
        if (s < end && fits(g, in->cls, *s) && (s = repeat(m, &h, in, s + 1))) {
          in++;
          continue;
        }
        break;
      case PM_MAYBE:
        if (s < end && fits(g, in->cls, *s)) {
          nest(m, in, h);
          push(m, &h, in, s, NULL);
          s++;
        }
        in++;
        continue;
      case PM_BALANCE:
      case PM_FRONTIER:
      case PM_SAME:
      case PM_AT_END:
        if (!(s = fixed(m, in, s))) break;
        in++;
        continue;
      case PM_OPEN:
      case PM_POSITION:
        nest(m, in, h);
        m->cap_at[in->cap] = s;
        m->cap_len[in->cap] = -1; /* a position, until a PM_CLOSE says otherwise */
        in++;
        continue;
      case PM_CLOSE:
        nest(m, in, h);
        m->cap_len[in->cap] = s - m->cap_at[in->cap];
        in++;
        continue;
      case PM_ACCEPT: return s;
      default: raise_fault(m, in);
    }
    if (!resume(m, &h, &in, &s)) return NULL;
  }
}

const unsigned char *pm_next_start(pm_matcher *m, const unsigned char *s) {
  pm_class k = m->prog->start;
  const unsigned char *end = m->end, *p = s;
  switch (k.kind) {
    case PM_NONE: return s;
    case PM_ANY: return s < end ? s : NULL;
    case PM_CHAR:
      p = memchr(s, k.ch, (size_t)(end - s));
      spend_scan(m, s, p ? p : end);
      return p;
    default: {
      const pm_map *map = &m->prog->maps[k.map];
      while (p < end && !pm_map_has(map, *p)) p++;
      spend_scan(m, s, p);
      return p < end ? p : NULL;
    }
  }
}
