import Foundation
import KernelDomain

/// One stream socket to an MPD server (TCP or Unix), non-blocking, where
/// every wait has a deadline and every line a length bound: a server that
/// goes silent or sends an endless line ends in an error, never a hang.
final class MPDSocket {
    private var fd: Int32
    private var pending: [UInt8] = []
    private var start = 0
    /// One receive buffer for the socket's life: a long answer arrives in
    /// many small reads, and a fresh zeroed buffer per read cost more than the reads.
    private var chunk = [UInt8](repeating: 0, count: 65536)
    let name: String

    private init(fd: Int32, name: String) {
        self.fd = fd
        self.name = name
    }

    deinit { close() }

    func close() {
        if fd >= 0 { Glibc.close(fd) }
        fd = -1
    }

    static func connect(_ address: MusicPlayerAddress, deadline: Date) throws(MusicPlayerError) -> MPDSocket {
        switch address.endpoint {
        case .unix(let path): return try connectUnix(path, name: address.description, deadline: deadline)
        case .tcp(let host, let port): return try connectTCP(host, port, name: address.description, deadline: deadline)
        }
    }

    private static func unreachable(_ name: String, _ why: String) -> MusicPlayerError {
        MusicPlayerError(.unreachable, "No MPD at \(name): start mpd or set mpd-host (\(why)).")
    }

    private static func connectTCP(_ host: String, _ port: Int, name: String, deadline: Date) throws(MusicPlayerError) -> MPDSocket {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_family = AF_UNSPEC
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw unreachable(name, "cannot resolve \(host): \(String(cString: gai_strerror(status)))")
        }
        defer { freeaddrinfo(list) }
        var lastError = "no address"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let current = entry {
            entry = current.pointee.ai_next
            let fd = socket(current.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
            guard fd >= 0 else { continue }
            let socket = MPDSocket(fd: fd, name: name)
            do {
                try socket.finishConnect(Glibc.connect(fd, current.pointee.ai_addr, current.pointee.ai_addrlen), deadline: deadline)
                var yes: Int32 = 1
                setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &yes, socklen_t(MemoryLayout<Int32>.size))
                return socket
            } catch {
                lastError = error.detail
            }
        }
        throw unreachable(name, lastError)
    }

    private static func connectUnix(_ path: String, name: String, deadline: Date) throws(MusicPlayerError) -> MPDSocket {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else {
            throw unreachable(name, "the socket path is too long")
        }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw unreachable(name, String(cString: strerror(errno))) }
        let socket = MPDSocket(fd: fd, name: name)
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        do {
            try socket.finishConnect(result, deadline: deadline)
        } catch {
            throw unreachable(name, error.detail)
        }
        return socket
    }

    private func finishConnect(_ result: Int32, deadline: Date) throws(MusicPlayerError) {
        if result == 0 { return }
        guard errno == EINPROGRESS || errno == EAGAIN else { throw MusicPlayerError(.unreachable, String(cString: strerror(errno))) }
        try wait(for: Int16(POLLOUT), deadline: deadline)
        var error: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
        guard error == 0 else { throw MusicPlayerError(.unreachable, String(cString: strerror(error))) }
    }

    /// Waits until the socket is ready for `events`, or throws at the deadline
    /// (nil: no deadline, but `cancelled` is asked every slice).
    private func wait(for events: Int16, deadline: Date?, cancelled: () -> Bool = { false }) throws(MusicPlayerError) {
        while true {
            if cancelled() { throw MusicPlayerError(.timeout, "Stopped waiting for MPD at \(name).") }
            var slice: Int32 = 250
            if let deadline {
                let left = deadline.timeIntervalSinceNow
                guard left > 0 else { throw MusicPlayerError(.timeout, "MPD at \(name) stopped answering.") }
                slice = min(slice, Int32(max(1, left * 1000)))
            }
            var poller = pollfd(fd: fd, events: events, revents: 0)
            let ready = poll(&poller, 1, slice)
            if ready > 0 { return }
            if ready < 0, errno != EINTR { throw MusicPlayerError(.unreachable, "MPD at \(name): \(String(cString: strerror(errno)))") }
        }
    }

    func write(_ text: String, deadline: Date) throws(MusicPlayerError) {
        try write(Array(text.utf8)[...], deadline: deadline)
    }

    func write(_ bytes: ArraySlice<UInt8>, deadline: Date) throws(MusicPlayerError) {
        var offset = bytes.startIndex
        while offset < bytes.endIndex {
            guard fd >= 0 else { throw closed() }
            let sent = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent > 0 {
                offset += sent
            } else if sent < 0, errno == EAGAIN || errno == EINTR {
                try wait(for: Int16(POLLOUT), deadline: deadline)
            } else {
                throw closed()
            }
        }
    }

    private func closed() -> MusicPlayerError {
        MusicPlayerError(.unreachable, "MPD at \(name) closed the connection.")
    }

    /// The next line without its newline; at most `limit` bytes, else the
    /// connection is unusable (the rest of the line is never read).
    func readLine(limit: Int, deadline: Date?, cancelled: () -> Bool = { false }) throws(MusicPlayerError) -> String {
        var searched = start
        while true {
            if let newline = pending[searched...].firstIndex(of: 0x0A) {
                let line = String(decoding: pending[start..<newline], as: UTF8.self)
                start = newline + 1
                if start > 65536 {
                    pending.removeFirst(start)
                    start = 0
                }
                return line
            }
            searched = pending.count
            guard pending.count - start <= limit else {
                throw MusicPlayerError(.protocolViolation, "MPD at \(name) sent a line longer than \(limit) bytes.")
            }
            guard fd >= 0 else { throw closed() }
            try wait(for: Int16(POLLIN), deadline: deadline, cancelled: cancelled)
            let count = chunk.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count > 0 {
                pending.append(contentsOf: chunk[..<count])
            } else if count == 0 || (errno != EAGAIN && errno != EINTR) {
                throw closed()
            }
        }
    }
}
