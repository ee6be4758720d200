import Foundation
import Testing
import TestSupport

/// A folder of files only, in the built binary under tmux: its empty list
/// and its Rest row say how to list the files with the TUI's own key, never
/// with the CLI's word, and that key does it.
@Suite(.serialized) struct FolderHintTmuxTests {
    @Test func theFilesHintNamesTheKeyThatListsThem() throws {
        let home = TemporaryDirectory("facet-tui-folder-hint")
        let tree = TemporaryDirectory("facet-tui-folder-hint-tree")
        tree.file("only-files/a.txt", "a")
        tree.file("only-files/b.txt", "bb")
        let command = TmuxEndToEndTests().command(
            home: home.path, arguments: "--ui tui --no-mouse folders \(shellQuoted(tree.path + "/only-files"))")
        let tmux = try TmuxSession(command: command, width: 100, height: 30)
        // The scan's end, not only its first figures: the empty list's
        // message comes once "Reading…" is done.
        let screen = try tmux.wait(for: "the empty folder's hint") {
            $0.contains("not listed") && $0.contains("Total") && !$0.contains("Reading…") && !$0.contains("so far")
        }
        #expect(screen.contains("list them with f (Files on/off)."), "\(screen)")
        #expect(screen.contains("(list them with f (Files on/off))"), "the Rest row: \(screen)")
        #expect(!screen.contains("--files") && !screen.contains("toggle-files"), "\(screen)")
        try tmux.type("f")
        try tmux.wait(for: "the files listed") { $0.contains("a.txt") && $0.contains("b.txt") }
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
    }
}
