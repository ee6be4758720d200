import Foundation
import Testing
import TestSupport

/// `facet --connect`: a TUI attached to a running `facet serve` redraws
/// when a CLI command, attached to the same server, changes what it shows
/// (each with its own view model in the server, over one database).
@Suite(.serialized, .tags(.playlists, .serve, .tui, .cli)) struct ConnectedTUITests {
    @Test func aTUIAttachedToTheServerRedrawsAfterACLICommand() throws {
        let home = TemporaryDirectory("facet-connect-home")
        let runtime = TemporaryDirectory("facet-connect-run")
        let socket = runtime.path + "/facet.sock"
        let server = Process()
        server.executableURL = URL(fileURLWithPath: FacetProcess.binary)
        server.arguments = ["serve", "--socket", socket]
        server.environment = FacetProcess.environment(home: home.path)
        server.standardInput = FileHandle.nullDevice
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        try server.run()
        defer {
            server.terminate()
            server.waitUntilExit()
        }
        // Ready once a client gets an answer.
        var ready = false
        for _ in 0..<200 where !ready {
            ready = (try? FacetProcess.run(["--connect", socket, "playlists", "--json"], home: home.path))?.status == 0
            if !ready { usleep(50_000) }
        }
        #expect(ready)

        let tmux = try TmuxSession(command: "trap '' INT; env -i PATH=/usr/bin:/bin HOME=\(shellQuoted(home.path)) "
            + "FACET_HOME=\(shellQuoted(home.path)) TERM=xterm-256color LANG=C.UTF-8 "
            + "\(shellQuoted(FacetProcess.binary)) --connect \(shellQuoted(socket)) --ui tui; echo EXITED $?; sleep 60")
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
        let nowhere = try FacetProcess.run(["--connect", runtime.path + "/none.sock", "playlists"], home: home.path)
        #expect(nowhere.status == 1)
        #expect(nowhere.stderr.contains("no facet server on"))
    }
}
