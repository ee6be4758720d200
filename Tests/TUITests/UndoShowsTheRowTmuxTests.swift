import Foundation
import Testing
import TestSupport

/// `u` shows what it put back, in the built binary under tmux: the cursor
/// goes to the restored row, as it follows a moved song.
@Suite(.serialized) struct UndoShowsTheRowTmuxTests {
    let place = TabPlaceTmuxTests()

    @Test func undoingTheRemovalOfTheLastSongPutsTheCursorOnIt() throws {
        let (home, tmux) = try place.start(songs: 300)
        // The home outlives the TUI: deleting it under an open TUI is an error the TUI reports.
        defer { withExtendedLifetime(home) {} }
        try tmux.keys("Enter")
        try tmux.wait(forText: "1/300")
        try tmux.keys("G")
        try tmux.wait(for: "the last song under the cursor") { $0.contains("300/300") && !$0.contains("Load more") }
        try tmux.type("x")
        try tmux.wait(forText: "Remove “Song 300”")
        try tmux.type("y")
        try tmux.wait(for: "the song removed") { $0.contains("299/299") }
        try tmux.type("u")
        try tmux.wait(for: "the song back") { $0.contains("Undone") && $0.contains("/300") }
        let back = try place.settled(tmux)
        #expect(back.contains("300/300"), "\(back)")
        #expect(place.cursorRow(back)?.contains("Song 300") == true, "\(back)")

        // A song put back far from the cursor: the cursor goes to it.
        try tmux.keys("Up", "Up", "Up", "Up")
        try tmux.wait(forText: "296/300")
        try tmux.type("x")
        try tmux.wait(forText: "Remove “Song 296”")
        try tmux.type("y")
        try tmux.wait(for: "the song removed") { $0.contains("/299") }
        try tmux.type("g")
        try tmux.wait(forText: "1/299")
        try tmux.type("u")
        try tmux.wait(for: "the song back") { $0.contains("Undone") && $0.contains("/300") }
        let again = try place.settled(tmux)
        #expect(again.contains("296/300"), "\(again)")
        #expect(place.cursorRow(again)?.contains("Song 296") == true, "\(again)")
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
    }
}
