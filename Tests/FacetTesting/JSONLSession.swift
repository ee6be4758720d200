import Foundation

/// A live `facet --ui jsonl` process (or any executable built on Facet, or
/// another line-delimited JSON-RPC face such as `--ui mcp`) driven over
/// pipes, as another program would drive it: send requests, read
/// responses, collect notifications.
public final class JSONLSession: @unchecked Sendable {
    public let process = Process()
    private let input = Pipe()
    private let output = Pipe()
    private let errors = Pipe()
    private var buffer = Data()
    private var nextID = 0
    /// Notifications received so far, in arrival order.
    public private(set) var notifications: [[String: Any]] = []
    /// Ends the process (and what it started) if a test stuck elsewhere never does.
    private var lifetime: ChildDeadline?

    /// `launcher` runs the binary through another program first (as
    /// `Unprivileged.prefix`, to be an ordinary user when the tests are root).
    /// `binary`: the executable to run (Facet's own `facet` unless said).
    public init(
        home: String, environment extra: [String: String] = [:], arguments: [String] = ["--ui", "jsonl"], launcher: [String] = [],
        binary: String = FacetProcess.binary
    ) throws {
        if let program = launcher.first {
            process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : "/usr/bin/" + program)
            process.arguments = Array(launcher.dropFirst()) + [binary] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: binary)
            process.arguments = arguments
        }
        process.environment = FacetProcess.environment(home: home, extra: extra)
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        lifetime = ChildDeadline(process, seconds: ChildLifetime.longest)
    }

    deinit {
        if process.isRunning { process.terminate() }
        lifetime?.finish()
    }

    /// Writes one raw line (a newline is added).
    public func send(_ line: String) {
        input.fileHandleForWriting.write(Data((line + "\n").utf8))
    }

    public func sendRaw(_ data: Data) {
        input.fileHandleForWriting.write(data)
    }

    /// Sends a request and returns its response, keeping notifications that
    /// arrive before it.
    @discardableResult
    public func request(_ method: String, _ params: [String: Any]? = nil, timeout: TimeInterval = 20) throws -> [String: Any] {
        nextID += 1
        var message: [String: Any] = ["jsonrpc": "2.0", "id": nextID, "method": method]
        if let params { message["params"] = params }
        let data = try JSONSerialization.data(withJSONObject: message, options: [.sortedKeys])
        send(String(decoding: data, as: UTF8.self))
        return try response(id: nextID, timeout: timeout)
    }

    /// Reads messages until the response with `id` arrives.
    public func response(id: Int, timeout: TimeInterval = 20) throws -> [String: Any] {
        while true {
            let message = try readMessage(timeout: timeout)
            if let got = message["id"] as? Int, got == id { return message }
            if message["id"] == nil || message["id"] is NSNull, message["method"] != nil {
                notifications.append(message)
            } else if message["method"] == nil {
                return message  // a response to something else (e.g. id null): let the caller see it
            }
        }
    }

    /// Waits for a notification matching `predicate` (already received or new).
    public func notification(timeout: TimeInterval = 20, where predicate: ([String: Any]) -> Bool) throws -> [String: Any] {
        if let index = notifications.firstIndex(where: predicate) { return notifications.remove(at: index) }
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let message = try readMessage(timeout: deadline.timeIntervalSinceNow)
            if message["method"] != nil, predicate(message) { return message }
            if message["method"] != nil { notifications.append(message) }
        }
        throw SessionError.timeout
    }

    /// Reads the next line from stdout as a JSON object.
    public func readMessage(timeout: TimeInterval = 20) throws -> [String: Any] {
        let line = try readLine(timeout: timeout)
        guard let object = try JSONSerialization.jsonObject(with: line) as? [String: Any] else {
            throw SessionError.notAnObject(String(decoding: line, as: UTF8.self))
        }
        return object
    }

    public func readLine(timeout: TimeInterval = 20) throws -> Data {
        let deadline = Date().addingTimeInterval(timeout)
        let fd = output.fileHandleForReading.fileDescriptor
        while true {
            if let newline = buffer.firstIndex(of: 0x0A) {
                let line = buffer[buffer.startIndex..<newline]
                buffer.removeSubrange(buffer.startIndex...newline)
                return Data(line)
            }
            let remaining = deadline.timeIntervalSinceNow
            guard remaining > 0 else { throw SessionError.timeout }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, Int32(min(remaining, 1) * 1000))
            if ready <= 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let count = read(fd, &chunk, chunk.count)
            if count <= 0 { throw SessionError.closed(stderr: readErrors()) }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    /// Reads and discards output until `count` more lines have arrived (or
    /// the timeout); returns how many did. For floods of answers, where
    /// parsing each would cost more than the server.
    public func skipLines(_ count: Int, timeout: TimeInterval = 60) throws -> Int {
        var seen = buffer.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
        buffer.removeAll()
        let deadline = Date().addingTimeInterval(timeout)
        let fd = output.fileHandleForReading.fileDescriptor
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while seen < count, Date() < deadline {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, 100) <= 0 { continue }
            let got = read(fd, &chunk, chunk.count)
            if got <= 0 { break }
            for index in 0..<got where chunk[index] == 0x0A { seen += 1 }
        }
        return seen
    }

    /// A memory figure of the live process from /proc (`VmRSS`, `VmHWM`), in kB.
    public func memory(_ field: String) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") }
        return line.flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } } ?? 0
    }

    /// Closes stdin and waits for the process to exit; returns its status.
    public func finish(timeout: TimeInterval = 20) throws -> Int32 {
        try input.fileHandleForWriting.close()
        let deadline = Date().addingTimeInterval(timeout)
        // Keep reading stdout meanwhile: a full pipe would stop the process writing.
        let fd = output.fileHandleForReading.fileDescriptor
        while process.isRunning, Date() < deadline {
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&pfd, 1, 10) > 0 {
                var chunk = [UInt8](repeating: 0, count: 65536)
                let count = read(fd, &chunk, chunk.count)
                if count > 0 { buffer.append(contentsOf: chunk[0..<count]) } else { usleep(10_000) }
            }
        }
        if process.isRunning {
            process.terminate()
            throw SessionError.timeout
        }
        return process.terminationStatus
    }

    /// Everything left on stdout after exit (call after `finish`).
    public func remainingLines() -> [String] {
        buffer.append(output.fileHandleForReading.readDataToEndOfFile())
        let text = String(decoding: buffer, as: UTF8.self)
        buffer.removeAll()
        return text.split(separator: "\n").map(String.init)
    }

    public func readErrors() -> String {
        String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
    }

    public enum SessionError: Error {
        case timeout
        case closed(stderr: String)
        case notAnObject(String)
    }
}
