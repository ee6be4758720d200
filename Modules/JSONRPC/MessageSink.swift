#if canImport(Glibc)
import Glibc
#endif

/// Where a session's messages go. A transport provides one: stdout for JSON
/// lines, a connected socket for a socket server, an MCP wrapper that frames
/// messages its own way. The session never writes anywhere else.
///
/// Called on the main actor only (every session runs there).
@MainActor
public protocol MessageSink: AnyObject {
    /// One complete JSON-RPC message (a response, a batch of responses or a
    /// notification), without any framing. The sink adds what its transport
    /// needs (a newline for JSON lines) and may hold it until `flush`.
    func send(_ message: [UInt8])
    /// Everything sent so far should reach the peer now. Called once per
    /// batch of requests, and after each notification outside a batch.
    func flush()
    /// A `screen.changed` notification for one handle (`key`). A sink whose
    /// peer reads slowly may keep only the latest per key (coalescing); the
    /// default sends every one, in order.
    func notify(_ message: [UInt8], key: String)
}

extension MessageSink {
    public func notify(_ message: [UInt8], key: String) { send(message) }
}

/// Newline-framed messages on a file descriptor (stdout, a socket), written
/// in large blocks: a pipelined client costs one `write` per block, not one
/// per message.
///
/// When the descriptor is a pipe, its kernel buffer is raised to the
/// unprivileged maximum: with the default, a few snapshots filled it, writer
/// and reader took turns, and the pipe, not the session, set the pace of
/// pipelined reads.
///
/// A blocking descriptor whose reader stops reading blocks `flush`, which
/// stops the session, which stops the line reader: that is the back-pressure
/// that keeps memory bounded. Once the peer has gone (EPIPE, a closed
/// socket) further output is dropped: nothing more can be said to it.
///
/// Because a blocked write blocks the main actor, a server with several
/// clients gives each a sink that never blocks (a non-blocking socket that
/// queues up to a bound and stops reading that client meanwhile).
@MainActor
public final class FileDescriptorSink: MessageSink {
    public let fd: Int32
    private var pending: [UInt8] = []
    /// Set once a write fails for good; the sink then discards output.
    public private(set) var isClosed = false
    static let blockSize = 1 << 18
    /// Linux's `F_SETPIPE_SZ` (not exported by Swift's Glibc module).
    static let setPipeSize: Int32 = 1031
    static let pipeSize: Int32 = 1 << 20

    public init(fd: Int32) {
        self.fd = fd
        pending.reserveCapacity(Self.blockSize + 4096)
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFIFO {
            // Best effort: a smaller pipe works too, only with more turns.
            _ = fcntl(fd, Self.setPipeSize, Self.pipeSize)
        }
    }

    public func send(_ message: [UInt8]) {
        guard !isClosed else { return }
        pending += message
        pending.append(0x0A)
        if pending.count >= Self.blockSize { flush() }
    }

    public func flush() {
        var offset = 0
        while offset < pending.count, !isClosed {
            let written = pending.withUnsafeBytes { buffer in
                write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0, errno == EINTR { continue }
            if written <= 0 {
                isClosed = true  // the reader went away
                break
            }
            offset += written
        }
        pending.removeAll(keepingCapacity: pending.capacity <= 4 * Self.blockSize)
    }
}
