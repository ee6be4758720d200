import Foundation
import KernelDomain
import StarsDomain
import TestSupport
import Testing

/// A refresh's walk over `next` links is bounded: a page cap, no page read
/// twice, and a deadline; reaching any of them writes nothing to the list.
@Suite struct StarsPagingLimitsTests {
    let account = GitHubAccount(user: "octo", token: nil, apiBase: "https://api.example.com", webBase: "https://github.com")

    /// Pages of two new stars each; `link(page)` names the next page's URL.
    final class LinkedPagesSource: StarredSource, @unchecked Sendable {
        private let lock = NSLock()
        private var urls: [String?] = []
        let first: String?
        let link: @Sendable (Int) -> String?
        let onRequest: @Sendable () -> Void

        init(first: String? = nil, onRequest: @escaping @Sendable () -> Void = {}, link: @escaping @Sendable (Int) -> String?) {
            self.first = first
            self.link = link
            self.onRequest = onRequest
        }

        var requested: [String?] { lock.withLock { urls } }

        func firstPageURL(_ account: GitHubAccount) -> String? { first }

        func starredPage(_ account: GitHubAccount, url: String?, etag: String?) async throws(StarsError) -> StarredPageResult {
            let page = lock.withLock { () -> Int in
                urls.append(url)
                return urls.count
            }
            onRequest()
            return .page(stars: sampleStars(2, from: 1000 + page * 2), next: link(page), etag: "\"p\(page)\"", rateLimit: nil)
        }

        func setStarred(_ starred: Bool, fullName: String, account: GitHubAccount) async throws(StarsError) {}
    }

    /// A store already holding three stars, to see that a failed walk leaves them.
    func filledStore() async throws -> InMemoryStarStore {
        let store = InMemoryStarStore()
        try await store.replaceAll(sampleStars(3), user: "octo")
        return store
    }

    func cached(_ store: InMemoryStarStore) async throws -> [Int64] {
        try await store.page(user: "octo", StarQuery(limit: 100)).items.map(\.repository.id)
    }

    @Test func anEndlessListStopsAtThePageCapWithoutReplacingTheCache() async throws {
        let source = LinkedPagesSource { "https://api.example.com/p\($0 + 1)" }
        let store = try await filledStore()
        let before = try await cached(store)
        let library = StarsLibrary(source: source, store: store, limits: StarsSyncLimits(maxPages: 5, deadline: 3600))
        await #expect(throws: StarsError.tooManyPages(pages: 5, stars: 10)) { try await library.refresh(account, full: true) }
        #expect(source.requested.count == 5)
        #expect(try await cached(store) == before)
        let message = StarsError.tooManyPages(pages: 5, stars: 10).message
        #expect(message.contains("5 pages") && message.contains("10 stars read") && message.contains("not replaced"))
        #expect(StarsError.tooManyPages(pages: 5, stars: 10).code == "stars.too_many_pages")
    }

    @Test func aListOfExactlyTheCapIsRead() async throws {
        let source = LinkedPagesSource { $0 < 5 ? "https://api.example.com/p\($0 + 1)" : nil }
        let store = try await filledStore()
        let library = StarsLibrary(source: source, store: store, limits: StarsSyncLimits(maxPages: 5, deadline: 3600))
        let outcome = try await library.refresh(account, full: true)
        #expect(outcome == .init(requests: 5, added: 10, full: true, notModified: false))
        #expect(try await cached(store).count == 10)
    }

    @Test func aNextLinkToItselfIsNotRequestedAgain() async throws {
        let source = LinkedPagesSource { $0 == 1 ? "https://api.example.com/p2" : "https://api.example.com/p\($0)" }
        let store = try await filledStore()
        let before = try await cached(store)
        let library = StarsLibrary(source: source, store: store)
        await #expect(throws: StarsError.pagingLoop(pages: 2, stars: 4)) { try await library.refresh(account, full: true) }
        #expect(source.requested == [nil, "https://api.example.com/p2"])
        #expect(try await cached(store) == before)
        #expect(StarsError.pagingLoop(pages: 2, stars: 4).code == "stars.paging_loop")
    }

    @Test func aNextLinkBackToTheFirstPageIsALoop() async throws {
        let first = "https://api.example.com/users/octo/starred?per_page=100"
        let source = LinkedPagesSource(first: first) { $0 == 1 ? "https://api.example.com/p2" : first }
        let store = try await filledStore()
        let library = StarsLibrary(source: source, store: store)
        await #expect(throws: StarsError.pagingLoop(pages: 2, stars: 4)) { try await library.refresh(account, full: true) }
        #expect(source.requested.count == 2)
    }

    @Test func anIncrementalPassIsBoundedToo() async throws {
        let source = LinkedPagesSource { "https://api.example.com/p\($0 + 1)" }
        let store = try await filledStore()
        let clock = TestClock(Date(timeIntervalSince1970: 1_000_000))
        try await store.saveSyncState(StarSyncState(firstPageETag: "\"old\"", fetchedAt: clock.now, fullSyncAt: clock.now), user: "octo")
        let before = try await cached(store)
        let library = StarsLibrary(
            source: source, store: store, limits: StarsSyncLimits(maxPages: 3, deadline: 3600), now: { clock.now })
        await #expect(throws: StarsError.tooManyPages(pages: 3, stars: 6)) { try await library.refresh(account) }
        #expect(try await cached(store) == before)
        #expect(try await store.syncState(user: "octo")?.firstPageETag == "\"old\"")
    }

    @Test func theDeadlineEndsASlowWalk() async throws {
        let uptime = TestClock(Date(timeIntervalSince1970: 0))
        // Each page takes ten seconds of the monotonic clock.
        let source = LinkedPagesSource(onRequest: { uptime.now += 10 }) { "https://api.example.com/p\($0 + 1)" }
        let store = try await filledStore()
        let before = try await cached(store)
        let library = StarsLibrary(
            source: source, store: store, limits: StarsSyncLimits(maxPages: 1000, deadline: 25),
            uptime: { uptime.now.timeIntervalSince1970 })
        await #expect(throws: StarsError.syncDeadline(seconds: 25, pages: 3, stars: 6)) {
            try await library.refresh(account, full: true)
        }
        #expect(source.requested.count == 3)
        #expect(try await cached(store) == before)
        let message = StarsError.syncDeadline(seconds: 25, pages: 3, stars: 6).message
        #expect(message == "Syncing the starred list took longer than 25 s, stopped after 3 pages (6 stars read); "
            + "the cached list was not replaced.")
    }

    @Test func limitsFromTheEnvironment() {
        #expect(StarsSyncLimits.from(environment: [:]) == .standard)
        let small = StarsSyncLimits.from(environment: ["FACET_STARS_MAX_PAGES": "4", "FACET_STARS_SYNC_DEADLINE_MS": "1500"])
        #expect(small == StarsSyncLimits(maxPages: 4, deadline: 1.5))
        #expect(StarsSyncLimits.from(environment: ["FACET_STARS_MAX_PAGES": "0"]).maxPages == StarsSyncLimits.standard.maxPages)
    }
}
