import CSQLiteConfig

/// What SQLite is told once per process, before its first connection
/// (afterwards `sqlite3_config` refuses with SQLITE_MISUSE, changing nothing).
enum SQLiteProcessSettings {
    /// Memory statistics off. With them on (the default), every allocation
    /// and free SQLite makes takes and releases a process-wide mutex to keep
    /// counts that only `sqlite3_status`, `sqlite3_memory_used` and the
    /// soft heap limit read, none of which Facet uses: the lock pairs were
    /// 8% of rewriting 5,000 photos.
    static let applied: Bool = facet_sqlite3_config_memstatus(0) == 0

    /// Applies the settings if no connection has been opened yet.
    static func apply() { _ = applied }
}
