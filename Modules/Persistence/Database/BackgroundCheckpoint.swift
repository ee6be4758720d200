import Dispatch
import GRDBSQLite

/// A checkpoint started right after a large write in a one-shot process,
/// on a connection of its own and another thread: copying the new pages
/// into the database and syncing both files overlaps what the process
/// still does (reading the page it shows, rendering it), and the fold at
/// exit (`FacetDatabase.foldWALBeforeExit`) is left only to start the WAL
/// over. Best effort: whatever it could not do, the exit fold does.
final class BackgroundCheckpoint: Sendable {
    private let group = DispatchGroup()
    private let path: String

    init(path: String) { self.path = path }

    func start() {
        group.enter()
        DispatchQueue.global(qos: .userInitiated).async { [path, group] in
            defer { group.leave() }
            Self.checkpoint(path)
        }
    }

    /// Returns once every started checkpoint has ended.
    func wait() { group.wait() }

    /// A passive checkpoint: it copies what no reader still needs and waits
    /// for nobody (the process's own connection reads on meanwhile).
    private static func checkpoint(_ path: String) {
        var connection: OpaquePointer?
        defer { sqlite3_close(connection) }
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
              let connection
        else { return }
        // A connection takes the WAL up with its first read; until then its
        // checkpoint does nothing (and says it succeeded). This read needs
        // no schema (a query of a table would parse all of it first).
        var statement: OpaquePointer?
        if sqlite3_prepare_v2(connection, "PRAGMA user_version", -1, &statement, nil) == SQLITE_OK {
            _ = sqlite3_step(statement)
        }
        sqlite3_finalize(statement)
        _ = sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil)
    }
}
