import Foundation

/// A JSON-lines client on the server's Unix socket, as another program
/// would be: send requests, read responses and notifications in the order
/// they arrive.
final class SocketClient: @unchecked Sendable {
    enum Failure: Error, CustomStringConvertible {
        case connect(Int32)
        case timeout(String)
        case closed(String)
        var description: String {
            switch self {
            case .connect(let code): "connect failed: \(String(cString: strerror(code)))"
            case .timeout(let what): "timed out waiting for \(what)"
            case .closed(let what): "closed: \(what)"
            }
        }
    }

    let fd: Int32
    private var buffer: [UInt8] = []
    private var nextID = 0
    /// Every message read so far that was not handed out by `response`.
    var notifications: [[String: Any]] = []
    /// Each message read, in order, as (id or method).
    var arrivals: [String] = []

    init(path: String) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { buffer in
            for (index, byte) in path.utf8.prefix(buffer.count - 1).enumerated() { buffer[index] = byte }
        }
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        if result != 0 {
            let code = errno
            Glibc.close(fd)
            throw Failure.connect(code)
        }
    }

    func close() { Glibc.close(fd) }

    /// Ends the sending side; responses can still be read.
    func halfClose() { shutdown(fd, Int32(SHUT_WR)) }

    func sendRaw(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if written <= 0 { return }
            offset += written
        }
    }

    func send(_ line: String) { sendRaw(Array((line + "\n").utf8)) }

    /// Sends a request and returns its id.
    @discardableResult
    func post(_ method: String, _ params: [String: Any]? = nil) throws -> Int {
        nextID += 1
        var message: [String: Any] = ["jsonrpc": "2.0", "id": nextID, "method": method]
        if let params { message["params"] = params }
        let data = try JSONSerialization.data(withJSONObject: message, options: [.sortedKeys])
        send(String(decoding: data, as: UTF8.self))
        return nextID
    }

    /// Sends a request and returns its `result` (or the whole response if it failed).
    @discardableResult
    func request(_ method: String, _ params: [String: Any]? = nil, timeout: TimeInterval = 20) throws -> [String: Any] {
        try response(id: try post(method, params), timeout: timeout)
    }

    /// `screen.open`'s result (the handle and the first snapshot); empty
    /// when the server refused it (the tests then fail on what is missing).
    func open(_ params: [String: Any]) throws -> [String: Any] {
        try request("screen.open", params)["result"] as? [String: Any] ?? [:]
    }

    func response(id: Int, timeout: TimeInterval = 20) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let message = try readMessage(deadline: deadline)
            if let got = message["id"] as? Int, got == id { return message }
            if message["method"] != nil { notifications.append(message) }
        }
    }

    /// A notification matching `predicate`, already read or the next to come.
    func notification(timeout: TimeInterval = 20, where predicate: ([String: Any]) -> Bool) throws -> [String: Any] {
        if let index = notifications.firstIndex(where: predicate) { return notifications.remove(at: index) }
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let message = try readMessage(deadline: deadline)
            if message["method"] != nil, predicate(message) { return message }
            if message["method"] != nil { notifications.append(message) }
        }
    }

    func readMessage(deadline: Date) throws -> [String: Any] {
        let line = try readLine(deadline: deadline)
        guard let object = try JSONSerialization.jsonObject(with: Data(line)) as? [String: Any] else {
            throw Failure.closed("not an object: \(String(decoding: line, as: UTF8.self))")
        }
        arrivals.append((object["id"] as? Int).map { "id \($0)" } ?? (object["method"] as? String ?? "?"))
        return object
    }

    func readLine(deadline: Date) throws -> [UInt8] {
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = Array(buffer[..<newline])
                buffer.removeSubrange(...newline)
                return line
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw Failure.timeout("a line") }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, Int32(min(remaining, 1) * 1000)) <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = recv(fd, &chunk, chunk.count, 0)
            if count <= 0 { throw Failure.closed("end of file") }
            buffer += chunk[0..<count]
        }
    }

    /// Reads and discards lines until `count` have arrived (or the
    /// deadline); returns how many did and the last one. For floods, where
    /// parsing every answer would cost more than the server.
    func skipLines(_ count: Int, timeout: TimeInterval = 120) -> (count: Int, last: [UInt8]) {
        let deadline = Date().addingTimeInterval(timeout)
        var seen = 0
        var last: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while seen < count, Date() < deadline {
            var start = 0
            while seen < count, let newline = buffer[start...].firstIndex(of: 0x0A) {
                if seen == count - 1 { last = Array(buffer[start..<newline]) }
                seen += 1
                start = newline + 1
            }
            buffer.removeSubrange(..<start)
            guard seen < count else { break }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, 100) <= 0 { continue }
            let got = recv(fd, &chunk, chunk.count, 0)
            if got <= 0 { break }
            buffer += chunk[0..<got]
        }
        return (seen, last)
    }

    /// True once the server has closed the connection (end of file), reading
    /// and discarding anything before it.
    func readsToEnd(timeout: TimeInterval = 20) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            do { _ = try readLine(deadline: deadline) } catch Failure.closed { return true } catch { return false }
        }
        return false
    }
}
