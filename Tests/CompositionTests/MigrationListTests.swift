import Foundation
import GRDB
import KernelDomain
import KernelPersistence
import PlaylistsDomain
import PlaylistsPersistence
import TestSupport
import Testing
import UsersPersistence

/// Migrations are listed by features now; the shipped identifiers and their
/// order must not change, or existing databases would not open.
@Suite struct MigrationListTests {
    let folder = TemporaryDirectory("facet-migrations")
    var path: String { folder.path + "/facet.sqlite" }

    @Test func shippedIdentifiersKeepTheirOrder() {
        // The shipped ones keep their relative order; later ones follow
        // their feature's earlier migrations.
        let ids = allMigrations.map(\.id)
        #expect(ids.filter { ["v1-meta", "v1-playlists", "v2-users"].contains($0) } == ["v1-meta", "v1-playlists", "v2-users"])
        #expect(ids.firstIndex(of: "v3-users-open-ui")! > ids.firstIndex(of: "v2-users")!)
        #expect(ids.firstIndex(of: "v3-song-details")! > ids.firstIndex(of: "v1-playlists")!)
        #expect(Migrations.core.map(\.id) == ["v1-meta"])
        #expect(Migrations.duplicate(in: allMigrations) == nil)
    }

    @Test func theFirstRepeatedIdentifierIsNamed() {
        let list = ["a", "b", "c", "b", "a"].map { Migration($0) { _ in } }
        #expect(Migrations.duplicate(in: list) == "b")
        #expect(Migrations.duplicate(in: Array(list.prefix(3))) == nil)
        #expect(Migrations.duplicate(in: []) == nil)
    }

    @Test func aDatabaseFromBeforeKeepsItsSettingsAndTakesAnyFrontEndName() async throws {
        // A database as the last release left it: only v1/v2 applied, a saved `ui`.
        let old = try FacetDatabase(path: path, migrations: [.metaV1, .playlistsV1, .usersV2])
        let started = try await SQLiteSessionStore(database: old).startSession(
            for: PersonName(first: "Ada", last: "Lovelace"), tokenHash: String(repeating: "b", count: 64), at: Date())
        let id = started.profile.id
        // Settings as the old release wrote them: raw SQL on the old table,
        // since today's store reads columns that later migrations add.
        try await old.write { db in
            try db.execute(sql: "INSERT OR REPLACE INTO settings (profile_id, ui, page_size) VALUES (?, 'tui', 25)", arguments: [id])
        }
        // The old CHECK knew only three names.
        await #expect(throws: (any Error).self) {
            try await old.write { db in
                try db.execute(sql: "UPDATE settings SET ui = 'mcp' WHERE profile_id = ?", arguments: [id])
            }
        }

        let upgraded = try FacetDatabase(path: path, migrations: allMigrations)
        let store = SQLiteSettingsStore(database: upgraded)
        let kept = try await store.settings(for: id)
        #expect(kept.preferredUI == "tui" && kept.pageSize == 25)
        #expect(try await store.apply([.preferredUI("mcp")], for: id).preferredUI == "mcp")
        // Still only well-formed names (the rules check them against the registry).
        await #expect(throws: (any Error).self) {
            _ = try await store.apply([.preferredUI("Not A Name")], for: id)
        }
        let applied = try await upgraded.read { db in try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations") }
        // All applied; the new ones after the shipped ones, in whatever order
        // the features list them.
        #expect(Set(applied) == Set(allMigrations.map(\.id)) && applied.count == allMigrations.count)
        #expect(Array(applied.prefix(3)) == ["v1-meta", "v1-playlists", "v2-users"])
    }

    @Test func aMigrationListedTwiceIsRefused() {
        #expect(throws: StorageError.self) {
            _ = try FacetDatabase(path: path, migrations: [.metaV1, .playlistsV1, .metaV1])
        }
    }
}
