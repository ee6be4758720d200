import Foundation
import Testing
import TestSupport

/// A TUI attached to a server asks for a long list's next page while the
/// cursor is still a screenful from the window's edge, so over a slow
/// connection the rows are there when the cursor reaches them.
@Suite(.serialized, .tags(.playlists, .serve, .tui)) struct PrefetchTmuxTests {
    @Test func theNextPageIsAskedForBeforeTheCursorReachesTheEdge() throws {
        let home = TemporaryDirectory("facet-prefetch-home")
        let files = TemporaryDirectory("facet-prefetch-files")
        let songs = (1...120).map { "#EXTINF:100,Artist \($0) - Song \($0)\n/music/s\($0).mp3\n" }.joined()
        let path = files.file("long.m3u", "#EXTM3U\n" + songs)
        let imported = try FacetProcess.run(["playlists", "import", path, "--name", "Long"], home: home.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        let server = try AttachedServer(home: home)
        defer { server.stop() }
        let tmux = try server.tui(home: home.path, arguments: "--ui tui playlist Long")
        try tmux.wait(forText: "1 of 3")
        // The first page holds 50 songs; the cursor stops eleven short of its last.
        for _ in 0..<38 { try tmux.keys("j") }
        try tmux.wait(forText: "39/120")
        let shown = try tmux.wait(forText: "1–2 of 3")
        #expect(shown.contains("39/120"), "the cursor did not go on to the edge")
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
    }
}
