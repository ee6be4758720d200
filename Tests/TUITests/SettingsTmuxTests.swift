import Foundation
import Testing
import TestSupport

/// A setting changed through the real TUI (under tmux) is saved for the
/// signed-in user: another process, `facet settings get`, reads it.
@Suite(.serialized, .tags(.users, .tui, .cli))
struct SettingsTmuxTests {
    @Test func aPageSizeEditedInTheTUIIsWhatSettingsGetReads() throws {
        let home = TemporaryDirectory("facet-settings-tui")
        let signIn = try FacetProcess.run(["login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace"], home: home.path)
        try #require(signIn.status == 0, "\(signIn.stderr)")
        #expect(try FacetProcess.run(["settings", "get", "page-size"], home: home.path).stdout == "50\n")

        let tmux = try TmuxSession(command: TmuxEndToEndTests().command(home: home.path, arguments: "--ui tui --no-mouse settings"))
        try tmux.wait(for: "the settings form") { $0.contains("Settings of") && $0.contains("› GitHub username") }
        // Down to the page size, Enter edits it, the old value cleared; Enter saves.
        try tmux.keys("Down", "Down", "Down")
        try tmux.wait(for: "the page size chosen") { $0.contains("› Page size") }
        try tmux.keys("Enter")
        try tmux.keys("C-u")
        try tmux.type("25")
        try tmux.keys("Enter")
        let saved = try tmux.wait(forText: "Saved: Page size.")
        // Each setting once: the form's field holds the saved value, and
        // the pointer stays on the field just saved.
        #expect(!saved.contains("(saved)"), "\(saved)")
        #expect(saved.contains("› Page size            25"), "\(saved)")
        try tmux.escapeThenQuit()
        try tmux.wait(forText: "EXITED 0")

        let read = try FacetProcess.run(["settings", "get", "page-size"], home: home.path)
        #expect(read.status == 0, "\(read.stderr)")
        #expect(read.stdout == "25\n")
    }
}
