/* The sandbox's string functions whose work a script controls: the pattern engine's four
   and string.rep, each bounded by the call's deadline. */
#include "pattern.h"

void psy_open_bounded_string(lua_State *L) {
  static const luaL_Reg matching[] = {
      {"find", pm_find}, {"match", pm_match}, {"gmatch", pm_gmatch}, {"gsub", pm_gsub}, {NULL, NULL}};
  pm_push_engine(L); /* the upvalue each of them reaches the engine by */
  luaL_setfuncs(L, matching, 1);
  lua_pushcfunction(L, pm_rep);
  lua_setfield(L, -2, "rep");
}
