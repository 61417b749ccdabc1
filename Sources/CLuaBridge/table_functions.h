/* Internal to CLuaBridge: the sandbox's table library (table_functions.c, table_sort.c). */
#ifndef PSY_TABLE_FUNCTIONS_H
#define PSY_TABLE_FUNCTIONS_H

#include <lua5.4/lauxlib.h>

/* What a table function does with its list argument. */
#define PSY_TABLE_READ 1u
#define PSY_TABLE_WRITE 2u
#define PSY_TABLE_LENGTH 4u

/* Accepts a table, or a value whose metatable has a metamethod for each operation in
   `need`; raises lua5.4's "table expected" argument error otherwise. */
void psy_table_argument(lua_State *L, int arg, unsigned need);
/* The argument's length (#, through __len), after psy_table_argument. */
lua_Integer psy_table_length(lua_State *L, int arg, unsigned need);

/* table.sort (table_sort.c). */
int psy_table_sort(lua_State *L);

/* Sets insert, remove, move, concat, unpack and sort in the table on top of the stack. */
void psy_open_table_functions(lua_State *L);

#endif
