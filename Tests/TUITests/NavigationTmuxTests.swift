import Foundation
import Testing
import TestSupport

/// Navigation defects, in the built binary under tmux: tabs keep
/// where you were, and a tab's form does not swallow the global keys.
@Suite(.serialized) struct NavigationTmuxTests {
    func titleLine(_ screen: String) -> String {
        let lines = screen.components(separatedBy: "\n")
        return lines.count > 1 ? lines[1] : ""
    }

    @Test func switchingTabsComesBackToTheOpenPlaylist() throws {
        let home = TemporaryDirectory("facet-tui-nav")
        let tmux = try TmuxSession(command: TmuxEndToEndTests().command(home: home.path))
        let start = try tmux.waitForPlaylists()
        try tmux.keys("Enter")
        try tmux.wait(forText: "Like a Rolling Stone")
        try tmux.keys("Down", "Down")
        try tmux.wait(forText: "3/7")
        let account = try #require(FolderTUITests().tabKey(start, "Account"))
        let playlists = try #require(FolderTUITests().tabKey(start, "Playlists"))
        try tmux.keys(account)
        try tmux.wait(for: "the account tab") { !titleLine($0).contains("Sample") && titleLine($0).contains("Account") }
        try tmux.keys(playlists)
        // One condition for the whole frame: tmux can be captured between
        // the title's line and the footer's of a single redraw.
        let back = try tmux.wait(for: "the playlist as it was left, third song selected") {
            titleLine($0).contains("Playlists › Sample") && $0.contains("3/7")
        }
        #expect(back.contains("Like a Rolling Stone"))
        // The shown tab's digit goes back to its first screen.
        try tmux.keys(playlists)
        let list = try tmux.waitForPlaylists()
        #expect(!titleLine(list).contains("Sample"))
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
    }

    @Test func aTabsFormLetsDigitsAndQuitThroughUntilAFieldIsEdited() throws {
        let home = TemporaryDirectory("facet-tui-nav")
        let tmux = try TmuxSession(command: TmuxEndToEndTests().command(home: home.path))
        let start = try tmux.waitForPlaylists()
        let login = try #require(FolderTUITests().tabKey(start, "Login"))
        let account = try #require(FolderTUITests().tabKey(start, "Account"))
        try tmux.keys(login)
        var screen = try tmux.wait(forText: "First name")
        #expect(screen.contains("› First name"))  // focus is visible
        #expect(screen.contains("enter Edit"))
        // Digits switch tabs: nothing is typed into the form.
        try tmux.keys(account)
        try tmux.wait(for: "the account tab") { titleLine($0).contains("Account") }
        try tmux.keys(login)
        try tmux.wait(forText: "First name")
        // Enter edits the field: now digits are text, and Esc leaves it.
        try tmux.keys("Enter")
        try tmux.wait(forText: "esc Leave form")
        try tmux.type("34")
        screen = try tmux.wait(for: "the typed digits") { $0.contains("First name  34") }
        #expect(titleLine(screen).contains("Login"))
        try tmux.keys("Escape")
        try tmux.wait(forText: "enter Edit")
        // The typed name was never submitted: q asks first.
        try tmux.keys("q")
        try tmux.wait(forText: "Quit without saving")
        try tmux.keys("y")
        try tmux.wait(forText: "EXITED 0")
    }

    /// Settings while signed out: the reason on the screen (no modal
    /// dialog) beside the key that signs in; signing in from there and
    /// coming back shows the settings.
    @Test func settingsWhileSignedOutShowsTheWayToSignIn() throws {
        let home = TemporaryDirectory("facet-tui-nav")
        let tmux = try TmuxSession(command: TmuxEndToEndTests().command(home: home.path))
        let start = try tmux.waitForPlaylists()
        try tmux.keys(try #require(FolderTUITests().tabKey(start, "Settings")))
        var screen = try tmux.wait(forText: "Nobody is signed in")
        #expect(!screen.contains("┌"))
        #expect(screen.contains("l Sign in"))
        try tmux.keys("l")
        try tmux.wait(for: "the login screen on top") { titleLine($0).contains("Settings › Login") }
        try tmux.type("Ann")
        try tmux.keys("Tab")
        try tmux.type("Lee")
        try tmux.keys("Enter")
        try tmux.wait(forText: "signed in as Ann Lee")
        try tmux.keys("Escape")
        screen = try tmux.wait(for: "the settings") { $0.contains("Settings of") && $0.contains("Page size") }
        #expect(!titleLine(screen).contains("Login"))
        #expect(!screen.contains("Nobody is signed in"))
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
    }

    /// End (`G`) goes to the last row of the whole list in one
    /// press, loading the pages it needs.
    @Test func endGoesToTheLastOfAllRows() throws {
        let home = TemporaryDirectory("facet-tui-nav")
        let songs = (1...130).map { "#EXTINF:100,Band \($0) - Song \($0)\n/music/\($0).mp3" }
        let m3u = home.file("big.m3u", "#EXTM3U\n" + songs.joined(separator: "\n") + "\n")
        let imported = try FacetProcess.run(["playlists", "import", m3u, "--name", "Big"], home: home.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        let tmux = try TmuxSession(command: TmuxEndToEndTests().command(home: home.path))
        try tmux.wait(for: "the Big playlist under the cursor") { $0.components(separatedBy: "\n").contains { $0.hasPrefix("› Big ") } }
        try tmux.keys("Enter")
        try tmux.wait(forText: "1/130")
        try tmux.keys("G")
        let end = try tmux.wait(forText: "130/130")
        #expect(end.contains("Song 130"))
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
    }

    /// `/` filters as you type; Esc puts back the whole list.
    @Test func slashFiltersAsYouType() throws {
        let home = TemporaryDirectory("facet-tui-nav")
        let tmux = try TmuxSession(command: TmuxEndToEndTests().command(home: home.path))
        try tmux.waitForPlaylists()
        try tmux.keys("Enter")
        try tmux.wait(forText: "Like a Rolling Stone")
        try tmux.keys("/")
        try tmux.wait(forText: "Keep filter")
        try tmux.type("Queen")
        // No Enter: the list follows the typing.
        let filtered = try tmux.wait(for: "the list filtered while typing") {
            $0.contains("filter: Queen") && !$0.contains("Hotel California")
        }
        #expect(filtered.contains("Bohemian Rhapsody"))
        #expect(filtered.contains("Keep filter"))
        try tmux.keys("Escape")
        try tmux.wait(for: "the whole list again") { $0.contains("Hotel California") && !$0.contains("filter:") }
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
    }
}
