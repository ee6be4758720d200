#if canImport(Glibc)
import Glibc
#endif
import Foundation
import JSONRPC

/// The server's Unix socket: a private directory (0700 when the server
/// makes it; one made by someone else must pass `SocketTrust`), a socket
/// only its user may open (0600), and no second server on the same path.
/// A socket file of the user's that nobody answers on (left by a killed
/// server) is replaced.
struct SocketListener {
    enum Failure: Error, CustomStringConvertible {
        case pathTooLong(String)
        case alreadyRunning(String)
        case notASocket(String)
        case untrusted(String, SocketTrust.Refusal)
        case system(String, Int32)

        var description: String {
            switch self {
            case .pathTooLong(let path): "the socket path is too long for a Unix socket (at most 107 bytes): \(path)"
            case .alreadyRunning(let path): "a facet server is already running on \(path)"
            case .notASocket(let path): "\(path) exists and is not a socket; not replacing it"
            case .untrusted(let path, let refusal): "will not serve on \(path): \(refusal)"
            case .system(let what, let code): "\(what): \(String(cString: strerror(code)))"
            }
        }
    }

    let path: String
    let fd: Int32

    /// Creates, binds and listens; the descriptor is non-blocking (accepts
    /// come from the event loop).
    static func open(path: String) throws(Failure) -> SocketListener {
        guard path.utf8.count < MemoryLayout.size(ofValue: sockaddr_un().sun_path) else { throw .pathTooLong(path) }
        let folder = SocketTrust.folder(of: path)
        try makeDirectory(folder)
        do {
            try SocketTrust.checkFolder(folder)
        } catch {
            throw .untrusted(path, error)
        }
        var info = stat()
        if lstat(path, &info) == 0 {
            guard info.st_mode & S_IFMT == S_IFSOCK else { throw .notASocket(path) }
            do {
                _ = try SocketTrust.checkSocketFile(path)
            } catch {
                throw .untrusted(path, error)
            }
            if answers(path) { throw .alreadyRunning(path) }
            unlink(path)  // stale: its server is gone
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw .system("cannot create a socket", errno) }
        // No moment when another user could open it: the mode is set by the umask at bind.
        let previous = umask(0o177)
        let bound = withAddress(path) { bind(fd, $0, $1) }
        let bindError = errno
        umask(previous)
        guard bound == 0 else {
            Glibc.close(fd)
            if bindError == EADDRINUSE { throw .alreadyRunning(path) }
            throw .system("cannot bind \(path)", bindError)
        }
        chmod(path, 0o600)
        guard listen(fd, 128) == 0 else {
            let code = errno
            Glibc.close(fd)
            throw .system("cannot listen on \(path)", code)
        }
        return SocketListener(path: path, fd: fd)
    }

    /// Makes missing folders 0700; an existing folder is left as it is.
    static func makeDirectory(_ path: String) throws(Failure) {
        guard !path.isEmpty, !FileManager.default.fileExists(atPath: path) else { return }
        try makeDirectory((path as NSString).deletingLastPathComponent)
        if mkdir(path, 0o700) != 0, errno != EEXIST { throw .system("cannot create \(path)", errno) }
    }

    /// True if a server accepts connections on `path`.
    static func answers(_ path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { Glibc.close(fd) }
        return withAddress(path) { connect(fd, $0, $1) } == 0
    }

    static func withAddress<T>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T) -> T {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
    }

    enum Accepted {
        /// A client, its socket non-blocking.
        case client(Int32)
        /// Nobody waits.
        case none
        /// The process or the system has no descriptor left (EMFILE,
        /// ENFILE, or no memory for one): the client stays in the backlog.
        case outOfDescriptors
    }

    /// The next waiting connection.
    func accept() -> Accepted {
        while true {
            // accept4 is not visible through Glibc's module; the flags follow.
            let client = Glibc.accept(fd, nil, nil)
            if client >= 0 {
                _ = fcntl(client, F_SETFD, FD_CLOEXEC)
                _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
                return .client(client)
            }
            switch errno {
            case EINTR, ECONNABORTED: continue
            case EMFILE, ENFILE, ENOBUFS, ENOMEM: return .outOfDescriptors
            default: return .none
            }
        }
    }

    /// Stops listening and removes the socket file.
    func close() {
        Glibc.close(fd)
        unlink(path)
    }
}
