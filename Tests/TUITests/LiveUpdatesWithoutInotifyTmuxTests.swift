import Foundation
import Testing
import TestSupport

/// An open TUI whose user has no inotify instance left (another program
/// holds them all) still shows another process's import, and says in its
/// status line that it only polls: the built binary under tmux, both
/// processes run as the hog's user.
@Suite(.serialized) struct LiveUpdatesWithoutInotifyTmuxTests {
    @Test func anImportShowsByPollingAndTheStatusLineWarns() throws {
        guard Unprivileged.isRoot else {
            Issue.record("needs root: the inotify instances are used up as a user of the test's own (setpriv)")
            return
        }
        let world = InotifyHog.World()
        let hog = try InotifyHog()

        let asUser = (["setpriv"] + InotifyHog.asUser).joined(separator: " ")
        let tmux = try TmuxSession(
            command: TmuxEndToEndTests().command(home: world.home.path, extra: asUser, arguments: "--ui tui --no-mouse"),
            width: 120, height: 30)
        let first = try tmux.waitForPlaylists()
        let warned = first.contains("inotify") ? first : try tmux.wait(forText: "inotify")
        #expect(warned.contains("checked for every"), "\(warned)")

        let imported = try world.importAsUser()
        #expect(imported.status == 0, "\(imported.stderr)")
        // How soon is a benchmark's figure; a generous deadline here is missed
        // only by a change never shown.
        try tmux.wait(for: "the import", timeout: 60) { $0.contains("Arrived ") }
        try tmux.type("q")
        try tmux.wait(forText: "EXITED 0")
        withExtendedLifetime(hog) {}
    }
}
