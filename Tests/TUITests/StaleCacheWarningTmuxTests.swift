import Foundation
import Testing
import TestSupport

/// Offline with a cache, the Stars and Photos tabs show the cached rows and
/// a status-line warning with the cache's age: no modal dialog, neither on
/// the first visit nor on coming back to the tab (whose reload is the TUI's
/// own doing, not something the user asked for). The servers are real
/// loopback processes, stopped after the first fetch.
@Suite(.serialized) struct StaleCacheWarningTmuxTests {
    static let fetchedAt = 1_790_000_000
    static let clock = "TZ=UTC FACET_HTTP_TIMEOUT_MS=1000 FACET_HTTP_RETRY_BASE_MS=10 FACET_CLOCK=\(fetchedAt + 3 * 3600)"

    struct Visits: Sendable {
        var first = ""
        var again = ""
    }

    func facet(_ home: TemporaryDirectory, _ words: String...) throws -> FacetProcess.Result {
        try FacetProcess.run(words, home: home.path, environment: ["TZ": "UTC", "FACET_CLOCK": String(Self.fetchedAt)])
    }

    /// Opens `tab`, waits for `warning`, goes to Playlists and back, then
    /// sorts (`>`): actions run in order, so once the sort shows, the
    /// reload that coming back started is over and its outcome on screen.
    func visitTwice(_ home: TemporaryDirectory, tab: String, warning: String) throws -> Visits {
        var visits = Visits()
        let tmux = try TmuxSession(command: TmuxEndToEndTests().command(home: home.path, extra: Self.clock, arguments: "--ui tui --no-mouse"))
        let playlists = try tmux.waitForPlaylists()
        try tmux.switchToTab(tab, on: playlists)
        visits.first = try tmux.wait(forText: warning, timeout: 20)
        try tmux.switchToTab("Playlists", on: playlists)
        try tmux.waitForPlaylists()
        try tmux.switchToTab(tab, on: playlists)
        let back = try tmux.wait(for: "the \(tab) tab again") { screen in
            // The title line names the screen shown, no longer the playlists.
            let title = screen.components(separatedBy: "\n").dropFirst().first ?? ""
            return !title.isEmpty && !title.contains("Playlists")
        }
        let title = back.components(separatedBy: "\n").dropFirst().first ?? ""
        try tmux.keys(">")
        visits.again = try tmux.wait(for: "the sort after coming back", timeout: 20) { screen in
            screen.contains("┌─ Error") || (screen.components(separatedBy: "\n").dropFirst().first ?? "") != title
        }
        return visits
    }

    func expectWarnedWithoutDialog(_ visits: Visits, warning: String) {
        #expect(visits.first.contains(warning), "\(visits.first)")
        #expect(visits.first.contains("3 hours ago"), "\(visits.first)")
        // Coming back, the status line still says the server is unreachable.
        #expect(visits.again.contains("unreachable"), "\(visits.again)")
        for screen in [visits.first, visits.again] {
            #expect(!screen.contains("┌─ Error") && !screen.contains("┌─ Cannot do that"), "a modal dialog:\n\(screen)")
        }
    }

    @Test func offlineStarsWarnInTheStatusLine() async throws {
        let home = TemporaryDirectory("facet-stale-stars")
        var server: FixtureServer? = try FixtureServer(arguments: ["--stars", "30"])
        #expect(try facet(home, "login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace").status == 0)
        #expect(try facet(home, "settings", "set-field", "github-user", "octo", "set-field", "github-base-url", server!.baseURL).status == 0)
        let online = try facet(home, "stars", "--jsonl")
        #expect(online.status == 0, "\(online.stderr)")
        server = nil
        let warning = "GitHub unreachable; showing the cache from 3 hours ago."
        let visits = try await offThePool { try visitTwice(home, tab: "Starred", warning: warning) }
        expectWarnedWithoutDialog(visits, warning: warning)
    }

    @Test func offlinePhotosWarnInTheStatusLine() async throws {
        let home = TemporaryDirectory("facet-stale-photos")
        var server: PhotosFixtureServer? = try PhotosFixtureServer()
        #expect(try facet(home, "login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace").status == 0)
        #expect(try facet(home, "settings", "set", "photos-base-url", server!.baseURL("ok")).status == 0)
        let online = try facet(home, "photos", "--jsonl")
        #expect(online.status == 0, "\(online.stderr)")
        server = nil
        let warning = "unreachable; showing the cache from 3 hours ago."
        let visits = try await offThePool { try visitTwice(home, tab: "Photos", warning: warning) }
        expectWarnedWithoutDialog(visits, warning: warning)
    }
}
