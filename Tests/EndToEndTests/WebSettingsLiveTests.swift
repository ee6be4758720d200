import Foundation
import Testing
import TestSupport

/// An open web page follows settings another process saves, as it follows
/// data (Tests/WebBrowser/web_settings_live.py, headless Chromium, a
/// one-shot CLI run on the same database, a loopback GitHub fixture).
@Suite(.tags(.web)) struct WebSettingsLiveTests {
    let home = TemporaryDirectory("facet-web-settings-live")

    @Test func aGitHubUserSavedElsewhereShowsTheirStarsInTheOpenPage() throws {
        let github = try FixtureServer(arguments: ["--stars", "30"])
        for words in [
            ["login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace"],
            ["settings", "set", "github-base-url", github.baseURL],
        ] {
            let result = try FacetProcess.run(words, home: home.path)
            try #require(result.status == 0, "facet \(words.joined(separator: " ")): \(result.stderr)")
        }
        let server = try WebServerProcess(home: home.path)
        let run = try BoundedProcess.run(
            "/usr/bin/env",
            ["python3", FixtureServer.repositoryRoot + "/Tests/WebBrowser/web_settings_live.py", server.url, FacetProcess.binary, home.path],
            environment: ProcessInfo.processInfo.environment, timeout: 180)
        #expect(run.status == 0, "web_settings_live.py: \(run.stderr.suffix(3000))")
        let facts = try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any] ?? [:]
        #expect(facts["saved"] as? Int == 0)
        #expect(facts["after"] as? String == "Stars of octo")
        let rows = facts["settingsRows"] as? [String] ?? []
        #expect(rows.contains("Settings of"), "\(rows)")
        #expect(!rows.contains { $0.contains("(saved)") }, "each setting once, in its form field: \(rows)")
        // An early click saves the edit, and the notice names the edited field alone.
        #expect(facts["pageSize"] as? String == "25", "\(facts)")
        let saved = facts["savedStatus"] as? String ?? ""
        #expect(saved.contains("Saved: Page size") && !saved.contains("GitHub"), "\(saved)")
        #expect(server.stop() == 0)
    }
}
