import Foundation
import Testing
import TestSupport

/// A detached tmux session on a private server, for driving the real TUI as
/// a person would: send keys, read the screen with `capture-pane`.
final class TmuxSession {
    let socket: String
    let name = "facet"

    enum Failure: Error, CustomStringConvertible {
        case noTmux
        case timeout(String, screen: String)
        var description: String {
            switch self {
            case .noTmux: "tmux is not installed (Tools/install-deps.sh installs it)"
            case .timeout(let what, let screen): "timed out waiting for \(what); the screen shows:\n\(screen)"
            }
        }
    }

    static var tmux: String? {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts `command` (run by sh) in a `width`×`height` window.
    init(command: String, width: Int = 100, height: Int = 30) throws {
        guard Self.tmux != nil else { throw Failure.noTmux }
        socket = "facet-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        // The server forks from this client and would hold an output pipe
        // open forever: start it with no pipes.
        try run(["-f", "/dev/null", "new-session", "-d", "-s", name, "-x", String(width), "-y", String(height), command])
    }

    deinit {
        // Ends the panes too (they get SIGHUP), then removes the socket file.
        _ = try? run(["kill-server"])
        let folder = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        unlink("\(folder)/tmux-\(getuid())/\(socket)")
    }

    /// Runs one tmux client command and returns its output.
    ///
    /// Spawned with `posix_spawn` and a cleared signal mask: `Process` would
    /// pass on the test runner's blocked signals, and a tmux server started
    /// that way never sees SIGCHLD and hangs.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-out-\(UUID().uuidString)").path
        defer { unlink(output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        // Only the client writes here; the server (which forks from it) gets /dev/null.
        let starts = arguments.contains("new-session")
        posix_spawn_file_actions_addopen(&actions, 1, starts ? "/dev/null" : output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var empty = sigset_t()
        sigemptyset(&empty)
        posix_spawnattr_setsigmask(&attributes, &empty)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = ([Self.tmux ?? "/usr/bin/tmux", "-L", socket] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let environment = ProcessInfo.processInfo.environment.filter { $0.key != "TMUX" }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { environment.forEach { free($0) } }
        let spawned = posix_spawn(&pid, argv[0]!, &actions, &attributes, argv, environment)
        guard spawned == 0 else { throw Failure.noTmux }
        // A client command is quick; one stuck (a wedged server) is killed.
        let deadline = ChildDeadline(pid: pid, seconds: 60)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1, errno == EINTR {}
        deadline.finish()
        if deadline.expired { throw Failure.timeout("tmux \(arguments.joined(separator: " ")) to finish", screen: "") }
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    /// Named keys (`Enter`, `Escape`, `Down`, `C-u`).
    func keys(_ keys: String...) throws { try run(["send-keys", "-t", name] + keys) }

    /// Escape on its own: a key sent with it (or right after) would make an
    /// Alt chord, so the next key waits past the escape delay.
    func escape() throws {
        try keys("Escape")
        usleep(150_000)
    }

    /// Esc, then `q` as a separate key press.
    func escapeThenQuit() throws {
        try escape()
        try keys("q")
    }

    /// Literal text, typed character by character.
    func type(_ text: String) throws { try run(["send-keys", "-t", name, "-l", text]) }

    /// A mouse event as an xterm sends it in SGR mode (1-based cells):
    /// button 0 is the left button, 64/65 the wheel; `press` false is the
    /// release. Written to the pane as raw bytes, as the terminal would.
    func mouse(_ events: [(button: Int, x: Int, y: Int, press: Bool)]) throws {
        let bytes = events.map { "\u{1B}[<\($0.button);\($0.x + 1);\($0.y + 1)\($0.press ? "M" : "m")" }.joined()
        try run(["send-keys", "-t", name, "-H"] + bytes.utf8.map { String(format: "%02x", $0) })
    }

    /// A left click (press and release) at a 0-based cell.
    func click(x: Int, y: Int) throws { try mouse([(0, x, y, true), (0, x, y, false)]) }

    func screen() throws -> String { try run(["capture-pane", "-p", "-t", name]) }

    /// The processes the pane's shell started (from /proc, Linux).
    func paneChildren() throws -> [pid_t] {
        let shell = try run(["display-message", "-p", "-t", name, "#{pane_pid}"]).trimmingCharacters(in: .whitespacesAndNewlines)
        let children = (try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)) ?? ""
        return children.split(separator: " ").compactMap { pid_t($0) }
    }

    func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-t", name, "-x", String(width), "-y", String(height)])
    }

    /// Polls the screen until `predicate` holds; returns that screen.
    @discardableResult
    func wait(for what: String, timeout: TimeInterval = 45, _ predicate: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if predicate(last) { return last }
            usleep(50_000)
        }
        throw Failure.timeout(what, screen: last)
    }

    @discardableResult
    func wait(forText text: String, timeout: TimeInterval = 45) throws -> String {
        try wait(for: "\"\(text)\"", timeout: timeout) { $0.contains(text) }
    }

    /// `wait(for:)`, then until two captures in a row agree: for a frame
    /// compared whole (a golden one), which must not be caught half drawn
    /// (curses may write a big frame in several writes, so the text a
    /// predicate looks for can be there before the last rows are).
    func waitForFrame(for what: String, timeout: TimeInterval = 45, _ predicate: (String) -> Bool) throws -> String {
        var frame = try wait(for: what, timeout: timeout, predicate)
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            usleep(100_000)
            let again = try screen()
            if again == frame, predicate(again) { return again }
            frame = again
        }
        throw Failure.timeout(what + ", drawn whole", screen: frame)
    }
}

extension TmuxSession {
    /// Waits for the home screen of a fresh `FACET_HOME`: the playlists
    /// with the cursor on the sample. Checked by the row, not by how its
    /// columns are formatted, so the screen's columns may change.
    @discardableResult
    func waitForPlaylists(timeout: TimeInterval = 45) throws -> String {
        try wait(for: "the playlists with Sample", timeout: timeout) { screen in
            screen.contains("Playlists") && screen.components(separatedBy: "\n").contains { $0.hasPrefix("› Sample ") }
        }
    }
}

extension TmuxSession {
    struct NoTab: Error, CustomStringConvertible {
        var title: String, bar: String
        var description: String { "no '\(title)' tab in: \(bar)" }
    }

    /// Switches to the top-level tab whose title starts with `title` by its
    /// digit, read off the tab bar (row 0) of `screen`: tests need not know
    /// how many features come before it.
    func switchToTab(_ title: String, on screen: String) throws {
        let bar = screen.components(separatedBy: "\n").first ?? ""
        if let tab = bar.range(of: "[0-9]+ " + NSRegularExpression.escapedPattern(for: title), options: .regularExpression) {
            return try type(String(bar[tab].prefix { $0.isNumber }))
        }
        // A bar too narrow for every title shortens them ("5 Folde…"): the
        // tab whose shortened title begins `title`.
        let shortened = try NSRegularExpression(pattern: "([0-9]+) ([^ ]+)…")
        for match in shortened.matches(in: bar, range: NSRange(bar.startIndex..., in: bar)) {
            guard let digits = Range(match.range(at: 1), in: bar), let stem = Range(match.range(at: 2), in: bar) else { continue }
            if title.hasPrefix(bar[stem]) { return try type(String(bar[digits])) }
        }
        throw NoTab(title: title, bar: bar)
    }
}

/// Quotes for sh.
