/* The one place a time-limit error is made (see deadline.h). */
#include "deadline.h"

int psy_raise_time_limit(lua_State *L, int level) {
  luaL_where(L, level);
  lua_pushstring(L, psy_limits_of(L)->exceeded);
  lua_concat(L, 2);
  return lua_error(L);
}
