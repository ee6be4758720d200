import Dispatch
import Foundation
import GRDBSQLite
import Synchronization

/// Checkpoints run right after a large write in a one-shot process, on a
/// connection of its own and a thread of its own: copying the new pages
/// into the database and syncing both files overlaps what the process
/// still does (reading the page it shows, rendering it), and the fold at
/// exit (`FacetDatabase.foldWALBeforeExit`) is left only to start the WAL
/// over. Best effort: whatever it could not do, the exit fold does.
///
/// The thread and its connection are set up when a write begins
/// (`standBy`), while the write runs: started only once the write had
/// committed, waking a thread and opening a connection came first, and
/// the process then waited for the copy's sync at exit.
final class BackgroundCheckpoint: Sendable {
    private enum Order { case checkpoint, close }

    private struct State {
        var orders: [Order] = []
        var standing = false
        /// A checkpoint was ordered: `finish` waits for it.
        var ordered = false
    }

    private let path: String
    private let state = Mutex(State())
    private let ordered = DispatchSemaphore(value: 0)
    private let done = DispatchGroup()

    init(path: String) { self.path = path }

    /// Opens the connection on its thread, unless that is done already.
    func standBy() {
        let start = state.withLock { state in
            defer { state.standing = true }
            return !state.standing
        }
        guard start else { return }
        done.enter()
        let thread = Thread { [self] in
            defer { done.leave() }
            serve()
        }
        thread.name = "facet-checkpoint"
        thread.start()
    }

    /// Checkpoints now, on the standing connection.
    func start() {
        standBy()
        state.withLock { $0.ordered = true }
        order(.checkpoint)
    }

    /// Returns once every checkpoint ordered has ended, closing the
    /// connection. Without one, it does not wait for the connection (a
    /// small write's process need not wait for its opening to exit).
    func finish() {
        let (standing, ordered) = state.withLock { ($0.standing, $0.ordered) }
        if standing { order(.close) }
        if ordered { done.wait() }
    }

    private func order(_ order: Order) {
        state.withLock { $0.orders.append(order) }
        ordered.signal()
    }

    private func serve() {
        let connection = Self.open(path)
        defer {
            sqlite3_close(connection)
            state.withLock { $0.standing = false }
        }
        while true {
            ordered.wait()
            let next = state.withLock { $0.orders.isEmpty ? Order.close : $0.orders.removeFirst() }
            switch next {
            case .checkpoint:
                // A passive checkpoint copies what no reader still needs and
                // waits for nobody: the process's own connection reads on.
                if let connection { _ = sqlite3_wal_checkpoint_v2(connection, nil, SQLITE_CHECKPOINT_PASSIVE, nil, nil) }
            case .close:
                return
            }
        }
    }

    /// A connection that has taken the WAL up: until its first read, a
    /// connection's checkpoint does nothing (and says it succeeded). The
    /// read needs no schema (a query of a table would parse all of it).
    private static func open(_ path: String) -> OpaquePointer? {
        var connection: OpaquePointer?
        guard sqlite3_open_v2(path, &connection, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK else {
            sqlite3_close(connection)
            return nil
        }
        var statement: OpaquePointer?
        if sqlite3_prepare_v2(connection, "PRAGMA user_version", -1, &statement, nil) == SQLITE_OK {
            _ = sqlite3_step(statement)
        }
        sqlite3_finalize(statement)
        return connection
    }
}
