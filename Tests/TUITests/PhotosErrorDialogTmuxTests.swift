import Foundation
import Testing
import TestSupport

/// A failed photo fetch in the TUI (README: "a dialog in the TUI"): against
/// the loopback fixture answering 500, the Photos tab opens a dialog headed
/// "An Error Occurred:" with the HTTP status; closing it leaves the screen
/// usable, and a reload that fails again says so again.
@Suite(.serialized) struct PhotosErrorDialogTmuxTests {
    @Test func aFailedFetchOpensAnErrorDialog() async throws {
        let screens = try await offThePool { try Self.run() }
        for screen in screens.failed {
            #expect(screen.contains("┌─ Error"), "\(screen)")
            #expect(screen.contains("An Error Occurred:"), "\(screen)")
            #expect(screen.contains("500"), "\(screen)")
        }
        #expect(screens.failed.count == 2)
        #expect(!screens.closed.contains("┌─ Error"), "\(screens.closed)")
    }

    struct Screens: Sendable {
        var failed: [String] = []
        var closed = ""
    }

    static func run() throws -> Screens {
        var screens = Screens()
        let fixture = try PhotosFixtureServer.shared()
        let home = TemporaryDirectory("facet-photos-error")
        func facet(_ words: String...) throws -> FacetProcess.Result { try FacetProcess.run(words, home: home.path) }
        guard try facet("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace").status == 0,
              try facet("settings", "set", "photos-base-url", fixture.baseURL("status/500")).status == 0
        else { throw Failure.setUp }
        let tmux = try TmuxSession(command: TmuxEndToEndTests().command(home: home.path))
        try tmux.switchToTab("Photos", on: tmux.waitForPlaylists())
        screens.failed.append(try tmux.wait(forText: "┌─ Error"))
        try tmux.keys("Enter")
        screens.closed = try tmux.wait(for: "the dialog closed") { !$0.contains("┌─ Error") && $0.contains("Photos") }
        try tmux.keys("r")
        screens.failed.append(try tmux.wait(forText: "┌─ Error"))
        try tmux.keys("Escape")
        try tmux.wait(for: "the dialog closed again") { !$0.contains("┌─ Error") }
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
        return screens
    }

    enum Failure: Error { case setUp }
}
