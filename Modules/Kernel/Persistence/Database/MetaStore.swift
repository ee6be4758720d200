import GRDB
import KernelDomain

/// Small installation-wide facts (`sample_seeded`), kept in the `meta` table.
public struct MetaStore: Sendable {
    let database: FacetDatabase

    public init(database: FacetDatabase) { self.database = database }

    public func value(_ key: String) async throws -> String? {
        try await database.read { db in try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = ?", arguments: [key]) }
    }

    /// Sets `key` only if it is not set yet; returns whether this call set it.
    /// Lets exactly one of several racing processes do a one-time job.
    public func claim(_ key: String, value: String) async throws -> Bool {
        try await database.write { db in
            try db.execute(sql: "INSERT OR IGNORE INTO meta (key, value) VALUES (?, ?)", arguments: [key, value])
            return db.changesCount == 1
        }
    }
}
