/* Internal to CLuaBridge: the watchdog's side of a state (watchdog.c). */
#ifndef PSY_WATCHDOG_H
#define PSY_WATCHDOG_H

#include "psy_limits.h"

/* Forgets a state that is about to be closed. */
void psy_watchdog_forget(psy_limits *lim);

/* co is about to run (resumed from L): 1 ok, 0 entered but time is up,
   -1 not entered (nested too deeply). */
int psy_enter_thread(lua_State *L, lua_State *co);
void psy_leave_thread(lua_State *L);

#endif
