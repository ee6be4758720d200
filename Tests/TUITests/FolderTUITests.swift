import Foundation
import Testing
import TestSupport

/// The folder screens in the TUI, as a person uses them: no TUI code knows
/// them, yet they list, sort, rename and follow changes made by others; and
/// the final snapshot equals the CLI's `--json` for the same scenario.
@Suite struct FolderTUITests {
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

    /// A size as the folder list shows it: KiB to one decimal, cut down.
    func kibibytes(_ bytes: Int64) -> String {
        String(format: "%.1f KiB", (Double(bytes) / 1024 * 10).rounded(.down) / 10)
    }
}
