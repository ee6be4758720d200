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
            command: Self.command(home: home, environment: environment, arguments: "--ui tui"), width: 160, height: 30)
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
        // Nothing says "lost" any more: the status, and the picture the lost
        // connection cut off (the sample's covers are on a host the test cannot
        // reach, so it is asked again and fails for that reason now, or is still loading).
        let back = try tmux.waitForFrame(for: "the reopened screen with the change") { $0.contains("1/6") && !$0.contains("was lost") }
        #expect(!back.contains("EXITED"), "\(back)")
    }

    /// A picture the lost connection cut off is asked for again once the
    /// screen is open again: its placeholder does not keep saying the
    /// connection was lost. The remote core fetches the cover from the
    /// loopback picture server, which holds the first request back long
    /// enough for the core to be killed meanwhile, and answers the next at once.
    @Test func aPictureCutOffByTheLostConnectionIsFetchedAgainAfterTheReconnect() throws {
        let server = try SSHServer()
        let home = TemporaryDirectory("facet-ssh-tui-picture-home")
        let files = TemporaryDirectory("facet-ssh-tui-picture-files")
        // Black on its left half, white on its right: symbol art with full blocks.
        let made = try BoundedProcess.run(
            "/usr/bin/convert",
            ["-size", "64x32", "xc:white", "-fill", "black", "-draw", "rectangle 0,0 31,31", files.path + "/half.png"], timeout: 120)
        try #require(made.status == 0, "\(made.stderr)")
        let pictures = try PicturesFixtureServer(folder: files.path)
        let list = files.path + "/road.json"
        let songs: [[String: Any]] = [["title": "Held", "artist_name": "A", "cover": pictures.baseURL + "/slow-once/60000/half.png"]]
        try JSONSerialization.data(withJSONObject: ["result": songs]).write(to: URL(fileURLWithPath: list))
        let imported = try FacetProcess.run(["playlists", "import", list, "--name", "Road"], home: server.remoteHome.path)
        try #require(imported.status == 0, "\(imported.stderr)")
        let environment = server.clientEnvironment().map { "\($0.key)=\(shellQuoted($0.value))" }.sorted().joined(separator: " ")
        let tmux = try TmuxSession(
            command: Self.command(home: home, environment: environment, arguments: "--ui tui playlist Road"), width: 160, height: 30)
        _ = try tmux.waitForFrame(for: "the cover being fetched") { $0.contains("Held") && $0.contains("[picture…]") }
        let core = try #require(SSHServer.remoteCore(home: server.remoteHome.path))
        kill(core, SIGKILL)
        let cut = try tmux.waitForFrame(for: "the picture cut off") { $0.contains("[no picture]") }
        #expect(!cut.contains("EXITED"), "\(cut)")
        // The timed retry opens the screen again; the cover follows.
        let back = try tmux.waitForFrame(for: "the cover after the reconnect", timeout: 90) { screen in
            screen.contains("Held") && PicturesTmuxTests.hasArt(screen) && !screen.contains("[no picture]")
        }
        // (The lost connection's dialog may still be open over the list: it is shown once, until closed.)
        #expect(!back.contains("EXITED"), "\(back)")
        #expect(try pictures.log().filter { $0.path.hasPrefix("/slow-once/") }.count == 2, "asked once, then once again")
    }

    static func command(home: TemporaryDirectory, environment: String, arguments: String) -> String {
        "trap '' INT; env -i PATH=/usr/bin:/bin HOME=\(shellQuoted(home.path)) "
            + "FACET_HOME=\(shellQuoted(home.path)) TERM=xterm-256color LANG=C.UTF-8 \(environment) "
            + "\(shellQuoted(FacetProcess.binary)) --connect ssh://\(SSHServer.alias) \(arguments); echo EXITED $?; sleep 60"
    }
}
