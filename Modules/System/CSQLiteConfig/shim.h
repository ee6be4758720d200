// sqlite3_config is variadic, which Swift cannot call: one fixed-argument
// wrapper per setting Facet makes (GRDB's own shim does the same for its
// settings). See Persistence's SQLiteProcessSettings for why.
#ifndef FACET_CSQLITECONFIG_SHIM_H
#define FACET_CSQLITECONFIG_SHIM_H

#include <sqlite3.h>

static inline int facet_sqlite3_config_memstatus(int enabled) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, enabled);
}

#endif
