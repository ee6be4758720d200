import CSQLiteConfig
import Foundation
import GRDB
import GRDBSQLite
import Glibc
import KernelDomain

/// The one SQLite database of a Facet installation.
///
/// A WAL-mode database so several Facet processes (a TUI and a JSON-lines
/// session, say) share the file: readers never block, a writer waits up to
/// `busyTimeout` for another process's write to finish. The file is created
/// with mode 0600 because it holds tokens and settings.
public final class FacetDatabase: Sendable {
    /// How many connections this process keeps to the file.
    public enum Connections: Sendable {
        /// A pool: a writer and concurrent readers, so a long write (an
        /// import) never stalls a screen of a long-running front end.
        case pool
        /// One connection for reads and writes, for a process that runs one
        /// command and exits: each connection opened costs a schema parse
        /// and GRDB's set-up, a visible part of a short command. Used only
        /// on a database that is already migrated and in WAL mode, so other
        /// processes' readers are not blocked by its writes.
        case single
    }

    public let writer: any DatabaseWriter
    /// The same connection as `writer` when it is a single one, decided at
    /// init: reads and writes then run on the calling thread (see `read`).
    private let single: DatabaseQueue?
    public let path: String
    /// The file opened; reads and writes are refused once the path names
    /// another (see `DatabaseFileIdentity`).
    private let identity: DatabaseFileIdentity?
    public static let busyTimeout: TimeInterval = 15

    /// - Parameter readOnly: opens an existing, migrated database without
    ///   write access (every write then fails with `StorageError.readOnly`).
    /// - Parameter busyTimeout: how long a write waits for another process's
    ///   write to finish before failing with `StorageError.locked`.
    /// - Parameter migrations: the schema, in order (the app passes the core
    ///   migrations and every feature's); those not yet applied are run.
    /// - Parameter connections: `.single` for a one-shot process (see
    ///   `Connections`); creating or migrating always goes through a pool.
    public init(
        path: String, readOnly: Bool = false, busyTimeout: TimeInterval = FacetDatabase.busyTimeout,
        migrations: [Migration] = Migrations.core, connections: Connections = .pool
    ) throws(StorageError) {
        self.path = path
        var single: DatabaseQueue?
        if let duplicate = Migrations.duplicate(in: migrations) {
            throw StorageError(.other, "the migration '\(duplicate)' is listed twice")
        }
        SQLiteProcessSettings.apply()
        do {
            // Before anything opens the file: opening a pool alone would
            // switch another program's database to WAL.
            let ownership = try DatabaseOwnership.check(path)
            if !readOnly { try Self.prepareFile(at: path) }
            var configuration = Configuration()
            configuration.busyMode = .timeout(busyTimeout)
            configuration.foreignKeysEnabled = true
            configuration.readonly = readOnly
            configuration.label = "facet"
            configuration.prepareDatabase { db in
                try CaseFoldingFunctions.register(on: db)
                try Self.keepWALAtClose(db)
            }
            if readOnly {
                writer = try DatabasePool(path: path, configuration: configuration)
            } else if ownership == .facet,
                let migrated = Self.openMigrated(path, configuration, migrations, connections: connections)
            {
                writer = migrated.writer
                single = migrated.queue
            } else {
                do {
                    writer = try SetupLock.around(path) {
                        var creating = configuration
                        // Only a new, empty file takes it (a page size is fixed once written).
                        creating.prepareDatabase { db in try db.execute(sql: "PRAGMA page_size = \(Self.pageSize)") }
                        let pool = try DatabasePool(path: path, configuration: creating)
                        try Migrations.migrator(migrations).migrate(pool)
                        if ownership != .facet { try Self.markAsFacets(pool) }
                        return pool
                    }
                } catch let error as StorageError where error.reason == .readOnly && Self.isReadOnlyDirectory(of: path) {
                    // A read-only data directory (a read-only mount, another
                    // user's folder): reading screens still work; every write
                    // fails with `StorageError.readOnly`, which says why.
                    configuration.readonly = true
                    do {
                        writer = try DatabasePool(path: path, configuration: configuration)
                    } catch {
                        // Without its `-shm` file SQLite cannot open a WAL
                        // database read-only unless told nobody will change it.
                        writer = try DatabasePool(path: Self.immutableURI(path), configuration: configuration)
                    }
                }
            }
        } catch {
            throw Self.storageError(error)
        }
        self.single = single
        identity = DatabaseFileIdentity.current(path)
    }

    /// Throws `StorageError.replaced` once the path names another file than
    /// the one opened (or none).
    public func checkStillAtPath() throws(StorageError) {
        try identity?.check(path)
    }

    /// Writes Facet's application id into a new database's header, or an
    /// older one's, then checkpoints so that the header in the file itself
    /// (which the next start reads without SQLite) carries it. A busy
    /// checkpoint leaves it to a later start, which finds the tables.
    static func markAsFacets(_ pool: DatabasePool) throws {
        try pool.write { db in
            if try Int32.fetchOne(db, sql: "PRAGMA application_id") != DatabaseOwnership.applicationID {
                try db.execute(sql: "PRAGMA application_id = \(DatabaseOwnership.applicationID)")
            }
        }
        _ = try? pool.writeWithoutTransaction { db in try db.checkpoint(.passive) }
    }

