import Foundation
import Testing
import TestSupport

/// Export, `add` and a recursive folder import as a person does them in the
/// built binary under tmux, through the prompts the actions' descriptors
/// give, against real files and folders.
@Suite(.serialized) struct PlaylistFilesTmuxTests {
    func songs(_ count: Int, in screen: String) -> Bool {
        screen.range(of: "Songs +\(count)\\b", options: .regularExpression) != nil
    }

    /// True when `first` is shown above `second`.
    func above(_ first: String, _ second: String, in screen: String) -> Bool {
        guard let a = screen.range(of: first), let b = screen.range(of: second) else { return false }
        return a.lowerBound < b.lowerBound
    }

    /// The screen's rows trimmed and joined by one space: a message wrapped
    /// over several rows reads as one line again.
    func joined(_ screen: String) -> String {
        screen.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    /// The words inside a dialog's frame (between its `│` borders), its
    /// rows joined by one space: the question reads as one line wherever
    /// the path's length made it wrap.
    func dialogText(_ screen: String) -> String {
        screen.components(separatedBy: "\n").compactMap { row -> String? in
            guard let left = row.firstIndex(of: "│"), let right = row.lastIndex(of: "│"), left < right else { return nil }
            let inside = row[row.index(after: left)..<right].trimmingCharacters(in: .whitespaces)
            return inside.isEmpty ? nil : inside
        }.joined(separator: " ")
    }

    func read(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "" }

    @Test func exportAndAddThroughTheirPrompts() throws {
        let home = TemporaryDirectory("facet-tui-files")
        let files = TemporaryDirectory("facet-tui-files-out")
        let tmux = try TmuxSession(command: TmuxEndToEndTests().command(home: home.path, arguments: "--ui tui --no-mouse"))
        try tmux.waitForPlaylists()
        try tmux.keys("Enter")
        try tmux.wait(for: "the sample's songs") { $0.contains("Like a Rolling Stone") && self.songs(7, in: $0) }

        // A new file: written at once, no question (nothing is replaced).
        let out = files.path + "/Sämple export.m3u8"
        try tmux.type("E")
        try tmux.wait(forText: "Export file")
        try tmux.type(out)
        try tmux.keys("Enter")
        try tmux.wait(forText: "Exported 7 songs of \"Sample\"")
        let written = read(out)
        #expect(written.hasPrefix("#EXTM3U\n"))
        #expect(written.components(separatedBy: "\n").filter { $0.hasPrefix("#EXTINF:") }.count == 7, "\(written)")
        #expect(written.contains(",Queen - Bohemian Rhapsody\n"))

        // An existing file: the question names it; n keeps it, y replaces it.
        let kept = files.file("mine.m3u8", "keep me\n")
        try tmux.type("E")
        try tmux.wait(forText: "Export file")
        try tmux.type(kept)
        try tmux.keys("Enter")
        try tmux.wait(for: "the question naming the file") {
            dialogText($0).contains("Replace \(kept.replacing("//", with: "/")) (8 bytes) with playlist \"Sample\"?")
        }
        try tmux.type("n")
        try tmux.wait(for: "the question closed") { !dialogText($0).contains("(8 bytes)") }
        #expect(read(kept) == "keep me\n")
        try tmux.type("E")
        try tmux.wait(forText: "Export file")
        try tmux.type(kept)
        try tmux.keys("Enter")
        try tmux.wait(for: "the question again") { dialogText($0).contains("(8 bytes)") }
        try tmux.type("y")
        try tmux.wait(for: "the file replaced") { _ in self.read(kept).hasPrefix("#EXTM3U\n") }

        // A folder with a subfolder: its songs come after the others.
        files.file("album/b.mp3", "")
        files.file("album/sub/deeper/Nirvana - Lithium.ogg", "")
        try tmux.type("a")
        try tmux.wait(forText: "File or folder")
        try tmux.type(files.path + "/album")
        try tmux.keys("Enter")
        let screen = try tmux.wait(for: "the added songs") { $0.contains("Added 2 songs to \"Sample\"") && self.songs(9, in: $0) }
        #expect(above("Like a Rolling Stone", "Lithium", in: screen), "\(screen)")
        try tmux.escapeThenQuit()
        try tmux.wait(forText: "EXITED 0")

        let cli = try FacetProcess.run(["playlist", "Sample", "--json"], home: home.path)
        let items = SnapshotJSON.items(SnapshotJSON.object(cli.stdout)).compactMap { $0["title"] as? String }
        #expect(items.suffix(2) == ["b", "Lithium"], "\(items)")
    }

    /// `J` (the one-step move down the marks tests leave out): refused on
    /// the last row, two marked songs moved together, and `u` puts them back.
    @Test func moveDownMarkedSongsAndUndo() throws {
        let home = TemporaryDirectory("facet-tui-down")
        let tmux = try TmuxSession(command: TmuxEndToEndTests().command(home: home.path, arguments: "--ui tui --no-mouse"))
        try tmux.waitForPlaylists()
        try tmux.keys("Enter")
        try tmux.wait(for: "the sample's songs") { $0.contains("Like a Rolling Stone") && self.songs(7, in: $0) }
        try tmux.type("G")
        try tmux.wait(forText: "7/7")
        try tmux.type("J")
        try tmux.wait(forText: "already at the bottom")
        try tmux.keys("Enter")  // closes the refusal
        try tmux.wait(for: "the refusal closed") { !$0.contains("already at the bottom") }
        try tmux.type("g")
        try tmux.keys("Space")
        try tmux.keys("Space")
        try tmux.wait(forText: "2 marked")
        try tmux.type("J")
        try tmux.wait(for: "both marked songs one place down") { screen in
            self.above("Imagine", "Bohemian Rhapsody", in: screen) && self.above("Bohemian Rhapsody", "Hotel California", in: screen)
                && self.above("Hotel California", "Smells Like Teen Spirit", in: screen)
        }
        try tmux.type("u")
        try tmux.wait(for: "the move undone") { screen in
            screen.contains("Undone") && self.above("Bohemian Rhapsody", "Hotel California", in: screen)
                && self.above("Hotel California", "Imagine", in: screen)
        }
        try tmux.escapeThenQuit()
        try tmux.wait(forText: "EXITED 0")
    }

    /// As an ordinary user (root reads any folder), at 80 columns: the
    /// import goes down into subfolders, and the folder it could not read
    /// and the link it did not follow are there to read, paths and all.
    @Test func recursiveImportShowsWhatItSkipped() throws {
        let home = TemporaryDirectory("facet-tui-tree")
        let files = TemporaryDirectory("facet-tui-tree-music")
        Unprivileged.share(home.path, owned: true)
        let tree = try AwkwardMusicTree(in: files, deep: "Björk - Jóga.ogg")
        defer { tree.restore() }
        let music = tree.path
        let shown = tree.shown

        let tmux = try TmuxSession(
            command: TmuxEndToEndTests().command(home: home.path, extra: Unprivileged.shellPrefix, arguments: "--ui tui --no-mouse"),
            width: 80, height: 24)
        try tmux.waitForPlaylists()
        try tmux.type("i")
        try tmux.wait(forText: "File or directory")
        try tmux.type(music)
        try tmux.keys("Enter")
        let screen = try tmux.wait(for: "the import's warning, whole") { screen in
            let text = self.joined(screen)
            return text.contains("Imported 2 songs into \"music\"; 1 folder could not be read (\(shown)/locked);")
                && text.contains("1 link back to a folder already read was not followed (\(shown)/sub/loop).")
        }
        #expect(screen.components(separatedBy: "\n").contains { $0.hasPrefix("› music ") }, "\(screen)")
        try tmux.keys("Enter")
        try tmux.wait(for: "the nested song") { $0.contains("Playlists › music") && $0.contains("Jóga") && self.songs(2, in: $0) }
        try tmux.escapeThenQuit()
        try tmux.wait(forText: "EXITED 0")
    }
}
