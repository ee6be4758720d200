import Foundation
import GRDB
import KernelDomain
@testable import KernelPersistence
import StarsDomain
@testable import StarsPersistence
import TestSupport
import Testing

/// The stars cache on a real SQLite file: FTS5 search, language filter,
/// sort, visited marks that survive a full replace, per-user separation.
@Suite struct SQLiteStarStoreTests {
    let dir = TemporaryDirectory()
    let database: FacetDatabase
    let store: SQLiteStarStore

    init() throws {
        database = try FacetDatabase(path: dir.path + "/data/facet.sqlite", migrations: Migrations.core + Migrations.stars)
        store = SQLiteStarStore(database: database)
    }

    func names(_ query: StarQuery, user: String = "octo") async throws -> [String] {
        try await store.page(user: user, query).items.map(\.repository.fullName)
    }

    @Test func fullTextSearchOverNameDescriptionAndTopics() async throws {
        var stars = sampleStars(6)
        stars[0].description = "Ein schnelles Werkzeug für große Dateien\nzweite Zeile"
        stars[1].topics = ["terminal-ui", "ncurses"]
        try await store.replaceAll(stars, user: "octo")
        #expect(try await names(StarQuery(search: "werkz")) == ["owner/repo-6"])
        #expect(try await names(StarQuery(search: "GROSSE")).isEmpty)
        #expect(try await names(StarQuery(search: "große")) == ["owner/repo-6"])
        #expect(try await names(StarQuery(search: "ncurses")) == ["owner/repo-5"])
        #expect(try await names(StarQuery(search: "repo 4")) == ["owner/repo-4"])
        // FTS syntax in user text is plain text, never an error.
        #expect(try await names(StarQuery(search: "\"AND* OR (:")).isEmpty)
        let page = try await store.page(user: "octo", StarQuery(search: "repository", limit: 2))
        #expect(page.total == 5)  // all but the one whose description was replaced
        #expect(page.items.count == 2)
    }

    @Test func languageFilterAndSorts() async throws {
        try await store.replaceAll(sampleStars(5), user: "octo")
        #expect(try await names(StarQuery(language: "Swift")) == ["owner/repo-4", "owner/repo-2"])
        #expect(try await names(StarQuery(sort: .name)).first == "owner/repo-1")
        #expect(try await names(StarQuery(sort: .stars)).first == "owner/repo-5")
        #expect(try await names(StarQuery(sort: .pushed)).first == "owner/repo-5")
        #expect(try await store.languages(user: "octo") == ["Rust", "Swift"])
    }

    /// A cache written before the language index keeps its rows, takes the
    /// index on the next open, and listing languages reads only the index
    /// (it read every cached row before).
    @Test func theLanguageListReadsItsIndexAlsoOnACacheFromBefore() async throws {
        let path = dir.path + "/before/facet.sqlite"
        let before = (Migrations.core + Migrations.stars).filter { $0.id != Migration.starsLanguageIndexV5.id }
        let old = try FacetDatabase(path: path, migrations: before)
        try await SQLiteStarStore(database: old).replaceAll(sampleStars(5), user: "octo")
        let reopened = try FacetDatabase(path: path, migrations: Migrations.core + Migrations.stars)
        #expect(try await SQLiteStarStore(database: reopened).languages(user: "octo") == ["Rust", "Swift"])
        let plan = try await reopened.read { db in
            try Row.fetchAll(db, sql: "EXPLAIN QUERY PLAN " + SQLiteStarStore.languagesSQL, arguments: ["octo"])
                .map { $0["detail"] as String }
        }
        #expect(plan.contains { $0.contains("COVERING INDEX star_by_language") }, "\(plan)")
    }

    @Test func visitedMarksSurviveAFullReplaceAndAreKeptPerUser() async throws {
        try await store.replaceAll(sampleStars(3), user: "octo")
        try await store.replaceAll(sampleStars(3), user: "other")
        try await store.markVisited(id: 2, user: "octo")
        try await store.replaceAll(sampleStars(4), user: "octo")
        #expect(try await store.repository(id: 2, user: "octo")?.visited == true)
        #expect(try await store.repository(id: 2, user: "other")?.visited == false)
        // Unstarred then starred again: the mark is still there.
        try await store.remove(fullName: "owner/repo-2", user: "octo")
        #expect(try await store.repository(id: 2, user: "octo") == nil)
        try await store.upsert(sampleStars(1, from: 2), user: "octo")
        #expect(try await store.repository(fullName: "owner/repo-2", user: "octo")?.visited == true)
        #expect(try await store.knownIDs([1, 2, 99], user: "octo") == [1, 2])
    }

    @Test func syncStateRoundTrips() async throws {
        let state = StarSyncState(
            firstPageETag: "W/\"abc\"", fetchedAt: Date(timeIntervalSince1970: 100), fullSyncAt: Date(timeIntervalSince1970: 50),
            rateLimit: RateLimitStatus(limit: 60, remaining: 0, resetAt: Date(timeIntervalSince1970: 2_000_000_000)))
        try await store.saveSyncState(state, user: "octo")
        #expect(try await store.syncState(user: "octo") == state)
        #expect(try await store.syncState(user: "nobody") == nil)
    }

    @Test func exactTextIsKept() async throws {
        var star = sampleStars(1)[0]
        star.description = "esc \u{1B}[31m red\nline \u{5BBD} 😀"
        star.topics = ["été", "bell\u{07}"]
        try await store.replaceAll([star], user: "octo")
        let back = try await store.repository(id: star.id, user: "octo")
        #expect(back?.repository == star)
    }
}
