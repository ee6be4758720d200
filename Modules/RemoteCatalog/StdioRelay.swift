#if canImport(Glibc)
import Glibc
#endif
import Foundation
import ScreenKit

/// `facet serve --stdio` on a host where a `facet serve` already runs: the
/// SSH client is relayed to that server's socket, byte for byte, so that a
/// TUI on that host and one attached through ssh share one core (one
/// change seen by both). Without a server there, the caller serves the
/// client with a core of its own instead.
public enum StdioRelay {
    /// Relays stdin to the server at `socket` and its answers to stdout,
    /// until the server ends the connection; nil when no server listens
    /// there. A server that fails the trust checks (`SocketTrust`) is an
    /// error, not a reason to start a second core beside it.
    @MainActor
    public static func run(socket path: String) throws(ScreenError) -> Int32? {
        let fd: Int32
        do {
            fd = try RemoteConnection.connectSocket(path)
        } catch where error.code == "connect_failed" {
            return nil
        }
        signal(SIGPIPE, SIG_IGN)
        // The client's requests go up on a thread of their own; when the
        // client ends its side, the server still answers what it sent.
        let up = Thread {
            copy(from: 0, to: fd)
            shutdown(fd, Int32(SHUT_WR))
        }
        up.start()
        copy(from: fd, to: 1)
        return 0
    }

    /// Copies until end of input or a failed write.
    static func copy(from source: Int32, to target: Int32) {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(source, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return }
            var offset = 0
            while offset < count {
                let written = buffer.withUnsafeBytes { write(target, $0.baseAddress! + offset, count - offset) }
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }
}
