import Foundation
import Testing
import TestSupport

/// The stars feature through the built binary against the loopback fixture:
/// every GitHub error with its exit status and code, the visited scenario
/// identical in CLI `--json` and JSON lines, sanitised text for terminals,
/// and the token kept out of every output.
@Suite(.serialized) struct StarsEndToEndTests {
    let home = TemporaryDirectory("facet-home")
    let server: FixtureServer
    let environment: [String: String]

    init() throws {
        server = try FixtureServer(arguments: ["--stars", "230", "--slow", "4", "--huge-bytes", "5000000"])
        environment = ["TZ": "UTC", "FACET_HTTP_TIMEOUT_MS": "1000", "FACET_HTTP_RETRY_BASE_MS": "10"]
    }

    /// Runs the binary on a Dispatch thread: a blocking wait on the 2-thread
    /// cooperative pool would starve the other suites running meanwhile.
    @discardableResult
    func facet(_ arguments: String..., extra: [String: String] = [:]) async throws -> FacetProcess.Result {
        let home = self.home.path
        let environment = self.environment.merging(extra) { $1 }
        return try await offThePool { try FacetProcess.run(arguments, home: home, environment: environment) }
    }

    func setUp(user: String, base: String? = nil, token: String? = nil) async throws {
        #expect(try await facet("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace").status == 0)
        #expect(try await facet("settings", "set", "github-user", user).status == 0)
        #expect(try await facet("settings", "set", "github-base-url", base ?? server.baseURL).status == 0)
        if let token { #expect(try await facet("settings", "set", "github-token", token).status == 0) }
    }

    /// Tokens the fixture treats as `bad` and `good`, too distinctive to
    /// appear in any output by chance: a leak is found whole, not guessed
    /// from a quote after a short word.
    static let badToken = "bad-7f3c9e1a5d2b8064-secret"
    static let goodToken = "good-4e8a1f6c0b9d2357-secret"

    /// The token is stored once (its settings column) and nowhere else in
    /// the database: not in the stars cache, not in any other table.
    func expectTokenStoredOnlyInSettings(_ token: String) throws {
        let dump = try SQLiteDump.of(home: home.path)
        #expect(dump.components(separatedBy: token).count == 2, "the token appears elsewhere in the database")
    }

    static func object(_ text: String) -> [String: Any] {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]) ?? [:]
    }

    static func status(_ snapshot: [String: Any]) -> [String: Any] { snapshot["status"] as? [String: Any] ?? [:] }
    static func items(_ snapshot: [String: Any]) -> [[String: Any]] {
        ((snapshot["content"] as? [String: Any])?["list"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
    }

    @Test(.tags(.stars, .cli, .jsonl)) func withoutAUserTheSeedsMessageAndASettingsAction() async throws {
        #expect(try await facet("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace").status == 0)
        let result = try await facet("stars", "--json")
        #expect(result.status == 1)
        #expect(result.stderr.contains("A github user is required."))
        let snapshot = Self.object(result.stdout)
        #expect(Self.status(snapshot)["code"] as? String == "stars.no_user")
        let settings = (snapshot["actions"] as? [[String: Any]])?.first { $0["name"] as? String == "settings" }
        #expect(settings?["enabled"] as? Bool == true)
        // The CLI stops at the error; a long-running front end follows the action.
        let session = try JSONLSession(home: home.path, environment: environment)
        let open = (try session.request("screen.open", ["screen": "stars"])["result"] as? [String: Any]) ?? [:]
        let performed = try session.request("screen.perform", ["handle": open["handle"] as? String ?? "", "action": "settings"])
        let outcome = (performed["result"] as? [String: Any])?["outcome"] as? [String: Any]
        #expect((outcome?["navigate"] as? [String: Any])?["screen"] as? String == "settings")
        #expect(try session.finish() == 0)
    }

    @Test func syncsEveryPageThenAnUnchangedListCostsOneRequest() async throws {
        try await setUp(user: "octo")
        let first = try await facet("stars", "--json")
        #expect(first.status == 0, "\(first.stderr)")
        let snapshot = Self.object(first.stdout)
        let list = (snapshot["content"] as? [String: Any])?["list"] as? [String: Any]
        #expect(list?["total"] as? Int == 230)
        let top = Self.items(snapshot).first
        #expect(top?["title"] as? String == "owner35/project-00229")
        #expect((top?["values"] as? [String: Any])?["stars"] as? Int == (229 * 37) % 5000)
        #expect((top?["values"] as? [String: Any])?["visited"] as? Bool == false)
        let pages = try server.log().filter { ($0["path"] as? String)?.hasPrefix("/users/octo/starred") == true }
        #expect(pages.count == 3)
        let again = try await facet("stars", "--json")
        #expect(again.status == 0)
        let after = try server.log().filter { ($0["path"] as? String)?.hasPrefix("/users/octo/starred") == true }
        #expect(after.count == 4)
        #expect(after.last?["if_none_match"] is String)
        // The cache alone: no request at all.
        let requestsBefore = try server.log().count
        let cached = try await facet("stars", "--refresh", "none", "--search", "project-00007", "--json")
        #expect(Self.items(Self.object(cached.stdout)).map { $0["title"] as? String } == ["owner7/project-00007"])
        #expect(try server.log().count == requestsBefore)
    }

    /// "Cached" is the whole cache in every state; a search narrows the
    /// list's total, never that row (the table and `--json` alike).
    @Test func theCachedRowCountsTheWholeCacheWhateverTheSearch() async throws {
        try await setUp(user: "octo")
        #expect(try await facet("stars", "--json").status == 0)
        let found = Self.object(try await facet("stars", "--refresh", "none", "--search", "drawing", "--json").stdout)
        let list = (found["content"] as? [String: Any])?["list"] as? [String: Any]
        let rows = ((found["content"] as? [String: Any])?["detail"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
        #expect(list?["total"] as? Int == 58, "\(list ?? [:])")
        #expect(rows.first { $0["id"] as? String == "total" }?["data"] as? Int == 230, "\(rows)")
        let table = try await facet("stars", "--refresh", "none", "--language", "rust")
        let cached = table.stderr.split(separator: "\n").first { $0.hasPrefix("Cached") }
        #expect(cached?.hasSuffix(" 230") == true, "\(table.stderr)")
    }

    /// Each failure: exit 1, its message on stderr, its code in the snapshot.
    @Test(arguments: [
        ("ghost", nil as String?, "stars.unknown_user", "GitHub has no user named \"ghost\"."),
        ("octo", StarsEndToEndTests.badToken, "stars.bad_token", "GitHub refused the token (401)"),
        ("limited", nil, "stars.rate_limited", "resets at 03:33"),
        ("secondary", nil, "stars.secondary_rate_limit", "wait 60 s"),
        ("malformed", nil, "stars.malformed", "could not be read"),
        ("huge", nil, "stars.too_large", "4096 KiB"),
        ("slow", nil, "stars.timeout", "within 1.0 s"),
        ("jammed", nil, "stars.secondary_rate_limit", "wait 1 s"),
    ])
    func errorsThroughTheBinary(user: String, token: String?, code: String, words: String) async throws {
        try await setUp(user: user, token: token)
        let result = try await facet("stars", "--json")
        #expect(result.status == 1)
        #expect(result.stderr.contains(words), "\(result.stderr)")
        #expect(Self.status(Self.object(result.stdout))["code"] as? String == code)
        #expect(!result.stdout.contains("bad\"") && !result.stderr.contains("Bearer"))
        if let token {
            #expect(!result.stdout.contains(token) && !result.stderr.contains(token))
            try expectTokenStoredOnlyInSettings(token)
        }
    }

    @Test func offlineShowsTheCacheWithItsAge() async throws {
        try await setUp(user: "octo")
        #expect(try await facet("stars").status == 0)
        #expect(try await facet("settings", "set", "github-base-url", "http://127.0.0.1:9").status == 0)
        let result = try await facet("stars", "--json")
        #expect(result.status == 0, "offline over a cache is a warning, not a failure")
        let snapshot = Self.object(result.stdout)
        #expect(Self.status(snapshot)["code"] as? String == "stars.offline")
        #expect((Self.status(snapshot)["message"] as? String)?.hasPrefix("GitHub unreachable; showing the cache from") == true)
        #expect(Self.items(snapshot).count == 50)
        let rows = (snapshot["content"] as? [String: Any])?["detail"] as? [String: Any]
        let fetched = (rows?["rows"] as? [[String: Any]])?.first { $0["id"] as? String == "fetched_at" }
        #expect(fetched?["value"] as? String == "offline, fetched just now")
        #expect(try await facet("settings", "set", "github-base-url", "http://no-such-host.invalid").status == 0)
        let dns = try await facet("stars", "--json")
        #expect(Self.status(Self.object(dns.stdout))["code"] as? String == "stars.offline")
        #expect(dns.stderr.contains("no-such-host.invalid"))
    }

    @Test func untrustedTextIsSanitisedOnTheTerminalAndExactInJSON() async throws {
        try await setUp(user: "weird")
        let text = try await facet("stars")
        #expect(text.status == 0, "\(text.stderr)")
        #expect(!text.stdout.contains("\u{1B}"))
        #expect(!text.stdout.contains("\u{07}"))
        #expect(text.stdout.contains("中文描述"))
        let json = try await facet("stars", "--refresh", "none", "--json")
        let items = Self.items(Self.object(json.stdout))
        #expect(items.first?["title"] as? String == "evil/\u{1B}[31mred")
        let description = (items.first?["values"] as? [String: Any])?["description"] as? String
        #expect(description == "Line one\nLine two \u{1B}]0;pwned\u{07} 宽字符 😀 tab\there \\u0000")
        // A name that is not owner/name is never opened.
        let id = items.first?["id"] as? String ?? ""
        let refused = try await facet("stars", "--refresh", "none", "open-url", id)
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("is not a repository name"))
        #expect(!refused.stderr.contains("\u{1B}"))
    }

    /// Open, search, open a repository (visited), refresh: still visited, and
    /// the final snapshot is the same through the CLI and JSON lines.
    @Test(.tags(.stars, .cli, .jsonl)) func visitedScenarioIsIdenticalInCLIAndJSONLines() async throws {
        try await setUp(user: "octo", token: "good")
        let directory = TemporaryDirectory()
        let record = directory.path + "/opened"
        let browser = directory.executable("browser", "#!/bin/sh\nprintf '%s\\n' \"$@\" >> '\(record)'\n")

        #expect(try await facet("stars").status == 0)
        let opened = try await facet("stars", "--refresh", "none", "open-url", "1000007", extra: ["BROWSER": browser])
        #expect(opened.status == 0, "\(opened.stderr)")
        #expect(opened.stdout.contains("https://github.com/owner7/project-00007"))
        var recorded = ""
        for _ in 0..<100 {
            recorded = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
            if !recorded.isEmpty { break }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(recorded == "https://github.com/owner7/project-00007\n")
        // No browser: the URL is printed for the user.
        let printed = try await facet("stars", "--refresh", "none", "open-url", "1000008")
        #expect(printed.stdout.contains("https://github.com/owner8/project-00008"))

        try server.control("add", user: "octo", name: "new/thing")
        #expect(try await facet("stars", "refresh-all").status == 0)
        // The star added on GitHub's side is in the cache after the refresh, on top.
        let refreshed = try await facet("stars", "--refresh", "none", "--json")
        #expect(Self.items(Self.object(refreshed.stdout)).first?["title"] as? String == "new/thing")
        let found = try await facet("stars", "--refresh", "none", "--search", "new", "--json")
        #expect(Self.items(Self.object(found.stdout)).map { $0["title"] as? String } == ["new/thing"])
        let cli = try await facet("stars", "--refresh", "none", "filter", "project 7", "--json")
        #expect(cli.status == 0)
        let viaCLI = Self.object(cli.stdout)
        let item = Self.items(viaCLI).first { $0["id"] as? String == "1000007" }
        #expect(item?["badges"] as? [String] == ["visited"])
        #expect((item?["values"] as? [String: Any])?["visited"] as? Bool == true)

        let session = try JSONLSession(home: home.path, environment: environment)
        let open = (try session.request("screen.open", ["screen": "stars", "params": ["refresh": "none"]])["result"] as? [String: Any]) ?? [:]
        let handle = open["handle"] as? String ?? ""
        let performed = try session.request("screen.perform", ["handle": handle, "action": "filter", "args": ["text": "project 7"]])
        let viaJSONL = ((performed["result"] as? [String: Any])?["snapshot"] as? [String: Any]) ?? [:]
        #expect(try session.finish() == 0)
        #expect(NSDictionary(dictionary: viaJSONL) == NSDictionary(dictionary: viaCLI))

        let detail = try await facet("repo", "owner7/project-00007", "--json")
        let rows = ((Self.object(detail.stdout)["content"] as? [String: Any])?["detail"] as? [String: Any])?["rows"] as? [[String: Any]]
        #expect(rows?.first { $0["id"] as? String == "visited" }?["data"] as? Bool == true)
    }

    @Test func starAndUnstarWithTheTokenWhichIsNeverPrinted() async throws {
        try await setUp(user: "octo", token: Self.goodToken)
        #expect(try await facet("stars").status == 0)
        let unstar = try await facet("stars", "--refresh", "none", "unstar", "1000229", "--yes", "--json")
        #expect(unstar.status == 0, "\(unstar.stderr)")
        #expect(Self.items(Self.object(unstar.stdout)).first?["title"] as? String == "owner34/project-00228")
        let star = try await facet("stars", "--refresh", "none", "star", "apple/swift", "--json")
        #expect(star.status == 0, "\(star.stderr)")
        #expect(Self.items(Self.object(star.stdout)).first?["title"] as? String == "apple/swift")
        let settings = try await facet("settings", "--json")
        let human = try await facet("settings")
        for output in [unstar.stdout, unstar.stderr, star.stdout, star.stderr, settings.stdout] {
            #expect(!output.contains("good\""))
        }
        for output in [unstar.stdout, unstar.stderr, star.stdout, star.stderr, settings.stdout, settings.stderr, human.stdout, human.stderr] {
            #expect(!output.contains(Self.goodToken))
        }
        // The starred repository is in the cache, not only in the action's answer.
        let cached = try await facet("stars", "--refresh", "none", "--search", "swift", "--json")
        #expect(Self.items(Self.object(cached.stdout)).contains { $0["title"] as? String == "apple/swift" })
        try expectTokenStoredOnlyInSettings(Self.goodToken)
        let log = try server.log()
        #expect(log.allSatisfy { !(($0["path"] as? String) ?? "").contains("good") })
        #expect(log.contains { $0["method"] as? String == "DELETE" && $0["authorization"] as? Bool == true })
    }
}
