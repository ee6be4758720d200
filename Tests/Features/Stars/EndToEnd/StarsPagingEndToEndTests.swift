import Foundation
import Testing
import TestSupport

/// GitHub paging that never ends, through the built binary against the
/// loopback fixture: a `next` link to the page itself, an endless list and
/// a slow endless list each end the command with their own message and
/// exit 1, and the cached list stays as it was.
@Suite(.serialized) struct StarsPagingEndToEndTests {
    let home = TemporaryDirectory("facet-home")
    let server: FixtureServer
    let environment = ["TZ": "UTC", "FACET_HTTP_TIMEOUT_MS": "5000", "FACET_HTTP_RETRY_BASE_MS": "10"]

    init() throws {
        server = try FixtureServer(arguments: ["--stars", "230"])
    }

    /// One CLI call, killed (and the test failed) if it outlives `deadline`:
    /// the bug this guards against is a command that never returns.
    func facet(_ arguments: String..., extra: [String: String] = [:], deadline: TimeInterval = 60) async throws
        -> FacetProcess.Result
    {
        let home = self.home.path
        let environment = self.environment.merging(extra) { $1 }
        return try await offThePool {
            try FacetProcess.run(arguments, home: home, environment: environment, timeout: deadline)
        }
    }

    /// Switches how the fixture links `user`'s pages (`list`, `loop`, `endless`).
    func serve(_ user: String, as mode: String) throws {
        try server.post("/_control/mode?user=\(user)&mode=\(mode)")
    }

    func starredRequests() throws -> [String] {
        try server.log().compactMap { $0["path"] as? String }.filter { $0.hasPrefix("/users/octo/starred") }
    }

    /// Signs in, points at the fixture and syncs octo's 230 stars.
    func syncedCache() async throws -> [String: Any] {
        #expect(try await facet("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace").status == 0)
        #expect(try await facet("settings", "set", "github-user", "octo").status == 0)
        #expect(try await facet("settings", "set", "github-base-url", server.baseURL).status == 0)
        #expect(try await facet("stars", "--refresh", "full").status == 0)
        return try await cache()
    }

    /// The cached list as the CLI shows it without asking GitHub.
    func cache() async throws -> [String: Any] {
        let result = try await facet("stars", "--refresh", "none", "--json")
        #expect(result.status == 0, "\(result.stderr)")
        let list = (StarsEndToEndTests.object(result.stdout)["content"] as? [String: Any])?["list"] as? [String: Any] ?? [:]
        #expect(list["total"] as? Int == 230)
        return list
    }

    func expectUnchanged(_ before: [String: Any]) async throws {
        let after = try await cache()
        let titles = { (list: [String: Any]) in (list["items"] as? [[String: Any]] ?? []).map { $0["title"] as? String ?? "" } }
        #expect(titles(after) == titles(before))
        #expect(titles(after).first == "owner35/project-00229")
    }

    @Test func aNextLinkToTheSamePageEndsTheSync() async throws {
        let before = try await syncedCache()
        try serve("octo", as: "loop")
        let requestsBefore = try starredRequests().count
        let result = try await facet("stars", "--refresh", "full", "--json")
        #expect(result.status == 1)
        #expect(result.stderr.contains(
            "GitHub's starred list pointed back to a page already read after 1 page (100 stars read); "
                + "the sync stopped and the cached list was not replaced."), "\(result.stderr)")
        #expect(StarsEndToEndTests.status(StarsEndToEndTests.object(result.stdout))["code"] as? String == "stars.paging_loop")
        // The page that named itself was not asked for again.
        #expect(try starredRequests().count == requestsBefore + 1)
        try serve("octo", as: "list")
        try await expectUnchanged(before)
    }

    @Test func anEndlessListStopsAtThePageCap() async throws {
        let before = try await syncedCache()
        try serve("octo", as: "endless")
        let requestsBefore = try starredRequests().count
        let result = try await facet("stars", "--refresh", "full", "--json", extra: ["FACET_STARS_MAX_PAGES": "7"])
        #expect(result.status == 1)
        #expect(result.stderr.contains(
            "GitHub's starred list did not end after 7 pages (700 stars read); "
                + "the sync stopped and the cached list was not replaced."), "\(result.stderr)")
        #expect(StarsEndToEndTests.status(StarsEndToEndTests.object(result.stdout))["code"] as? String == "stars.too_many_pages")
        #expect(try starredRequests().count == requestsBefore + 7)
        try serve("octo", as: "list")
        try await expectUnchanged(before)
    }

    @Test func anEndlessListStopsAtTheDeadline() async throws {
        let before = try await syncedCache()
        try serve("octo", as: "endless")
        let result = try await facet(
            "stars", "--refresh", "full", "--json", extra: ["FACET_STARS_SYNC_DEADLINE_MS": "1500"], deadline: 30)
        #expect(result.status == 1)
        #expect(result.stderr.contains("Syncing the starred list took longer than 1.5 s, stopped after "), "\(result.stderr)")
        #expect(result.stderr.contains("the cached list was not replaced."))
        #expect(StarsEndToEndTests.status(StarsEndToEndTests.object(result.stdout))["code"] as? String == "stars.sync_deadline")
        try serve("octo", as: "list")
        try await expectUnchanged(before)
    }
}
