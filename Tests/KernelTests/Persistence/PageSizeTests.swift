import Foundation
import GRDB
@testable import KernelPersistence
import TestSupport
import Testing

/// A new database gets Facet's page size; one made before keeps its own,
/// migrated and working as before.
@Suite struct PageSizeTests {
    let folder = TemporaryDirectory("facet-page-size")
    var path: String { folder.path + "/facet.sqlite" }

    func pageSize(_ database: FacetDatabase) async throws -> Int? {
        try await database.read { db in try Int.fetchOne(db, sql: "PRAGMA page_size") }
    }

    @Test func aNewDatabaseHasFacetsPageSize() async throws {
        let database = try FacetDatabase(path: path)
        #expect(try await pageSize(database) == FacetDatabase.pageSize)
        #expect(FacetDatabase.pageSize != 4096)
    }

    @Test func anOlderDatabaseKeepsItsPagesAndIsMigrated() async throws {
        // Made the way earlier versions made it: SQLite's default pages, in
        // WAL mode, with Facet's first tables (a file without them is not
        // Facet's and is refused, see DatabaseOwnershipTests).
        let older = try DatabaseQueue(path: path)
        try await older.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
        try Migrations.migrator([.metaV1]).migrate(older)
        try await older.writeWithoutTransaction { db in try db.execute(sql: "CREATE TABLE leftover (x)") }
        try older.close()
        let database = try FacetDatabase(path: path)
        #expect(try await pageSize(database) == 4096)
        let tables = try await database.read { db in try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'") }
        #expect(tables.contains("leftover") && tables.contains("grdb_migrations"))
    }
}
