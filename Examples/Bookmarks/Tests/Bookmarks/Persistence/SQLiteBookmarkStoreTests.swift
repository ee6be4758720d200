import BookmarksDomain
import BookmarksPersistence
import FacetTesting
import Foundation
import KernelPersistence
import Testing

/// Integration: the store on a real SQLite file, with Facet's own migrations
/// first and the feature's after, as the app runs them.
@MainActor
@Suite struct SQLiteBookmarkStoreTests {
    let scratch = TemporaryDirectory("bookmarks-test")

    func open() throws -> SQLiteBookmarkStore {
        let database = try FacetDatabase(
            path: scratch.path + "/facet.sqlite", migrations: Migrations.core + Migrations.bookmarks)
        return SQLiteBookmarkStore(database: database)
    }

    @Test func bookmarksSurviveReopeningAndDuplicatesAreRefused() async throws {
        let first = try open()
        _ = try await first.add(url: "https://swift.org", title: "Swift", at: Date(timeIntervalSince1970: 10))
        _ = try await first.add(url: "https://sqlite.org", title: "SQLite", at: Date(timeIntervalSince1970: 20))
        await #expect(throws: BookmarkError.duplicate("https://swift.org")) {
            _ = try await first.add(url: "https://swift.org", title: "Again", at: Date())
        }
        let reopened = try open()
        #expect(try await reopened.bookmarks().map(\.title) == ["SQLite", "Swift"])
        await #expect(throws: BookmarkError.notFound(99)) { try await reopened.remove(id: 99) }
    }
}
