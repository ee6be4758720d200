import Foundation
import GRDB
import KernelDomain
@testable import KernelPersistence
import TestSupport
import Testing

/// Facet opens only its own database files: new or empty ones, ones with
/// its application id, and ones from before the id that hold its tables.
/// Anything else is refused before a byte of it changes.
@Suite struct DatabaseOwnershipTests {
    let folder = TemporaryDirectory("facet-ownership")
    var path: String { folder.path + "/facet.sqlite" }

    func bytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// A file written by another program with SQLite (rollback journal).
    func foreign(_ sql: String) throws {
        let queue = try DatabaseQueue(path: path)
        try queue.writeWithoutTransaction { db in try db.execute(sql: sql) }
        try queue.close()
    }

    @Test func newAndEmptyFilesAreFacetsToMake() throws {
        #expect(try DatabaseOwnership.check(path) == .new)
        FileManager.default.createFile(atPath: path, contents: Data())
        #expect(try DatabaseOwnership.check(path) == .new)
        _ = try FacetDatabase(path: path)
        #expect(try DatabaseOwnership.check(path) == .facet)
    }

    @Test func anotherProgramsTablesAreRefusedAndUntouched() throws {
        try foreign("CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('mine')")
        let before = try bytes()
        #expect(throws: StorageError(.foreign, "\(path) holds other tables (notes)")) { try FacetDatabase(path: path) }
        #expect(throws: StorageError.self) { try FacetDatabase(path: path, readOnly: true) }
        #expect(try bytes() == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(StorageError(.foreign, "x").code == "storage.foreign")
    }

    @Test func anotherApplicationIDIsRefused() throws {
        try foreign("PRAGMA application_id = 7; CREATE TABLE meta (key TEXT)")
        #expect(throws: StorageError(.foreign, "\(path) belongs to another application (id 0x7)")) {
            try DatabaseOwnership.check(path)
        }
    }

    @Test func aFacetDatabaseBeingCreatedElsewhereIsNotForeign() throws {
        // What another process's migrator leaves for a moment: its own table only.
        try foreign("CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
        #expect(try DatabaseOwnership.check(path) == .new)
    }

    @Test func aDatabaseFromBeforeTheIDIsRecognisedAndMarked() async throws {
        let old = try DatabaseQueue(path: path)
        try await old.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = WAL") }
        try Migrations.migrator(Migrations.core).migrate(old)
        try await old.write { db in try db.execute(sql: "INSERT INTO meta (key, value) VALUES ('kept', 'yes')") }
        try old.close()
        #expect(try DatabaseOwnership.check(path) == .unmarked)
        let database = try FacetDatabase(path: path)
        #expect(try await MetaStore(database: database).value("kept") == "yes")
        #expect(try DatabaseOwnership.check(path) == .facet)
    }
}
