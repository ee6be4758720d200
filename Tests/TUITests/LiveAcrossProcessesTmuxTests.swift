import Foundation
import Testing
import TestSupport

/// An open TUI shows what another Facet process committed to the same
/// database, without a key press, and sleeps while nothing happens: the
/// built binary under tmux, the other process a one-shot CLI run. How soon
/// is a benchmark's figure (Tools/bench/live.sh); these wait with a generous
/// deadline, which only a change never shown misses.
@Suite(.serialized) struct LiveAcrossProcessesTmuxTests {
    func startTUI(_ home: TemporaryDirectory, width: Int = 100, height: Int = 30) throws -> TmuxSession {
        let tmux = try TmuxSession(
            command: TmuxEndToEndTests().command(home: home.path, arguments: "--ui tui --no-mouse"), width: width, height: height)
        try tmux.waitForPlaylists()
        return tmux
    }

    /// Imports `list` as "Arrived" with a one-shot CLI run (no `--connect`)
    /// and waits until `tmux` shows it, with no key pressed.
    static func importShows(_ list: String, home: TemporaryDirectory, in tmux: TmuxSession) throws {
        let result = try FacetProcess.run(["playlists", "import", list, "--name", "Arrived"], home: home.path)
        #expect(result.status == 0, "\(result.stderr)")
        try tmux.wait(for: "the import", timeout: 60) { $0.contains("Arrived ") }
    }

    @Test func aCLIImportInAnotherProcessAppears() throws {
        let home = TemporaryDirectory("facet-tui-live")
        let list = home.file("live.m3u", "#EXTM3U\n#EXTINF:100,Artist - Live Song\n/music/live.mp3\n")
        let tmux = try startTUI(home)
        try Self.importShows(list, home: home, in: tmux)
        try tmux.type("q")
        try tmux.wait(forText: "EXITED 0")
    }

    /// The starred list is a cache of GitHub's: another process's refresh
    /// shows in an open TUI, which reads the cache again (opened with
    /// `--refresh none`, it never asks GitHub itself).
    @Test func aStarRefreshedInAnotherProcessAppears() throws {
        let home = TemporaryDirectory("facet-tui-live-stars")
        let server = try FixtureServer(arguments: ["--stars", "30"])
        for words in [
            ["login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace"],
            ["settings", "set-field", "github-user", "octo", "set-field", "github-base-url", server.baseURL], ["stars"],
        ] {
            let result = try FacetProcess.run(words, home: home.path)
            try #require(result.status == 0, "facet \(words.joined(separator: " ")): \(result.stderr)")
        }
        let tmux = try TmuxSession(
            command: TmuxEndToEndTests().command(home: home.path, arguments: "--ui tui --no-mouse stars --refresh none"))
        try tmux.wait(forText: "owner")
        try server.control("add", user: "octo", name: "new/thing")
        let result = try FacetProcess.run(["stars", "refresh-all"], home: home.path)
        #expect(result.status == 0, "\(result.stderr)")
        try tmux.wait(for: "the new star", timeout: 60) { $0.contains("new/thing") }
        try tmux.type("q")
        try tmux.wait(forText: "EXITED 0")
    }

    /// Voluntary context switches of every thread of the TUI's process and
    /// of its children (the terminal watchdog): each is a thread that slept
    /// and was woken. A thread that ended during the window counts once
    /// (its last wake), one that began counts every switch it made.
    static func switches(_ pid: pid_t) -> [String: Int] {
        var counts: [String: Int] = [:]
        var processes = [pid]
        let children = (try? String(contentsOfFile: "/proc/\(pid)/task/\(pid)/children", encoding: .utf8)) ?? ""
        processes += children.split(separator: " ").compactMap { pid_t($0) }
        for process in processes {
            let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(process)/task")) ?? []
            for task in tasks {
                let status = (try? String(contentsOfFile: "/proc/\(process)/task/\(task)/status", encoding: .utf8)) ?? ""
                let line = status.split(separator: "\n").first { $0.hasPrefix("voluntary_ctxt_switches:") }
                if let value = line?.split(separator: "\t").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }) {
                    counts["\(process)/\(task)"] = value
                }
            }
        }
        return counts
    }

    static func wakes(from before: [String: Int], to after: [String: Int]) -> Int {
        var total = 0
        for (task, count) in after { total += count - (before[task] ?? 0) }
        total += before.keys.filter { after[$0] == nil }.count
        return total
    }

    /// On the first screen, and on a folder's screen, whose watch on the
    /// disk is one more thread that must sleep while nothing changes.
    @Test(arguments: ["playlists", "folders"])
    func anIdleTUIWakesAtMostFiveTimesASecond(screen: String) throws {
        let home = TemporaryDirectory("facet-tui-idle")
        let tmux: TmuxSession
        if screen == "folders" {
            let tree = home.directory("tree")
            _ = home.directory("tree/a/b")
            _ = home.directory("tree/c")
            tmux = try TmuxSession(
                command: TmuxEndToEndTests().command(home: home.path, arguments: "--ui tui --no-mouse folders \(shellQuoted(tree))"))
            try tmux.wait(forText: "Folders     3")
        } else {
            tmux = try startTUI(home)
        }
        let pid = try #require(try tmux.paneChildren().first)
        let name = (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8)) ?? ""
        try #require(name.hasPrefix("facet"), "the pane runs \(name), not facet")
        // The first screen is drawn; start-up's own threads wind down first.
        usleep(1_000_000)
        let window = 3.0
        let before = Self.switches(pid)
        let start = ContinuousClock.now
        usleep(UInt32(window * 1_000_000))
        let after = Self.switches(pid)
        let elapsed = ContinuousClock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let perSecond = Double(Self.wakes(from: before, to: after)) / seconds
        print("an idle TUI on \(screen) woke \(Self.wakes(from: before, to: after)) times in \(seconds) s (\(perSecond)/s) over \(after.count) threads")
        #expect(perSecond <= 5)
        try tmux.type("q")
        try tmux.wait(forText: "EXITED 0")
    }

    /// Sleeping until a key or a change must not make a resize wait: the
    /// terminal's signal wakes the idle loop.
    @Test func anIdleTUIRedrawsAResize() throws {
        let home = TemporaryDirectory("facet-tui-idle-resize")
        let tmux = try startTUI(home, width: 100, height: 30)
        let wide = try tmux.wait(forText: "Photos")
        let bar = wide.components(separatedBy: "\n").first ?? ""
        try tmux.resize(width: 60, height: 20)
        try tmux.wait(for: "the resized frame", timeout: 60) { screen in
            guard let top = screen.components(separatedBy: "\n").first else { return false }
            return top != bar && !top.isEmpty
        }
        try tmux.type("q")
        try tmux.wait(forText: "EXITED 0")
    }

    /// The case as reported: TUIs attached to `facet serve`, and a CLI run
    /// *without* `--connect` that imports into the server's database.
    @Test func aCLIImportWithoutConnectAppearsInATUIAttachedToTheServer() throws {
        let home = TemporaryDirectory("facet-tui-live-serve")
        let list = home.file("live.m3u", "#EXTM3U\n#EXTINF:100,Artist - Live Song\n/music/live.mp3\n")
        let server = try AttachedServer(home: home)
        defer { server.stop() }
        let tmux = try server.tui(home: home.path, arguments: "--ui tui --no-mouse")
        try tmux.waitForPlaylists()
        try Self.importShows(list, home: home, in: tmux)
        try tmux.type("q")
        try tmux.wait(forText: "EXITED 0")
    }
}
