/* CLuaBridge: the only code in the project that raises Lua errors (lua_error
   and longjmp). Swift calls the protected helpers below, which return a status
   instead of raising; Swift functions called from Lua return a status to the
   trampoline, which raises after Swift has returned. */
#ifndef PSY_CLUABRIDGE_H
#define PSY_CLUABRIDGE_H

#include <lua5.4/lua.h>
#include <lua5.4/lauxlib.h>
#include <stddef.h>

/* ---- Swift callbacks, set once per process ---------------------------- */

/* Called by the trampoline with the function's box. Returns the number of
   results pushed, or PSY_RAISE with the error value on top (a host error, see
   psy_pusherror), which the trampoline raises once Swift has returned. */
typedef int (*psy_dispatch_fn)(lua_State *L, void *box);
/* Called by __gc of a box userdata: the Swift side releases its retain. */
typedef void (*psy_release_fn)(void *box);
/* Where print writes: ctx is the host's output stream. */
typedef void (*psy_write_fn)(void *ctx, const char *bytes, size_t length);
/* Where warn writes: one piece of a warning; complete is 1 with its last piece. */
typedef void (*psy_warn_fn)(void *ctx, const char *piece, size_t length, int complete);

#define PSY_RAISE (-1)

void psy_set_callbacks(psy_dispatch_fn dispatch, psy_release_fn release);

/* ---- states, memory and time limits ----------------------------------- */

/* A new state whose allocator refuses growth past memory_limit bytes
   (0: no limit). NULL if even that fails. */
lua_State *psy_newstate(size_t memory_limit);
void psy_close(lua_State *L);
/* The host's object for a state, reachable from any of its threads. */
void psy_set_owner(lua_State *L, void *owner);
void *psy_owner(lua_State *L);
size_t psy_memory_used(lua_State *L);
void psy_set_memory_limit(lua_State *L, size_t limit);
/* A place in Lua code with the chunk's whole name (a file as the author gave it, cut only
   past its room): what the host names when Lua's own message has no place. */
typedef struct {
  char file[232];
  int line; /* 0: no Lua code */
} psy_site;
/* The Lua code running when growth was last refused (line 0: none). */
const psy_site *psy_memory_where(lua_State *L);
/* Counts bytes the host holds for the script against its memory limit: nonzero (and
   nothing counted) when that would pass the limit; the caller then fails with "not
   enough memory". psy_uncharge gives back what a charge counted. */
int psy_charge(lua_State *L, size_t bytes);
void psy_uncharge(lua_State *L, size_t bytes);

/* Seconds one top-level call may run (<= 0: no limit), and the words of the error that
   ends a call past them ("time limit exceeded (1 s)"; file:line goes in front). The host
   words it, so the error reads the same wherever the deadline lands. */
void psy_set_time_limit(lua_State *L, double seconds, const char *exceeded);
/* Whether the running call's deadline has passed. */
int psy_expired(lua_State *L);

/* ---- calls ------------------------------------------------------------ */

/* Makes room for `slots` more values, then pushes the message handler (which
   turns an error into a failure for psy_read_failure) and, unless ref is
   LUA_NOREF, the registry's value ref (a function to call). Returns the stack
   top before, or -1 when the stack cannot grow (nothing pushed). */
int psy_pushcall(lua_State *L, int ref, int slots);
/* lua_pcall under the handler at index handler; the outermost call of a state
   arms its time limit. *timed_out is 1 when the limit expired (a memory error is
   then the deadline's doing: the allocator refuses growth once it has passed). */
int psy_call(lua_State *L, int nargs, int nresults, int handler, int *timed_out);
/* Loads a text chunk (never bytecode) named chunkname. A chunk named "@path" is a
   file's text and is read as lua5.4 reads files: a byte order mark and a first line
   starting with '#' are skipped (the line still counts). */
int psy_loadtext(lua_State *L, const char *text, size_t length, const char *chunkname);

