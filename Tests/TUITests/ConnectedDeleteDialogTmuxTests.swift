import Foundation
import Testing
import TestSupport

/// Deleting from a TUI attached to `facet serve`: the dialog asks what the
/// local TUI asks (the server's screen words it: the row, its size, its
/// files), `y` deletes from the server's disk, and the home folder's typed
/// question comes over the wire.
@Suite(.serialized, .tags(.folders, .serve, .tui)) struct ConnectedDeleteDialogTmuxTests {
    /// A server whose user's home folder is `userHome`, until `stop`.
    struct Server {
        let process: BoundedProcess
        let socket: String
        func stop() {
            process.signal(SIGTERM)
            _ = process.finish(timeout: 20)
        }
    }

    func serve(state: TemporaryDirectory, runtime: TemporaryDirectory, userHome: String) throws -> Server {
        let socket = runtime.path + "/facet.sock"
        let process = try BoundedProcess(
            FacetProcess.binary, ["serve", "--socket", socket],
            environment: FacetProcess.environment(home: state.path, extra: ["HOME": userHome]))
        #expect(process.waitFor(timeout: 60) { process.stderr.contains("serving on") }, "\(process.stderr)")
        return Server(process: process, socket: socket)
    }

    /// A TUI attached to `socket` on the folders screen of `folder`.
    func attachedTUI(home: String, socket: String, folder: String) throws -> TmuxSession {
        try TmuxSession(command: "trap '' INT; env -i PATH=/usr/bin:/bin HOME=\(shellQuoted(home)) "
            + "FACET_HOME=\(shellQuoted(home)) TERM=xterm-256color LANG=C.UTF-8 "
            + "\(shellQuoted(FacetProcess.binary)) --connect \(shellQuoted(socket)) --ui tui --no-mouse "
            + "folders \(shellQuoted(folder)) --sort name; echo EXITED $?; read _", width: 100, height: 30)
    }

    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    func dialog(_ screen: String) -> String { DeleteDialogTmuxTests().dialog(screen) }
    func row(_ name: String, in screen: String) -> Bool { DeleteDialogTmuxTests().row(name, in: screen) }

    @Test func dOnARowAsksNamingItWithItsSizeAndYDeletesItFromDisk() throws {
        let state = TemporaryDirectory("facet-connect-delete-state")
        let client = TemporaryDirectory("facet-connect-delete-client")
        let runtime = TemporaryDirectory("facet-connect-delete-run")
        let tree = TemporaryDirectory("facet-connect-delete")
        let root = tree.path.replacingOccurrences(of: "//", with: "/")
        tree.file("srv/old/a/data", bytes: [UInt8](repeating: 1, count: 30_000))
        tree.file("srv/old/b", "b")
        tree.file("srv/keep/k", "k")
        let server = try serve(state: state, runtime: runtime, userHome: root + "/elsewhere")
        defer { server.stop() }
        let tmux = try attachedTUI(home: client.path, socket: server.socket, folder: root + "/srv")
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
        let runtime = TemporaryDirectory("facet-connect-delete-run")
        let tree = TemporaryDirectory("facet-connect-delete-home")
        let root = tree.path.replacingOccurrences(of: "//", with: "/")
        tree.file("users/me/notes", "n")
        tree.file("users/other/x", "x")
        let home = root + "/users/me"
        let server = try serve(state: state, runtime: runtime, userHome: home)
        defer { server.stop() }
        let tmux = try attachedTUI(home: client.path, socket: server.socket, folder: root + "/users")
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
