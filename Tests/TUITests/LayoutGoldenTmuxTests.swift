import Foundation
import Testing
import TestSupport

/// The layout at the sizes people use most, 80×24 and 200×60, as golden
/// frames of the built binary under tmux: tab titles shortened only when
/// they do not fit and all alike, dates and sizes whole, long text columns
/// sharing the rest, the share bar in the folders list, the detail leaving
/// the list its rows. The data is fixed (the sample playlist, a folder tree
/// with fixed times, three stars from the loopback GitHub stand-in, one with
/// a 300-character description) and so is the clock.
@Suite(.serialized) struct LayoutGoldenTmuxTests {
    static let clock = 1_790_000_000
    static let longName = "a folder whose name is far longer than any column should give it, so it has to share the row"

    /// A folder tree at a path of fixed length (`/tmp/facet-layout-XXXXXX`),
    /// so the frames' widths do not depend on where the temp folder is.
    final class Tree {
        let path: String

        init() {
            var bytes = Array("/tmp/facet-layout-XXXXXX".utf8CString)
            path = mkdtemp(&bytes).map { String(cString: $0) } ?? "/tmp/facet-layout-failed"
            let files: [(String, Int)] = [
                (LayoutGoldenTmuxTests.longName + "/big.bin", 60_000), ("music/song.ogg", 30_000),
                ("photos/cat.jpg", 12_000), ("notes/todo.txt", 1_000),
            ]
            let fixed = Date(timeIntervalSince1970: TimeInterval(LayoutGoldenTmuxTests.clock - 86_400))
            for (name, size) in files {
                let file = path + "/" + name
                try? FileManager.default.createDirectory(
                    atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
                FileManager.default.createFile(atPath: file, contents: Data(repeating: 0x61, count: size))
                try? FileManager.default.setAttributes([.modificationDate: fixed], ofItemAtPath: file)
            }
            // Folders last: writing their files changed their times.
            for (name, _) in files {
                let folder = path + "/" + (name as NSString).deletingLastPathComponent
                try? FileManager.default.setAttributes([.modificationDate: fixed], ofItemAtPath: folder)
            }
            try? FileManager.default.setAttributes([.modificationDate: fixed], ofItemAtPath: path)
        }

        deinit { try? FileManager.default.removeItem(atPath: path) }

        /// The tree's random suffix (whole, or cut short in a column) as
        /// as many X's.
        func masked(_ screen: String) -> String {
            let suffix = String((path as NSString).lastPathComponent.dropFirst("facet-layout-".count))
            var text = screen
            for length in stride(from: suffix.count, through: 1, by: -1) {
                text = text.replacingOccurrences(
                    of: "facet-layout-" + suffix.prefix(length), with: "facet-layout-" + String(repeating: "X", count: length))
            }
            return text
        }
    }

    /// What still changes from run to run, replaced by text of the same
    /// width (so the frame's layout is what is compared), and trailing spaces.
    static func masked(_ screen: String, tree: Tree) -> String {
        tree.masked(screen)
            .replacingOccurrences(of: "resets at [0-9]{2}:[0-9]{2}", with: "resets at hh:mm", options: .regularExpression)
            // The sample playlist's import time is the wall clock's.
            .replacingOccurrences(
                of: "[0-9]{4}-[0-9]{2}-[0-9]{2} [0-9]{2}:[0-9]{2} UTC", with: "YYYY-MM-DD hh:mm UTC", options: .regularExpression)
            .components(separatedBy: "\n")
            .map { line in
                var line = line
                while line.last == " " { line.removeLast() }
                return line
            }
            .joined(separator: "\n")
    }

