#if canImport(Glibc)
import Glibc
#endif

/// Who may talk to the server: only processes of the user running it. The
/// socket's 0600 mode already says so; the kernel's word on the peer
/// (`SO_PEERCRED`) is checked too, because a socket file's mode is not
/// honoured everywhere (and a directory may be shared by mistake).
struct PeerCheck {
    let uid: uid_t

    init(uid: uid_t = getuid()) { self.uid = uid }

    /// The connected peer's user id, or nil if the kernel cannot say.
    static func peerUID(_ fd: Int32) -> uid_t? {
        // `struct ucred` (pid, uid, gid) is hidden behind _GNU_SOURCE in
        // Glibc's module: read it as three 32-bit fields.
        var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
        var size = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &size) == 0,
              size == socklen_t(MemoryLayout.size(ofValue: credentials)) else { return nil }
        return uid_t(credentials.1)
    }

    /// Nil if the peer may connect, else why not (sent to it before closing).
    func refusal(_ fd: Int32) -> String? {
        guard let peer = Self.peerUID(fd) else { return "the server cannot tell who is connecting" }
        return peer == uid ? nil : "user \(peer) may not use this server (it runs as user \(uid))"
    }
}
