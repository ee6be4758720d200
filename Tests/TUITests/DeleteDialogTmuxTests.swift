import Foundation
import Testing
import TestSupport

/// Deleting as in ncdu, in the built binary under tmux: `d` on a row opens
/// one dialog naming that row (never the folder around it) with its size
/// and files; `y` deletes, `n` keeps. No form asks for yes first; the home
/// folder alone asks a second, typed answer; marked rows are one question.
@Suite(.serialized, .tags(.folders, .tui)) struct DeleteDialogTmuxTests {
    /// The TUI on the folders screen of `folder` (relative to `cwd`), with
    /// `home` as the user's home folder and the database elsewhere.
    func folders(_ cwd: String, _ folder: String, home: String? = nil, state: TemporaryDirectory) throws -> TmuxSession {
        let extra = home.map { "HOME=\(shellQuoted($0))" } ?? ""
        let command = "cd \(shellQuoted(cwd)); " + TmuxEndToEndTests().command(
            home: state.path, extra: extra, arguments: "--ui tui --no-mouse folders \(shellQuoted(folder)) --sort name")
        return try TmuxSession(command: command, width: 100, height: 30)
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// The words inside the dialog's frame as one line, however it wrapped them.
    func dialog(_ screen: String) -> String {
        screen.components(separatedBy: "\n").compactMap { line -> String? in
            guard let first = line.firstIndex(of: "│"), let last = line.lastIndex(of: "│"), first < last else { return nil }
            let inside = line[line.index(after: first)..<last].trimmingCharacters(in: .whitespaces)
            return inside.isEmpty ? nil : inside
        }.joined(separator: " ")
    }

    func row(_ name: String, in screen: String) -> Bool {
        screen.components(separatedBy: "\n").contains { $0.dropFirst(2).hasPrefix(name + " ") }
    }

    /// `srv/old` (two files, about 29 KiB) beside `srv/keep` under a new
    /// temporary folder; answers the folder's path without `//`.
    static func oldAndKeep() -> (tree: TemporaryDirectory, root: String) {
        let tree = TemporaryDirectory("facet-tui-delete")
        tree.file("srv/old/a/data", bytes: [UInt8](repeating: 1, count: 30_000))
        tree.file("srv/old/b", "b")
        tree.file("srv/keep/k", "k")
        return (tree, tree.path.replacingOccurrences(of: "//", with: "/"))
    }

    /// On `srv` sorted by name: `d` on old asks once naming old (not srv)
    /// with its size and files, `n` keeps it, `y` deletes it from disk.
    /// Run by the local TUI and by one attached to `facet serve`.
    func askAboutOldThenDeleteIt(in tmux: TmuxSession, root: String) throws {
        // Scanned to the end: a folder still being measured is refused, not asked about.
        try tmux.wait(for: "the scanned rows") { self.row("old", in: $0) && self.row("keep", in: $0) && !$0.contains("Scanning ") }
        try tmux.type("j")  // sorted by name: keep, old
        try tmux.wait(for: "the cursor on old") { $0.contains("› old ") }

        try tmux.type("d")
        let screen = try tmux.wait(for: "the question about old") { self.dialog($0).contains(", 2 files)? ") }
        #expect(dialog(screen).range(of: #"^Delete old \([0-9]+\.[0-9] KiB, 2 files\)\? "#, options: .regularExpression) != nil, "\(screen)")
        #expect(!screen.contains("Delete srv") && !screen.contains("without asking") && !screen.contains("full path"), "\(screen)")
        try tmux.type("n")
        try tmux.wait(for: "the dialog closed") { !$0.contains("Delete old (") }
        #expect(exists(root + "/srv/old/a/data"))

        try tmux.type("d")
        try tmux.wait(forText: "Delete old (")
        try tmux.type("y")
        try tmux.wait(for: "old gone") { !self.row("old", in: $0) && self.row("keep", in: $0) }
        #expect(!exists(root + "/srv/old"))
        #expect(exists(root + "/srv/keep/k"))
        try tmux.escapeThenQuit()
        try tmux.wait(forText: "EXITED 0")
    }

    @Test func dOnARowAsksOnceNamingThatRowAndYDeletesIt() throws {
        let state = TemporaryDirectory("facet-tui-delete-state")
        let (tree, root) = Self.oldAndKeep()
        try withExtendedLifetime(tree) {
            try askAboutOldThenDeleteIt(in: try folders(root, "srv", state: state), root: root)
        }
    }

    /// `users/me` (the home folder) beside `users/other` under a new
    /// temporary folder; answers the folder's path without `//`.
    static func homeAndOther() -> (tree: TemporaryDirectory, root: String) {
        let tree = TemporaryDirectory("facet-tui-delete-home")
        tree.file("users/me/notes", "n")
        tree.file("users/other/x", "x")
        return (tree, tree.path.replacingOccurrences(of: "//", with: "/"))
    }

    /// On `users`: `d` `y` on the home folder asks for its path typed; a
    /// wrong one deletes nothing and stays typed, the right one deletes it;
    /// any other row needs only `y`. Run by the local TUI and by one
    /// attached to `facet serve`.
    func askForTheHomeFolderTyped(in tmux: TmuxSession, root: String) throws {
        let home = root + "/users/me"
        try tmux.wait(for: "the scanned rows") { $0.contains("› me ") && self.row("other", in: $0) && !$0.contains("Scanning ") }

        try tmux.type("d")
        try tmux.wait(forText: "Delete me (")
        try tmux.type("y")
        var screen = try tmux.wait(for: "the typed question") { self.dialog($0).contains("\(home) is your home folder. To delete it, type its full path:") }
        // A wrong answer deletes nothing and keeps what was typed.
        try tmux.type(root + "/users/other")
        try tmux.keys("Enter")
        screen = try tmux.wait(for: "the refusal") { self.dialog($0).contains("nothing was deleted") }
        #expect(dialog(screen).contains("/users/other"), "what was typed stays:\n\(screen)")
        #expect(exists(home + "/notes"))
        try tmux.keys("C-u")
        try tmux.type(home)
        try tmux.keys("Enter")
        // The rescan after a deletion refuses another delete while it runs
        // ("A scan is running"): wait for its end, as a person would see it.
        try tmux.wait(for: "me gone and the rescan done") {
            !self.row("me", in: $0) && self.row("other", in: $0) && !$0.contains("Scanning ") && !$0.contains("so far")
        }
        #expect(!exists(home))

        // Any other row: yes is enough. Attached to `facet serve`, the row's
        // removal can show before the delete's own answer arrives, and a key
        // pressed in between may go unanswered on a loaded machine: press
        // again, as a person would, once the first has had time.
        try tmux.type("d")
        if (try? tmux.wait(forText: "Delete other (", timeout: 15)) == nil {
            try tmux.type("d")
            try tmux.wait(forText: "Delete other (")
        }
        try tmux.type("y")
        screen = try tmux.wait(for: "other gone") { !self.row("other", in: $0) }
        #expect(!dialog(screen).contains("home folder"))
        #expect(!exists(root + "/users/other"))
        try tmux.escapeThenQuit()
        try tmux.wait(forText: "EXITED 0")
    }

    @Test func theHomeFolderAloneAsksForItsPathTyped() throws {
        let state = TemporaryDirectory("facet-tui-delete-state")
        let (tree, root) = Self.homeAndOther()
        try withExtendedLifetime(tree) {
            try askForTheHomeFolderTyped(in: try folders(root, "users", home: root + "/users/me", state: state), root: root)
        }
    }

    @Test func markedRowsAreOneQuestionWithCountAndTotal() throws {
        let state = TemporaryDirectory("facet-tui-delete-state")
        let tree = TemporaryDirectory("facet-tui-delete-marks")
        let root = tree.path.replacingOccurrences(of: "//", with: "/")
        tree.file("d/a/one", bytes: [UInt8](repeating: 1, count: 6_000))
        tree.file("d/b/two", bytes: [UInt8](repeating: 2, count: 9_000))
        tree.file("d/b/three", "3")
        tree.file("d/c/keep", "k")
        let tmux = try folders(root, "d", state: state)
        try tmux.wait(for: "the scanned rows") { $0.contains("› a ") && self.row("c", in: $0) && !$0.contains("Scanning ") }
        try tmux.keys("Space")
        try tmux.keys("Space")
        try tmux.wait(forText: "2 marked")
        try tmux.type("d")
        let screen = dialog(try tmux.wait(forText: "Delete 2 items ("))
        let total = try DiskUsage.apparentBytes(root + "/d/a") + DiskUsage.apparentBytes(root + "/d/b")
        let kib = "\(total / 1024).\((total % 1024) * 10 / 1024) KiB"
        #expect(screen.contains("Delete 2 items (\(kib), 3 files): a, b?"), "\(kib)\n\(screen)")
        try tmux.type("y")
        try tmux.wait(for: "a and b gone, and said so") {
            !self.row("a", in: $0) && !self.row("b", in: $0) && self.row("c", in: $0) && $0.contains("Deleted 2 items (\(kib), 3 files)")
        }
        #expect(!exists(root + "/d/a") && !exists(root + "/d/b") && exists(root + "/d/c/keep"))
        try tmux.escapeThenQuit()
        try tmux.wait(forText: "EXITED 0")
    }

    @Test func aPlaylistAndASongAreOneDialogEach() throws {
        let state = TemporaryDirectory("facet-tui-delete-playlist")
        let tmux = try TmuxSession(command: TmuxEndToEndTests().command(home: state.path, arguments: "--ui tui --no-mouse"))
        try tmux.waitForPlaylists()
        try tmux.type("d")
        let screen = try tmux.wait(for: "the question") { self.dialog($0).contains("Delete playlist \"Sample\" (7 songs)?") }
        #expect(!screen.contains("(optional)"), "\(screen)")
        try tmux.type("n")
        try tmux.wait(for: "the dialog closed") { !$0.contains("Delete playlist") }

        // A song: its own key, one dialog naming it.
        try tmux.keys("Enter")
        try tmux.wait(for: "the songs") { $0.contains("Bohemian Rhapsody") && $0.range(of: #"Songs +7\b"#, options: .regularExpression) != nil }
        try tmux.type("x")
        try tmux.wait(for: "the question about the song") {
            self.dialog($0).contains("Remove “Bohemian Rhapsody” (position 1) from playlist \"Sample\"?")
        }
        try tmux.type("y")
        try tmux.wait(for: "six songs") { $0.range(of: #"Songs +6\b"#, options: .regularExpression) != nil }

        try tmux.keys("Escape")
        try tmux.waitForPlaylists()
        try tmux.type("d")
        try tmux.wait(for: "the question") { self.dialog($0).contains("Delete playlist \"Sample\" (6 songs)?") }
        try tmux.type("y")
        try tmux.wait(for: "Sample gone") { screen in !screen.components(separatedBy: "\n").contains { $0.hasPrefix("› Sample ") } }
        let listed = try FacetProcess.run(["playlists", "--json"], home: state.path)
        #expect(!listed.stdout.contains("\"Sample\""), "\(listed.stdout)")
        try tmux.escapeThenQuit()
        try tmux.wait(forText: "EXITED 0")
    }
}
