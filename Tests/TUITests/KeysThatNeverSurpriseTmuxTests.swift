import Foundation
import Testing
import TestSupport

/// Keys in the real TUI that must never surprise: on a browsed form `j`
/// moves and never types, `q` asks before unsaved edits are lost, a prompt
/// whose action failed comes back with what was typed, and a folder's
/// rename prompt starts from the folder's name.
@Suite(.serialized) struct KeysThatNeverSurpriseTmuxTests {
    func start(_ home: TemporaryDirectory, in folder: String? = nil) throws -> TmuxSession {
        var command = TmuxEndToEndTests().command(home: home.path, arguments: "--ui tui --no-mouse")
        if let folder { command = "cd \(shellQuoted(folder)); " + command }
        return try TmuxSession(command: command)
    }

    func facet(_ home: TemporaryDirectory, _ words: String...) throws -> FacetProcess.Result {
        try FacetProcess.run(words, home: home.path)
    }

    func signIn(_ home: TemporaryDirectory) throws {
        let result = try facet(home, "login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace")
        #expect(result.status == 0, "\(result.stderr)")
    }

    /// `4 j j j Enter` on Settings once saved the GitHub user "jj": the
    /// first `j` started editing and the next ones were typed. Now they move
    /// the pointer three fields down and Enter edits that field.
    @Test func jOnSettingsMovesAndNeverTypes() async throws {
        let home = TemporaryDirectory("facet-keys-j")
        try signIn(home)
        let screen = try await offThePool { () throws -> String in
            let tmux = try start(home)
            try tmux.switchToTab("Settings", on: tmux.waitForPlaylists())
            try tmux.wait(forText: "GitHub username")
            try tmux.type("jjj")
            try tmux.keys("Enter")
            try tmux.escape()
            // Browsing again (the hint row offers Enter to edit).
            let shown = try tmux.wait(for: "the form browsed again") { $0.contains("enter Edit") }
            try tmux.keys("q")
            try tmux.wait(forText: "EXITED 0", timeout: 15)
            return shown
        }
        #expect(!screen.contains("jj"), "\(screen)")
        let pointed = screen.components(separatedBy: "\n").filter { $0.hasPrefix("›") }
        #expect(pointed.count == 1 && pointed[0].hasPrefix("› Page size"), "\(screen)")
        let user = try facet(home, "settings", "get", "github-user")
        #expect(user.status == 0, "\(user.stderr)")
        #expect(!user.stdout.contains("j"), "github-user became \(user.stdout)")
    }

    /// Edits typed into Settings and not saved: `q` asks; `n` keeps the TUI
    /// open, `y` quits without saving them.
    @Test func quitWithUnsavedEditsAsks() async throws {
        let home = TemporaryDirectory("facet-keys-quit")
        try signIn(home)
        let asked = try await offThePool { () throws -> String in
            let tmux = try start(home)
            try tmux.switchToTab("Settings", on: tmux.waitForPlaylists())
            try tmux.wait(forText: "GitHub username")
            try tmux.keys("Enter")
            try tmux.type("octo")
            try tmux.wait(forText: "octo")
            try tmux.escape()
            try tmux.keys("q")
            let asked = try tmux.wait(forText: "Quit without saving", timeout: 15)
            try tmux.keys("n")
            try tmux.wait(for: "the question closed, the TUI still open") { !$0.contains("Quit without saving") && $0.contains("octo") }
            try tmux.keys("q")
            try tmux.wait(forText: "Quit without saving", timeout: 15)
            try tmux.keys("y")
            try tmux.wait(forText: "EXITED 0", timeout: 15)
            return asked
        }
        #expect(asked.contains("Settings has changes that are not saved"), "\(asked)")
        let user = try facet(home, "settings", "get", "github-user")
        #expect(!user.stdout.contains("octo"), "the edit was saved: \(user.stdout)")
    }

    /// Saved edits are not at risk: after Enter saved them, `q` quits at once.
    @Test func quitAfterSavingDoesNotAsk() async throws {
        let home = TemporaryDirectory("facet-keys-saved")
        try signIn(home)
        try await offThePool {
            let tmux = try start(home)
            try tmux.switchToTab("Settings", on: tmux.waitForPlaylists())
            try tmux.wait(forText: "GitHub username")
            try tmux.keys("Enter")
            try tmux.type("octo")
            try tmux.keys("Enter")
            try tmux.wait(forText: "Saved", timeout: 15)
            try tmux.escape()
            try tmux.keys("q")
            try tmux.wait(forText: "EXITED 0", timeout: 15)
        }
        let user = try facet(home, "settings", "get", "github-user")
        #expect(user.stdout.contains("octo"), "\(user.stdout)")
    }

