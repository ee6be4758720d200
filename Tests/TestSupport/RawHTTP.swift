import Foundation

/// One HTTP/1.1 exchange over a plain loopback socket: the request goes out
/// byte for byte as written (any `Host`, any `Origin`), which no HTTP client
/// library allows, and the response's head comes back.
public enum RawHTTP {
    public struct Response {
        public var status: Int
        /// Header names lowercased; a repeated header keeps its last value.
        public var headers: [String: String]
        public var head: String
        /// As much of the body as `Content-Length` announced (empty without one).
        public var body: String = ""
    }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// Sends `GET path` with `headers` (Host first unless given) and reads the
    /// response head, within `timeout` seconds.
    public static func get(
        port: Int, path: String, headers: [(String, String)] = [], timeout: Int = 10
    ) throws -> Response {
        var lines = ["GET \(path) HTTP/1.1"]
        if !headers.contains(where: { $0.0.lowercased() == "host" }) { lines.append("Host: 127.0.0.1:\(port)") }
        lines += headers.map { "\($0.0): \($0.1)" }
        let request = lines.joined(separator: "\r\n") + "\r\n\r\n"
        let fd = try connectLoopback(port: port, timeout: timeout)
        defer { close(fd) }
        let bytes = Array(request.utf8)
        guard write(fd, bytes, bytes.count) == bytes.count else { throw Failure(description: "write: \(errno)") }
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let end: [UInt8] = Array("\r\n\r\n".utf8)
        while true {
            let count = read(fd, &buffer, buffer.count)
            if count <= 0 { break }
            received += buffer[0..<count]
            if received.count >= 4, received.indices.dropLast(3).contains(where: { Array(received[$0..<$0 + 4]) == end }) {
                break
            }
        }
        let text = String(decoding: received, as: UTF8.self)
        let head = text.components(separatedBy: "\r\n\r\n").first ?? ""
        let headLines = head.components(separatedBy: "\r\n")
        guard let statusLine = headLines.first, statusLine.hasPrefix("HTTP/1.1 "),
            let status = Int(statusLine.dropFirst(9).prefix(3))
        else { throw Failure(description: "no HTTP response: \(text.prefix(200))") }
        var fields: [String: String] = [:]
        for line in headLines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            fields[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        // The body, when its length is announced: read on until it is all here.
        let headLength = head.utf8.count + 4
        if let length = fields["content-length"].flatMap(Int.init), length > 0 {
            while received.count < headLength + length {
                let count = read(fd, &buffer, buffer.count)
                if count <= 0 { break }
                received += buffer[0..<count]
            }
            let body = String(decoding: received.dropFirst(headLength).prefix(length), as: UTF8.self)
            return Response(status: status, headers: fields, head: head, body: body)
        }
        return Response(status: status, headers: fields, head: head)
    }

    /// A TCP socket connected to 127.0.0.1:`port`, reads (and writes) timing
    /// out after `timeout` seconds; `receiveBuffer`, if given, is set before
    /// connecting (a small one makes a client that does not read fill up at once).
    public static func connectLoopback(port: Int, timeout: Int, receiveBuffer: Int? = nil) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: \(errno)") }
        var wait = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &wait, socklen_t(MemoryLayout<timeval>.size))
        if var size = receiveBuffer.map(Int32.init) {
            setsockopt(fd, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            let code = errno
            close(fd)
            throw Failure(description: "connect: \(code)")
        }
        return fd
    }

    /// A WebSocket opening handshake's headers (RFC 6455), to add to `get`.
    public static func webSocketHandshake(origin: String?) -> [(String, String)] {
        var headers = [
            ("Upgrade", "websocket"), ("Connection", "Upgrade"), ("Sec-WebSocket-Key", "dGhlIHNhbXBsZSBub25jZQ=="),
            ("Sec-WebSocket-Version", "13"),
        ]
        if let origin { headers.append(("Origin", origin)) }
        return headers
    }
}
