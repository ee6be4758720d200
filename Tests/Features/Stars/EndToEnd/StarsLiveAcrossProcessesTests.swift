import Foundation
import Testing
import TestSupport

/// An open stars screen shows what another Facet process committed to the
/// cache (a repository opened there is visited here), without a request
/// to GitHub.
@Suite(.tags(.stars, .jsonl, .cli)) struct StarsLiveAcrossProcessesTests {
    /// Repository 1000007's row in a response (`result`) or notification (`params`).
    static func item(_ message: [String: Any], _ key: String) -> [String: Any]? {
        let snapshot = (message[key] as? [String: Any])?["snapshot"] as? [String: Any]
        let list = (snapshot?["content"] as? [String: Any])?["list"] as? [String: Any]
        return (list?["items"] as? [[String: Any]])?.first { $0["id"] as? String == "1000007" }
    }

    @Test func aRepositoryOpenedInAnotherProcessIsVisitedOnAnOpenScreen() throws {
        let home = TemporaryDirectory("facet-stars-live")
        let server = try FixtureServer(arguments: ["--stars", "30"])
        let environment = ["TZ": "UTC"]
        func facet(_ arguments: String...) throws -> FacetProcess.Result {
            try FacetProcess.run(arguments, home: home.path, environment: environment)
        }
        #expect(try facet("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace").status == 0)
        #expect(try facet("settings", "set", "github-user", "octo").status == 0)
        #expect(try facet("settings", "set", "github-base-url", server.baseURL).status == 0)
        #expect(try facet("stars").status == 0)
        let requests = try server.log().count

        let session = try JSONLSession(home: home.path, environment: environment)
        let opened = try session.request("screen.open", ["screen": "stars", "params": ["refresh": "none"]])
        #expect(Self.item(opened, "result")?["badges"] as? [String] == [])

        let open = try facet("stars", "--refresh", "none", "open-url", "1000007")
        #expect(open.status == 0, "\(open.stderr)")
        // A generous deadline: how soon is a benchmark's figure, not a test's.
        let changed = try session.notification(timeout: 60) { message in
            message["method"] as? String == "screen.changed" && Self.item(message, "params")?["badges"] as? [String] == ["visited"]
        }
        #expect(Self.item(changed, "params")?["title"] as? String == "owner7/project-00007")
        #expect(try session.finish() == 0)
        // Neither the open screen nor the other process asked GitHub again.
        #expect(try server.log().count == requests)
    }
}
