import Foundation
import Testing
import TestSupport

/// The playlist conformance scenario (open Sample sorted by title, filter
/// "o") driven by keys in the TUI ends in the same view-model snapshot as
/// the CLI's `--json` (which the JSON-lines conformance test matches too).
@Suite(.tags(.playlists, .tui, .cli)) struct TUIConformanceTests {
    @Test func filteredSortedPlaylistIsIdenticalInTUIAndCLI() throws {
        let home = TemporaryDirectory("facet-tui-conformance")
        let snapshotPath = home.path + "/tui-snapshot.json"
        let tmux = try TmuxSession(command: TmuxEndToEndTests().command(
            home: home.path, extra: "FACET_TUI_SNAPSHOT=\(shellQuoted(snapshotPath))"))
        try tmux.waitForPlaylists()
        try tmux.keys("Enter")
        try tmux.wait(forText: "Like a Rolling Stone")
        try tmux.keys("s")
        try tmux.wait(forText: "Sort by")
        try tmux.keys("Right", "Enter")
        try tmux.wait(for: "sorted by title") { $0.components(separatedBy: "\n").contains { $0.hasPrefix("› Billie Jean") } }
        try tmux.keys("/")
        try tmux.wait(forText: "Keep filter")
        try tmux.type("o")
        try tmux.keys("Enter")
        try tmux.wait(for: "the filtered list") { $0.contains("filter: o") && !$0.contains("Working") }
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")

        let viaTUI = try String(contentsOfFile: snapshotPath, encoding: .utf8)
        let cli = try FacetProcess.run(["playlist", "Sample", "--sort", "title", "filter", "o", "--json"], home: home.path)
        #expect(cli.status == 0)
        let tuiObject = try JSONSerialization.jsonObject(with: Data(viaTUI.utf8)) as? NSDictionary
        let cliObject = try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? NSDictionary
        #expect(tuiObject != nil)
        #expect(tuiObject == cliObject)
        #expect(viaTUI.contains("\"filter\":\"o\""))
    }
}
