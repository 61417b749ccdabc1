/* Pattern text to program (see pattern.h).

   A short pattern compiles once, into the engine's scratch program, which is then copied
   into a userdata of the exact size. A long one would need scratch as long as itself, so
   the compiler runs twice over it instead: once to count what the program needs (a set
   of a million characters is one 32-byte map), and once to write it into its userdata.
   Both runs take the same steps. What is static in a
   pattern is decided here: which capture a ')' closes, whether "%3" names a closed
   capture, how deep Lua 5.4 would be nested at each item. The first malformed item
   becomes a FAULT and ends the program: lua5.4 raises only when matching reaches it. */
#include <string.h>

#include "pattern.h"

typedef struct builder {
  lua_State *L;
  pm_program *prog; /* prog->code NULL: counting only */
  const pm_classes *classes;
  const char *p;
  size_t len;
  int level;     /* captures opened so far */
  uint32_t open; /* bit i: capture i opened and not closed */
  uint16_t nest; /* capture instructions so far */
  uint32_t run;  /* characters in the pending literal run (at the pool's end) */
} builder;

static int writing(const builder *b) { return b->prog->code != NULL; }

static void emit(builder *b, pm_insn in) {
  in.nest = b->nest;
  if (writing(b)) b->prog->code[b->prog->n_code] = in;
  b->prog->n_code++;
}

static pm_insn insn(uint8_t op) {
  pm_insn in;
  memset(&in, 0, sizeof in);
  in.op = op;
  return in;
}

/* The pending literal characters become one instruction: a lone one is a PM_ONE, which
   the runner tests without a loop. */
static void flush_run(builder *b) {
  if (b->run == 0) return;
  uint32_t at = b->prog->n_text - b->run;
  pm_insn in = insn(PM_LITERAL);
  if (b->run == 1) {
    in.op = PM_ONE;
    in.cls.kind = PM_CHAR;
    in.cls.ch = writing(b) ? b->prog->pool[at] : 0;
  }
  in.arg = at;
  in.len = b->run;
  emit(b, in);
  b->run = 0;
}

static void add_literal(builder *b, unsigned char c) {
  if (writing(b)) b->prog->pool[b->prog->n_text] = c;
  b->prog->n_text++;
  b->run++;
}

/* Ends the program with the error lua5.4 raises on reaching this item. */
static int fault(builder *b, enum pm_fault which, int index) {
  flush_run(b);
  pm_insn in = insn(PM_FAULT);
  in.arg = which;
  in.cap = (uint8_t)index;
  emit(b, in);
  return 0;
}

/* A class whose map has one member is that character; one of all 256 is "any". */
static pm_class class_of(builder *b, const pm_map *m) {
  pm_class k = {PM_MAP, 0, 0, 0};
  int members = 0;
  for (int i = 0; i < 8; i++) members += __builtin_popcount(m->bits[i]);
  if (members == 256) {
    k.kind = PM_ANY;
  } else if (members == 1) {
    k.kind = PM_CHAR;
    for (unsigned c = 0; c < 256; c++)
      if (pm_map_has(m, c)) k.ch = (uint8_t)c;
  } else {
    k.map = b->prog->n_maps++;
    if (writing(b)) b->prog->maps[k.map] = *m;
  }
  return k;
}

/* The set whose '[' is at p[open]: its class, and in *after the index past its ']';
   0 when it has no ']'. */
static int bracket_class(builder *b, size_t open, pm_class *k, size_t *after) {
  size_t close = pm_set_end(b->p, b->len, open);
  if (close >= b->len) return 0;
  size_t first = open + 1;
  int negated = b->p[first] == '^';
  pm_map m;
  memset(&m, 0, sizeof m);
  pm_set_map(b->classes, &m, b->p, first + negated, close);
  if (negated)
    for (int i = 0; i < 8; i++) m.bits[i] = ~m.bits[i];
  *k = class_of(b, &m);
  *after = close + 1;
  return 1;
}

/* A single-character class at p[i]: '.', "%x", "[set]" or a character. Returns 0 after
   emitting the fault of a malformed one; else sets *k and *after. */
static int single_class(builder *b, size_t i, pm_class *k, size_t *after) {
  unsigned char c = (unsigned char)b->p[i];
  pm_class plain = {PM_CHAR, c, 0, 0};
  if (c == '.') {
    k->kind = PM_ANY;
    *after = i + 1;
    return 1;
  }
  if (c == '[') {
    if (bracket_class(b, i, k, after)) return 1;
    return fault(b, PM_MISSING_BRACKET, 0);
  }
  *k = plain;
  *after = i + 1;
  if (c != '%') return 1;
  if (i + 1 >= b->len) return fault(b, PM_ENDS_WITH_ESCAPE, 0);
  pm_map m;
  memset(&m, 0, sizeof m);
  pm_class_letter(b->classes, &m, (unsigned char)b->p[i + 1]);
  *k = class_of(b, &m);
  *after = i + 2;
  return 1;
}

static uint8_t quantifier_op(char q) {
  switch (q) {
    case '*': return PM_STAR;
    case '+': return PM_PLUS;
    case '-': return PM_LAZY;
    case '?': return PM_MAYBE;
    default: return PM_ONE;
  }
}

/* A class with what follows it: one literal character joins the pending run. */
static int class_item(builder *b, size_t *i) {
  pm_class k;
  size_t after;
  if (!single_class(b, *i, &k, &after)) return 0;
  uint8_t op = after < b->len ? quantifier_op(b->p[after]) : PM_ONE;
  *i = after + (op != PM_ONE);
  if (op == PM_ONE && k.kind == PM_CHAR) {
    add_literal(b, k.ch);
    return 1;
  }
  flush_run(b);
  pm_insn in = insn(op);
  in.cls = k;
  emit(b, in);
  return 1;
}

