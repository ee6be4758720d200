import Foundation
import Testing
import TestSupport

/// Two TUIs attached to one `facet serve` (two tmux sessions): a filter
/// typed in one is that one's own, while a playlist it imports appears in
/// both.
@Suite(.serialized, .tags(.playlists, .serve, .tui)) struct ConnectedTUIsPerClientTmuxTests {
    func rows(_ screen: String) -> [String] { screen.components(separatedBy: "\n") }

    @Test func aFilterStaysInItsTUIAndAnImportShowsInBoth() throws {
        let home = TemporaryDirectory("facet-perclient-home")
        let files = TemporaryDirectory("facet-perclient-files")
        let path = files.file("zz mix.m3u", "#EXTM3U\n#EXTINF:200,Kraftwerk - Autobahn\n/music/autobahn.mp3\n")
        let server = try AttachedServer(home: home)
        defer { server.stop() }

        let a = try server.tui(home: home.path)
        let b = try server.tui(home: home.path)
        try a.waitForPlaylists()
        try b.waitForPlaylists()

        // A filters its list down to nothing.
        try a.keys("/")
        try a.wait(forText: "Keep filter")
        try a.type("zz")
        try a.keys("Enter")
        try a.wait(for: "A's list filtered") { screen in
            screen.contains("filter: zz") && !rows(screen).contains { $0.hasPrefix("› Sample ") || $0.hasPrefix("  Sample ") }
        }

        // A imports a playlist its filter lets through.
        try a.keys("i")
        try a.wait(forText: "File or directory")
        try a.type(path)
        try a.keys("Enter")
        try a.wait(forText: "Imported 1 song")
        try a.wait(for: "the import in A's filtered list") { screen in
            screen.contains("filter: zz") && rows(screen).contains { $0.contains("zz mix") }
                && !rows(screen).contains { $0.hasPrefix("› Sample ") || $0.hasPrefix("  Sample ") }
        }

        // B, which pressed nothing, shows it too, beside the sample: A's
        // filter never reached it.
        let seen = try b.wait(for: "the import in B's whole list") { screen in
            rows(screen).contains { $0.contains("zz mix") } && rows(screen).contains { $0.hasPrefix("› Sample ") || $0.hasPrefix("  Sample ") }
        }
        #expect(!seen.contains("filter:"))

        for tui in [a, b] {
            try tui.keys("q")
            try tui.wait(forText: "EXITED 0")
        }
    }
}
