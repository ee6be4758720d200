import Foundation
import Testing
import TestSupport

/// The TUI attached through ssh (`--connect ssh://HOST`) to Facet on
/// another host (a real sshd on loopback, `SSHServer`): it shows the remote
/// core's screens, and when the remote core is killed it keeps its frame,
/// says the connection was lost, and connects again on its own.
@Suite(.serialized, .tags(.playlists, .serve, .tui)) struct SSHConnectedTUITests {
    @Test func aTUIThroughSSHKeepsItsFrameWhenTheRemoteCoreDiesAndConnectsAgain() throws {
        let server = try SSHServer()
        let home = TemporaryDirectory("facet-ssh-tui-home")
        let environment = server.clientEnvironment().map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(separator: " ")
        let tmux = try TmuxSession(
            command: "trap '' INT; env -i PATH=/usr/bin:/bin HOME=\(shellQuoted(home.path)) "
                // Pictures off: this is about the connection, and the sample's
                // covers are on a host the test cannot reach.
                + "FACET_HOME=\(shellQuoted(home.path)) FACET_PICTURES=off TERM=xterm-256color LANG=C.UTF-8 \(environment) "
                + "\(shellQuoted(FacetProcess.binary)) --connect ssh://\(SSHServer.alias) --ui tui; echo EXITED $?; sleep 60",
            width: 160, height: 30)
        _ = try tmux.wait(forText: "7 songs")
        try tmux.keys("Enter")
        _ = try tmux.wait(forText: "1/7")
        let core = try #require(SSHServer.remoteCore(home: server.remoteHome.path))
        kill(core, SIGKILL)
        // The frame stays: the playlist's rows and position are still drawn.
        let frame = try tmux.waitForFrame(for: "the lost connection") { $0.contains("connection to \(SSHServer.alias) was lost") }
        #expect(frame.contains("1/7"), "\(frame)")
        #expect(!frame.contains("EXITED"), "\(frame)")
        // The timed retry starts a new remote core and opens the screen again.
        let deadline = Date().addingTimeInterval(45)
        var again = SSHServer.remoteCore(home: server.remoteHome.path)
        while again == nil || again == core, Date() < deadline { again = SSHServer.remoteCore(home: server.remoteHome.path) }
        #expect(again != nil && again != core, "no new remote core")
        try tmux.keys("Escape")
        // The reopened screen hears of changes again: one made on the remote host redraws it.
        let removed = try FacetProcess.run(["playlist", "Sample", "remove-song", "1", "--yes"], home: server.remoteHome.path)
        #expect(removed.status == 0, "\(removed.stderr)")
        let back = try tmux.waitForFrame(for: "the reopened screen with the change") { $0.contains("1/6") && !$0.contains("was lost") }
        #expect(!back.contains("EXITED"), "\(back)")
    }
}