    /// `file:` URI opening `path` as immutable (no locks, no `-shm`).
    static func immutableURI(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#%")
        return "file:" + (path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path) + "?immutable=1"
    }

    /// True when the database exists but its folder cannot be written.
    static func isReadOnlyDirectory(of path: String) -> Bool {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        return access(path, R_OK) == 0 && access(folder, W_OK) != 0
    }

    /// The fast path of every start-up after the first: an existing database
    /// that already has every migration, found with one read of the
    /// migrations table and without the set-up lock or the migrator (which
    /// waits for the writer). Nil whenever anything is missing or fails; the
    /// caller then takes the locked path, which creates and migrates.
    static func openMigrated(
        _ path: String, _ configuration: Configuration, _ migrations: [Migration], connections: Connections = .pool
    ) -> (writer: any DatabaseWriter, queue: DatabaseQueue?)? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_size > 0 else { return nil }
        let database: any DatabaseWriter
        var queueOnly: DatabaseQueue?
        switch connections {
        case .pool:
            guard let pool = try? DatabasePool(path: path, configuration: configuration) else { return nil }
            database = pool
        case .single:
            // WAL mode is a property of the file (a pool set it when the
            // file was created), so the queue needs no set-up of its own;
            // synchronous = NORMAL is what a pool uses in WAL mode.
            var single = configuration
            single.prepareDatabase { db in try db.execute(sql: "PRAGMA synchronous = NORMAL") }
            guard let queue = try? DatabaseQueue(path: path, configuration: single) else { return nil }
            database = queue
            queueOnly = queue
        }
        let wanted = migrations.map(\.id)
        // No migrations table yet throws, which also means "not migrated".
        let current = try? database.read { db in
            let applied = try Set(String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations")).isSuperset(of: wanted)
            // A file switched out of WAL (by another tool) goes through the
            // pool path, which switches it back.
            let mode = connections == .pool ? "wal" : try String.fetchOne(db, sql: "PRAGMA journal_mode")
            let wal = mode == "wal"
            return applied && wal
        }
        return current == true ? (database, queueOnly) : nil
    }

