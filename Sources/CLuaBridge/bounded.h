/* Internal to CLuaBridge: the pattern matcher's entry (bounded_string.c: string.find,
   match, gmatch, gsub and rep, looking at the clock as they run). */
#ifndef PSY_BOUNDED_H
#define PSY_BOUNDED_H

#include "deadline.h"

/* Replaces fields of the string library table on top of the stack. */
void psy_open_bounded_string(lua_State *L);

#endif
