import Domain
import Foundation
@testable import Persistence
import Testing
import TestSupport

/// What a process leaves for the next one: a large WAL folded into the
/// database (the next open would re-read all of it), a small one kept (an
/// empty one makes GRDB write on every open), the data intact either way.
@Suite struct WALAtExitTests {
    let folder = TemporaryDirectory("facet-wal-exit")
    var path: String { folder.path + "/facet.sqlite" }

    @Test func aLargeWALIsFoldedInAndTheDataSurvives() async throws {
        let database = try FacetDatabase(path: path)
        let store = SQLiteStarStore(database: database)
        try await store.replaceAll(sampleStars(3000), user: "octo")
        #expect(FacetDatabase.walSize(path) > FacetDatabase.walKeptAtExit)
        database.foldWALBeforeExit()
        // One frame kept (header + one 4 KiB page), see `foldWAL`.
        #expect(FacetDatabase.walSize(path) == 32 + 24 + 4096)
        let reopened = try FacetDatabase(path: path)
        #expect(try await SQLiteStarStore(database: reopened).page(user: "octo", StarQuery(limit: 1)).total == 3000)
    }

    @Test func aSmallWALIsKept() async throws {
        let database = try FacetDatabase(path: path)
        // Creating the schema writes a WAL of its own (~300 KiB): folded.
        database.foldWALBeforeExit()
        #expect(FacetDatabase.walSize(path) < 8192)
        try await SQLiteStarStore(database: database).replaceAll(sampleStars(2), user: "octo")
        let before = FacetDatabase.walSize(path)
        #expect(before > 0 && before <= FacetDatabase.walKeptAtExit)
        database.foldWALBeforeExit()
        #expect(FacetDatabase.walSize(path) == before)
    }

    @Test func anotherProcesssReadDoesNotMakeExitWait() async throws {
        let database = try FacetDatabase(path: path)
        try await SQLiteStarStore(database: database).replaceAll(sampleStars(3000), user: "octo")
        // A reader holding a snapshot (as another process's long read would)
        // keeps the truncating checkpoint from finishing; exit must not wait
        // the 15 s busy timeout for it.
        let other = try FacetDatabase(path: path)
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
