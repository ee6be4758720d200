import Foundation
import GRDB
import KernelDomain
import KernelPersistence
import TestSupport
import Testing
import UsersPersistence

/// Per-profile settings on a real SQLite file.
@Suite struct SQLiteSettingsStoreTests {
    let folder = TemporaryDirectory("facet-settings")

    func signedIn() async throws -> (FacetDatabase, SQLiteSettingsStore, Int64) {
        let database = try FacetDatabase(path: folder.path + "/facet.sqlite", migrations: Migrations.core + Migrations.users + Migrations.usersLater)
        let started = try await SQLiteSessionStore(database: database).startSession(
            for: PersonName(first: "Ada", last: "Lovelace"), tokenHash: String(repeating: "a", count: 64), at: Date())
        return (database, SQLiteSettingsStore(database: database), started.profile.id)
    }

    @Test func defaultsThenSavedValuesSurviveReopening() async throws {
        let (_, store, id) = try await signedIn()
        #expect(try await store.settings(for: id) == .defaults)
        let saved = try await store.apply(
            [.githubUser("octocat"), .githubToken("ghp_secret"), .preferredUI("jsonl"), .pageSize(25),
             .githubBaseURL("http://127.0.0.1:1"), .photosBaseURL("https://p.example")], for: id)
        #expect(saved.hasGitHubToken)
        let reopened = SQLiteSettingsStore(database: try FacetDatabase(path: folder.path + "/facet.sqlite", migrations: Migrations.core + Migrations.users + Migrations.usersLater))
        #expect(try await reopened.settings(for: id) == saved)
        #expect(try await reopened.githubToken(for: id) == "ghp_secret")
        _ = try await reopened.apply([.githubToken(nil), .preferredUI(nil)], for: id)
        #expect(try await reopened.githubToken(for: id) == nil)
        #expect(try await reopened.settings(for: id).preferredUI == nil)
    }

    @Test func anOutOfRangeValueIsRefusedByTheSchemaAndNothingOfTheBatchIsSaved() async throws {
        let (_, store, id) = try await signedIn()
        await #expect(throws: StorageError.self) {
            _ = try await store.apply([.githubUser("octocat"), .pageSize(1_000_000_000)], for: id)
        }
        #expect(try await store.settings(for: id) == .defaults)
    }

    @Test func settingsOfAMissingProfileAreRefused() async throws {
        let (database, store, _) = try await signedIn()
        await #expect(throws: SettingsError.notSignedIn) { _ = try await store.apply([.pageSize(20)], for: 999) }
        #expect(try await database.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM settings") } == 1)
    }

    @Test func theDatabaseFileIsOwnerOnly() async throws {
        let (database, _, _) = try await signedIn()
        let mode = try FileManager.default.attributesOfItem(atPath: database.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }
}
