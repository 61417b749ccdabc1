/* Internal to CLuaBridge: the sandbox's pattern engine behind string.find, match, gmatch
   and gsub (the Lua 5.4 manual, section 6.4.1).

   A pattern is compiled once into a straight-line program: one instruction per pattern
   item, single-character classes and sets as 256-bit maps, runs of literal characters
   merged into one instruction. A quantifier lives inside its instruction, so the program
   has no jumps; the runner keeps its alternatives (how many characters a `*` may still
   give back, where a `-` may still stretch to, whether a `?` may still skip) on an
   explicit stack, never on the C stack, and counts its steps against the call's deadline.

   Lua 5.4 reports a malformed item only when matching reaches it, and refuses a pattern
   whose matching nests more than 200 deep ("pattern too complex"): the compiler turns
   the first malformed item into a FAULT instruction that raises when it runs, and every
   instruction knows how deep Lua 5.4 would be nested there, so both errors come exactly
   where lua5.4 raises them. */
#ifndef PSY_PATTERN_H
#define PSY_PATTERN_H

#include <stddef.h>
#include <stdint.h>

#include "string_library.h"

#define PM_MAX_CAPTURES 32 /* Lua 5.4's LUA_MAXCAPTURES */
#define PM_MAX_NESTING 200 /* how deep Lua 5.4's matcher may nest before "too complex" */

/* A single-character class: what one item (or a quantified one) accepts. */
enum pm_kind { PM_NONE, PM_CHAR, PM_ANY, PM_MAP };

typedef struct pm_class {
  uint8_t kind;  /* enum pm_kind */
  uint8_t ch;    /* PM_CHAR: the character */
  uint16_t pad;
  uint32_t map;  /* PM_MAP: index into the program's maps */
} pm_class;

/* 256 bits: bit c set when character c belongs. */
typedef struct pm_map {
  uint32_t bits[8];
} pm_map;

static inline int pm_map_has(const pm_map *m, unsigned c) {
  return (m->bits[c >> 5] >> (c & 31)) & 1;
}
static inline void pm_map_add(pm_map *m, unsigned c) { m->bits[c >> 5] |= 1u << (c & 31); }

enum pm_op {
  PM_ONE,      /* one character of `cls` */
  PM_LITERAL,  /* `len` literal characters at `arg` in the program's text pool */
  PM_STAR,     /* cls*: as many as possible, giving back one at a time */
  PM_PLUS,     /* cls+ */
  PM_LAZY,     /* cls-: as few as possible, taking one more at a time */
  PM_MAYBE,    /* cls?: one if possible, else none */
  PM_BALANCE,  /* %bxy: `ch` opens, `ch2` closes */
  PM_FRONTIER, /* %f[set]: the set is `cls` */
  PM_SAME,     /* %1-%9: the text of capture `cap` again */
  PM_OPEN,     /* ( : capture `cap` starts here */
  PM_POSITION, /* () : capture `cap` is this position */
  PM_CLOSE,    /* ) : capture `cap` ends here */
  PM_AT_END,   /* $ at the pattern's end */
  PM_ACCEPT,   /* the whole pattern matched */
  PM_FAULT     /* a malformed item: raises fault `arg` (with `cap` for a capture index) */
};

/* The messages of PM_FAULT, Lua 5.4's words. */
enum pm_fault {
  PM_ENDS_WITH_ESCAPE,
  PM_MISSING_BRACKET,
  PM_BALANCE_ARGUMENTS,
  PM_FRONTIER_BRACKET,
  PM_CAPTURE_INDEX,
  PM_NOTHING_TO_CLOSE,
  PM_TOO_MANY_CAPTURES
};

typedef struct pm_insn {
  uint8_t op;      /* enum pm_op */
  uint8_t cap;     /* capture number (PM_OPEN, PM_POSITION, PM_CLOSE, PM_SAME, PM_FAULT) */
  uint8_t ch, ch2; /* PM_BALANCE's two characters */
  /* Lua 5.4's matcher nests once per capture it opens or closes: how many PM_OPEN,
     PM_POSITION and PM_CLOSE come before this instruction. */
  uint16_t nest;
  /* PM_STAR/PLUS/LAZY: how many capture instructions `next` looks past. */
  uint16_t through;
  pm_class cls;
  /* PM_STAR/PLUS/LAZY: the class the rest of the pattern must begin with (PM_NONE when it
     need not begin with a character), so that giving back or taking one more character
     can skip the places where the rest would fail at once. */
  pm_class next;
  uint32_t arg, len;
} pm_insn;

/* A compiled pattern: one Lua userdata holding this header, then the instructions, the
   maps and the literal text; its user value keeps the pattern string alive, so `text`
   stays valid and a cache hit may compare pointers. */