/* '(' opens capture `level`; "()" captures the position. */
static int open_item(builder *b, size_t *i) {
  flush_run(b);
  if (b->level >= PM_MAX_CAPTURES) return fault(b, PM_TOO_MANY_CAPTURES, 0);
  int position = *i + 1 < b->len && b->p[*i + 1] == ')';
  pm_insn in = insn(position ? PM_POSITION : PM_OPEN);
  in.cap = (uint8_t)b->level;
  emit(b, in);
  if (!position) b->open |= 1u << b->level;
  b->level++;
  b->nest++;
  *i += position ? 2 : 1;
  return 1;
}

/* ')' closes the innermost capture still open. */
static int close_item(builder *b, size_t *i) {
  flush_run(b);
  if (b->open == 0) return fault(b, PM_NOTHING_TO_CLOSE, 0);
  int cap = 31 - __builtin_clz(b->open);
  pm_insn in = insn(PM_CLOSE);
  in.cap = (uint8_t)cap;
  emit(b, in);
  b->open &= ~(1u << cap);
  b->nest++;
  *i += 1;
  return 1;
}

/* "%1".."%9" (and "%0", always refused): a capture closed before this point. */
static int same_item(builder *b, size_t *i, int digit) {
  flush_run(b);
  int cap = digit - 1;
  if (cap < 0 || cap >= b->level || (b->open >> cap) & 1)
    return fault(b, PM_CAPTURE_INDEX, digit);
  pm_insn in = insn(PM_SAME);
  in.cap = (uint8_t)cap;
  emit(b, in);
  *i += 2;
  return 1;
}

static int balance_item(builder *b, size_t *i) {
  flush_run(b);
  if (*i + 3 >= b->len) return fault(b, PM_BALANCE_ARGUMENTS, 0);
  pm_insn in = insn(PM_BALANCE);
  in.ch = (uint8_t)b->p[*i + 2];
  in.ch2 = (uint8_t)b->p[*i + 3];
  emit(b, in);
  *i += 4;
  return 1;
}

static int frontier_item(builder *b, size_t *i) {
  flush_run(b);
  size_t open = *i + 2;
  if (open >= b->len || b->p[open] != '[') return fault(b, PM_FRONTIER_BRACKET, 0);
  pm_insn in = insn(PM_FRONTIER);
  if (!bracket_class(b, open, &in.cls, i)) return fault(b, PM_MISSING_BRACKET, 0);
  emit(b, in);
  return 1;
}

/* One pattern item at p[*i]; 0 once a fault ends the program. */
static int item(builder *b, size_t *i) {
  const char *p = b->p;
  switch (p[*i]) {
    case '(': return open_item(b, i);
    case ')': return close_item(b, i);
    case '$':
      if (*i + 1 != b->len) break;
      flush_run(b);
      emit(b, insn(PM_AT_END));
      *i += 1;
      return 1;
    case '%':
      if (*i + 1 >= b->len) break;
      if (p[*i + 1] == 'b') return balance_item(b, i);
      if (p[*i + 1] == 'f') return frontier_item(b, i);
      if (p[*i + 1] >= '0' && p[*i + 1] <= '9') return same_item(b, i, p[*i + 1] - '0');
      break;
  }
  return class_item(b, i);
}

/* The class the program must begin with from instruction `at` on, looking past capture
   instructions (they consume nothing); *through says how many. */
static pm_class begins_with(const pm_program *prog, uint32_t at, uint16_t *through) {
  pm_class none = {PM_NONE, 0, 0, 0};
  uint16_t passed = 0;
  while (at < prog->n_code && (prog->code[at].op == PM_OPEN || prog->code[at].op == PM_CLOSE ||
                               prog->code[at].op == PM_POSITION)) {
    at++;
    passed++;
  }
  *through = passed;
  if (at >= prog->n_code) return none;
  const pm_insn *in = &prog->code[at];
  pm_class first = {PM_CHAR, 0, 0, 0};
  switch (in->op) {
    case PM_ONE:
    case PM_PLUS: return in->cls;
    case PM_LITERAL: first.ch = prog->pool[in->arg]; return first;
    case PM_BALANCE: first.ch = in->ch; return first;
    default: return none;
  }
}

/* Fills in what each repetition and the program as a whole must be followed by. */
static void link_program(pm_program *prog) {
  uint16_t through;
  prog->start = begins_with(prog, 0, &through);
  for (uint32_t i = 0; i < prog->n_code; i++) {
    pm_insn *in = &prog->code[i];
    if (in->op == PM_STAR || in->op == PM_PLUS || in->op == PM_LAZY)
      in->next = begins_with(prog, i + 1, &in->through);
  }
}

void pm_compile(lua_State *L, pm_program *prog, const pm_classes *c, const char *p,
                size_t len) {
  builder b = {L, prog, c, p, len, 0, 0, 0, 0};
  prog->n_code = prog->n_maps = prog->n_text = 0;
  size_t i = 0, checked = 0;
  int whole = 1;
  while (i < len && (whole = item(&b, &i))) {
    /* a pattern of many megabytes takes a while: look at the clock now and then */
    if (i - checked > (1u << 16)) {
      psy_check_deadline(L);
      checked = i;
    }
  }
  if (whole) {
    flush_run(&b);
    emit(&b, insn(PM_ACCEPT));
  }
  prog->captures = (uint8_t)b.level;
  prog->unfinished = b.open;
  if (writing(&b)) link_program(prog);
}
