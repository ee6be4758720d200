import Foundation
import Testing
import TestSupport

/// Deleting from a TUI attached to `facet serve`: the dialog asks what the
/// local TUI asks (the server's screen words it: the row, its size, its
/// files), `y` deletes from the server's disk, and the home folder's typed
/// question comes over the wire.
@Suite(.serialized, .tags(.folders, .serve, .tui)) struct ConnectedDeleteDialogTmuxTests {
    /// A server whose user's home folder is `userHome`, until `stop`.
    func serve(state: TemporaryDirectory, userHome: String) throws -> AttachedServer {
        try AttachedServer(home: state, environment: ["HOME": userHome])
    }

    /// A TUI attached to `server` on the folders screen of `folder`.
    func attachedTUI(home: String, server: AttachedServer, folder: String) throws -> TmuxSession {
        try server.tui(home: home, arguments: "--ui tui --no-mouse folders \(shellQuoted(folder)) --sort name")
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    func dialog(_ screen: String) -> String { DeleteDialogTmuxTests().dialog(screen) }
    func row(_ name: String, in screen: String) -> Bool { DeleteDialogTmuxTests().row(name, in: screen) }

    @Test func dOnARowAsksNamingItWithItsSizeAndYDeletesItFromDisk() throws {
        let state = TemporaryDirectory("facet-connect-delete-state")
        let client = TemporaryDirectory("facet-connect-delete-client")
        let tree = TemporaryDirectory("facet-connect-delete")
        let root = tree.path.replacingOccurrences(of: "//", with: "/")
        tree.file("srv/old/a/data", bytes: [UInt8](repeating: 1, count: 30_000))
        tree.file("srv/old/b", "b")
        tree.file("srv/keep/k", "k")
        let server = try serve(state: state, userHome: root + "/elsewhere")
        defer { server.stop() }
        let tmux = try attachedTUI(home: client.path, server: server, folder: root + "/srv")
        // Scanned to the end: a folder still being measured is refused, not asked about.
        try tmux.wait(for: "the scanned rows") { self.row("old", in: $0) && self.row("keep", in: $0) && !$0.contains("Scanning ") }
        try tmux.type("j")  // sorted by name: keep, old
        try tmux.wait(for: "the cursor on old") { $0.contains("› old ") }

        try tmux.type("d")
        let screen = try tmux.wait(for: "the question about old") { self.dialog($0).contains(", 2 files)? ") }
        #expect(dialog(screen).range(of: #"^Delete old \([0-9]+\.[0-9] KiB, 2 files\)\? "#, options: .regularExpression) != nil, "\(screen)")
        try tmux.type("y")
        try tmux.wait(for: "old gone") { !self.row("old", in: $0) && self.row("keep", in: $0) }
        #expect(!exists(root + "/srv/old"))
        #expect(exists(root + "/srv/keep/k"))
        try tmux.escapeThenQuit()
        try tmux.wait(forText: "EXITED 0")
    }

    @Test func theHomeFoldersTypedQuestionComesOverTheWire() throws {
        let state = TemporaryDirectory("facet-connect-delete-state")
        let client = TemporaryDirectory("facet-connect-delete-client")
        let tree = TemporaryDirectory("facet-connect-delete-home")
        let root = tree.path.replacingOccurrences(of: "//", with: "/")
        tree.file("users/me/notes", "n")
        tree.file("users/other/x", "x")
        let home = root + "/users/me"
        let server = try serve(state: state, userHome: home)
        defer { server.stop() }
        let tmux = try attachedTUI(home: client.path, server: server, folder: root + "/users")
        try tmux.wait(for: "the scanned rows") { $0.contains("› me ") && self.row("other", in: $0) && !$0.contains("Scanning ") }

        try tmux.type("d")
        try tmux.wait(forText: "Delete me (")
        try tmux.type("y")
        try tmux.wait(for: "the typed question") { self.dialog($0).contains("\(home) is your home folder. To delete it, type its full path:") }
        try tmux.type(root + "/users/other")
        try tmux.keys("Enter")
        try tmux.wait(for: "the refusal") { self.dialog($0).contains("nothing was deleted") }
        #expect(exists(home + "/notes"))
        try tmux.keys("C-u")
        try tmux.type(home)
        try tmux.keys("Enter")
        try tmux.wait(for: "me gone") { !self.row("me", in: $0) && self.row("other", in: $0) }
        #expect(!exists(home))
        #expect(exists(root + "/users/other/x"))
        try tmux.escapeThenQuit()
        try tmux.wait(forText: "EXITED 0")
    }
}
