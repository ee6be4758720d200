import Foundation
import GRDB
import KernelDomain
import KernelPersistence
import TestSupport
import Testing
import UsersPersistence

/// Profiles, sessions and settings on real SQLite files in temporary folders.
@Suite struct SQLiteSessionStoreTests {
    let folder = TemporaryDirectory("facet-users")
    var path: String { folder.path + "/facet.sqlite" }

    /// A distinct 64-character hash per number.
    static func hash(_ n: Int) -> String {
        let hex = String(n, radix: 16)
        return String(repeating: "0", count: 64 - hex.count) + hex
    }

    func count(_ table: String, _ database: FacetDatabase) async throws -> Int {
        try await database.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM \(table)") ?? -1 }
    }

    @Test func firstSignInCreatesProfileSettingsAndSessionThenReopensByNameIgnoringCase() async throws {
        let database = try FacetDatabase(path: path, migrations: Migrations.core + Migrations.users + Migrations.usersLater)
        let store = SQLiteSessionStore(database: database)
        let when = Date(timeIntervalSince1970: 1_800_000_000)
        let first = try await store.startSession(for: PersonName(first: "Ada", last: "Lovelace"), tokenHash: Self.hash(1), at: when)
        #expect(first.createdProfile)
        #expect(first.profile.createdAt == when)
        let second = try await store.startSession(for: PersonName(first: "ADA", last: "lovelace"), tokenHash: Self.hash(2), at: when)
        #expect(!second.createdProfile)
        #expect(second.profile == first.profile)
        #expect(try await count("profile", database) == 1)
        #expect(try await count("settings", database) == 1)
        // Only the latest session is open; the first token no longer works.
        #expect(try await store.profile(forTokenHash: Self.hash(2)) == first.profile)
        #expect(try await store.profile(forTokenHash: Self.hash(1)) == nil)
        #expect(try await database.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM session WHERE ended_at IS NULL") } == 1)
    }

    @Test func theSignedInUserSurvivesReopeningAndSignOutEndsIt() async throws {
        do {
            let store = SQLiteSessionStore(database: try FacetDatabase(path: path, migrations: Migrations.core + Migrations.users + Migrations.usersLater))
            _ = try await store.startSession(for: PersonName(first: "Grace", last: "Hopper"), tokenHash: Self.hash(3), at: Date())
        }
        let store = SQLiteSessionStore(database: try FacetDatabase(path: path, migrations: Migrations.core + Migrations.users + Migrations.usersLater))
        #expect(try await store.currentProfile()?.displayName == "Grace Hopper")
        #expect(try await store.endCurrentSession(at: Date())?.displayName == "Grace Hopper")
        #expect(try await store.currentProfile() == nil)
        #expect(try await store.endCurrentSession(at: Date()) == nil)
        // The profile stays; only the session ended.
        #expect(try await store.profiles().count == 1)
    }

    @Test func racingSignInsFromTwoConnectionsNeverDuplicateAProfile() async throws {
        // Two pools on one file behave like two processes: separate SQLite
        // connections contending for the same write lock.
        let a = SQLiteSessionStore(database: try FacetDatabase(path: path, migrations: Migrations.core + Migrations.users + Migrations.usersLater))
        let bDatabase = try FacetDatabase(path: path, migrations: Migrations.core + Migrations.users + Migrations.usersLater)
        let b = SQLiteSessionStore(database: bDatabase)
        for round in 0..<10 {
            let name = try PersonName(first: "Racer", last: "Number \(round)")
            async let left = a.startSession(for: name, tokenHash: Self.hash(100 + round * 2), at: Date())
            async let right = b.startSession(for: try PersonName(first: "racer", last: "number \(round)"), tokenHash: Self.hash(101 + round * 2), at: Date())
            let results = try await [left, right]
            #expect(results.filter(\.createdProfile).count == 1)
            #expect(results[0].profile.id == results[1].profile.id)
        }
        #expect(try await count("profile", bDatabase) == 10)
        #expect(try await count("settings", bDatabase) == 10)
        #expect(try await bDatabase.writer.read { db in try Int.fetchOne(db, sql: "SELECT count(*) FROM session WHERE ended_at IS NULL") } == 1)
    }

    @Test func aReadOnlyDatabaseRefusesSignInWithAClearMessageAndKeepsNothing() async throws {
        let writable = try FacetDatabase(path: path, migrations: Migrations.core + Migrations.users + Migrations.usersLater)
        let readOnly = try FacetDatabase(path: path, readOnly: true, migrations: Migrations.core + Migrations.users + Migrations.usersLater)
        let store = SQLiteSessionStore(database: readOnly)
        await #expect {
            _ = try await store.startSession(for: PersonName(first: "Ada", last: "Lovelace"), tokenHash: Self.hash(4), at: Date())
        } throws: { error in
            let storage = error as? StorageError
            return storage?.reason == .readOnly && storage?.code == "storage.readOnly"
                && storage?.message.hasPrefix("The database is read-only, so nothing can be saved") == true
        }
        // Reading still works.
        #expect(try await store.currentProfile() == nil)
        #expect(try await count("profile", writable) == 0)
        #expect(try await count("settings", writable) == 0)
        #expect(try await count("session", writable) == 0)
    }

    @Test func aDatabaseLockedByAnotherConnectionFailsClearlyThenWorks() async throws {
        let database = try FacetDatabase(path: path, busyTimeout: 0.2, migrations: Migrations.core + Migrations.users + Migrations.usersLater)
        let store = SQLiteSessionStore(database: database)
        // Another process's connection holds the write lock.
        var configuration = Configuration()
        configuration.allowsUnsafeTransactions = true
        let other = try DatabaseQueue(path: path, configuration: configuration)
        try other.inDatabase { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        await #expect {
            _ = try await store.startSession(for: PersonName(first: "Ada", last: "Lovelace"), tokenHash: Self.hash(5), at: Date())
        } throws: { error in
            let storage = error as? StorageError
            return storage?.reason == .locked && storage?.message.hasPrefix("The database is busy (locked by another Facet process); try again.") == true
        }
        try other.inDatabase { db in try db.execute(sql: "ROLLBACK") }
        #expect(try await count("profile", database) == 0)
        #expect(try await count("settings", database) == 0)
        let started = try await store.startSession(for: PersonName(first: "Ada", last: "Lovelace"), tokenHash: Self.hash(5), at: Date())
        #expect(started.createdProfile)
    }

    @Test func aFailureInsideTheSignInTransactionLeavesNoPartialProfile() async throws {
        let database = try FacetDatabase(path: path, migrations: Migrations.core + Migrations.users + Migrations.usersLater)
        let store = SQLiteSessionStore(database: database)
        _ = try await store.startSession(for: PersonName(first: "Ada", last: "Lovelace"), tokenHash: Self.hash(6), at: Date())
        // Same token hash again: the session insert fails after the profile insert.
        await #expect(throws: StorageError.self) {
            _ = try await store.startSession(for: PersonName(first: "Alan", last: "Turing"), tokenHash: Self.hash(6), at: Date())
        }
        #expect(try await store.profiles().map(\.displayName) == ["Ada Lovelace"])
        #expect(try await count("settings", database) == 1)
        #expect(try await store.currentProfile()?.displayName == "Ada Lovelace")
    }
}
