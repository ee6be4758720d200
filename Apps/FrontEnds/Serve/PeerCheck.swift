#if canImport(Glibc)
import Glibc
#endif
import JSONRPC

/// Who may talk to the server: only processes of the user running it. The
/// socket's 0600 mode already says so; the kernel's word on the peer
/// (`SO_PEERCRED`) is checked too, because a socket file's mode is not
/// honoured everywhere (and a directory may be shared by mistake).
struct PeerCheck {
    let uid: uid_t

    init(uid: uid_t = getuid()) { self.uid = uid }

    /// The connected peer's user id, or nil if the kernel cannot say.
    static func peerUID(_ fd: Int32) -> uid_t? { SocketTrust.peerUID(fd) }

    /// Nil if the peer may connect, else why not (sent to it before closing).
    func refusal(_ fd: Int32) -> String? {
        guard let peer = Self.peerUID(fd) else { return "the server cannot tell who is connecting" }
        return peer == uid ? nil : "user \(peer) may not use this server (it runs as user \(uid))"
    }
}
