import Foundation
import Testing
import TestSupport

/// Seed 000's visited scenario driven by keys in the real TUI against the
/// loopback GitHub fixture: open the stars, search, open a repository in the
/// browser (marked visited), full refresh (still visited); the rows the TUI
/// ends with are the rows the CLI's `--json` gives for the same search.
@Suite(.serialized, .tags(.stars, .tui, .cli)) struct StarsTUIConformanceTests {
    struct Seen: Sendable {
        var opened = ""
        var tui = Data()
        var cli: FacetProcess.Result?
    }

    @Test func searchOpenRefreshKeepsVisitedAndMatchesTheCLI() async throws {
        // The blocking part (processes, tmux polling) runs off the cooperative pool.
        let seen = try await offThePool { try Self.run() }
        #expect(seen.opened.hasPrefix("https://github.com/owner"), "the browser got: \(seen.opened)")
        #expect(seen.cli?.status == 0, "\(seen.cli?.stderr ?? "")")
        let viaTUI = try JSONSerialization.jsonObject(with: seen.tui) as? [String: Any]
        let viaCLI = try JSONSerialization.jsonObject(with: Data((seen.cli?.stdout ?? "").utf8)) as? [String: Any]
        func items(_ snapshot: [String: Any]?) -> [[String: Any]] {
            ((snapshot?["content"] as? [String: Any])?["list"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        }
        #expect(!items(viaTUI).isEmpty)
        #expect(NSArray(array: items(viaTUI)) == NSArray(array: items(viaCLI)))
        // The opened repository is the visited one, after the full refresh too.
        let visited = items(viaTUI).filter { ($0["badges"] as? [String])?.contains("visited") == true }
        #expect(visited.count == 1)
        let name = (visited.first?["values"] as? [String: Any])?["full_name"] as? String ?? "?"
        #expect(seen.opened == "https://github.com/\(name)\n")
    }

    static func run() throws -> Seen {
        var seen = Seen()
        let server = try FixtureServer(arguments: ["--stars", "230"])
        let home = TemporaryDirectory("facet-stars-tui")
        func facet(_ words: String...) throws -> FacetProcess.Result {
            try FacetProcess.run(words, home: home.path, environment: ["TZ": "UTC"])
        }
        guard try facet("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace").status == 0,
              try facet("settings", "set-field", "github-user", "octo", "set-field", "github-base-url", server.baseURL).status == 0
        else { throw Failure.setUp }
        let record = home.path + "/opened"
        let browser = home.executable("browser", "#!/bin/sh\nprintf '%s\\n' \"$@\" >> '\(record)'\n")

        let snapshotPath = home.path + "/tui-snapshot.json"
        let tmux = try TmuxSession(command: TmuxEndToEndTests().command(
            home: home.path, extra: "TZ=UTC BROWSER=\(shellQuoted(browser)) FACET_TUI_SNAPSHOT=\(shellQuoted(snapshotPath))"))
        try tmux.switchToTab("Starred", on: tmux.waitForPlaylists())
        try tmux.wait(forText: "Read 230 starred repositories from GitHub.")
        try tmux.keys("/")
        try tmux.type("project 7")
        try tmux.keys("Enter")
        try tmux.wait(forText: "filter: project 7")
        try tmux.keys("o")
        try tmux.wait(forText: "https://github.com/owner")
        for _ in 0..<250 where seen.opened.isEmpty {
            seen.opened = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
            usleep(20_000)
        }
        try tmux.keys("R")
        // A full pass reads every star, whatever the search shows.
        try tmux.wait(forText: "Read 230 starred repositories from GitHub.")
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
        seen.tui = try Data(contentsOf: URL(fileURLWithPath: snapshotPath))
        seen.cli = try facet("stars", "--refresh", "none", "filter", "project 7", "--json")
        return seen
    }

    enum Failure: Error { case setUp }
}
