#if canImport(Glibc)
import Glibc
#endif
import JSONRPC

/// A client's output that never blocks the server.
///
/// Writes use `MSG_DONTWAIT`, so a client that stops reading stalls nobody
/// else; what the socket does not take waits here and goes out when the
/// socket is writable again (the event loop reports it).
/// Memory stays bounded:
/// - responses are kept in order; once more than `congestion` bytes wait,
///   the connection stops taking requests (`waitUntilUncongested`) until
///   the client reads: back-pressure, like a blocking pipe;
/// - `screen.changed` notifications are held per handle, the latest
///   replacing the one before, and leave only when nothing else waits: a
///   slow client gets the newest snapshot of each screen, never a backlog.
///
/// A notification goes out after the response of the request that caused
/// it: while a batch is answered (`inBatch`) held notifications leave only
/// at a `flush`, which the session calls after writing responses.
@MainActor
final class ConnectionSink: MessageSink {
    let fd: Int32
    static let congestion = 1 << 20
    static let blockSize = 1 << 16

    private var out: [UInt8] = []
    private var offset = 0
    private var held = HeldNotifications<[UInt8]>()
    private(set) var isClosed = false
    /// Set by the connection while the session answers a batch.
    var inBatch = false
    /// The socket in the event loop, shared with the connection's input;
    /// asked for writability only while something waits to be written.
    let watch: Watch
    /// A watch made here (a sink on its own) leaves the loop with the sink.
    private let ownsWatch: Bool
    private var waiters: [(limit: Int, continuation: CheckedContinuation<Void, Never>)] = []

    init(watch: Watch, ownsWatch: Bool = false) {
        fd = watch.fd
        self.watch = watch
        self.ownsWatch = ownsWatch
        watch.onWritable = { [weak self] in self?.writable() }
    }

    /// A sink on its own, in the shared event loop.
    convenience init(fd: Int32) { self.init(watch: EventLoop.shared.watch(fd), ownsWatch: true) }

    isolated deinit { if ownsWatch { watch.stop() } }

    /// Bytes accepted but not yet written (held notifications not counted).
    var backlog: Int { out.count - offset }
    var heldCount: Int { held.count }

    func send(_ message: [UInt8]) {
        guard !isClosed else { return }
        out += message
        out.append(0x0A)
        if backlog >= Self.blockSize { flush() }
    }

    func notify(_ message: [UInt8], key: String) {
        guard !isClosed else { return }
        held.hold(message, key: key)
    }

    func flush() {
        write()
        if backlog == 0, !held.isEmpty {
            release()
            write()
        }
        afterWrite()
    }

    /// Writes a last message if the socket takes it now (a server stopping).
    func sendFinal(_ message: [UInt8]) {
        flush()
        guard !isClosed, backlog == 0 else { return }
        out = message + [0x0A]
        offset = 0
        write()
    }

    /// Returns once at most `limit` bytes wait (or the client has gone).
    func waitUntil(backlogAtMost limit: Int) async {
        if isClosed || backlog <= limit { return }
        await withCheckedContinuation { continuation in
            waiters.append((limit, continuation))
        }
    }

    func waitUntilUncongested() async { await waitUntil(backlogAtMost: Self.congestion) }

    /// Drops everything and stops watching the socket (the caller closes it).
    func close() {
        isClosed = true
        out = []
        offset = 0
        held = HeldNotifications()
        watch.writing = false
        resumeWaiters()
    }

    // MARK: Internals

    private func release() {
        for message in held.takeAll() {
            out += message
            out.append(0x0A)
        }
    }

    private func write() {
        while offset < out.count, !isClosed {
            let written = out.withUnsafeBytes { buffer in
                Glibc.send(fd, buffer.baseAddress! + offset, buffer.count - offset, Int32(MSG_DONTWAIT | MSG_NOSIGNAL))
            }
            if written < 0 {
                if errno == EINTR { continue }
                if errno == EAGAIN || errno == EWOULDBLOCK { break }
                close()  // the peer has gone: nothing more can be said to it
                return
            }
            offset += written
        }
        if offset == out.count {
            out.removeAll(keepingCapacity: out.capacity <= 4 * Self.blockSize)
            offset = 0
        } else if offset > Self.blockSize, offset * 2 > out.count {
            out.removeFirst(offset)
            offset = 0
        }
    }

    /// Watches for writability while bytes or notifications wait; wakes
    /// whoever waits for the backlog to shrink.
    private func afterWrite() {
        guard !isClosed else { return }
        watch.writing = backlog > 0 || (!held.isEmpty && !inBatch)
        resumeWaiters()
    }

    private func writable() {
        write()
        if backlog == 0, !held.isEmpty, !inBatch {
            release()
            write()
        }
        afterWrite()
    }

    private func resumeWaiters() {
        guard !waiters.isEmpty else { return }
        let ready = waiters.filter { isClosed || backlog <= $0.limit }
        waiters.removeAll { isClosed || backlog <= $0.limit }
        for waiter in ready { waiter.continuation.resume() }
    }
}
