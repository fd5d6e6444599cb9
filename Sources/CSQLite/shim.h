#ifndef HARK_CSQLITE_SHIM_H
#define HARK_CSQLITE_SHIM_H
#include <sqlite3.h>

/// SQLITE_TRANSIENT is a macro casting -1 to a function pointer; Swift cannot import it.
static inline sqlite3_destructor_type hark_sqlite_transient(void) { return SQLITE_TRANSIENT; }

/// sqlite3_config is variadic, which Swift cannot call. Turns off SQLite's process-wide memory
/// statistics: keeping them takes one global mutex on every allocation of every connection, so
/// connections on different threads queue for it. Call before the first connection opens.
static inline int hark_sqlite_disable_memory_statistics(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
#endif
