import Foundation
import Testing
import TestSupport

/// Real screens whose snapshots have a form *and* a detail, in the built
/// binary under tmux: the TUI must show both (the session token after
/// signing in, the folder being renamed, whose settings these are). Each
/// is a golden frame, with what changes from run to run masked.
@Suite(.serialized) struct RealScreensTmuxTests {
    /// The screen with run-specific text replaced: the token's hex digits
    /// (same length, so wrapping is the same), times, sizes and `paths`.
    static func masked(_ screen: String, paths: [String: String] = [:]) -> String {
        var text = screen
        for (path, name) in paths.sorted(by: { $0.key.count > $1.key.count }) {
            text = text.replacingOccurrences(of: path, with: name)
        }
        let rules: [(String, String)] = [
            ("facet_[0-9a-f]{64}", "facet_" + String(repeating: "0123456789abcdef", count: 4)),
            ("[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2}( UTC)?", "YYYY-MM-DD hh:mm UTC"),
            ("[0-9][0-9.,]* ?(bytes|[KMGT]i?B|B)\\b", "<size>"),
        ]
        for (pattern, replacement) in rules {
            text = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        return text.components(separatedBy: "\n")
            .map { line in
                var line = line
                while line.last == " " { line.removeLast() }
                return line
            }
            .joined(separator: "\n")
    }

    /// The digit of the tab titled `title`.
    func tab(_ screen: String, _ title: String) throws -> String {
        try #require(FolderTUITests().tabKey(screen, title), "no tab \(title) in:\n\(screen)")
    }

    @Test func loginShowsWhoSignedInAndSettingsTheirOwner() throws {
        let home = TemporaryDirectory("facet-tui-real")
        let tmux = try TmuxSession(command: TmuxEndToEndTests().command(home: home.path))
        let start = try tmux.waitForPlaylists()
        try tmux.keys(try tab(start, "Login"))
        try tmux.wait(forText: "First name")
        try tmux.keys("Enter")  // a tab's form browses until Enter picks a field
        try tmux.type("Ann")
        try tmux.keys("Tab")
        try tmux.type("Lee")
        try tmux.keys("Enter")
        let signedIn = try tmux.waitForFrame(for: "who signed in and the notice") { screen in
            screen.contains("Profile created") && screen.contains("signed in as Ann Lee")
        }
        // No command takes the session's token, so the screen never shows it.
        #expect(signedIn.range(of: "facet_[0-9a-f]{64}", options: .regularExpression) == nil, "\(signedIn)")
        Golden.check("real-login-signed-in", Self.masked(signedIn))

        // Leave the form, open Settings: its form and whose settings they are.
        try tmux.escape()
        try tmux.keys(try tab(signedIn, "Settings"))
        let settings = try tmux.waitForFrame(for: "the settings and their owner") { $0.contains("Settings of") && $0.contains("Page size") }
        #expect(settings.contains("Ann Lee"))
        Golden.check("real-settings", Self.masked(settings))
        try tmux.escapeThenQuit()
        try tmux.wait(forText: "EXITED 0")
    }

    @Test func theRenameScreenShowsItsFolder() throws {
        let home = TemporaryDirectory("facet-tui-real")
        let tree = TemporaryDirectory("facet-tui-rename")
        let root = tree.path.replacingOccurrences(of: "//", with: "/")
        tree.file("alpha/song.txt", String(repeating: "la ", count: 2_000))
        tree.file("beta/b", "b")
        let command = "cd \(shellQuoted(root)); " + TmuxEndToEndTests().command(home: home.path, arguments: "--ui tui --no-mouse")
        let tmux = try TmuxSession(command: command)
        let start = try tmux.wait(forText: "Folders")
        try tmux.keys(try tab(start, "Folders"))
        try tmux.wait(for: "the scanned folder") { $0.contains("alpha") && $0.contains("beta") && $0.contains("Total") }
        // `R` asks for the new name (optional); with none, Enter opens the
        // rename screen (the seed's "Change Folder Name").
        try tmux.keys("R")
        try tmux.wait(forText: "New name (optional)")
        // The prompt starts from the row's name; emptied, Enter opens the screen.
        try tmux.keys("C-u")
        try tmux.keys("Enter")
        let rename = try tmux.waitForFrame(for: "the rename screen") { $0.contains("New name") && $0.contains(root + "/alpha") }
        // Folder titles are names (breadcrumbs do not repeat full paths): mask the tree's name too.
        Golden.check("real-rename", Self.masked(rename, paths: [root: "/TREE", (root as NSString).lastPathComponent: "TREE"]))
        try tmux.escapeThenQuit()
        try tmux.wait(forText: "EXITED 0")
    }
}
