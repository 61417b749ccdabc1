/* Internal to CLuaBridge: the capped allocator (allocator.c). */
#ifndef PSY_ALLOCATOR_H
#define PSY_ALLOCATOR_H

#include "psy_limits.h"

/* Lua's allocator for a state; ud is its psy_limits. Growth past the cap, or of a large
   block after the deadline, is refused (NULL) with the place recorded. */
void *psy_alloc(void *ud, void *ptr, size_t osize, size_t nsize);

#endif
