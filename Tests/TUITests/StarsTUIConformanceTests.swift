import Foundation
import Testing
import TestSupport

/// Seed 000's visited scenario driven by keys in the real TUI against the
/// loopback GitHub fixture: open the stars, search, open a repository in the
/// browser (marked visited), full refresh (still visited); the rows the TUI
/// ends with are the rows the CLI's `--json` gives for the same search.
@Suite(.serialized) struct StarsTUIConformanceTests {
    @Test func searchOpenRefreshKeepsVisitedAndMatchesTheCLI() throws {
        let server = try FixtureServer(arguments: ["--stars", "230"])
        let home = TemporaryDirectory("facet-stars-tui")
        func facet(_ words: String...) throws -> FacetProcess.Result {
            try FacetProcess.run(words, home: home.path, environment: ["TZ": "UTC"])
        }
        #expect(try facet("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace").status == 0)
        #expect(try facet("settings", "set-field", "github-user", "octo", "set-field", "github-base-url", server.baseURL).status == 0)
        let record = home.path + "/opened"
        let browser = home.file("browser", "#!/bin/sh\nprintf '%s\\n' \"$@\" >> '\(record)'\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: browser)

        let snapshotPath = home.path + "/tui-snapshot.json"
        let tmux = try TmuxSession(command: TmuxEndToEndTests().command(
            home: home.path, extra: "TZ=UTC BROWSER=\(shellQuoted(browser)) FACET_TUI_SNAPSHOT=\(shellQuoted(snapshotPath))"))
        let first = try tmux.waitForPlaylists()
        let tabs = first.components(separatedBy: "\n").first ?? ""
        let tab = try #require(tabs.range(of: #"[0-9]+ Starred"#, options: .regularExpression), "no stars tab in: \(tabs)")
        try tmux.type(String(tabs[tab].prefix { $0.isNumber }))
        try tmux.wait(forText: "Read 230 starred repositories from GitHub.")
        try tmux.keys("/")
        try tmux.type("project 7")
        try tmux.keys("Enter")
        try tmux.wait(forText: "filter: project 7")
        try tmux.keys("o")
        try tmux.wait(forText: "https://github.com/owner")
        var opened = ""
        for _ in 0..<100 where opened.isEmpty {
            opened = (try? String(contentsOfFile: record, encoding: .utf8)) ?? ""
            usleep(20_000)
        }
        #expect(opened.hasPrefix("https://github.com/owner"), "the browser got: \(opened)")
        try tmux.keys("R")
        // A full pass reads every star, whatever the search shows.
        try tmux.wait(forText: "Read 230 starred repositories from GitHub.")
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")

        let viaTUI = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: snapshotPath))) as? [String: Any]
        let cli = try facet("stars", "--refresh", "none", "filter", "project 7", "--json")
        #expect(cli.status == 0, "\(cli.stderr)")
        let viaCLI = try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? [String: Any]
        func items(_ snapshot: [String: Any]?) -> [[String: Any]] {
            ((snapshot?["content"] as? [String: Any])?["list"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        }
        #expect(!items(viaTUI).isEmpty)
        #expect(NSArray(array: items(viaTUI)) == NSArray(array: items(viaCLI)))
        // The opened repository is the visited one, after the full refresh too.
        let visited = items(viaTUI).filter { ($0["badges"] as? [String])?.contains("visited") == true }
        #expect(visited.count == 1)
        let name = (visited.first?["values"] as? [String: Any])?["full_name"] as? String ?? "?"
        #expect(opened == "https://github.com/\(name)\n")
    }
}
