import Foundation
import Testing
import TestSupport

/// The folder screens in the TUI, as a person uses them: no TUI code knows
/// them, yet they list, sort, rename and follow changes made by others; and
/// the final snapshot equals the CLI's `--json` for the same scenario.
@Suite(.tags(.folders, .tui, .cli)) struct FolderTUITests {
    /// The digit of the tab that shows `title` in the tab bar.
    func tabKey(_ screen: String, _ title: String) -> String? {
        let bar = screen.components(separatedBy: "\n").first ?? ""
        let words = bar.split(separator: " ").map(String.init)
        guard let index = words.firstIndex(of: title), index > 0 else { return nil }
        return words[index - 1]
    }

    @Test func sortedFolderIsIdenticalInTUIAndCLIAndFollowsOtherPrograms() throws {
        let home = TemporaryDirectory("facet-tui-folders")
        let tree = TemporaryDirectory("facet-tui-tree")
        let root = tree.path.replacingOccurrences(of: "//", with: "/")
        tree.file("alpha/inner/data", String(repeating: "a", count: 60_000))
        tree.file("beta/b", "b")
        let snapshotPath = home.path + "/tui-snapshot.json"
        let command = "cd \(shellQuoted(root)); " + TmuxEndToEndTests().command(
            home: home.path, extra: "FACET_TUI_SNAPSHOT=\(shellQuoted(snapshotPath))", arguments: "--ui tui --no-mouse")
        let tmux = try TmuxSession(command: command, width: 110, height: 30)

        let start = try tmux.wait(forText: "Folders")
        let key = try #require(tabKey(start, "Folders"))
        try tmux.keys(key)
        var screen = try tmux.wait(for: "the scanned folder") { $0.contains("Total") && $0.contains("beta") }
        #expect(screen.contains(root))
        let alpha = screen.components(separatedBy: "\n").first { $0.contains("alpha") } ?? ""
        #expect(alpha.contains(kibibytes(try DiskUsage.apparentBytes(root + "/alpha"))), "\(alpha)")

        // Another program renames a folder: the open screen follows.
        #expect(rename(root + "/beta", root + "/gamma") == 0)
        screen = try tmux.wait(for: "the renamed row") { $0.contains("gamma") && !$0.contains("beta") }

        // Sort by name through the generated prompt.
        try tmux.keys("s")
        try tmux.wait(forText: "Sort by")
        try tmux.keys("Right", "Enter")
        screen = try tmux.wait(for: "sorted by name") { $0.contains("sort: name") }
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")

        let viaTUI = try String(contentsOfFile: snapshotPath, encoding: .utf8)
        let cli = try FacetProcess.run(["folders", root, "--sort", "name", "--json"], home: home.path)
        #expect(cli.status == 0)
        let tuiObject = try JSONSerialization.jsonObject(with: Data(viaTUI.utf8)) as? NSDictionary
        let cliObject = try JSONSerialization.jsonObject(with: Data(cli.stdout.utf8)) as? NSDictionary
        #expect(tuiObject != nil)
        #expect(tuiObject == cliObject)
    }

    /// `facet --ui tui folders PATH` starts at PATH (like `ncdu PATH`);
    /// Enter goes down, the title line shows names ("sub › deeper", not
    /// full paths), and Backspace goes up past the starting folder too,
    /// as its "Up" hint says.
    @Test func startsAtAPathAndBackspaceClimbsAboveIt() throws {
        let home = TemporaryDirectory("facet-tui-start")
        let tree = TemporaryDirectory("facet-tui-start-tree")
        let root = tree.path.replacingOccurrences(of: "//", with: "/")
        tree.file("sub/deeper/inner/data", String(repeating: "d", count: 5_000))
        tree.file("sub/other/x", "x")
        let command = TmuxEndToEndTests().command(
            home: home.path, arguments: "--ui tui --no-mouse folders \(shellQuoted(root + "/sub")) --sort name")
        let tmux = try TmuxSession(command: command, width: 110, height: 30)
        var screen = try tmux.wait(for: "the starting folder") { $0.contains("deeper") && $0.contains("Total") }
        #expect(screen.contains("sort: name"), "\(screen)")
        let firstTitle = screen.components(separatedBy: "\n").dropFirst().first ?? ""
        #expect(firstTitle.contains("sub") && !firstTitle.contains(root), "\(firstTitle)")

        try tmux.keys("Enter")  // the cursor is on "deeper" (by name)
        screen = try tmux.wait(for: "the folder below") { $0.contains("inner") }
        let title = screen.components(separatedBy: "\n").dropFirst().first ?? ""
        #expect(title.contains("sub") && title.contains("deeper") && !title.contains(root), "\(title)")

        try tmux.keys("BSpace")
        try tmux.wait(for: "back at the start") { $0.contains("deeper") && $0.contains("other") && !$0.contains("inner") }
        try tmux.keys("BSpace")
        screen = try tmux.wait(for: "the folder above the start") { $0.contains(" sub") && !$0.contains("deeper") }
        #expect(screen.contains(root), "the Path row names the parent: \(screen)")
        try tmux.keys("q")
        try tmux.wait(forText: "EXITED 0")
    }

    @Test func aStartScreenThatDoesNotExistIsRefusedBeforeTheTerminalIsTaken() throws {
        let home = TemporaryDirectory("facet-tui-start-bad")
        let command = TmuxEndToEndTests().command(home: home.path, arguments: "--ui tui foldrs /usr")
        let tmux = try TmuxSession(command: command, width: 110, height: 30)
        let screen = try tmux.wait(forText: "EXITED 2")
        #expect(screen.contains("unknown screen 'foldrs'"), "\(screen)")
    }

    /// A size as the folder list shows it: KiB to one decimal, cut down.
    func kibibytes(_ bytes: Int64) -> String {
        String(format: "%.1f KiB", (Double(bytes) / 1024 * 10).rounded(.down) / 10)
    }
}
