import Foundation
import KernelDomain
import KernelPersistence
import TestSupport
import Testing
import UsersPersistence

/// User names: the SQLite profile store against the same rule (the
/// in-memory authentication of the view-model tests folds with
/// `CaseFolding` too).
@Suite struct ProfileNameFoldingTests {
    @Test func signingInAsCAFEFindsCafe() async throws {
        let folder = TemporaryDirectory("facet-fold-users")
        let store = SQLiteSessionStore(database: try FacetDatabase(path: folder.path + "/facet.sqlite", migrations: Migrations.core + Migrations.users + Migrations.usersLater))
        let first = try await store.startSession(
            for: try PersonName(first: "Zoé", last: "Ångström"), tokenHash: String(repeating: "a", count: 64), at: Date())
        #expect(first.createdProfile)
        let again = try await store.startSession(
            for: try PersonName(first: "ZOÉ", last: "ÅNGSTRÖM"), tokenHash: String(repeating: "b", count: 64), at: Date())
        #expect(!again.createdProfile)
        #expect(again.profile.id == first.profile.id)
        #expect(try await store.profile(named: try PersonName(first: "zoé", last: "ångström"))?.id == first.profile.id)
        #expect(try await store.profile(named: try PersonName(first: "Zoe", last: "Angstrom")) == nil)
    }
}
