import Foundation
import Testing
import TestSupport

/// The built `facet --ui tui` in a real terminal (tmux), checked by what a
/// person sees. Not skipped when tmux is missing: CI installs it.
@Suite(.serialized) struct TmuxEndToEndTests {
    init() {}

    func command(home: String, extra: String = "", term: String = "xterm-256color", arguments: String = "--ui tui") -> String {
        // The shell ignores Ctrl-C so that it survives to print the exit
        // status, and stays alive after it: tmux can drop a dying pane's
        // last output.
        "trap '' INT; env -i PATH=/usr/bin:/bin HOME=\(shellQuoted(home)) FACET_HOME=\(shellQuoted(home)) TERM=\(term) LANG=C.UTF-8 \(extra) "
            + "\(shellQuoted(FacetProcess.binary)) \(arguments); echo EXITED $?; sleep 60"
    }

    func lines(_ screen: String) -> [String] { screen.components(separatedBy: "\n") }

    @Test func playlistScenarioAsAPersonSeesIt() throws {
        let home = TemporaryDirectory("facet-tui-e2e")
        let snapshotPath = home.path + "/final-snapshot.json"
        let m3u = home.file("road trip.m3u", """
            #EXTM3U
            #EXTINF:200,Kraftwerk - Autobahn
            /music/autobahn.mp3
            #EXTINF:180,坂本龍一 - Merry Christmas Mr. Lawrence
            /music/merry.mp3
            #EXTINF:240,Queen - Don't Stop Me Now
            /music/dont-stop.mp3
            """)
        let tmux = try TmuxSession(command: command(home: home.path, extra: "FACET_TUI_SNAPSHOT=\(shellQuoted(snapshotPath))"))

        // The playlists screen with the sample playlist.
        var screen = try tmux.waitForPlaylists()
        #expect(screen.contains("Sample"))
        #expect(screen.contains("1 Playlists"))
        #expect(screen.contains("i Import"))

        // Enter opens it: its 7 songs.
        try tmux.keys("Enter")
        screen = try tmux.wait(forText: "Like a Rolling Stone")
        for song in ["Bohemian Rhapsody", "Hotel California", "Imagine", "Smells Like Teen Spirit", "Billie Jean", "Hey Jude"] {
            #expect(screen.contains(song))
        }
        #expect(screen.contains("Playlists › Sample"))
        #expect(screen.contains("1/7"))

        // `/` filters.
        try tmux.keys("/")
        try tmux.wait(forText: "Keep filter")
        try tmux.type("Queen")
        try tmux.keys("Enter")
        // The frame is whole once the position reads 1/1 (ncurses redraws row by row).
        screen = try tmux.wait(for: "the filtered list") { $0.contains("filter: Queen") && $0.contains("1/1") }
        #expect(screen.contains("Bohemian Rhapsody"))
        #expect(!screen.contains("Hotel California"))

        // Clear the filter (the prompt starts with it), then sort by title.
        try tmux.keys("/")
        try tmux.wait(forText: "Keep filter")
        try tmux.keys("C-u", "Enter")
        try tmux.wait(for: "the whole list again") { $0.contains("Hotel California") && !$0.contains("filter:") }
        try tmux.keys("s")
        try tmux.wait(forText: "Sort by")
        try tmux.keys("Right", "Enter")
        // Wait for the sorted rows, not just the sort key: the view model
        // shows its new key a moment before the re-read rows arrive.
        screen = try tmux.wait(for: "songs sorted by title") { screen in
            screen.contains("sort: title") && screen.components(separatedBy: "\n").contains { $0.hasPrefix("› Billie Jean") }
        }
        let order = ["Billie Jean", "Bohemian Rhapsody", "Hey Jude", "Hotel California", "Imagine"].map { song in
            lines(screen).firstIndex { $0.contains(song) } ?? -1
        }
        #expect(order == order.sorted() && !order.contains(-1), "songs not in title order:\n\(screen)")
        #expect(lines(screen).contains { $0.hasPrefix("› Billie Jean") })

        // Esc goes back to the playlists.
        try tmux.keys("Escape")
        screen = try tmux.wait(forText: "i Import")
        #expect(!screen.contains("Playlists › Sample"))
        #expect(lines(screen).contains { $0.hasPrefix("› Sample ") })

        // Import a playlist file through the `i` prompt; the list updates without a key press.
        try tmux.keys("i")
        try tmux.wait(forText: "File or directory")
        try tmux.type(m3u)
        try tmux.keys("Enter")
        screen = try tmux.wait(forText: "Imported 3 songs")
        try tmux.wait(forText: "road trip")
        screen = try tmux.wait(for: "the imported playlist's row") { screen in
            self.lines(screen).contains { $0.contains("road trip") && $0.contains("3") }
        }

        // Resize: smaller re-lays out; too small says so; back again.
        try tmux.resize(width: 60, height: 20)
        screen = try tmux.wait(for: "a 60-column layout") { screen in
            screen.contains("Sample") && lines(screen).allSatisfy { $0.count <= 60 }
                && lines(screen).contains { $0.contains("Playlist") && $0.contains("Songs") }
                && lines(screen).contains { $0.contains("Sample") && $0.count > 50 }
        }
        try tmux.resize(width: 30, height: 8)
        try tmux.wait(forText: "Terminal too small")
        try tmux.resize(width: 100, height: 30)
        try tmux.wait(for: "the full layout again") { $0.contains("road trip") && !$0.contains("Terminal too small") }

        // q quits and the terminal is back to the shell's screen.
        try tmux.keys("q")
        screen = try tmux.wait(forText: "EXITED 0")
        #expect(!screen.contains("1 Playlists"))
        #expect(!screen.contains("road trip"))

        // The final snapshot is the one the CLI shows for the same state.
        let written = try String(contentsOfFile: snapshotPath, encoding: .utf8)
        #expect(written.contains("\"screen\":\"playlists\""))
        let cli = try FacetProcess.run(["playlists", "--json"], home: home.path)
        let tuiItems = try items(of: written)
        let cliItems = try items(of: cli.stdout)
        #expect(tuiItems == cliItems)
        #expect(tuiItems.contains("road trip"))
    }

