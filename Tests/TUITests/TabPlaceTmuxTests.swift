import Foundation
import Testing
import TestSupport

/// Tabs keep their place exactly, in the built binary under tmux: the
/// screens, the loaded rows, the cursor and the filter are as they were left,
/// and the page detail follows the rows End loaded.
@Suite(.serialized) struct TabPlaceTmuxTests {
    /// A home with a playlist "Big" of `count` songs ("Song N" by "Band N"),
    /// and a TUI on it started in `folder` (the Folders tab's first folder).
    /// `screen`: words naming the screen to start at (`playlist Big`).
    func start(songs count: Int, in folder: String? = nil, screen: String = "") throws -> (TemporaryDirectory, TmuxSession) {
        let home = TemporaryDirectory("facet-tui-tabplace")
        let songs = (1...count).map { "#EXTINF:100,Band \($0) - Song \($0)\n/music/\($0).mp3" }
        let m3u = home.file("big.m3u", "#EXTM3U\n" + songs.joined(separator: "\n") + "\n")
        let imported = try FacetProcess.run(["playlists", "import", m3u, "--name", "Big"], home: home.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        let cwd = folder ?? home.path
        let command = "cd \(shellQuoted(cwd)); " + TmuxEndToEndTests().command(home: home.path, arguments: "--ui tui --no-mouse " + screen)
        let tmux = try TmuxSession(command: command, width: 100, height: 30)
        if screen.isEmpty {
            try tmux.wait(for: "the Big playlist under the cursor") { $0.components(separatedBy: "\n").contains { $0.hasPrefix("› Big ") } }
        }
        return (home, tmux)
    }

    func lines(_ screen: String) -> [String] { screen.components(separatedBy: "\n") }
    func titleLine(_ screen: String) -> String { lines(screen).count > 1 ? lines(screen)[1] : "" }
    /// The row under the cursor, as the list draws it.
    func cursorRow(_ screen: String) -> String? { lines(screen).first { $0.hasPrefix("› ") } }
    /// The value of the detail row labelled `label`.
    func detail(_ label: String, _ screen: String) -> String? {
        lines(screen).first { $0.hasPrefix(" \(label) ") }.map { String($0.dropFirst(label.count + 1)).trimmingCharacters(in: .whitespaces) }
    }

    /// The screen once it stopped changing: coming back to a tab shows the
    /// parked frame at once and reads the screen again behind it, so a
    /// frame is judged only after it held still for `quiet` seconds.
    func settled(_ tmux: TmuxSession, quiet: TimeInterval = 0.6, timeout: TimeInterval = 20) throws -> String {
        var last = ""
        var since = Date()
        return try tmux.wait(for: "the screen to hold still", timeout: timeout) { screen in
            if screen != last {
                last = screen
                since = Date()
                return false
            }
            return Date().timeIntervalSince(since) >= quiet
        }
    }

    /// Leaves for the Account tab and comes back by the Playlists tab's
    /// digit; returns the playlist's frame once it settled.
    func leaveAndComeBack(_ tmux: TmuxSession, to title: String) throws -> String {
        let screen = try tmux.screen()
        let account = try #require(FolderTUITests().tabKey(screen, "Account"))
        let playlists = try #require(FolderTUITests().tabKey(screen, "Playlists"))
        try tmux.keys(account)
        try tmux.wait(for: "the account tab") { !titleLine($0).contains(title) && titleLine($0).contains("Account") }
        try tmux.keys(playlists)
        try tmux.wait(for: "the playlist again") { titleLine($0).contains("Playlists › \(title)") }
        return try settled(tmux)
    }

    @Test func endThenAnotherTabAndBackKeepsTheCursorAndTheLoadedRows() throws {
        let (home, tmux) = try start(songs: 300)
        // The home outlives the TUI: deleting it under an open TUI is an error the TUI reports.
        defer { withExtendedLifetime(home) {} }
        try tmux.keys("Enter")
        let first = try tmux.wait(forText: "1/300")
        #expect(detail("Page", first) == "1 of 6")
        try tmux.keys("G")
        try tmux.wait(for: "the last song under the cursor") { $0.contains("300/300") && !$0.contains("Load more") }
        let end = try settled(tmux)
        #expect(cursorRow(end)?.contains("Song 300") == true)
        // The detail follows End: the loaded rows reach the last page.
        #expect(detail("Page", end) == "1–6 of 6", "\(end)")

        let back = try leaveAndComeBack(tmux, to: "Big")
        #expect(back.contains("300/300"), "\(back)")
        #expect(cursorRow(back)?.contains("Song 300") == true, "\(back)")
        #expect(detail("Page", back) == "1–6 of 6", "\(back)")
        // Every row is still loaded: nothing more to load, and the frame is
        // the one left (same rows on screen, same scroll).
        #expect(!back.contains("Load more"), "\(back)")
        #expect(lines(back).dropFirst(2) == lines(end).dropFirst(2), "\(back)")
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
    }

    @Test func theFilterAndItsRowsStayAcrossATabSwitch() throws {
        let (home, tmux) = try start(songs: 300)
        // The home outlives the TUI: deleting it under an open TUI is an error the TUI reports.
        defer { withExtendedLifetime(home) {} }
        try tmux.keys("Enter")
        try tmux.wait(forText: "1/300")
        try tmux.keys("/")
        try tmux.wait(forText: "Keep filter")
        try tmux.type("Song 1")
        try tmux.keys("Enter")
        // "Song 1", "Song 10"…"Song 19", "Song 100"…"Song 199".
        try tmux.wait(for: "the filtered list") { $0.contains("filter: Song 1") && $0.contains("1/111") }
        try tmux.keys("G")
        try tmux.wait(forText: "111/111")
        let end = try settled(tmux)
        #expect(cursorRow(end)?.contains("Song 199") == true, "\(end)")
        #expect(detail("Page", end) == "1–3 of 3", "\(end)")

        let back = try leaveAndComeBack(tmux, to: "Big")
        #expect(back.contains("111/111"), "\(back)")
        #expect(back.contains("filter: Song 1"), "\(back)")
        #expect(cursorRow(back)?.contains("Song 199") == true, "\(back)")
        #expect(detail("Page", back) == "1–3 of 3", "\(back)")
        #expect(lines(back).dropFirst(2) == lines(end).dropFirst(2), "\(back)")
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
    }

    /// A prompt half typed on a tab is there again, text kept, when the tab
    /// is shown again (Alt+digit leaves a tab while a prompt has the keys).
    @Test func aHalfTypedPromptWaitsForTheTabToComeBack() throws {
        let (home, tmux) = try start(songs: 3)
        // The home outlives the TUI: deleting it under an open TUI is an error the TUI reports.
        defer { withExtendedLifetime(home) {} }
        try tmux.keys("Enter")
        try tmux.wait(forText: "1/3")
        let start = try tmux.screen()
        let account = try #require(FolderTUITests().tabKey(start, "Account"))
        let playlists = try #require(FolderTUITests().tabKey(start, "Playlists"))
        try tmux.keys("R")
        try tmux.wait(forText: "New name")
        try tmux.type("Road trip")
        try tmux.wait(forText: "New name  Road trip")
        try tmux.keys("M-" + account)
        try tmux.wait(for: "the account tab") { titleLine($0).contains("Account") && !$0.contains("New name") }
        try tmux.keys("M-" + playlists)
        let back = try tmux.wait(for: "the prompt again") { titleLine($0).contains("Playlists › Big") && $0.contains("New name") }
        #expect(back.contains("New name  Road trip"), "\(back)")
        try tmux.keys("Enter")
        try tmux.wait(for: "the playlist renamed") { titleLine($0).contains("Road trip") }
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
    }

    /// A playlist the command line started at (`facet --ui tui playlist
    /// Big`) is the Playlists tab's place: after `G`, a visit to another
    /// tab and back, it is still open with the cursor on the last song, and
    /// Esc leads to the list it belongs to.
    @Test func aScreenStartedFromTheCommandLineKeepsItsPlace() throws {
        let (home, tmux) = try start(songs: 300, screen: "playlist Big")
        // The home outlives the TUI: deleting it under an open TUI is an error the TUI reports.
        defer { withExtendedLifetime(home) {} }
        try tmux.wait(forText: "1/300")
        try tmux.keys("G")
        try tmux.wait(for: "the last song under the cursor") { $0.contains("300/300") && !$0.contains("Load more") }
        let end = try settled(tmux)
        #expect(cursorRow(end)?.contains("Song 300") == true, "\(end)")

        let back = try leaveAndComeBack(tmux, to: "Big")
        #expect(back.contains("300/300"), "\(back)")
        #expect(cursorRow(back)?.contains("Song 300") == true, "\(back)")
        try tmux.keys("Escape")
        try tmux.wait(for: "the playlists list") { lines($0).contains { $0.hasPrefix("› Big ") } }
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
    }

    /// A folder opened from the Folders tab is still open, cursor on the
    /// same row, after a visit to another tab.
    @Test func aFolderOpenedInTheFoldersTabIsStillOpenOnReturn() throws {
        let root = TemporaryDirectory("facet-tui-tabplace-folders")
        for index in 1...40 { _ = root.file("inner/sub\(index)/file.txt", String(repeating: "x", count: index * 10)) }
        let (home, tmux) = try start(songs: 3, in: root.path)
        // The home outlives the TUI: deleting it under an open TUI is an error the TUI reports.
        defer { withExtendedLifetime(home) {} }
        let start = try tmux.screen()
        let folders = try #require(FolderTUITests().tabKey(start, "Folders"))
        let playlists = try #require(FolderTUITests().tabKey(start, "Playlists"))
        try tmux.keys(folders)
        try tmux.wait(for: "the folder with inner") { cursorRow($0)?.hasPrefix("› inner") == true }
        try tmux.keys("Enter")
        try tmux.wait(for: "inner opened") { $0.contains("1/40") }
        try tmux.keys("Down", "Down", "Down", "Down", "Down")
        let left = try tmux.wait(for: "the sixth row") { $0.contains("6/40") && !$0.contains("Scanning") }
        let row = try #require(cursorRow(left))
        try tmux.keys(playlists)
        try tmux.wait(for: "the playlists") { $0.components(separatedBy: "\n").contains { $0.hasPrefix("› Big ") } }
        try tmux.keys(folders)
        try tmux.wait(for: "the folders tab again") { !$0.contains("› Big ") }
        let back = try settled(tmux)
        #expect(back.contains("6/40"), "\(back)")
        #expect(cursorRow(back) == row, "\(back)")
        #expect(titleLine(back) == titleLine(left), "\(back)")
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
    }
}
