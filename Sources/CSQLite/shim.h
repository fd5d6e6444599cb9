#ifndef HARK_CSQLITE_SHIM_H
#define HARK_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer; Swift cannot import it.
static inline sqlite3_destructor_type hark_sqlite_transient(void) { return SQLITE_TRANSIENT; }
#endif
