import Foundation
import Testing
import TestSupport

/// `--ascii`, and a locale that is not UTF-8, draw the TUI's lines, pointer,
/// sort marks and dialog frames in ASCII (README: "Garbled TUI"): the built
/// binary under tmux, read as a person would.
@Suite(.serialized, .tags(.tui, .playlists)) struct ASCIITmuxTests {
    /// The line-drawing and marker characters the Unicode theme uses.
    static let unicodeGlyphs = Set("─│┌┐└┘…›•█▲▼‹⠋⠙⠹⠸⠼⠴⠦⠧⠇⠏·↑↓←→")

    @Test(arguments: [("--ui tui --ascii --no-mouse", ""), ("--ui tui --no-mouse", "LANG=C")])
    func linesPointerAndDialogFramesAreASCII(arguments: String, locale: String) throws {
        let home = TemporaryDirectory("facet-tui-ascii")
        let tmux = try TmuxSession(command: TmuxEndToEndTests().command(home: home.path, extra: locale, arguments: arguments))
        let list = try tmux.wait(for: "the playlists, drawn in ASCII") { screen in
            screen.components(separatedBy: "\n").contains { $0.hasPrefix("> Sample ") }
        }
        #expect(list.contains("Playlist ^"), "the sort mark:\n\(list)")
        // A dialog: its frame.
        try tmux.keys("d")
        let dialog = try tmux.wait(forText: "Delete playlist \"Sample\"")
        let rows = dialog.components(separatedBy: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(rows.contains { $0.hasPrefix("+- Delete -") && $0.hasSuffix("-+") }, "the dialog's top:\n\(dialog)")
        #expect(rows.contains { $0.hasPrefix("| Delete playlist") && $0.hasSuffix("|") }, "its sides:\n\(dialog)")
        #expect(rows.contains { $0.count > 10 && $0.allSatisfy { "+-".contains($0) } }, "its bottom:\n\(dialog)")
        for screen in [list, dialog] {
            let drawn = screen.filter { Self.unicodeGlyphs.contains($0) }
            #expect(drawn.isEmpty, "Unicode glyphs \(drawn) on:\n\(screen)")
        }
        // Refused: the playlist stays.
        try tmux.keys("n")
        try tmux.wait(for: "the dialog closed") { !$0.contains("Delete playlist") && $0.contains("> Sample ") }
        // The help's keys and footer, and the palette's footer.
        try tmux.keys("?")
        let help = try tmux.waitForFrame(for: "the help") { $0.contains("This screen") && $0.contains("close") }
        try tmux.keys("Escape")
        try tmux.wait(for: "the help closed") { !$0.contains("This screen") }
        try tmux.keys(":")
        let palette = try tmux.waitForFrame(for: "the palette") { $0.contains("type to match") }
        try tmux.keys("Escape")
        try tmux.wait(for: "the palette closed") { !$0.contains("type to match") }
        for screen in [help, palette] {
            let drawn = screen.filter { Self.unicodeGlyphs.contains($0) }
            #expect(drawn.isEmpty, "Unicode glyphs \(drawn) on:\n\(screen)")
        }
        #expect(help.contains("up") && palette.contains("up/down choose"), "\(help)\n\(palette)")
        try tmux.type("q")
        try tmux.wait(forText: "EXITED 0")
    }
}