/* A number or nothing, passed by value between Swift and Lua. */
typedef struct {
  int type; /* LUA_TNIL, LUA_TNUMBER (integer or float), or another type's tag */
  int isinteger;
  lua_Integer integer;
  lua_Number number;
} psy_scalar;

/* The whole of a call with one scalar argument, in one step from Swift: calls registry
   function ref under the handler with *value as its argument, keeping one result. On
   LUA_OK a scalar result (a number or nil) is in *value and the stack is as before; any
   other result (a string, a table) is left on top above the handler, its type in
   value->type, for the caller to read and then pop with the handler. On an error the
   handler's failure is on top, above the handler. PSY_NOSTACK: nothing was pushed. */
int psy_call_scalar(lua_State *L, int ref, psy_scalar *value, int *timed_out);

/* ---- errors as values ------------------------------------------------ */

/* A place in Lua code as Lua's messages name it: the chunk's short_src and a line. */
/* Room for a standard library's name ("coroutine") and its end. */
#define PSY_LIBRARY_NAME_SIZE 12

typedef struct {
  char file[LUA_IDSIZE];
  int line; /* 0: no Lua code */
} psy_place;

/* A host error's parts: the host's code for its kind, and its text `place: message`,
   the place being its first place_length bytes (PSY_NOPLACE: it has none). */
#define PSY_NOPLACE (-1)
typedef struct {
  int kind;
  const char *text;
  size_t length;
  long place_length;
} psy_hosterror;

/* Pushes a host error, made in a C function that Swift called from Lua (the host
   function): a userdata of that kind whose text, what a script reads of it (tostring,
   .., #, string methods), is `place: message`; with no place given (place_length
   PSY_NOPLACE) the place is the Lua code that called the host function, as luaL_where
   names it, or none when a C function called it. LUA_OK, or an error status with Lua's
   error pushed instead. */
int psy_pusherror(lua_State *L, int kind, const char *place, long place_length,
                  const char *message, size_t message_length);
/* 1 and *error = the parts of the host error at idx (its text valid while the value
   stays on the stack); 0 for any other value. Never raises. */
int psy_toerror(lua_State *L, int idx, psy_hosterror *error);

/* What a failed call left at idx, read without raising: the handler's failure
   (error, traceback and place taken where the error was raised), or, from a call
   without the handler (a load, a protected helper, Lua's memory error), the
   error value alone. The pointers are valid while that value stays on the stack. */
typedef struct {
  int is_host;          /* the error is a host error, whose parts are in host */
  psy_hosterror host;
  const char *message; /* else the error when it is a string (NULL: it is not) */
  size_t message_length;
  const char *traceback; /* the levels after "stack traceback:\n", or "" */
  size_t traceback_length;
  psy_place place; /* the innermost Lua code when the error was raised */
  /* the standard library ("math") whose misspelt field a "(field 'name')" error read,
     as the line that raised it says; "" otherwise */
  char library[PSY_LIBRARY_NAME_SIZE];
} psy_failure;
void psy_read_failure(lua_State *L, int idx, psy_failure *failure);

/* ---- protected helpers: LUA_OK, or an error status with the error
        value pushed instead of the result, or PSY_NOSTACK when the stack
        could not grow (nothing pushed; the values it would consume are
        popped) ---------------------------------------------------------- */

#define PSY_NOSTACK (-100)

int psy_pushstring(lua_State *L, const char *s, size_t length);
int psy_newtable(lua_State *L, int narray, int nhash);
/* Replaces the main chunk on top with a C function calling it, as lua5.4's interpreter
   calls a script (see bridge.c). */
int psy_main_frame(lua_State *L);

/* A key or value of a flat table: nil, a boolean (integer 0 or 1), a number, or
   `length` bytes at `offset` of a shared byte buffer. */
typedef struct {
  int type; /* LUA_TNIL, LUA_TBOOLEAN, LUA_TNUMBER or LUA_TSTRING */
  int isinteger;
  lua_Integer integer;
  lua_Number number;
  size_t offset;
  size_t length;
} psy_item;