    /// The folders frame without what the file system decides: a folder's
    /// own entry (4 KiB on ext4, a few bytes on tmpfs), and so every total,
    /// share and disk usage above the files' own sizes. Each such value
    /// becomes `#` with its unit, right-aligned in the span it shares with
    /// the spaces before it (a right-aligned cell keeps its width whatever
    /// the value), a share bar's fill becomes `~`, and the detail rows that
    /// end in such a value end in a placeholder.
    /// The layout (columns, widths, cuts, where the bar is) is still all there.
    static func fileSystemMasked(_ screen: String) -> String {
        func replacing(_ pattern: String, in text: String, _ transform: (String) -> String) -> String {
            let expression = try! NSRegularExpression(pattern: pattern, options: [.anchorsMatchLines])
            var result = text
            for match in expression.matches(in: text, range: NSRange(text.startIndex..., in: text)).reversed() {
                guard let range = Range(match.range, in: result) else { continue }
                result.replaceSubrange(range, with: transform(String(result[range])))
            }
            return result
        }
        var text = screen.components(separatedBy: "\n").map { line in
            for label in ["Total", "Disk usage", "Rest"] where line.hasPrefix(" " + label + " ") {
                let value = line.dropFirst(1 + label.count).prefix { $0 == " " }
                return " " + label + value + "<set by the file system>"
            }
            return line
        }.joined(separator: "\n")
        // The title's total, then the spaces up to what is right-aligned.
        text = replacing("\\([0-9][0-9.,]* [KMGT]?i?B\\) +", in: text) { span in
            "(# KB)".padding(toLength: span.count, withPad: " ", startingAt: 0)
        }
        // A cell's value, right-aligned in the span it shared with its padding.
        text = replacing(" +[0-9][0-9.,]*( (KiB|MiB|GiB|KB|MB|GB|B|bytes)|%)", in: text) { span in
            let placeholder = span.hasSuffix("%") ? "#%" : "# " + (span.split(separator: " ").last ?? "")
            return String(repeating: " ", count: max(1, span.count - placeholder.count)) + placeholder
        }
        text = replacing("\\[[#█▉▊▋▌▍▎▏ ]{3,}\\]", in: text) { "[" + String(repeating: "~", count: $0.count - 2) + "]" }
        return text
    }

    func facet(_ home: TemporaryDirectory, _ words: String...) throws -> FacetProcess.Result {
        try FacetProcess.run(words, home: home.path, environment: ["TZ": "UTC", "FACET_CLOCK": String(Self.clock)])
    }

    /// Opens the playlists, the sample's songs, the folders and the stars
    /// in a `width`×`height` terminal and checks each frame.
    func screens(width: Int, height: Int) throws {
        let size = "\(width)x\(height)"
        let home = TemporaryDirectory("facet-layout-home")
        let tree = Tree()
        let server = try FixtureServer()
        #expect(try facet(home, "login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace").status == 0)
        #expect(try facet(home, "settings", "set-field", "github-user", "wordy", "set-field", "github-base-url", server.baseURL).status == 0)
        // Pictures off: the sample's covers are on a host that never answers,
        // and when the lookup fails is no part of the layout (PicturesTmuxTests
        // checks the pictures).
        let command = "cd \(shellQuoted(tree.path)); "
            + TmuxEndToEndTests().command(
                home: home.path, extra: "TZ=UTC FACET_CLOCK=\(Self.clock) FACET_PICTURES=off", arguments: "--ui tui --no-mouse")
        let tmux = try TmuxSession(command: command, width: width, height: height)

        let playlists = try tmux.waitForFrame(for: "the playlists with Sample") { screen in
            screen.contains("Playlists") && screen.components(separatedBy: "\n").contains { $0.hasPrefix("› Sample ") }
        }
        Golden.check("layout-playlists-\(size)", Self.masked(playlists, tree: tree))

        try tmux.keys("Enter")
        let songs = try tmux.waitForFrame(for: "the sample's songs") { $0.contains("Bohemian Rhapsody") && $0.contains("Like a Rolling Stone") }
        Golden.check("layout-songs-\(size)", Self.masked(songs, tree: tree))

        try tmux.switchToTab("Folders", on: playlists)
        let folders = try tmux.waitForFrame(for: "the scanned tree") { screen in
            screen.contains("notes") && screen.contains("photos") && screen.contains("Total") && !screen.contains("scanning")
                && screen.components(separatedBy: "\n").filter { $0.contains("%") }.count >= 4
        }
        Golden.check("layout-folders-\(size)", Self.masked(Self.fileSystemMasked(folders), tree: tree))

        try tmux.switchToTab("Starred", on: playlists)
        let stars = try tmux.waitForFrame(for: "the three stars") { screen in
            screen.contains("owner1/project") && screen.contains("owner3/project") && screen.contains("Read 3 starred")
        }
        Golden.check("layout-stars-\(size)", Self.masked(stars, tree: tree))
        withExtendedLifetime(server) {}
        try tmux.escapeThenQuit()
        try tmux.wait(forText: "EXITED 0")
    }

    @Test func at80x24() async throws {
        try await offThePool { try screens(width: 80, height: 24) }
    }

    @Test func at200x60() async throws {
        try await offThePool { try screens(width: 200, height: 60) }
    }
}
