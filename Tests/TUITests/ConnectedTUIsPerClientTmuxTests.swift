import Foundation
import Testing
import TestSupport

/// Two TUIs attached to one `facet serve` (two tmux sessions): a filter
/// typed in one is that one's own, while a playlist it imports appears in
/// both.
@Suite(.serialized, .tags(.playlists, .serve, .tui)) struct ConnectedTUIsPerClientTmuxTests {
    /// A TUI attached to `socket`, in a tmux session of its own.
    func attachedTUI(home: String, socket: String) throws -> TmuxSession {
        try TmuxSession(command: "trap '' INT; env -i PATH=/usr/bin:/bin HOME=\(shellQuoted(home)) "
            + "FACET_HOME=\(shellQuoted(home)) TERM=xterm-256color LANG=C.UTF-8 "
            + "\(shellQuoted(FacetProcess.binary)) --connect \(shellQuoted(socket)) --ui tui; echo EXITED $?; read _")
    }

    func rows(_ screen: String) -> [String] { screen.components(separatedBy: "\n") }

    @Test func aFilterStaysInItsTUIAndAnImportShowsInBoth() throws {
        let home = TemporaryDirectory("facet-perclient-home")
        let runtime = TemporaryDirectory("facet-perclient-run")
        let files = TemporaryDirectory("facet-perclient-files")
        let path = files.file("zz mix.m3u", "#EXTM3U\n#EXTINF:200,Kraftwerk - Autobahn\n/music/autobahn.mp3\n")
        let socket = runtime.path + "/facet.sock"
        let server = try BoundedProcess(
            FacetProcess.binary, ["serve", "--socket", socket], environment: FacetProcess.environment(home: home.path))
        defer {
            server.signal(SIGTERM)
            _ = server.finish(timeout: 20)
        }
        // It says so once its socket is listening.
        #expect(server.waitFor(timeout: 60) { server.stderr.contains("serving on") }, "\(server.stderr)")

        let a = try attachedTUI(home: home.path, socket: socket)
        let b = try attachedTUI(home: home.path, socket: socket)
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
