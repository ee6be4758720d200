import Foundation

/// A deadline for a child process a test starts: past it, the child and
/// every process it started are killed, so a deadlock fails the test that
/// met it instead of hanging the whole run.
public final class ChildDeadline: @unchecked Sendable {
    private let lock = NSLock()
    private var fired = false
    private var done = false
    private let seconds: TimeInterval

    /// Starts counting for `process` (already running).
    public convenience init(_ process: Process, seconds: TimeInterval) {
        self.init(pid: process.processIdentifier, seconds: seconds)
    }

    /// Starts counting for a child started without `Process` (`posix_spawn`).
    public init(pid: Int32, seconds: TimeInterval) {
        self.seconds = seconds
        DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
            lock.lock()
            let kill = !done
            if kill { fired = true }
            lock.unlock()
            if kill { Self.killTree(pid) }
        }
    }

    /// The child ended: the deadline no longer applies.
    public func finish() {
        lock.lock()
        done = true
        lock.unlock()
    }

    /// Whether the child was killed for running past the deadline.
    public var expired: Bool {
        lock.lock()
        defer { lock.unlock() }
        return fired
    }

    /// The error a test reports when the deadline passed.
    public func failure(_ what: String, stderr: String) -> TimedOut {
        TimedOut(what: what, seconds: seconds, stderr: stderr)
    }

    public struct TimedOut: Error, CustomStringConvertible {
        public var what: String
        public var seconds: TimeInterval
        public var stderr: String
        public var description: String {
            "\(what) ran past its \(Int(seconds)) s deadline and was killed; its stderr:\n\(stderr.suffix(4000))"
        }
    }

    /// Kills `pid` and its descendants (children first found, then all at
    /// once, so none is reparented away before it is seen).
    static func killTree(_ pid: Int32) {
        var tree = [pid]
        var index = 0
        let parents = Self.parents()
        while index < tree.count {
            let parent = tree[index]
            tree += parents.filter { $0.value == parent }.map(\.key)
            index += 1
        }
        for member in tree { kill(member, SIGKILL) }
    }

    /// Every process's parent, from /proc.
    static func parents() -> [Int32: Int32] {
        var result: [Int32: Int32] = [:]
        for entry in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
            guard let pid = Int32(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { continue }
            // After "pid (comm) state ppid": the comm may hold spaces and parentheses.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            if fields.count > 1, let parent = Int32(fields[1]) { result[pid] = parent }
        }
        return result
    }
}

/// How long a long-lived test child (a server, a session) may live when the
/// test never stops it: far past any test's own run, so it only ends a hang.
public enum ChildLifetime {
    public static let longest: TimeInterval = 1200
}
