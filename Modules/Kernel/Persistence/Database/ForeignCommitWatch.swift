import Foundation
import Glibc

/// Notices commits that other processes make to the database file, so the
/// screens of a long-running front end can read again without being asked.
///
/// Two parts, each answering what only it can. inotify on the database's
/// folder says *when* one of its files was written: a WAL commit appends to
/// `-wal` (the `-shm` index is shared memory, whose writes inotify never
/// sees), a checkpoint or a rollback-journal commit writes the file itself.
/// `PRAGMA data_version`, asked on the connection this process commits
/// through, says *whether* that write was someone else's commit: it moves
/// only for commits made by other connections, so this process's own
/// writes (whose files change just the same) are never reported.
///
/// The reading thread sleeps in `poll` without a timeout while no file of
/// the database is written: an idle process is not woken by it. A writer
/// appends its frames before it publishes the commit in the shared index,
/// so the last write can be seen a moment before the commit is: after a
/// write the version is asked again a few times, on short growing delays,
/// and then the thread sleeps again until the next write.
///
/// When the folder cannot be watched (the user's inotify instances or
/// watches are used up by other programs) the version is asked on a fixed
/// period instead: later, and at the cost of waking up, but never silent.
/// `fallback` then says why, for the front ends to show.
public final class ForeignCommitWatch: @unchecked Sendable {
    /// Delays of the checks after a write, in milliseconds.
    static let rechecks: [Int32] = [5, 20, 60, 150, 400]
    /// How often the version is asked when inotify is not available.
    public static let pollPeriodMilliseconds: Int32 = 250

    /// Why commits are polled for instead of noticed (nil: inotify works),
    /// in words for the user.
    public let fallback: String?

    private let inotify: Int32
    /// A pipe: `stop` writes its end, which wakes the thread's `poll`.
    private let stopper: Int32
    private let stopWriter: Int32
    private let names: Set<String>
    private let version: @Sendable () -> Int?
    private let onCommit: @Sendable () -> Void
    private let replaced: @Sendable () -> Bool
    private let lock = NSLock()
    private var stopped = false
    private var checks = 0

    /// How many times the version was asked after a write (tests wait on
    /// it to know that a write was looked at).
    var checkCount: Int { lock.withLock { checks } }

    /// Nil only when not even a pipe can be made (no descriptors left).
    ///
    /// - Parameter version: `PRAGMA data_version` on the committing
    ///   connection, or nil when it cannot be read (a closed database).
    /// - Parameter onCommit: called on the watch's own thread, once per
    ///   change of the version, however many commits it covers, and once
    ///   when `replaced` first says the path names another file (the
    ///   screens then read again and learn it from their reads).
    init?(
        path: String, version: @escaping @Sendable () -> Int?, replaced: @escaping @Sendable () -> Bool,
        onCommit: @escaping @Sendable () -> Void
    ) {
        let url = URL(fileURLWithPath: path)
        let base = url.lastPathComponent
        names = [base, base + "-wal", base + "-journal"]
        self.version = version
        self.onCommit = onCommit
        self.replaced = replaced
        let watch = Self.watchFolder(of: url)
        inotify = watch.descriptor
        fallback = watch.failure.map {
            "Changes made by other Facet processes are checked for every "
                + "\(Self.pollPeriodMilliseconds) ms instead of as they happen: \($0)"
        }
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            if inotify >= 0 { close(inotify) }
            return nil
        }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        stopper = ends[0]
        stopWriter = ends[1]
        let baseline = version()
        Thread.detachNewThread { [self] in run(from: baseline) }
    }

    /// An inotify descriptor watching the database's folder, or -1 and why not.
    private static func watchFolder(of url: URL) -> (descriptor: Int32, failure: String?) {
        let descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { return (-1, reason(errno, what: "instances", setting: "max_user_instances")) }
        let mask = UInt32(IN_MODIFY | IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM)
        guard inotify_add_watch(descriptor, url.deletingLastPathComponent().path, mask) >= 0 else {
            let failure = reason(errno, what: "watches", setting: "max_user_watches")
            close(descriptor)
            return (-1, failure)
        }
        return (descriptor, nil)
    }

    private static func reason(_ code: Int32, what: String, setting: String) -> String {
        switch code {
        case EMFILE, ENOSPC:
            "this user's inotify \(what) are all in use (fs.inotify.\(setting)); close a program that holds them, or raise the limit."
        default:
            "inotify is not available (\(String(cString: strerror(code))))."
        }
    }

    /// Ends the watch: the thread wakes, closes its descriptors and exits.
    /// Nothing is reported afterwards.
    public func stop() {
        lock.lock()
        defer { lock.unlock() }
        guard !stopped else { return }
        stopped = true
        var one: UInt8 = 1
        _ = write(stopWriter, &one, 1)
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func run(from baseline: Int?) {
        defer {
            // Under the lock, so a `stop` never writes to a closed descriptor.
            lock.lock()
            stopped = true
            if inotify >= 0 { close(inotify) }
            close(stopper)
            close(stopWriter)
            lock.unlock()
        }
        var known = baseline
        var recheck: Int?
        var toldReplaced = false
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        let polling = inotify < 0
        while !isStopped {
            // Without inotify only the stopper is waited on (poll skips a
            // negative descriptor), and every timeout is a check.
            var fds = [pollfd(fd: inotify, events: Int16(POLLIN), revents: 0), pollfd(fd: stopper, events: Int16(POLLIN), revents: 0)]
            let timeout = polling ? Self.pollPeriodMilliseconds : recheck.map { Self.rechecks[$0] } ?? -1
            let ready = poll(&fds, 2, timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return
            }
            if fds[1].revents != 0 { return }
            if polling {
                // The timeout passed: ask the version.
            } else if ready == 0, let step = recheck {
                recheck = step + 1 < Self.rechecks.count ? step + 1 : nil
            } else if drain(&buffer) {
                recheck = 0
            } else {
                continue
            }
            if !toldReplaced, replaced() {
                toldReplaced = true
                if !isStopped { onCommit() }
            }
            let current = version()
            lock.withLock { checks += 1 }
            guard let now = current, now != known else { continue }
            let first = known == nil
            known = now
            if !first, !isStopped { onCommit() }
        }
    }

    /// Reads every pending event; true if one was about a file of the database.
    private func drain(_ buffer: inout [UInt8]) -> Bool {
        var touched = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
            guard count > 0 else { return touched }
            buffer.withUnsafeBytes { raw in
                var offset = 0
                while offset + MemoryLayout<inotify_event>.size <= count {
                    let header = raw.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                    let nameStart = offset + MemoryLayout<inotify_event>.size
                    if header.len > 0, !touched {
                        let bytes = raw[nameStart..<(nameStart + Int(header.len))].prefix { $0 != 0 }
                        if names.contains(String(decoding: bytes, as: UTF8.self)) { touched = true }
                    }
                    offset = nameStart + Int(header.len)
                }
            }
        }
    }
}