typedef struct pm_program {
  const char *text; /* the pattern as given */
  size_t text_len;
  uint8_t anchored;     /* a leading '^' was taken as the anchor (find, match, gsub) */
  uint8_t captures;     /* how many captures the whole pattern opens */
  uint32_t unfinished;  /* bit i: capture i is still open at the pattern's end */
  pm_class start;       /* the class a match must begin with, PM_NONE if none */
  uint32_t n_code, n_maps, n_text;
  pm_insn *code;
  pm_map *maps;
  unsigned char *pool;
} pm_program;

/* An alternative kept for backtracking: at instruction `at`, the place the rest of the
   pattern is being tried from (`cur`) and, for `*` and `+`, the least place it may give
   back to (`low`). */
typedef struct pm_choice {
  const pm_insn *at;
  const unsigned char *cur, *low;
} pm_choice;

/* One run over one subject: the program, the subject, the captures of the last match. */
typedef struct pm_matcher {
  lua_State *L;
  const pm_program *prog;
  const unsigned char *subject, *end;
  pm_choice *stack; /* PM_MAX_NESTING entries */
  int budget;       /* steps left before the next look at the clock */
  const unsigned char *cap_at[PM_MAX_CAPTURES];
  ptrdiff_t cap_len[PM_MAX_CAPTURES];
} pm_matcher;

/* The maps of the class letters (%a, %c, %d, ...), made once per engine. */
typedef struct pm_classes {
  pm_map of[26]; /* by lowercase letter */
  uint32_t named; /* bit i: letter 'a' + i names a class */
} pm_classes;

/* pattern_sets.c: the classes %a, %d, ... and sets [...] as maps. */
void pm_make_classes(pm_classes *c);
void pm_class_letter(const pm_classes *c, pm_map *out, unsigned letter);
size_t pm_set_end(const char *p, size_t len, size_t open);
void pm_set_map(const pm_classes *c, pm_map *out, const char *p, size_t first, size_t close);

/* pattern_compile.c: the pattern `p` (after the anchor, if taken) into `prog`, whose
   code, maps and pool have room for what the pattern needs (see pm_compile_room). With
   prog->code NULL only counts it (n_code, n_maps, n_text). */
void pm_compile(lua_State *L, pm_program *prog, const pm_classes *c, const char *p,
                size_t len);

/* pattern_run.c: matching one program against one subject. */
void pm_matcher_init(pm_matcher *m, lua_State *L, const pm_program *prog, pm_choice *stack,
                     const char *subject, size_t len);
/* The end of a match of the whole program starting at s, or NULL. */
const unsigned char *pm_run(pm_matcher *m, const unsigned char *s);
/* The first place at or after s where a match may start (one whose first character fits
   the program's start), or NULL where none may: every place it passes over would fail at
   once, so skipping them changes nothing lua5.4 would do. */
const unsigned char *pm_next_start(pm_matcher *m, const unsigned char *s);
void pm_look_at_clock(pm_matcher *m);

/* Counts work against the deadline: a step is one attempt, one backtrack, or 32 bytes
   scanned. Inline: the hot path is one subtraction. */
static inline void pm_spend(pm_matcher *m, size_t steps) {
  if ((size_t)m->budget <= steps) pm_look_at_clock(m);
  else m->budget -= (int)steps;
}

/* pattern_cache.c: the per-state engine (its cache of programs and its backtracking
   stack), an upvalue of every pattern function. */
void pm_push_engine(lua_State *L);
pm_choice *pm_engine_stack(lua_State *L, int engine);
/* The program of the pattern at stack index `pattern` (a string), compiled or from the
   cache of the engine at `engine`; pushes the program's userdata, which keeps it alive
   while the caller runs it (a __gc finalizer or a gsub callback may evict it from the
   cache meanwhile). take_anchor: a leading '^' anchors (find, match, gsub; not gmatch). */
const pm_program *pm_program_for(lua_State *L, int engine, int pattern, int take_anchor);
int pm_has_specials(const char *p, size_t len);

/* pattern_captures.c */
int pm_push_captures(pm_matcher *m, const unsigned char *s, const unsigned char *e,
                     int whole);
void pm_push_capture(pm_matcher *m, int i, const unsigned char *s, const unsigned char *e);
void pm_add_capture(pm_matcher *m, luaL_Buffer *b, int i, const unsigned char *s,
                    const unsigned char *e);

/* pattern_search.c, pattern_gsub.c, plain_find.c, string_rep.c */
size_t pm_start_offset(lua_State *L, int arg, size_t len);
int pm_find(lua_State *L);
int pm_match(lua_State *L);
int pm_gmatch(lua_State *L);
int pm_gsub(lua_State *L);
const char *pm_plain_find(lua_State *L, const char *s, size_t ls, const char *n, size_t ln);
int pm_rep(lua_State *L);

#endif
