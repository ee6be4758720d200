import Foundation
import Testing
import TestSupport

/// Live updates when inotify cannot be had: another program of the same
/// user holds every inotify instance the kernel allows a user. An open
/// JSON-lines screen must still hear of another process's import, and the
/// session must say that it only polls.
@Suite struct LiveUpdatesWithoutInotifyJSONLTests {
    /// A user of the test's own: the limit is per user, and other suites
    /// run their ordinary-user cases as `nobody` at the same time.
    static let user: uid_t = 47_101
    static var asUser: [String] { ["--reuid=\(user)", "--regid=\(user)", "--clear-groups"] }

    /// Opens inotify instances until the kernel refuses one, says how many
    /// it holds, and keeps them for two minutes at most.
    static let hog = """
        import ctypes, time
        libc = ctypes.CDLL(None, use_errno=True)
        held = []
        while True:
            fd = libc.inotify_init1(0)
            if fd < 0:
                break
            held.append(fd)
        print("held", len(held), "errno", ctypes.get_errno(), flush=True)
        time.sleep(120)
        """

    func text(_ message: [String: Any]) -> String {
        (try? JSONSerialization.data(withJSONObject: message)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    @Test func anImportReachesAnOpenScreenByPollingAndTheSessionWarns() throws {
        guard Unprivileged.isRoot else {
            Issue.record("needs root: the inotify instances are used up as a user of the test's own (setpriv)")
            return
        }
        let home = TemporaryDirectory("facet-no-inotify")
        chmod(home.path, 0o700)
        chown(home.path, Self.user, Self.user)
        let files = TemporaryDirectory("facet-no-inotify-files")
        Unprivileged.share(files.path)
        let list = files.file("live.m3u", "#EXTM3U\n#EXTINF:100,Artist - Live Song\n/music/live.mp3\n")
        chmod(list, 0o644)

        let hog = try BoundedProcess("/usr/bin/setpriv", Self.asUser + ["/usr/bin/python3", "-c", Self.hog])
        defer { hog.kill() }
        guard hog.waitFor(timeout: 30, { hog.stdout.contains("\n") }) else {
            Issue.record("the inotify instances could not be used up: \(hog.stderr)")
            return
        }
        let limit = (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_user_instances", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(hog.stdout.hasPrefix("held ") && limit.map { hog.stdout.hasPrefix("held \($0) ") } ?? true, "\(hog.stdout)")

        let session = try JSONLSession(home: home.path, launcher: ["setpriv"] + Self.asUser)
        let opened = try session.request("screen.open", ["screen": "playlists"], timeout: 60)
        #expect(text(opened).contains("Sample"), "\(text(opened)) \(session.readErrors())")
        let imported = try BoundedProcess.run(
            "/usr/bin/setpriv", Self.asUser + [FacetProcess.binary, "playlists", "import", list, "--name", "Arrived"],
            environment: FacetProcess.environment(home: home.path), timeout: 60)
        #expect(imported.status == 0, "\(imported.stderr)")
        // How soon is Tools/bench/live.sh's figure; a generous deadline here
        // is missed only by a change never told.
        let changed = try session.notification(timeout: 60) { message in
            message["method"] as? String == "screen.changed" && text(message).contains("Arrived")
        }
        #expect(text(changed).contains("Sample"))
        #expect(try session.finish() == 0)
        // Read once the session has ended: the pipe then ends too.
        let warning = session.readErrors()
        #expect(warning.contains("inotify") && warning.contains("max_user_instances"), "stderr: \(warning)")
    }
}
