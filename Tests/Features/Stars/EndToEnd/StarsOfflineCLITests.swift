import Foundation
import Testing
import TestSupport

/// Offline is not failure: when GitHub cannot be reached, `facet stars`
/// prints the cached rows on stdout (table, `--jsonl`, `--json` alike), says
/// on stderr how old they are, and exits 0. With nothing cached it is an
/// error (exit 1). The GitHub stand-in is a real loopback server, stopped
/// after the first fetch; the cache is the real SQLite file.
@Suite(.serialized) struct StarsOfflineCLITests {
    let home = TemporaryDirectory("facet-stars-offline")
    /// A fixed clock: the fetch is stamped at this instant, the offline runs
    /// three hours later.
    static let fetchedAt = 1_790_000_000
    static let later = ["FACET_CLOCK": String(fetchedAt + 3 * 3600)]

    func facet(_ arguments: String..., extra: [String: String] = [:]) async throws -> FacetProcess.Result {
        let home = self.home.path
        let environment = ["TZ": "UTC", "FACET_HTTP_TIMEOUT_MS": "1000", "FACET_HTTP_RETRY_BASE_MS": "10",
                           "FACET_CLOCK": String(Self.fetchedAt)].merging(extra) { $1 }
        return try await offThePool { try FacetProcess.run(arguments, home: home, environment: environment) }
    }

    /// Signs in, points the GitHub user at a fixture server, fetches once,
    /// then stops the server: GitHub is unreachable from here on.
    func cacheThenGoOffline() async throws {
        var server: FixtureServer? = try FixtureServer(arguments: ["--stars", "30"])
        #expect(try await facet("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace").status == 0)
        #expect(try await facet("settings", "set", "github-user", "octo").status == 0)
        #expect(try await facet("settings", "set", "github-base-url", server!.baseURL).status == 0)
        let online = try await facet("stars", "--jsonl")
        #expect(online.status == 0, "\(online.stderr)")
        #expect(online.stdout.split(separator: "\n").count == 30)
        server = nil
    }

    @Test func offlineWithACachePrintsTheRowsWarnsAndExitsZero() async throws {
        try await cacheThenGoOffline()
        let table = try await facet("stars", extra: Self.later)
        #expect(table.status == 0, "\(table.stderr)")
        #expect(table.stdout.contains("project-000"), "\(table.stdout)")
        #expect(table.stderr.contains("GitHub unreachable; showing the cache from 3 hours ago."), "\(table.stderr)")

        let rows = try await facet("stars", "--jsonl", extra: Self.later)
        #expect(rows.status == 0, "\(rows.stderr)")
        #expect(rows.stdout.split(separator: "\n").count == 30)
        #expect(rows.stderr.contains("GitHub unreachable; showing the cache from 3 hours ago."))

        let json = try await facet("stars", "--json", extra: Self.later)
        #expect(json.status == 0)
        let snapshot = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let status = snapshot["status"] as? [String: Any]
        #expect(status?["kind"] as? String == "warning")
        #expect(status?["code"] as? String == "stars.offline")
        let list = (snapshot["content"] as? [String: Any])?["list"] as? [String: Any]
        #expect((list?["items"] as? [Any])?.count == 30)
    }

    @Test func offlineWithoutACacheIsAnError() async throws {
        var server: FixtureServer? = try FixtureServer(arguments: ["--stars", "3"])
        #expect(try await facet("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace").status == 0)
        #expect(try await facet("settings", "set", "github-user", "octo").status == 0)
        #expect(try await facet("settings", "set", "github-base-url", server!.baseURL).status == 0)
        server = nil
        let result = try await facet("stars")
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty, "\(result.stdout)")
        #expect(result.stderr.contains("GitHub unreachable and nothing is cached yet."), "\(result.stderr)")
    }
}
