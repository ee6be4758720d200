// sqlite3_config and sqlite3_db_config are variadic, which Swift cannot
// call: one fixed-argument wrapper per setting Facet makes (GRDB's own shim
// does the same for its settings). See Persistence's SQLiteProcessSettings
// and FacetDatabase for why.
#ifndef FACET_CSQLITECONFIG_SHIM_H
#define FACET_CSQLITECONFIG_SHIM_H

#include <sqlite3.h>

static inline int facet_sqlite3_config_memstatus(int enabled) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, enabled);
}

// SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE on: closing the last connection to the
// file leaves the WAL as it is instead of checkpointing and removing it.
static inline int facet_sqlite3_no_checkpoint_on_close(sqlite3 *db) {
    return sqlite3_db_config(db, SQLITE_DBCONFIG_NO_CKPT_ON_CLOSE, 1, (int *)0);
}

#endif
