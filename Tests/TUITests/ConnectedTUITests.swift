import Foundation
import Testing
import TestSupport

/// `facet --connect`: a TUI attached to a running `facet serve` redraws
/// when a CLI command, attached to the same server, changes what it shows
/// (each with its own view model in the server, over one database).
@Suite(.serialized, .tags(.playlists, .serve, .tui, .cli)) struct ConnectedTUITests {
    @Test func aTUIAttachedToTheServerRedrawsAfterACLICommand() throws {
        let home = TemporaryDirectory("facet-connect-home")
        let server = try AttachedServer(home: home)
        defer { server.stop() }
        let socket = server.socket
        let tmux = try server.tui(home: home.path)
        try tmux.wait(forText: "7 songs")
        try tmux.keys("Enter")
        try tmux.wait(forText: "1/7")

        let removed = try FacetProcess.run(["--connect", socket, "playlist", "Sample", "remove-song", "1", "--yes"], home: home.path)
        #expect(removed.status == 0, "\(removed.stderr)")
        // No key pressed: the server's notification redraws it.
        try tmux.wait(forText: "1/6")
        // The CLI through the server prints what the server holds.
        let shown = try FacetProcess.run(["--connect", socket, "playlist", "Sample", "--json"], home: home.path)
        #expect(shown.status == 0)
        #expect(shown.stdout.contains(#""screen":"playlist""#))

        // Nobody listening: a clear error, not a hang.
        let nowhere = try FacetProcess.run(["--connect", server.vacantSocket, "playlists"], home: home.path)
        #expect(nowhere.status == 1)
        #expect(nowhere.stderr.contains("no facet server on"))
    }
}
