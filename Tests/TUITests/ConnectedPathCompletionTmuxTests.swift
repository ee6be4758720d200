import Foundation
import Testing
import TestSupport

/// Paths mean the machine of the core a TUI is attached to: Tab in a path
/// field completes from the server's folders (here its working directory,
/// which is not the TUI's), and the import reads the file the completion
/// named there.
@Suite(.serialized, .tags(.playlists, .serve, .tui)) struct ConnectedPathCompletionTmuxTests {
    @Test func tabCompletesFromTheServersFolders() throws {
        let home = TemporaryDirectory("facet-remote-paths-home")
        let serverSide = TemporaryDirectory("facet-remote-paths-server")
        RoadTripCompletion.write(into: serverSide)
        // The TUI's own folder holds a different "mi…": completing it would be this machine's.
        let clientSide = TemporaryDirectory("facet-remote-paths-client")
        clientSide.file("mine-only-here.txt", "local")
        let server = try AttachedServer(home: home, in: serverSide.path)
        defer { server.stop() }
        let tmux = try server.tui(home: home.path, in: clientSide.path)
        try tmux.wait(forText: "Sample")
        let completed = try RoadTripCompletion.walk(tmux).first
        #expect(!completed.contains("mine-only-here"))
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
    }
}
