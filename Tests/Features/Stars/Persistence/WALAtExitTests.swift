import Foundation
import KernelDomain
@testable import KernelPersistence
import StarsDomain
import StarsPersistence
import TestSupport
import Testing

/// What a process leaves for the next one: a large WAL folded into the
/// database and started over (the next open would re-read all of it), a
/// small one kept (an empty one makes GRDB write on every open), the data
/// intact either way.
@Suite struct WALAtExitTests {
    let folder = TemporaryDirectory("facet-wal-exit")
    var path: String { folder.path + "/facet.sqlite" }

    @Test func aLargeWALIsFoldedInAndTheDataSurvives() async throws {
        let database = try FacetDatabase(path: path, migrations: Migrations.core + Migrations.stars)
        let store = SQLiteStarStore(database: database)
        try await store.replaceAll(sampleStars(3000), user: "octo")
        #expect(database.walBacklog() > FacetDatabase.walKeptAtExit)
        let size = FacetDatabase.walSize(path)
        database.foldWALBeforeExit()
        // One frame left to re-read (see `foldWAL`); the file keeps its
        // blocks for the next writer.
        #expect(try header(database) == WALIndexHeader(frames: 1, pageSize: FacetDatabase.pageSize))
        #expect(FacetDatabase.walSize(path) == size)
        let reopened = try FacetDatabase(path: path, migrations: Migrations.core + Migrations.stars)
        #expect(try await SQLiteStarStore(database: reopened).page(user: "octo", StarQuery(limit: 1)).total == 3000)
    }

    /// A later process that wrote nothing finds one frame to re-read, not
    /// the file's size, and leaves the WAL as it is (no checkpoint, no sync).
    @Test func aFoldedWALIsNotFoldedAgain() async throws {
        let database = try FacetDatabase(path: path, migrations: Migrations.core + Migrations.stars)
        try await SQLiteStarStore(database: database).replaceAll(sampleStars(3000), user: "octo")
        database.foldWALBeforeExit()
        let header = try walFileHeader()
        #expect(FacetDatabase.walSize(path) > FacetDatabase.walKeptAtExit)
        let later = try FacetDatabase(path: path, migrations: Migrations.core + Migrations.stars)
        later.foldWALBeforeExit()
        // A new checkpoint would have started the WAL over with new salts.
        #expect(try walFileHeader() == header)
        #expect(later.walBacklog() == FacetDatabase.pageSize + 24)
    }

    /// The WAL file's 32-byte header: its checkpoint sequence and salts
    /// change each time the WAL starts over.
    func walFileHeader() throws -> [UInt8] {
        Array(try Data(contentsOf: URL(fileURLWithPath: path + "-wal")).prefix(32))
    }

    /// The wal-index header read as SQLite documents it: a WAL of a few
    /// frames; foreign bytes, and two copies that differ (a header being
    /// written), read as nothing.
    @Test func theWALIndexHeaderSaysHowManyFramesAreLive() async throws {
        let database = try FacetDatabase(path: path, migrations: Migrations.core + Migrations.stars)
        try await SQLiteStarStore(database: database).replaceAll(sampleStars(2), user: "octo")
        let live = try #require(try header(database))
        #expect(live.pageSize == FacetDatabase.pageSize)
        #expect(live.frames > 0 && live.frames * (FacetDatabase.pageSize + 24) + 32 <= FacetDatabase.walSize(path))
        #expect(WALIndexHeader(header: [UInt8](repeating: 7, count: 48)) == nil)
        // Written by hand, not read from the `-shm` file: closing a
        // descriptor of it would drop this process's locks on it.
        var copy = [UInt8](repeating: 0, count: WALIndexHeader.copySize)
        withUnsafeBytes(of: WALIndexHeader.version) { copy.replaceSubrange(0..<4, with: $0) }
        copy[12] = 1
        withUnsafeBytes(of: UInt16(8192)) { copy.replaceSubrange(14..<16, with: $0) }
        withUnsafeBytes(of: UInt32(5)) { copy.replaceSubrange(16..<20, with: $0) }
        var copies = copy + copy
        #expect(copies.withUnsafeBytes { WALIndexHeader($0.baseAddress!) } == WALIndexHeader(frames: 5, pageSize: 8192))
        copies[WALIndexHeader.copySize + 16] += 1
        #expect(copies.withUnsafeBytes { WALIndexHeader($0.baseAddress!) } == nil)
    }

    /// The wal-index header as the database's writer connection sees it.
    func header(_ database: FacetDatabase) throws -> WALIndexHeader? {
        try database.writer.writeWithoutTransaction { db in WALIndexHeader(db) }
    }

    @Test func aSmallWALIsKept() async throws {
        let database = try FacetDatabase(path: path, migrations: Migrations.core + Migrations.stars)
        // Creating the schema writes a WAL of its own (~300 KiB): folded.
        database.foldWALBeforeExit()
        #expect(database.walBacklog() == FacetDatabase.pageSize + 24)
        try await SQLiteStarStore(database: database).replaceAll(sampleStars(2), user: "octo")
        let before = database.walBacklog()
        let header = try walFileHeader()
        #expect(before > FacetDatabase.pageSize + 24 && before <= FacetDatabase.walKeptAtExit)
        database.foldWALBeforeExit()
        #expect(database.walBacklog() == before)
        #expect(try walFileHeader() == header)
    }

    @Test func anotherProcesssReadDoesNotMakeExitWait() async throws {
        let database = try FacetDatabase(path: path, migrations: Migrations.core + Migrations.stars)
        try await SQLiteStarStore(database: database).replaceAll(sampleStars(3000), user: "octo")
        // A reader holding a snapshot (as another process's long read would)
        // keeps the truncating checkpoint from finishing; exit must not wait
        // the 15 s busy timeout for it.
        let other = try FacetDatabase(path: path, migrations: Migrations.core + Migrations.stars)
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
        database.foldWALBeforeExit()
        #expect(ContinuousClock.now - start < .seconds(2))
        release.continuation.yield()
        try await reader.value
        #expect(try await SQLiteStarStore(database: database).page(user: "octo", StarQuery(limit: 1)).total == 3000)
    }
}
