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
        serverSide.file("mixes/road trip.m3u", "#EXTM3U\n#EXTINF:200,Kraftwerk - Autobahn\n/music/autobahn.mp3\n")
        serverSide.file("mixes/road songs.m3u", "#EXTM3U\n#EXTINF:180,Queen - Bicycle Race\n/music/bicycle.mp3\n")
        // The TUI's own folder holds a different "mi…": completing it would be this machine's.
        let clientSide = TemporaryDirectory("facet-remote-paths-client")
        clientSide.file("mine-only-here.txt", "local")
        let server = try AttachedServer(home: home, in: serverSide.path)
        defer { server.stop() }
        let tmux = try server.tui(home: home.path, in: clientSide.path)
        try tmux.wait(forText: "Sample")
        try tmux.keys("i")
        try tmux.wait(forText: "File or directory")
        try tmux.type("mi")
        try tmux.keys("Tab")
        let completed = try tmux.wait(forText: "mixes/")
        #expect(!completed.contains("mine-only-here"))
        try tmux.type("r")
        try tmux.keys("Tab")
        try tmux.wait(for: "both of the server's matches listed") { $0.contains("road songs.m3u") && $0.contains("road trip.m3u") }
        try tmux.type("t")
        try tmux.keys("Tab")
        try tmux.wait(forText: "mixes/road trip.m3u")
        try tmux.keys("Enter")
        try tmux.wait(forText: "Imported 1 song")
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
    }
}
