import Foundation
import GRDB
import GRDBSQLite

extension FacetDatabase {
    /// Milliseconds the checkpoint after a secret write waits for other processes.
    static let secretCheckpointWait: Int32 = 2000

    /// A write that sets, changes or clears a secret (the GitHub token),
    /// after which no old copy of it is left in the database's files.
    ///
    /// SQLite keeps deleted bytes where they were: the old row in the page's
    /// free space, and every earlier version of the page in the WAL until a
    /// checkpoint. So the write runs with `secure_delete` (freed space is
    /// zeroed), then the WAL is checkpointed and truncated to nothing. Only
    /// these writes pay for that; bulk deletes elsewhere stay as fast as
    /// they were. When another process holds an old snapshot the truncation
    /// cannot happen now; the next checkpoint does it.
    public func writeSecret<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        let result = try await write { db in
            // Put back what the connection had: some SQLite builds default to on.
            let before = try Int.fetchOne(db, sql: "PRAGMA secure_delete") ?? 0
            try db.execute(sql: "PRAGMA secure_delete = ON")
            defer { try? db.execute(sql: "PRAGMA secure_delete = \(before)") }
            return try body(db)
        }
        let restore: Int32
        if case .timeout(let seconds) = writer.configuration.busyMode { restore = Int32(seconds * 1000) } else { restore = 0 }
        do {
            try await writer.writeWithoutTransaction { db in
                // The value is saved: wait only briefly for another process's
                // readers or writer, and leave the rest to a later checkpoint.
                sqlite3_busy_timeout(db.sqliteConnection, Self.secretCheckpointWait)
                defer { sqlite3_busy_timeout(db.sqliteConnection, restore) }
                try db.checkpoint(.truncate)
            }
        } catch {
            // Busy: the old copies go at the next checkpoint.
        }
        return result
    }
}
