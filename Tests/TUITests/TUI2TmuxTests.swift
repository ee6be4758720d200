import Foundation
import Testing
import TestSupport

/// TUI 2 in the built binary under tmux, as a person meets it: Alt
/// chords, notices that name the song, a moved song kept in view, a rename
/// form that leaves when done, Tab completing paths, and the mouse.
@Suite(.serialized) struct TUI2TmuxTests {
    func lines(_ screen: String) -> [String] { screen.components(separatedBy: "\n") }
    func titleLine(_ screen: String) -> String { lines(screen).count > 1 ? lines(screen)[1] : "" }

    func start(_ home: TemporaryDirectory, arguments: String = "--ui tui", in folder: String? = nil) throws -> TmuxSession {
        var command = TmuxEndToEndTests().command(home: home.path, arguments: arguments)
        if let folder { command = "cd \(shellQuoted(folder)); " + command }
        return try TmuxSession(command: command)
    }

    /// Esc pressed together with a key is that key with Alt: Alt+digit
    /// switches tabs even while a field is being edited, and types nothing.
    /// Esc on its own is still Esc.
    @Test func altDigitSwitchesTabsFromInsideAField() throws {
        let home = TemporaryDirectory("facet-tui2")
        let tmux = try start(home)
        let first = try tmux.waitForPlaylists()
        let login = try #require(FolderTUITests().tabKey(first, "Login"))
        let account = try #require(FolderTUITests().tabKey(first, "Account"))
        try tmux.keys(login)
        try tmux.wait(forText: "First name")
        try tmux.keys("Enter")
        try tmux.wait(forText: "esc Leave form")
        try tmux.type("Ann")
        try tmux.wait(forText: "First name  Ann")
        try tmux.keys("M-" + account)  // tmux sends ESC then the digit
        let shown = try tmux.wait(for: "the account tab") { titleLine($0).contains("Account") }
        #expect(!shown.contains("Ann" + account))
        try tmux.keys(login)
        // The chord did not leave the field (a lone Esc would have): typing goes on.
        let back = try tmux.wait(for: "the login form as it was, still editing") { screen in
            titleLine(screen).contains("Login") && screen.contains("First name  Ann") && screen.contains("esc Leave form")
        }
        #expect(!back.contains("Ann" + account))
        try tmux.type("e")
        try tmux.wait(forText: "First name  Anne")
        // A lone Esc leaves the field; q then quits.
        try tmux.escape()
        try tmux.wait(forText: "enter Edit")
        // The typed name was never submitted: q asks first.
        try tmux.keys("q")
        try tmux.wait(forText: "Quit without saving")
        try tmux.keys("y")
        try tmux.wait(forText: "EXITED 0")
    }

