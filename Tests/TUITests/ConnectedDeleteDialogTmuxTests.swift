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

    @Test func dOnARowAsksNamingItWithItsSizeAndYDeletesItFromDisk() throws {
        let state = TemporaryDirectory("facet-connect-delete-state")
        let client = TemporaryDirectory("facet-connect-delete-client")
        let (tree, root) = DeleteDialogTmuxTests.oldAndKeep()
        let server = try serve(state: state, userHome: root + "/elsewhere")
        defer { server.stop() }
        try withExtendedLifetime(tree) {
            let tmux = try attachedTUI(home: client.path, server: server, folder: root + "/srv")
            try DeleteDialogTmuxTests().askAboutOldThenDeleteIt(in: tmux, root: root)
        }
    }

    @Test func theHomeFoldersTypedQuestionComesOverTheWire() throws {
        let state = TemporaryDirectory("facet-connect-delete-state")
        let client = TemporaryDirectory("facet-connect-delete-client")
        let (tree, root) = DeleteDialogTmuxTests.homeAndOther()
        let server = try serve(state: state, userHome: root + "/users/me")
        defer { server.stop() }
        try withExtendedLifetime(tree) {
            let tmux = try attachedTUI(home: client.path, server: server, folder: root + "/users")
            try DeleteDialogTmuxTests().askForTheHomeFolderTyped(in: tmux, root: root)
        }
    }
}
