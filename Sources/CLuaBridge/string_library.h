/* Internal to CLuaBridge: the sandbox's string functions (string_library.c: find, match,
   gmatch and gsub on the pattern engine, pattern_*.c, and rep, string_rep.c), which look
   at the clock as they run. */
#ifndef PSY_STRING_LIBRARY_H
#define PSY_STRING_LIBRARY_H

#include "deadline.h"

/* Replaces fields of the string library table on top of the stack. */
void psy_open_bounded_string(lua_State *L);

#endif
