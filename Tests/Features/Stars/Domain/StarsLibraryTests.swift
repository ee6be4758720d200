import Foundation
import KernelDomain
import StarsDomain
import TestSupport
import Testing

/// The refresh rules: one conditional request when nothing changed, an
/// incremental pass that stops at the first known star, a full pass daily.
@Suite struct StarsLibraryTests {
    let account = GitHubAccount(user: "octo", token: nil, apiBase: "https://api.example.com", webBase: "https://github.com")

    @Test func firstRefreshIsFullThenUnchangedCostsOneRequest() async throws {
        let source = ScriptedStarredSource(sampleStars(5), pageSize: 2)
        let store = InMemoryStarStore()
        let library = StarsLibrary(source: source, store: store)
        let first = try await library.refresh(account)
        #expect(first == .init(requests: 3, added: 5, full: true, notModified: false))
        let second = try await library.refresh(account)
        #expect(second == .init(requests: 1, added: 0, full: false, notModified: true))
        #expect(source.requests.last?.etag == "\"v1\"")
    }

    @Test func incrementalStopsAtTheFirstKnownStar() async throws {
        let source = ScriptedStarredSource(sampleStars(5), pageSize: 2)
        let store = InMemoryStarStore()
        let library = StarsLibrary(source: source, store: store)
        _ = try await library.refresh(account)
        source.replace(sampleStars(8))  // three new stars on top
        let before = source.requestCount
        let outcome = try await library.refresh(account)
        #expect(outcome == .init(requests: 2, added: 3, full: false, notModified: false))
        #expect(source.requestCount == before + 2)
        #expect(try await store.page(user: "octo", StarQuery(limit: 100)).total == 8)
    }

    @Test func aFullPassRunsDailyAndCatchesUnstars() async throws {
        let source = ScriptedStarredSource(sampleStars(5), pageSize: 2)
        let store = InMemoryStarStore()
        let clock = TestClock(Date(timeIntervalSince1970: 1_000_000))
        let library = StarsLibrary(source: source, store: store, now: { clock.now })
        _ = try await library.refresh(account)
        source.replace(Array(sampleStars(5).dropLast()))  // repo-1 unstarred elsewhere
        clock.now += 3600
        #expect(try await library.refresh(account).full == false)
        #expect(try await store.page(user: "octo", StarQuery()).total == 5)
        clock.now += 24 * 3600
        let daily = try await library.refresh(account)
        #expect(daily.full)
        #expect(try await store.page(user: "octo", StarQuery()).total == 4)
        source.replace(Array(sampleStars(5).dropLast(2)))
        #expect(try await library.refresh(account, full: true).full)
        #expect(try await store.page(user: "octo", StarQuery()).total == 3)
    }

    @Test func webURLsAreCheckedNames() throws {
        #expect(try StarsLibrary.webURL("apple/swift", webBase: "https://github.com") == "https://github.com/apple/swift")
        for bad in ["a/b/c", "../x", "a/..", "evil/\u{1B}[31m", "a b/c", "/x", "x"] {
            #expect(throws: (any Error).self, "\(bad)") { try StarsLibrary.webURL(bad, webBase: "https://github.com") }
        }
    }

    @Test func rateLimitFromResponses() {
        let exhausted = HTTPResponse(status: 403, headers: ["X-RateLimit-Remaining": "0", "X-RateLimit-Reset": "2000000000"])
        #expect(exhausted.rateLimit == .rateLimited(resetAt: Date(timeIntervalSince1970: 2_000_000_000), retryAfter: nil))
        #expect(HTTPResponse(status: 403).rateLimit == nil)
        #expect(HTTPResponse(status: 429, headers: ["Retry-After": "7"]).rateLimit == .rateLimited(resetAt: nil, retryAfter: 7))
        #expect(StarsError.from(.rateLimited(resetAt: nil, retryAfter: 7)) == .secondaryRateLimit(retryAfter: 7))
        #expect(StarsError.from(.dnsFailure(host: "h")).isOffline)
    }
}

final class TestClock: @unchecked Sendable {
    var now: Date
    init(_ now: Date) { self.now = now }
}
