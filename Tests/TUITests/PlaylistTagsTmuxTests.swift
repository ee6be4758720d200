import Foundation
import Testing
import TestSupport

/// A folder of tagged audio files imported from the TUI's `i` prompt, in the
/// built binary under tmux: the playlist shows the tags' titles, artists and
/// lengths, the name's title for the file with none, and a tag's terminal
/// escape never reaches the screen.
@Suite(.serialized) struct PlaylistTagsTmuxTests {
    @Test func importedFolderShowsTheTags() throws {
        let home = TemporaryDirectory("facet-tui-tags")
        let folder = home.path + "/tagged"
        try TaggedAudioFixture.write(TaggedAudioFixture.standard, into: folder)
        let tmux = try TmuxSession(
            command: TmuxEndToEndTests().command(home: home.path, arguments: "--ui tui --no-mouse"), width: 160, height: 30)
        try tmux.waitForPlaylists()
        try tmux.keys("i")
        try tmux.wait(forText: "File or directory")
        try tmux.type(folder)
        try tmux.keys("Enter")
        try tmux.wait(forText: "Imported 3 songs")
        try tmux.wait(for: "the imported playlist's row") { screen in
            screen.components(separatedBy: "\n").contains { $0.contains("tagged") && $0.contains("3") }
        }
        // The new playlist sorts after the sample: go to the last row and open it.
        try tmux.type("G")
        try tmux.wait(for: "the cursor on the new playlist") { screen in
            screen.components(separatedBy: "\n").contains { $0.hasPrefix("› tagged") }
        }
        try tmux.keys("Enter")
        let screen = try tmux.wait(for: "the tags' titles") { screen in
            screen.contains("Señor Ünïcødé 東京 ☃") && screen.contains("Björk Guðmundsdóttir") && screen.contains("AC/DC")
        }
        let lines = screen.components(separatedBy: "\n")
        #expect(lines.contains { $0.contains("Intro") && $0.contains("0:02") }, "\(screen)")
        #expect(lines.contains { $0.contains("Señor Ünïcødé") && $0.contains("0:03") }, "\(screen)")
        #expect(lines.contains { $0.contains("Say \"hi\", #EXTINF:-1, now red") && $0.contains("0:04") }, "\(screen)")
        // The file names' titles are not shown (the paths may still name them).
        let beforePaths = lines.map { $0.components(separatedBy: " /").first ?? $0 }
        #expect(!beforePaths.contains { $0.contains("Wrong Name") || $0.contains("Also Wrong") }, "\(screen)")
        #expect(!screen.contains("[31m"), "\(screen)")
        try tmux.escapeThenQuit()
        try tmux.wait(forText: "EXITED 0")
    }
}