    func items(of json: String) throws -> [String] {
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        let list = (object?["content"] as? [String: Any])?["list"] as? [String: Any]
        return (list?["items"] as? [[String: Any]])?.compactMap { $0["id"] as? String } ?? []
    }

    @Test func ctrlCRestoresTheTerminal() throws {
        let home = TemporaryDirectory("facet-tui-e2e")
        let tmux = try TmuxSession(command: command(home: home.path))
        try tmux.waitForPlaylists()
        try tmux.keys("C-c")
        let screen = try tmux.wait(forText: "EXITED 130")
        #expect(!screen.contains("1 Playlists"))
    }

    @Test func sigtermRestoresTheTerminal() throws {
        let home = TemporaryDirectory("facet-tui-e2e")
        let tmux = try TmuxSession(command: command(home: home.path))
        try tmux.waitForPlaylists()
        let children = try tmux.paneChildren()
        #expect(children.count == 1)
        for child in children { kill(child, SIGTERM) }
        let screen = try tmux.wait(forText: "EXITED 143")
        #expect(!screen.contains("1 Playlists"))
    }

    /// A crash (here a SIGSEGV from outside, standing in for a failing view
    /// model) still restores the terminal and says what happened.
    @Test func aCrashRestoresTheTerminalAndReportsIt() throws {
        let home = TemporaryDirectory("facet-tui-e2e")
        let tmux = try TmuxSession(command: command(home: home.path))
        try tmux.waitForPlaylists()
        for child in try tmux.paneChildren() { kill(child, SIGSEGV) }
        let screen = try tmux.wait(forText: "EXITED 139")
        #expect(screen.contains("the terminal was restored"))
        #expect(!screen.contains("1 Playlists"))
    }

    @Test func bareFacetOnATerminalStartsTheTUI() throws {
        let home = TemporaryDirectory("facet-tui-e2e")
        let tmux = try TmuxSession(command: command(home: home.path, arguments: ""))
        let screen = try tmux.waitForPlaylists()
        #expect(screen.contains("1 Playlists"))
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
    }

    @Test func dumbTerminalIsRefused() throws {
        let home = TemporaryDirectory("facet-tui-e2e")
        let tmux = try TmuxSession(command: command(home: home.path, term: "dumb"))
        let screen = try tmux.wait(forText: "EXITED 2")
        #expect(screen.contains("TERM=dumb"))
    }

    @Test func noTerminalIsRefused() throws {
        let home = TemporaryDirectory("facet-tui-e2e")
        let result = try FacetProcess.run(["--ui", "tui"], home: home.path, environment: ["TERM": "xterm-256color"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("needs a terminal"))
        // Bare `facet` without a terminal is the CLI's help, not the TUI.
        let bare = try FacetProcess.run([], home: home.path)
        #expect(bare.status == 0)
        #expect(!bare.stderr.contains("needs a terminal"))
    }
}
