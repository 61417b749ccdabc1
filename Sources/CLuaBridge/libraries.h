/* Internal to CLuaBridge: the parts of the sandbox's library, one file each, that
   sandbox.c puts together. Each opener works on the library table on top of the stack. */
#ifndef PSY_LIBRARIES_H
#define PSY_LIBRARIES_H

#include <lua5.4/lauxlib.h>

/* load (text only), setmetatable (no __gc) and xpcall (no handler after the deadline)
   in the base library (base_guards.c). */
void psy_open_base_guards(lua_State *L);
/* require, on the host's folders (require.c); psy_require_start makes its list of files,
   for every state, sandboxed or not. */
void psy_open_require(lua_State *L);
void psy_require_start(lua_State *L);
/* coroutine.resume, wrap and close, keeping the time limit on the running thread
   (coroutines.c). */
void psy_open_coroutines(lua_State *L);

#endif
