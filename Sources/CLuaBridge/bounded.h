/* Internal to CLuaBridge: library functions whose work a script controls, rewritten
   to look at the time limit while they run (see bounded_string.c, bounded_table.c). */
#ifndef PSY_BOUNDED_H
#define PSY_BOUNDED_H

#include "psy_limits.h"

/* Raises "file:line: time limit exceeded" (the calling Lua function's place: level 1,
   the Lua code that called the C function now running) once the running call's time is
   up; returns otherwise. Inline: a check per comparison of a sort must cost next to
   nothing. */
static inline void psy_check_deadline(lua_State *L) {
  if (psy_limits_expired(psy_limits_of(L))) psy_raise_time_limit(L, 1);
}

/* Replace fields of the library table on top of the stack. */
void psy_open_bounded_string(lua_State *L);
void psy_open_bounded_table(lua_State *L);

#endif