    /// Importing under a name that is taken: the prompt stays with the
    /// path still typed and the error beside it; fixing the name imports.
    @Test func aFailedPromptKeepsWhatWasTyped() async throws {
        let home = TemporaryDirectory("facet-keys-prompt")
        let list = home.file("road.m3u", "#EXTM3U\n#EXTINF:200,Someone - Somewhere\nsomewhere.mp3\n")
        let screen = try await offThePool { () throws -> String in
            let tmux = try start(home)
            try tmux.waitForPlaylists()
            try tmux.keys("i")
            try tmux.wait(forText: "File or directory")
            try tmux.type(list)
            try tmux.keys("Down")
            try tmux.type("Sample")
            try tmux.keys("Enter")
            let failed = try tmux.wait(for: "the prompt back with the error", timeout: 15) { screen in
                screen.contains("already exists") && screen.contains("File or directory")
            }
            try tmux.keys("C-u")
            try tmux.type("Road")
            try tmux.keys("Enter")
            try tmux.wait(for: "the imported playlist") { screen in
                !screen.contains("File or directory") && screen.components(separatedBy: "\n").contains { $0.contains("Road ") }
            }
            try tmux.keys("q")
            try tmux.wait(forText: "EXITED 0", timeout: 15)
            return failed
        }
        #expect(screen.contains("/road.m3u "), "the typed path is gone: \(screen)")
        #expect(!screen.contains("┌─ Error") && !screen.contains("┌─ Cannot do that"), "\(screen)")
        let names = try facet(home, "playlists", "--json")
        #expect(names.stdout.contains("\"Road\""), "\(names.stdout)")
    }

    /// `R` on a folder row starts from its name: Enter with it unchanged
    /// renames to the same name (nothing happens, said so), an edited name
    /// renames at once; no second, empty rename screen either way.
    @Test func folderRenameStartsFromTheCurrentName() async throws {
        let home = TemporaryDirectory("facet-keys-rename")
        let tree = TemporaryDirectory("facet-keys-rename-tree")
        let root = tree.path.replacingOccurrences(of: "//", with: "/")
        tree.file("alpha/song.txt", "la")
        let screens = try await offThePool { () throws -> [String] in
            let tmux = try start(home, in: root)
            try tmux.switchToTab("Folders", on: tmux.wait(forText: "Folders"))
            try tmux.wait(for: "the scanned folder") { $0.contains("alpha") && $0.contains("Total") }
            try tmux.keys("R")
            let prompt = try tmux.wait(for: "the prompt with the name", timeout: 15) { screen in
                screen.components(separatedBy: "\n").contains { $0.contains("New name (optional)") && $0.contains("alpha") }
            }
            try tmux.keys("Enter")
            let unchanged = try tmux.wait(forText: "The name is unchanged.", timeout: 15)
            try tmux.keys("R")
            try tmux.wait(forText: "New name (optional)")
            try tmux.keys("Right")
            try tmux.type("_2")
            try tmux.keys("Enter")
            let renamed = try tmux.wait(forText: "Renamed \"alpha\" to \"alpha_2\".", timeout: 15)
            // The folder's own screen starts its rename from the name too.
            try tmux.keys("i")
            try tmux.wait(forText: "esc Back")
            try tmux.keys("R")
            let detail = try tmux.wait(for: "the detail's prompt with the name", timeout: 15) { screen in
                screen.components(separatedBy: "\n").contains { $0.contains("New name (optional)") && $0.contains("alpha_2") }
            }
            try tmux.escape()
            try tmux.keys("q")
            try tmux.wait(forText: "EXITED 0", timeout: 15)
            return [prompt, unchanged, renamed, detail]
        }
        #expect(!screens[1].contains("New name"), "a second rename screen: \(screens[1])")
        #expect(!screens[2].contains("New name"), "\(screens[2])")
        #expect(FileManager.default.fileExists(atPath: root + "/alpha_2/song.txt"))
    }
}
