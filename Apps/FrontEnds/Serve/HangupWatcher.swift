#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Notices that a client has gone entirely (closed or killed) while its
/// connection is busy with a request, such as a `screen.wait` that could
/// last minutes: the connection reads its requests one after another, so it
/// would only see the end of input after that request, and the client's
/// screens would stay open until then.
///
/// One thread for the whole server polls every client socket for `POLLHUP`
/// alone (asked for no events, it reports only hang-ups and errors). A Unix
/// socket reports it once the peer has closed both directions; a client
/// that only half-closes (`shutdown(SHUT_WR)`, still reading its answers)
/// does not trigger it. Each socket is watched through a duplicate the
/// watcher owns and closes itself, so a descriptor number reused by a new
/// client can never be taken for the old one.
final class HangupWatcher: @unchecked Sendable {
    private let lock = NSLock()
    private var watched: [Int: Int32] = [:]
    private var forgotten: [Int32] = []
    private let wake: (read: Int32, write: Int32)
    private let onHangup: @Sendable (Int) -> Void

    /// `onHangup` is called on the watcher's thread with the client's id,
    /// once per client.
    init(onHangup: @escaping @Sendable (Int) -> Void) {
        var fds: [Int32] = [0, 0]
        _ = pipe(&fds)
        for fd in fds {
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        }
        wake = (fds[0], fds[1])
        self.onHangup = onHangup
        let thread = Thread { [self] in loop() }
        thread.name = "facet-hangup-watcher"
        thread.start()
    }

    func watch(_ fd: Int32, id: Int) {
        let copy = fcntl(fd, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { return }
        lock.withLock { watched[id] = copy }
        poke()
    }

    func forget(_ id: Int) {
        lock.withLock {
            if let fd = watched.removeValue(forKey: id) { forgotten.append(fd) }
        }
        poke()
    }

    private func poke() {
        var byte: UInt8 = 1
        _ = write(wake.write, &byte, 1)
    }

    private func loop() {
        while true {
            let (ids, fds, closing) = lock.withLock { () -> ([Int], [Int32], [Int32]) in
                defer { forgotten = [] }
                return (Array(watched.keys), watched.keys.map { watched[$0]! }, forgotten)
            }
            for fd in closing { close(fd) }  // not being polled now
            var polled = [pollfd(fd: wake.read, events: Int16(POLLIN), revents: 0)]
            polled += fds.map { pollfd(fd: $0, events: 0, revents: 0) }
            guard poll(&polled, nfds_t(polled.count), -1) > 0 else { continue }
            if polled[0].revents != 0 {
                var drain = [UInt8](repeating: 0, count: 256)
                while read(wake.read, &drain, drain.count) > 0 {}
            }
            for (index, entry) in polled.dropFirst().enumerated() where entry.revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                let id = ids[index]
                let gone = lock.withLock { watched[id] == fds[index] }
                guard gone else { continue }
                forget(id)
                onHangup(id)
            }
        }
    }
}
