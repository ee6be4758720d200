import Foundation
import KernelDomain

/// A child process of Facet's own executable running one named worker (see
/// `WorkerLaunch`), and the parent's end of the socket it talks over.
///
/// Whatever the child meets (a C++ exception a static executable cannot
/// unwind, a stack overflow, an endless loop), only the child ends: the
/// parent sees the socket close or a deadline pass, and kills and reaps it.
/// The child's standard input and output are one end of a socket pair (so a
/// write to a dead child fails with EPIPE instead of a signal), its standard
/// error is /dev/null (a crash report is not the user's output), it closes
/// every other descriptor it inherited first thing (`FeatureWorkers`), and
/// the Swift runtime's crash backtrace is off in it.
public final class WorkerProcess {
    public let pid: pid_t
    private var socket: Int32
    private var pending: [UInt8] = []

    /// The running executable, whatever name or link started it.
    public static let ownExecutable = "/proc/self/exe"

    /// Starts `executable` as the worker `name`; nil when it cannot be started.
    public init?(name: String, executable: String = WorkerProcess.ownExecutable) {
        var pair: [Int32] = [-1, -1]
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            return nil
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pair[1], 0)
        posix_spawn_file_actions_adddup2(&actions, pair[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var environment = ProcessInfo.processInfo.environment
        environment[WorkerLaunch.variable] = name
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let entries = environment.map { strdup($0.key + "=" + $0.value) } + [nil]
        let arguments = [strdup("facet-worker"), nil]
        defer {
            entries.forEach { free($0) }
            arguments.forEach { free($0) }
        }
        var child: pid_t = 0
        let status = posix_spawn(&child, executable, &actions, nil, arguments, entries)
        close(pair[1])
        guard status == 0 else {
            close(pair[0])
            return nil
        }
        pid = child
        socket = pair[0]
    }

    deinit { stop() }

    /// Sends `bytes` whole; false when the child is gone.
    public func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent < 0, errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// What `decode` makes of the bytes the child sends, read until it
    /// returns a value (it returns nil while the bytes are not yet a whole
    /// answer, and consumes what it used through its `inout` argument);
    /// nil when the child closes its end, dies or `deadline` passes first.
    public func receive<T>(by deadline: ContinuousClock.Instant, _ decode: (inout [UInt8]) -> T?) -> T? {
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            if let value = decode(&pending) { return value }
            let left = ContinuousClock.now.duration(to: deadline)
            guard left > .zero else { return nil }
            let milliseconds = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            var poller = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, milliseconds)
            if ready < 0, errno == EINTR { continue }
            guard ready >= 0 else { return nil }
            if ready == 0 { continue }
            let count = chunk.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count < 0, errno == EINTR || errno == EAGAIN { continue }
            guard count > 0 else { return nil }
            pending += chunk[0..<count]
        }
    }

    /// Ends the child (it holds nothing worth a graceful end) and reaps it.
    public func stop() {
        guard socket >= 0 else { return }
        close(socket)
        socket = -1
        kill(pid, SIGKILL)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    }
}
