import Foundation
import Testing
import TestSupport

/// Settings are data like any other: a `facet settings set` run in another
/// terminal reaches a TUI already open, at once on the screen that needs
/// it, and `r` always fetches with the settings as saved now. The built
/// binary under tmux, the other process a one-shot CLI run, the servers
/// real loopback processes.
@Suite(.serialized) struct SettingsAcrossProcessesTmuxTests {
    func facet(_ home: TemporaryDirectory, _ words: String...) throws -> FacetProcess.Result {
        try FacetProcess.run(words, home: home.path)
    }

    @Test func aGitHubUserSetInAnotherProcessOpensTheirStars() throws {
        let home = TemporaryDirectory("facet-tui-settings-stars")
        let server = try FixtureServer(arguments: ["--stars", "30"])
        #expect(try facet(home, "login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace").status == 0)
        #expect(try facet(home, "settings", "set", "github-base-url", server.baseURL).status == 0)
        let tmux = try TmuxSession(
            command: TmuxEndToEndTests().command(home: home.path, arguments: "--ui tui --no-mouse stars"))
        try tmux.wait(forText: "A github user is required")
        let result = try facet(home, "settings", "set", "github-user", "octo")
        #expect(result.status == 0, "\(result.stderr)")
        // No key pressed: the open screen follows the saved setting.
        let shown = try tmux.wait(for: "octo's stars", timeout: 60) { $0.contains("Stars of octo") && $0.contains("owner") }
        #expect(!shown.contains("A github user is required"), "\(shown)")
        try tmux.type("q")
        try tmux.wait(forText: "EXITED 0")
    }

    @Test func reloadFetchesFromThePhotosServerSavedByAnotherProcess() throws {
        let home = TemporaryDirectory("facet-tui-settings-photos")
        let server = try PhotosFixtureServer.shared()
        #expect(try facet(home, "login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace").status == 0)
        #expect(try facet(home, "settings", "set", "photos-base-url", server.baseURL("count/3")).status == 0)
        let tmux = try TmuxSession(
            command: TmuxEndToEndTests().command(home: home.path, arguments: "--ui tui --no-mouse photos"))
        try tmux.wait(forText: "Fetched 3 photos")
        let result = try facet(home, "settings", "set", "photos-base-url", server.baseURL("escapes"))
        #expect(result.status == 0, "\(result.stderr)")
        try tmux.keys("r")
        let shown = try tmux.wait(for: "the photos of the new server", timeout: 60) { $0.contains("plain title") }
        #expect(shown.contains("Fetched 5 photos"), "\(shown)")
        try tmux.type("q")
        try tmux.wait(forText: "EXITED 0")
    }
}