    /// Moving the last of 130 songs to the top: the notice names it, the
    /// cursor follows it and the row is on screen; removing it names it too.
    @Test func aMovedSongStaysInViewAndNoticesNameTheSong() throws {
        let home = TemporaryDirectory("facet-tui2")
        let songs = (1...130).map { "#EXTINF:100,Band \($0) - Song \($0)\n/music/\($0).mp3" }
        let m3u = home.file("big.m3u", "#EXTM3U\n" + songs.joined(separator: "\n") + "\n")
        let imported = try FacetProcess.run(["playlists", "import", m3u, "--name", "Big"], home: home.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        let tmux = try start(home)
        try tmux.wait(for: "the Big playlist under the cursor") { $0.components(separatedBy: "\n").contains { $0.hasPrefix("› Big ") } }
        try tmux.keys("Enter")
        try tmux.wait(forText: "1/130")
        try tmux.keys("G")
        try tmux.wait(forText: "130/130")
        try tmux.keys("M")
        try tmux.wait(forText: "New position")
        try tmux.type("1")
        try tmux.keys("Enter")
        let moved = try tmux.wait(for: "the moved song under the cursor") { screen in
            screen.contains("Moved “Song 130” to 1.") && screen.contains("1/130")
        }
        #expect(lines(moved).contains { $0.hasPrefix("› ") && $0.contains("Song 130") }, "moved song not under the cursor:\n\(moved)")
        try tmux.keys("x")
        try tmux.wait(forText: "undoes it")
        try tmux.keys("y")
        let removed = try tmux.wait(forText: "Removed “Song 130”.")
        #expect(removed.contains("1/129"))
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
    }

    /// The rename screen starts with the current name selected, says what
    /// is wrong with an invalid name (not "complete the form"), and once
    /// the rename is done goes back to the folder, naming the change.
    @Test func theRenameFormLeavesWhenDone() throws {
        let home = TemporaryDirectory("facet-tui2")
        let tree = TemporaryDirectory("facet-tui2-tree")
        let root = tree.path.replacingOccurrences(of: "//", with: "/")
        tree.file("alpha/song.txt", "la")
        tree.file("beta/b", "b")
        let tmux = try start(home, arguments: "--ui tui --no-mouse", in: root)
        let first = try tmux.wait(forText: "Folders")
        try tmux.keys(try #require(FolderTUITests().tabKey(first, "Folders")))
        try tmux.wait(for: "the scanned folder") { $0.contains("alpha") && $0.contains("beta") && $0.contains("Total") }
        try tmux.keys("R")
        try tmux.wait(forText: "New name (optional)")
        // The prompt starts from the row's name; emptied, Enter opens the screen.
        try tmux.keys("C-u")
        try tmux.keys("Enter")
        try tmux.wait(for: "the rename screen") { $0.contains("New name  alpha") && $0.contains(root + "/alpha") }
        // The selected name is replaced by typing.
        try tmux.type("a/b")
        try tmux.wait(forText: "New name  a/b")
        try tmux.keys("Enter")
        let refused = try tmux.wait(for: "the name's problem") { $0.contains("must not contain \"/\"") }
        #expect(!refused.contains("Complete the form first"))
        try tmux.keys("C-u")
        try tmux.type("gamma")
        try tmux.keys("Enter")
        let back = try tmux.wait(for: "the folder list with the new name") { screen in
            !screen.contains("New name") && screen.contains("gamma") && screen.contains("Renamed")
        }
        #expect(back.contains("Renamed \"alpha\" to \"gamma\"."))
        #expect(!lines(back).contains { $0.hasPrefix("› alpha") || $0.hasPrefix("  alpha") })
        #expect(FileManager.default.fileExists(atPath: root + "/gamma/song.txt"))
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
    }

    /// Rename's prompt starts with the playlist's name selected: typing
    /// replaces it, and the notice names the new name.
    @Test func renamePromptStartsWithTheCurrentName() throws {
        let home = TemporaryDirectory("facet-tui2")
        let tmux = try start(home)
        try tmux.waitForPlaylists()
        try tmux.keys("Enter")
        try tmux.wait(forText: "Like a Rolling Stone")
        try tmux.keys("R")
        try tmux.wait(forText: "New name  Sample")
        try tmux.type("Road songs")
        try tmux.wait(forText: "New name  Road songs")
        try tmux.keys("Enter")
        let renamed = try tmux.wait(forText: "Renamed \"Sample\" to \"Road songs\".")
        #expect(titleLine(renamed).contains("Playlists › Road songs"))
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
    }

    /// Tab in the import prompt's path completes like a shell: one match
    /// whole, several as far as they agree, with the matches listed.
    @Test func tabCompletesAPathInThePrompt() throws {
        let home = TemporaryDirectory("facet-tui2")
        let tree = TemporaryDirectory("facet-tui2-paths")
        let root = tree.path.replacingOccurrences(of: "//", with: "/")
        RoadTripCompletion.write(into: tree)
        tree.file("notes.txt", "n")
        let tmux = try start(home, in: root)
        try tmux.waitForPlaylists()
        try RoadTripCompletion.walk(tmux)
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
    }

    /// The mouse, end to end: a click moves the cursor, the wheel scrolls,
    /// a double click opens, a click on a tab switches to it.
    @Test func mouseClicksWheelAndTabs() throws {
        let home = TemporaryDirectory("facet-tui2")
        let tmux = try start(home)
        let first = try tmux.waitForPlaylists()
        // Double click on the sample's row opens it.
        let sampleRow = try #require(lines(first).firstIndex { $0.hasPrefix("› Sample ") })
        try tmux.mouse([(0, 4, sampleRow, true), (0, 4, sampleRow, false), (0, 4, sampleRow, true), (0, 4, sampleRow, false)])
        var screen = try tmux.wait(forText: "Like a Rolling Stone")
        #expect(screen.contains("1/7"))
        // A click on the fourth song's row puts the cursor there.
        let hotel = try #require(lines(screen).firstIndex { $0.contains("Hotel California") })
        try tmux.click(x: 6, y: hotel)
        screen = try tmux.wait(for: "the cursor on the clicked row") { screen in
            self.lines(screen).contains { $0.hasPrefix("› ") && $0.contains("Hotel California") }
        }
        let clicked = try #require(lines(screen).firstIndex { $0.hasPrefix("› ") })
        // The wheel moves three rows at a time.
        try tmux.mouse([(65, 6, hotel, true)])
        screen = try tmux.wait(for: "the cursor three rows on") { screen in
            self.lines(screen).firstIndex { $0.hasPrefix("› ") } == clicked + 3 || screen.contains("7/7")
        }
        try tmux.mouse([(64, 6, hotel, true)])
        try tmux.wait(for: "the cursor back on the clicked row") { screen in
            self.lines(screen).contains { $0.hasPrefix("› ") && $0.contains("Hotel California") }
        }
        // A click on a tab's title shows that tab.
        let bar = lines(screen)[0]
        let account = try #require(bar.range(of: "Account"))
        try tmux.click(x: bar.distance(from: bar.startIndex, to: account.lowerBound) + 2, y: 0)
        try tmux.wait(for: "the account tab") { titleLine($0).contains("Account") }
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
    }

    /// A saved machine front end on a terminal says what it is doing
    /// instead of waiting in silence.
    @Test func aSavedJSONLFrontEndOnATerminalSaysSo() throws {
        let home = TemporaryDirectory("facet-tui2")
        let signIn = try FacetProcess.run(["login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace"], home: home.path)
        #expect(signIn.status == 0, "\(signIn.stderr)")
        let saved = try FacetProcess.run(["settings", "set", "ui", "jsonl"], home: home.path)
        #expect(saved.status == 0, "\(saved.stderr)")
        let tmux = try start(home, arguments: "")
        let screen = try tmux.wait(forText: "reads JSON-RPC requests")
        #expect(screen.contains("Ctrl-D ends it"))
        try tmux.keys("C-d")
        try tmux.wait(forText: "EXITED 0")
    }
}