/* Pushes a new table of `count` items taken as key, value pairs (no nil or NaN
   keys), strings from `bytes`: a whole row or context in one protected step. */
int psy_pushflat(lua_State *L, const psy_item *items, int count, const char *bytes, int narray,
                 int nhash);
/* t[k] = v with k, v on top and t at index t (raw, no metamethods); pops k, v. */
int psy_rawset(lua_State *L, int t);
/* t[i] = v with v on top (raw); pops v. */
int psy_rawseti(lua_State *L, int t, lua_Integer i);
/* t[name] = v with v on top (raw); pops v. */
int psy_setfield(lua_State *L, int t, const char *name);
/* pushes t[name] (raw) */
int psy_getfield(lua_State *L, int t, const char *name);
int psy_setglobal(lua_State *L, const char *name);
/* lua_next on the table at t with the key on top (pops it); *more = 1 with the
   next key and value pushed, 0 at the end with nothing pushed. Protected: a
   key the table no longer holds raises, and a finalizer may change the table
   between two steps of a walk. */
int psy_next(lua_State *L, int t, int *more);
/* Replaces the table on top with a proxy whose reads are noted (input_reads.c)
   and pushes the table of keys read after it (true: every key, by pairs). */
int psy_pushtracked(lua_State *L);
/* When the value at idx is such a proxy: pushes the real table, notes every key
   read, and returns 1; else pushes nothing and returns 0. Never raises. */
int psy_pushuntracked(lua_State *L, int idx);
/* *ref = a registry reference to the value at idx (luaL_ref) */
int psy_ref(lua_State *L, int idx, int *ref);
/* pushes a function that calls the Swift box through the trampoline; the
   box is released when the function is collected. */
int psy_pushfunction(lua_State *L, void *box);
/* pushes a userdata holding box whose metatable is the one made by
   psy_newclass for tag. */
int psy_pushobject(lua_State *L, void *box, const void *tag);
/* creates (once) and pushes the metatable for tag: __gc releases the box,
   __metatable hides it from scripts, __name is name. */
int psy_newclass(lua_State *L, const void *tag, const char *name);
/* the box of the userdata at idx if it was made for tag, else NULL (never raises) */
void *psy_toobject(lua_State *L, int idx, const void *tag);

/* ---- the standard library --------------------------------------------- */

/* Opens the sandbox (trusted = 0) or the full library (trusted = 1). */
int psy_openlibs(lua_State *L, int trusted);
/* Lends a sandboxed state what the sandbox removes (debug as a module, io and the
   whole os): only for tests that run Lua's own suite past its first use of them,
   never for scripts. */
int psy_lend_libraries(lua_State *L);
/* ';'-separated folders that require searches, in order. */
int psy_set_require_path(lua_State *L, const char *folders);
/* pushes the table of files require has loaded (paths, in order) */
void psy_pushrequired(lua_State *L);
/* print writes to write(ctx, ...) instead of stdout. */
int psy_set_print(lua_State *L, psy_write_fn write, void *ctx);
/* warn (once "@on") hands its warnings to write(ctx, ...); without it they are dropped. */
int psy_set_warn(lua_State *L, psy_warn_fn write, void *ctx);

/* The Lua code at the given stack level: 1 and `out` filled, or 0 (line 0) for none. */
int psy_site_at(lua_State *L, int level, psy_site *out);
/* The nearest Lua code at levels from ... from+7 (through C functions such as pcall): 1,
   or 0 (line 0) for none. Reads the call stack only, never raises. */
int psy_nearest_site(lua_State *L, int from, psy_site *out);

/* ---- what the binary was built from (build_info.c) ---------------------- */

/* The commit the binary was built from, as scripts/build-info wrote it into
   .build/build-info.h before `swift build`; "unknown" when no script wrote it (a
   tarball without .git, a plain `swift build`). */
const char *psy_build_commit(void);
/* The linked Lua library's identification string, lua_ident
   ("$LuaVersion: Lua 5.4.4  Copyright ... $"). */
const char *psy_lua_ident(void);

#endif
