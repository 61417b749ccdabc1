/* Internal to CLuaBridge: which standard library a "(field 'name')" error was about
   (library_field.c), for the host's "did you mean". */
#ifndef PSY_LIBRARY_FIELD_H
#define PSY_LIBRARY_FIELD_H

#include "CLuaBridge.h"

/* Writes into `library` (PSY_LIBRARY_NAME_SIZE bytes) the standard library ("math",
   "string", ...) whose field the error `message` names, when the line of `ar` (read with
   "Sl") reads that field as `library.name` or `library:name`; else "". */
void psy_library_of_field(const lua_Debug *ar, const char *message, size_t length,
                          char *library);

#endif
