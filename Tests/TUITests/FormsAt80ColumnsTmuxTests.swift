import Foundation
import Testing
import TestSupport

/// Forms as the key table promises and as read at 80 columns, in the built
/// binary under tmux: Tab goes to the next field (a path field completes
/// only while there is something to complete), the Settings tab shows each
/// setting once, and the help, the choices and an error carrying its fix
/// are read whole rather than cut.
@Suite(.serialized, .tags(.tui))
struct FormsAt80ColumnsTmuxTests {
    func lines(_ screen: String) -> [String] { screen.components(separatedBy: "\n") }

    func signedInHome() throws -> TemporaryDirectory {
        let home = TemporaryDirectory("facet-tui-forms80")
        let signIn = try FacetProcess.run(["login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace"], home: home.path)
        try #require(signIn.status == 0, "\(signIn.stderr)")
        return home
    }

    @Test func tabMovesBetweenSettingsAndTheSettingsAreReadWhole() throws {
        let home = try signedInHome()
        let tmux = try TmuxSession(
            command: TmuxEndToEndTests().command(home: home.path, arguments: "--ui tui --no-mouse settings"), width: 80, height: 24)
        let form = try tmux.wait(for: "the settings form") { $0.contains("Settings of") && $0.contains("› GitHub username") }
        // Each setting once: no second "(saved)" row per setting.
        #expect(!form.contains("(saved)"), "\(form)")
        // The front end's choices are read whole.
        let choices = try #require(lines(form).first { $0.contains("Preferred front end") })
        #expect(choices.contains("(none) | ") && !choices.contains("…"), "\(choices)")

        // Tab and Shift-Tab move the pointer between fields; the tab stays.
        try tmux.keys("Tab")
        var screen = try tmux.wait(for: "the token pointed at") { $0.contains("› GitHub token") }
        #expect(lines(screen)[1].contains("Settings"), "\(screen)")
        try tmux.keys("BTab")
        screen = try tmux.wait(for: "the user pointed at") { $0.contains("› GitHub username") }

        // The help's reasons are wrapped, never cut.
        try tmux.keys("?")
        // A whole frame: the overlay is drawn over the form row by row.
        screen = try tmux.waitForFrame(for: "the whole help") { $0.contains("This screen") && $0.contains("not now") }
        let joined = lines(screen).map { $0.replacingOccurrences(of: "│", with: " ").trimmingCharacters(in: .whitespaces) }
            .joined(separator: " ").split(separator: " ").joined(separator: " ")
        #expect(joined.contains("not now: Nothing to save: no setting was edited)"), "\(screen)")
        #expect(!lines(screen).contains { $0.contains("…│") || $0.contains("… │") }, "\(screen)")
        try tmux.keys("Escape")
        try tmux.wait(for: "the help closed") { !$0.contains("This screen") }
        try tmux.escapeThenQuit()
        try tmux.wait(forText: "EXITED 0")
    }

    @Test func aRefusedValueAndTheSaveButtonSayWhyWhole() throws {
        let home = try signedInHome()
        let tmux = try TmuxSession(
            command: TmuxEndToEndTests().command(home: home.path, arguments: "--ui tui --no-mouse settings"), width: 80, height: 24)
        var screen = try tmux.wait(for: "the settings form") { $0.contains("Settings of") && $0.contains("› GitHub username") }
        // Down to the web URL field, one move at a time (wherever it sits in the form).
        // A move is seen in a whole frame with the pointer on its new row: a
        // capture taken while the old row is redrawn and the new one not yet
        // shows no pointer at all, and counting that as the move would send
        // the next `j` early and step past the field.
        for _ in 0..<16 where !screen.contains("› GitHub web URL") {
            let pointed = lines(screen).first { $0.hasPrefix("›") }
            try tmux.keys("j")
            screen = try tmux.waitForFrame(for: "the pointer moved") { frame in
                let row = self.lines(frame).first { $0.hasPrefix("›") }
                return row != nil && row != pointed
            }
        }
        try #require(screen.contains("› GitHub web URL"), "\(screen)")
        try tmux.keys("Enter")
        try tmux.keys("C-u")
        try tmux.type("ftp://x")
        try tmux.keys("Enter")
        screen = try tmux.waitForFrame(for: "the refusal") { $0.contains("ftp://x") && $0.contains("[ Save ]") && $0.contains("must be") }
        // The Save button's reason carries the fix: wrapped under it, never cut.
        // The form: below the tab bar (whose titles shorten at 80 columns), above the detail.
        let form = lines(screen).dropFirst().prefix { !$0.contains("Settings of") }
        let joined = form.map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(joined.contains("(GitHub web URL must be an http:// or https:// URL.)"), "\(screen)")
        #expect(!form.contains { $0.contains("…") }, "\(screen)")
        try tmux.escapeThenQuit()
        try tmux.wait(forText: "Quit without saving")
        try tmux.type("y")
        try tmux.wait(forText: "EXITED 0")
    }

    @Test func tabInACompletePathGoesToTheNextField() throws {
        let home = TemporaryDirectory("facet-tui-forms80-import")
        let m3u = home.file("mix.m3u", "#EXTM3U\n#EXTINF:100,Band - Song\n/music/song.mp3\n")
        let tmux = try TmuxSession(
            command: TmuxEndToEndTests().command(home: home.path, arguments: "--ui tui --no-mouse playlists"), width: 80, height: 24)
        try tmux.wait(forText: "Playlists")
        try tmux.type("i")
        try tmux.wait(forText: "File or directory")
        try tmux.type(m3u)
        // The path is complete: Tab goes on to the name, as in any form.
        try tmux.keys("Tab")
        try tmux.type("Mine")
        try tmux.keys("Enter")
        let imported = try tmux.wait(for: "the playlist imported") { lines($0).contains { $0.hasPrefix("› Mine ") || $0.contains(" Mine ") } }
        #expect(!imported.contains("mix.m3uMine"), "\(imported)")
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
    }

    /// Nobody signed in: the Stars error says how to sign in and then how
    /// to set the user, longer than a row; its end (the second fix) shows.
    @Test func anErrorThatCarriesItsFixIsReadWholeAt80Columns() throws {
        let home = TemporaryDirectory("facet-tui-forms80-stars")
        let tmux = try TmuxSession(
            command: TmuxEndToEndTests().command(home: home.path, arguments: "--ui tui --no-mouse stars"), width: 80, height: 24)
        let screen = try tmux.wait(for: "the error and its fixes") { $0.contains("Nobody is signed in") }
        let joined = lines(screen).map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        #expect(joined.contains("then set one (facet settings set github-user NAME)."), "\(screen)")
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
    }
}
