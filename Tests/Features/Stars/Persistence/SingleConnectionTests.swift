import Foundation
import GRDB
import KernelDomain
@testable import KernelPersistence
import StarsDomain
import StarsPersistence
import TestSupport
import Testing

/// A one-shot process opens one connection (`.single`), but only on a file
/// that is already migrated and in WAL mode; anything else goes through the
/// pool, which creates, migrates and switches the file to WAL.
@Suite struct SingleConnectionTests {
    let folder = TemporaryDirectory("facet-single")
    var path: String { folder.path + "/facet.sqlite" }

    @Test func aMigratedWALFileOpensOneConnection() async throws {
        let first = try FacetDatabase(path: path, migrations: Migrations.core + Migrations.stars)
        #expect(first.writer is DatabasePool)
        try await SQLiteStarStore(database: first).replaceAll(sampleStars(5), user: "octo")

        let single = try FacetDatabase(path: path, migrations: Migrations.core + Migrations.stars, connections: .single)
        #expect(single.writer is DatabaseQueue)
        #expect(try await single.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
        // synchronous = NORMAL (1), as the pool has it in WAL mode.
        #expect(try await single.read { db in try Int.fetchOne(db, sql: "PRAGMA synchronous") } == 1)
        #expect(try await SQLiteStarStore(database: single).page(user: "octo", StarQuery(limit: 10)).total == 5)
        // It writes too, and the pool of another process sees it.
        try await SQLiteStarStore(database: single).replaceAll(sampleStars(7), user: "octo")
        #expect(try await SQLiteStarStore(database: first).page(user: "octo", StarQuery(limit: 10)).total == 7)
    }

    @Test func aNewFileIsCreatedThroughThePool() async throws {
        let created = try FacetDatabase(path: path, migrations: Migrations.core + Migrations.stars, connections: .single)
        #expect(created.writer is DatabasePool)
        #expect(try await created.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
    }

    @Test func aFileSwitchedOutOfWALGoesBackThroughThePool() async throws {
        _ = try FacetDatabase(path: path, migrations: Migrations.core + Migrations.stars)
        // Another tool switches the file to a rollback journal.
        let queue = try DatabaseQueue(path: path)
        try await queue.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
        try queue.close()

        let reopened = try FacetDatabase(path: path, migrations: Migrations.core + Migrations.stars, connections: .single)
        #expect(reopened.writer is DatabasePool)
        #expect(try await reopened.read { db in try String.fetchOne(db, sql: "PRAGMA journal_mode") } == "wal")
    }
}
