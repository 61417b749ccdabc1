/* Internal to CLuaBridge: ending a call whose time is up, from C. A hook never fires
   inside a C function, so the library functions whose work a script controls look at the
   clock themselves (the table functions, the pattern matcher, string.rep), and so does
   code that must not run script code after the deadline. */
#ifndef PSY_DEADLINE_H
#define PSY_DEADLINE_H

#include "psy_limits.h"

/* Raises "file:line: " and the host's words for an expired call, file:line being the
   place of the function `level` up the stack (0: the running one, as in a hook; 1: the
   Lua code that called the running C function). Every time-limit error is raised here.
   The first raise of a call fixes the place: a pcall that catches it returns into code
   where the hook raises again, and the error that ends the call must still name the line
   that was running when the time ran out, not the pcall's. */
int psy_raise_time_limit(lua_State *L, int level);

/* Raises the time limit at the calling Lua function's place (level 1) once the running
   call's time is up; returns otherwise. Inline: a check per comparison of a sort must
   cost next to nothing. */
static inline void psy_check_deadline(lua_State *L) {
  if (psy_limits_expired(psy_limits_of(L))) psy_raise_time_limit(L, 1);
}

#endif
