import Foundation

/// A program that holds every inotify instance the kernel allows one user,
/// run as a user of the tests' own: the limit is per user, and other suites
/// run their ordinary-user cases as `nobody` at the same time. Needs root
/// (`setpriv`); killed when released, and it ends by itself after two minutes.
public final class InotifyHog: @unchecked Sendable {
    public static let user: uid_t = 47_101
    /// `setpriv`'s words to run a command as `user`.
    public static var asUser: [String] { ["--reuid=\(user)", "--regid=\(user)", "--clear-groups"] }

    /// Opens inotify instances until the kernel refuses one, says how many
    /// it holds, and keeps them.
    static let script = """
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

    private let process: BoundedProcess
    /// One hog at a time in the test process: a second would find nothing
    /// left to hold, and suites run side by side.
    private static let turn = DispatchSemaphore(value: 1)

    /// Returns once every instance is held (waiting for another test's hog
    /// to be released first); throws when it could not be done.
    public init() throws {
        guard Self.turn.wait(timeout: .now() + 300) == .success else {
            throw Failure(description: "another test held the inotify instances for five minutes")
        }
        do {
            process = try Self.start()
        } catch {
            Self.turn.signal()
            throw error
        }
    }

    private static func start() throws -> BoundedProcess {
        let process = try BoundedProcess("/usr/bin/setpriv", Self.asUser + ["/usr/bin/python3", "-c", Self.script])
        guard process.waitFor(timeout: 30, { process.stdout.contains("\n") }) else {
            process.kill()
            throw Failure(description: "the inotify instances could not be used up: \(process.stderr)")
        }
        let limit = (try? String(contentsOfFile: "/proc/sys/fs/inotify/max_user_instances", encoding: .utf8))
            .flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard let limit, process.stdout.hasPrefix("held \(limit) ") else {
            process.kill()
            throw Failure(description: "the hog holds fewer than the limit (\(limit ?? -1)): \(process.stdout)")
        }
        return process
    }

    deinit {
        process.kill()
        Self.turn.signal()
    }

    /// A Facet home of the hog's user and a playlist file it can read.
    public struct World {
        public let home = TemporaryDirectory("facet-no-inotify")
        public let files = TemporaryDirectory("facet-no-inotify-files")
        public let list: String

        public init() {
            chmod(home.path, 0o700)
            chown(home.path, InotifyHog.user, InotifyHog.user)
            Unprivileged.share(files.path)
            list = files.file("live.m3u", "#EXTM3U\n#EXTINF:100,Artist - Live Song\n/music/live.mp3\n")
            chmod(list, 0o644)
        }

        /// Imports the list as "Arrived" with a one-shot CLI run as the
        /// hog's user.
        public func importAsUser() throws -> (status: Int32?, stdout: String, stderr: String) {
            try BoundedProcess.run(
                "/usr/bin/setpriv", InotifyHog.asUser + [FacetProcess.binary, "playlists", "import", list, "--name", "Arrived"],
                environment: FacetProcess.environment(home: home.path), timeout: 60)
        }
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }
}
