/* What --version says besides the version: the commit, which scripts/build-info writes
   into a header outside the sources (nothing tracked changes), and the linked Lua's
   release. Only --version calls these, so no command starts slower. */
#include "CLuaBridge.h"

#if __has_include("../../.build/build-info.h")
#include "../../.build/build-info.h"
#endif
#ifndef PSY_BUILD_COMMIT
#define PSY_BUILD_COMMIT "unknown"
#endif

const char *psy_build_commit(void) { return PSY_BUILD_COMMIT; }

const char *psy_lua_ident(void) { return lua_ident; }