    /// Creates the file (and its folder) with owner-only permissions before
    /// SQLite does, so it is never readable by others even for a moment.
    static func prepareFile(at path: String) throws {
        // Every start after the first finds the file (so its folder) there:
        // one stat, no Foundation URL. FileManager's resource lookups and the
        // generic metadata they instantiate were ~4% of `facet playlists`.
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG { return }
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true,
            attributes: [.posixPermissions: 0o700])
        if !FileManager.default.fileExists(atPath: path) {
            // Created here, never through a link; another process may win the race.
            let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
            if fd < 0, errno != EEXIST { throw StorageError(.cannotOpen, "\(path): \(String(cString: strerror(errno)))") }
            if fd >= 0 { Glibc.close(fd) }
        }
    }

    /// On a single connection (a one-shot command) reads and writes run on
    /// the calling thread: the async forms hop to a dispatch thread and
    /// back for each, and start those threads, for a process that has
    /// nothing else to do meanwhile.
    public func read<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        do {
            try checkStillAtPath()
            if let single { return try Self.readNow(single, body) }
            return try await writer.read(body)
        } catch { throw Self.domainError(error) }
    }

    public func write<T: Sendable>(_ body: @Sendable @escaping (Database) throws -> T) async throws -> T {
        do {
            try checkStillAtPath()
            if let single { return try Self.writeNow(single, path, body) }
            return try await writer.writeWithoutTransaction { [path] db in try Self.commit(db, path, body) }
        } catch { throw Self.domainError(error) }
    }

    /// Synchronous on purpose (see `read`): outside an async context the
    /// blocking overloads are the ones chosen.
    private static func readNow<T>(_ queue: DatabaseQueue, _ body: (Database) throws -> T) throws -> T {
        try queue.read(body)
    }

    private static func writeNow<T>(_ queue: DatabaseQueue, _ path: String, _ body: (Database) throws -> T) throws -> T {
        try queue.writeWithoutTransaction { db in try commit(db, path, body) }
    }

    /// `body` in a transaction, then the WAL tended on the same connection.
    /// The transaction is IMMEDIATE: it takes the write lock (waiting for
    /// another process's writer) before `body` reads anything, so what it
    /// reads cannot be changed by another process before it writes. A
    /// deferred one would read a snapshot, then fail at its first write
    /// when another process committed meanwhile (`SQLITE_BUSY_SNAPSHOT`,
    /// which no busy timeout waits out).
    private static func commit<T>(_ db: Database, _ path: String, _ body: (Database) throws -> T) throws -> T {
        var result: T?
        try db.inTransaction(.immediate) {
            result = try body(db)
            return .commit
        }
        tendWAL(db, path)
        return result!
    }

    /// Closes every connection before the process exits (see
    /// `FacetApp.finish`). A fold that another process's reader postponed
    /// is tried once more, without waiting. Nothing is read or written
    /// through this database afterwards.
    public func close() {
        if !writer.configuration.readonly {
            writer.writeWithoutTransaction { [path] db in Self.tendWAL(db, path) }
        }
        try? writer.close()
    }

    /// How every connection leaves the WAL when it closes: as it is.
    ///
    /// By default the last connection to close checkpoints the WAL and
    /// deletes it (or, with `SQLITE_FCNTL_PERSIST_WAL`, empties it). GRDB
    /// makes a missing or empty WAL non-empty with a schema write when the
    /// next pool opens, and a write needs the lock: a JSON-lines session
    /// would then fail to start while another process writes. A WAL kept
    /// whole avoids that write, and without the checkpoint a process that
    /// only read does not copy the frames it recovered back into the
    /// database (and sync it) on its way out. What the next process
    /// re-reads is bounded by `tendWAL`.
    static func keepWALAtClose(_ db: Database) throws {
        let code = facet_sqlite3_no_checkpoint_on_close(db.sqliteConnection)
        guard code == SQLITE_OK else { throw DatabaseError(resultCode: ResultCode(rawValue: code)) }
        // A WAL started over keeps no more blocks than `walLimit`.
        try db.execute(sql: "PRAGMA journal_size_limit = \(Self.walLimit)")
    }

    /// Pages of a new database. Twice SQLite's default: a bulk write (a
    /// photo refresh that rewrites 5,000 rows) writes half as many WAL
    /// frames, each two system calls, and its B-trees split half as often,
    /// while opening a cached page of a list takes the same time. A database made
    /// before keeps its 4 KiB pages: changing them means a VACUUM outside
    /// WAL mode, with no other process attached.
    static let pageSize = 8192

    static func walSize(_ path: String) -> Int {
        var info = stat()
        return stat(path + "-wal", &info) == 0 ? Int(info.st_size) : 0
    }

    /// WAL size past which a write is followed by a truncating checkpoint.
    ///
    /// Every process that opens the file after the last one closed it
    /// re-reads the WAL's frames to rebuild its index, frames already
    /// copied into the database included (SQLite cannot tell them apart
    /// then). The limit bounds that work. It is above what creating the
    /// database writes, so a first start leaves a WAL that a later pool can
    /// open without writing (see `keepWALAtClose`).
    static let walLimit = 1 << 20

    /// After each write, one look at the WAL file's size decides.
    ///
    /// A big write (a million-song import) leaves a WAL as big as itself,
    /// and every later process would re-read all of it on open: it is
    /// folded in at once, truncating the file. Best effort and without
    /// waiting: another process's reader just postpones it to a later write
    /// (or this process's close). The WAL is then empty until the next
    /// write; a pool opened in between makes GRDB write its own.
    static func tendWAL(_ db: Database, _ path: String) {
        guard walSize(path) > walLimit else { return }
        let restore = busyTimeoutMilliseconds(db)
        sqlite3_busy_timeout(db.sqliteConnection, 0)
        defer { sqlite3_busy_timeout(db.sqliteConnection, restore) }
        _ = try? db.checkpoint(.truncate)
    }

    /// The connection's configured busy timeout, to put back after a
    /// checkpoint that must not wait.
    static func busyTimeoutMilliseconds(_ db: Database) -> Int32 {
        if case .timeout(let seconds) = db.configuration.busyMode { return Int32(seconds * 1000) }
        return 0
    }

    /// Frames in the WAL now, from a passive checkpoint (which also copies
    /// what no reader still needs into the database, as SQLite's own
    /// automatic checkpoint does): SQLite's supported way to ask.
    func walFrames() throws -> (log: Int, checkpointed: Int) {
        let result = try writer.writeWithoutTransaction { db in try db.checkpoint(.passive) }
        return (result.walFrameCount, result.checkpointedFrameCount)
    }

    /// Feature errors thrown inside a transaction pass through; SQLite
    /// errors become a `StorageError` with a reason a person understands.
    static func domainError(_ error: any Error) -> any Error {
        if error is any DomainError { return error }
        return storageError(error)
    }

    static func storageError(_ error: any Error) -> StorageError {
        if let storage = error as? StorageError { return storage }
        guard let db = error as? DatabaseError else { return StorageError(.other, "\(error)") }
        let detail = db.message ?? db.description
        switch db.resultCode {
        case .SQLITE_BUSY, .SQLITE_LOCKED: return StorageError(.locked, detail)
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: return StorageError(.corrupt, detail)
        case .SQLITE_READONLY: return StorageError(.readOnly, detail)
        case .SQLITE_FULL: return StorageError(.full, detail)
        case .SQLITE_CANTOPEN, .SQLITE_PERM, .SQLITE_AUTH: return StorageError(.cannotOpen, detail)
        default: return StorageError(.other, detail)
        }
    }
}
