import Foundation
import GRDB
import GRDBSQLite
import KernelDomain
@testable import KernelPersistence
import StarsDomain
import StarsPersistence
import TestSupport
import Testing

/// What a process leaves for the next one: a big write folded into the
/// database at once (the next open would re-read all of it), a small WAL
/// kept whole when the database closes (an empty one makes GRDB write when
/// the next pool opens), the data intact either way.
@Suite struct WALAtExitTests {
    let folder = TemporaryDirectory("facet-wal-exit")
    var path: String { folder.path + "/facet.sqlite" }

    func open(busyTimeout: TimeInterval = FacetDatabase.busyTimeout) throws -> FacetDatabase {
        try FacetDatabase(path: path, busyTimeout: busyTimeout, migrations: Migrations.core + Migrations.stars)
    }

    @Test func aBigWriteIsFoldedInAtOnceAndTheDataSurvives() async throws {
        let database = try open()
        let pages = try await database.read { db in try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0 }
        try await SQLiteStarStore(database: database).replaceAll(sampleStars(10_000), user: "octo")
        let grown = try await database.read { db in try Int.fetchOne(db, sql: "PRAGMA page_count") ?? 0 }
        // The write was bigger than the limit, and nothing of it is left in the WAL.
        #expect((grown - pages) * FacetDatabase.pageSize > FacetDatabase.walLimit)
        #expect(FacetDatabase.walSize(path) == 0)
        database.close()
        let reopened = try open()
        #expect(try await SQLiteStarStore(database: reopened).page(user: "octo", StarQuery(limit: 1)).total == 10_000)
    }

    /// Closing neither checkpoints nor removes the WAL: a later pool opens
    /// without writing, so it opens while another connection holds the
    /// write lock, and reads what was written.
    @Test func closingKeepsTheWALSoALaterPoolOpensWhileAnotherWrites() async throws {
        let database = try open()
        try await SQLiteStarStore(database: database).replaceAll(sampleStars(5), user: "octo")
        let wal = try walFile()
        #expect(!wal.isEmpty)
        database.close()
        #expect(try walFile() == wal)

        // Another connection holds the write lock (GRDB refuses to leave a
        // transaction open, so plain SQLite).
        var holder: OpaquePointer?
        #expect(sqlite3_open(path, &holder) == SQLITE_OK)
        defer { sqlite3_close(holder) }
        #expect(sqlite3_exec(holder, "BEGIN IMMEDIATE; INSERT INTO meta (key, value) VALUES ('lock', 'held')", nil, nil, nil) == SQLITE_OK)
        defer { sqlite3_exec(holder, "ROLLBACK", nil, nil, nil) }
        let later = try open(busyTimeout: 0.3)
        #expect(try await SQLiteStarStore(database: later).page(user: "octo", StarQuery(limit: 10)).total == 5)
        await #expect(throws: StorageError.self) {
            try await later.write { db in try db.execute(sql: "INSERT INTO meta (key, value) VALUES ('x', 'y')") }
        }
    }

    /// A process that only reads leaves the WAL file as it found it.
    @Test func aReadOnlyProcessLeavesTheWALAsItWas() async throws {
        let database = try open()
        try await SQLiteStarStore(database: database).replaceAll(sampleStars(5), user: "octo")
        database.close()
        let wal = try walFile()
        let reader = try FacetDatabase(
            path: path, migrations: Migrations.core + Migrations.stars, connections: .single)
        #expect(try await SQLiteStarStore(database: reader).page(user: "octo", StarQuery(limit: 10)).total == 5)
        reader.close()
        #expect(try walFile() == wal)
    }

    /// Another process's reader holding a snapshot keeps a truncating
    /// checkpoint from finishing: neither the big write nor the close may
    /// wait the busy timeout for it. A later write folds the WAL in.
    @Test func anotherProcesssReadDoesNotMakeWriteOrExitWait() async throws {
        // A busy timeout far longer than the write itself takes on a loaded
        // machine (where this task may also wait a minute for a thread of
        // the test pool): a fold or close that waited for the reader would show.
        let patience: TimeInterval = 600
        let database = try open(busyTimeout: patience)
        try await SQLiteStarStore(database: database).replaceAll(sampleStars(5), user: "octo")
        let other = try open()
        let reading = AsyncStream<Void>.makeStream()
        let release = AsyncStream<Void>.makeStream()
        let reader = Task {
            try await other.read { db in
                _ = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM star")
                reading.continuation.yield()
                // Hold the read transaction until told to finish.
                let semaphore = DispatchSemaphore(value: 0)
                Task { for await _ in release.stream { break }; semaphore.signal() }
                semaphore.wait()
            }
        }
        for await _ in reading.stream { break }
        let start = ContinuousClock.now
        try await SQLiteStarStore(database: database).replaceAll(sampleStars(10_000), user: "octo")
        #expect(FacetDatabase.walSize(path) > FacetDatabase.walLimit)
        database.close()
        #expect(ContinuousClock.now - start < .seconds(patience / 2))
        release.continuation.yield()
        try await reader.value
        let later = try open()
        try await later.write { db in try db.execute(sql: "INSERT INTO meta (key, value) VALUES ('x', 'y')") }
        #expect(FacetDatabase.walSize(path) == 0)
        #expect(try await SQLiteStarStore(database: later).page(user: "octo", StarQuery(limit: 1)).total == 10_000)
    }

    func walFile() throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: path + "-wal"))
    }
}
