#if canImport(Glibc)
import Glibc
#endif

/// Who may stand at either end of `facet serve`'s Unix socket.
///
/// The server and `facet --connect` apply the same rules, because each
/// trusts the other with everything a session carries (a token typed into
/// `settings set` goes to the server in clear):
/// - the socket's folder belongs to the user (or to root) and nobody else
///   may write in it, so nobody else can put a socket of their own where
///   Facet looks for its server. A root-owned sticky folder such as /tmp
///   passes: there only a file's owner may remove or rename it, and the
///   socket's own owner is checked too;
/// - the socket file is a socket of the user's;
/// - the process behind the connection runs as the user, by the kernel's
///   word (`SO_PEERCRED`): a socket file can be replaced between the check
///   and the connect, a connected peer cannot.
///
/// "The user" is the effective uid, with no exception for root: root
/// attaches only to a server run as root.
public enum SocketTrust {
    public struct Refusal: Error, CustomStringConvertible, Equatable {
        public let description: String
        init(_ description: String) { self.description = description }
    }

    /// The folder a socket path is in, spelled as the path spells it.
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Checks the folder `path` (followed if a symbolic link): it must be a
    /// directory owned by `user` or root, writable by its owner alone.
    public static func checkFolder(_ path: String, user: uid_t = geteuid()) throws(Refusal) {
        var info = stat()
        guard stat(path, &info) == 0 else {
            throw Refusal("cannot check the folder \(path): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFDIR else { throw Refusal("\(path) is not a folder") }
        let mode = info.st_mode & 0o7777
        if info.st_uid != user, info.st_uid != 0 {
            throw Refusal(
                "the folder \(path) belongs to user \(info.st_uid), not to you (user \(user)): another user could "
                    + "put a socket of their own there. Fix it with 'chown \(user) \(path)' and 'chmod 700 \(path)', "
                    + "or remove the folder and let facet make it")
        }
        let sharedWrite = mode & (S_IWGRP | S_IWOTH) != 0
        let stickyOfRoot = info.st_uid == 0 && mode & S_ISVTX != 0
        if sharedWrite, !stickyOfRoot {
            throw Refusal(
                "the folder \(path) may be written by other users (mode \(octal(mode))): they could replace the "
                    + "server's socket. Fix it with 'chmod 700 \(path)'")
        }
    }

    /// Checks the socket file itself (not followed): a socket owned by
    /// `user`. False when there is none; the caller says what that means.
    public static func checkSocketFile(_ path: String, user: uid_t = geteuid()) throws(Refusal) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT || errno == ENOTDIR { return false }
            throw Refusal("cannot check the socket \(path): \(String(cString: strerror(errno)))")
        }
        guard info.st_mode & S_IFMT == S_IFSOCK else { throw Refusal("\(path) exists and is not a socket") }
        guard info.st_uid == user else {
            throw Refusal(
                "the socket \(path) belongs to user \(info.st_uid), not to you (user \(user)); "
                    + "a facet server of yours would own it")
        }
        return true
    }

    /// The connected peer's user id, or nil if the kernel cannot say.
    public static func peerUID(_ fd: Int32) -> uid_t? {
        // `struct ucred` (pid, uid, gid) is hidden behind _GNU_SOURCE in
        // Glibc's module: read it as three 32-bit fields.
        var credentials: (Int32, UInt32, UInt32) = (0, 0, 0)
        var size = socklen_t(MemoryLayout.size(ofValue: credentials))
        guard getsockopt(fd, SOL_SOCKET, SO_PEERCRED, &credentials, &size) == 0,
              size == socklen_t(MemoryLayout.size(ofValue: credentials)) else { return nil }
        return uid_t(credentials.1)
    }

    /// Checks that the server behind a connected socket runs as `user`.
    public static func checkServer(_ fd: Int32, path: String, user: uid_t = geteuid()) throws(Refusal) {
        guard let peer = peerUID(fd) else {
            throw Refusal("the kernel cannot say who runs the server on \(path)")
        }
        guard peer == user else {
            throw Refusal(
                "the server on \(path) runs as user \(peer), not as you (user \(user))")
        }
    }

    static func octal(_ mode: mode_t) -> String {
        let digits = String(mode, radix: 8)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }
}
