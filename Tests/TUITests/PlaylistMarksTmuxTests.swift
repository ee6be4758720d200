import Foundation
import Testing
import TestSupport

/// `K`/`J`, `space` marks and `u` on the real playlist screen, in the built
/// binary under tmux: the keys come from the actions' descriptors.
@Suite(.serialized) struct PlaylistMarksTmuxTests {
    /// True when `first` is shown above `second`.
    func above(_ first: String, _ second: String, in screen: String) -> Bool {
        guard let a = screen.range(of: first), let b = screen.range(of: second) else { return false }
        return a.lowerBound < b.lowerBound
    }

    /// The detail row giving the playlist's song count shows `count`.
    func songs(_ count: Int, in screen: String) -> Bool {
        screen.range(of: "Songs +\(count)\\b", options: .regularExpression) != nil
    }

    @Test func moveMarkRemoveAndUndoWithKeys() throws {
        let home = TemporaryDirectory("facet-tui-marks")
        let tmux = try TmuxSession(command: TmuxEndToEndTests().command(home: home.path, arguments: "--ui tui --no-mouse"))
        try tmux.waitForPlaylists()
        try tmux.keys("Enter")
        try tmux.wait(for: "the sample's songs") { $0.contains("Bohemian Rhapsody") && self.songs(7, in: $0) }
        try tmux.type("K")
        try tmux.wait(forText: "already at the top")
        try tmux.keys("Enter")  // closes the refusal
        try tmux.wait(for: "the refusal closed") { !$0.contains("already at the top") }
        try tmux.type("jK")
        try tmux.wait(for: "Hotel California moved up") { self.above("Hotel California", "Bohemian Rhapsody", in: $0) }
        try tmux.type("u")
        try tmux.wait(for: "the move undone") { self.above("Bohemian Rhapsody", "Hotel California", in: $0) && $0.contains("Undone") }
        // Mark the first two rows (space steps down), then remove both at once.
        try tmux.type("g")
        try tmux.keys("Space")
        try tmux.keys("Space")
        try tmux.wait(forText: "2 marked")
        try tmux.type("x")
        try tmux.wait(forText: "Remove 2 songs from playlist")
        try tmux.type("y")
        try tmux.wait(for: "two songs removed") { self.songs(5, in: $0) && !$0.contains("Bohemian Rhapsody") }
        try tmux.type("u")
        try tmux.wait(for: "the songs back") { self.songs(7, in: $0) && self.above("Bohemian Rhapsody", "Hotel California", in: $0) }
        try tmux.escapeThenQuit()
        try tmux.wait(forText: "EXITED 0")
    }
}
