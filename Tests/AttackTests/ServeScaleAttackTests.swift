import Foundation
import Testing
import TestSupport

/// `facet serve` against many clients: idle connections cost no thread and
/// little memory, and running out of file descriptors makes the server
/// wait, not spin. Short mode: 200 idle clients; long mode: 2,000.
@Suite(.serialized) struct ServeScaleAttackTests {
    static var idleClients: Int { Attack.long ? 2_000 : 200 }

    /// A `facet serve` in its own temporary home, started through bash so a
    /// test can lower its descriptor limit and hand it descriptors first.
    final class Server {
        let home = TemporaryDirectory("facet-scale")
        let socket: String
        let child: BoundedProcess

        init(prelude: String = "") throws {
            socket = home.path + "/run/facet.sock"
            child = try BoundedProcess(
                "/bin/bash", ["-c", Self.closeInherited + prelude + "\nexec \"$FACET\" serve --socket \"$1\"", "bash", socket],
                environment: FacetProcess.environment(home: home.path + "/data", extra: ["FACET": FacetProcess.binary]))
            // Said once it listens; a probing connection would be one more
            // socket to tell apart from the clients.
            let listening = child.waitFor(timeout: 30) {
                !child.process.isRunning || child.stderr.contains("serving on")
            }
            #expect(listening && child.process.isRunning, "the server did not start: \(child.stderr)")
            sockets = Self.sockets(child.pid)
        }

        /// Closes every descriptor but 0–2 first: the test process's other
        /// tests open pipes all the time, and one inherited with a number
        /// above a lowered limit would be counted against it.
        static let closeInherited = #"for n in $(ls /proc/$$/fd); do [ "$n" -gt 2 ] && [ -e /proc/$$/fd/$n ] && eval "exec $n>&-"; done"# + "\n"

        /// Sockets the server had before any client (its listener, and any
        /// it inherited).
        private var sockets = 0

        deinit { child.kill() }

        var pid: Int32 { child.pid }

        /// A field of /proc/PID/status (`Threads`, `VmRSS`, `VmHWM`; sizes in KiB).
        func status(_ field: String) -> Int {
            let text = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
            let line = text.split(separator: "\n").first { $0.hasPrefix(field + ":") }
            return line.flatMap { $0.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first }
                .flatMap { Int($0) } ?? -1
        }

        /// CPU time used so far (user + system), in clock ticks.
        var cpuTicks: Int {
            let text = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
            guard let close = text.lastIndex(of: ")") else { return -1 }
            let fields = text[text.index(after: close)...].split(separator: " ")
            // After the command: state is field 3, utime 14, stime 15.
            guard fields.count > 12, let user = Int(fields[11]), let system = Int(fields[12]) else { return -1 }
            return user + system
        }

        var openDescriptors: Int {
            (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd").count) ?? -1
        }

        /// Sockets the server holds now besides those it started with: its clients.
        var clientSockets: Int { Self.sockets(pid) - sockets }

        static func sockets(_ pid: Int32) -> Int {
            let folder = "/proc/\(pid)/fd"
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
            return names.filter {
                ((try? FileManager.default.destinationOfSymbolicLink(atPath: folder + "/" + $0)) ?? "").hasPrefix("socket:")
            }.count
        }
    }

    /// A raw client: one request line out, one response line back.
    final class Client {
        private(set) var fd: Int32
        private var buffer: [UInt8] = []

        init(_ path: String) throws {
            fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            withUnsafeMutableBytes(of: &address.sun_path) { raw in
                for (index, byte) in path.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
            }
            let result = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
            }
            if result != 0 {
                let code = errno
                Glibc.close(fd)
                throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
            }
        }

        /// Closes once: a second close could hit a descriptor reused since.
        func close() {
            if fd >= 0 { Glibc.close(fd) }
            fd = -1
        }

        func send(_ line: String) {
            let bytes = Array((line + "\n").utf8)
            _ = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
        }

        /// The next line, or nil at the deadline or end of file.
        func line(deadline: Date) -> String? {
            while true {
                if let newline = buffer.firstIndex(of: 0x0A) {
                    let line = String(decoding: buffer[..<newline], as: UTF8.self)
                    buffer.removeSubrange(...newline)
                    return line
                }
                let remaining = deadline.timeIntervalSinceNow
                guard remaining > 0 else { return nil }
                var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                if poll(&pfd, 1, Int32(min(remaining, 1) * 1000)) <= 0 { continue }
                var chunk = [UInt8](repeating: 0, count: 4096)
                let count = recv(fd, &chunk, chunk.count, 0)
                if count <= 0 { return nil }
                buffer += chunk[0..<count]
            }
        }

        func initialize(id: Int, deadline: Date) -> Bool {
            send(#"{"jsonrpc":"2.0","id":\#(id),"method":"initialize"}"#)
            return line(deadline: deadline)?.contains(#""id":\#(id)"#) == true
        }
    }

    /// Every client connects and says nothing; the server holds them all
    /// with a handful of threads and little memory, then answers each.
    @Test func idleClientsCostNoThreadAndLittleMemory() throws {
        let server = try Server()
        let idleThreads = server.status("Threads")
        let idleRSS = server.status("VmRSS")
        let count = Self.idleClients
        let clients = try (0..<count).map { _ in try Client(server.socket) }
        defer { clients.forEach { $0.close() } }
        // Accepted: the server holds a socket for each.
        let held = BoundedProcess.poll(timeout: 60) { server.clientSockets >= count }
        #expect(held, "the server holds \(server.clientSockets) of \(count) connections")
        // Let the server settle on them, then read its figures.
        _ = clients[0].initialize(id: 0, deadline: Date().addingTimeInterval(30))
        let threads = server.status("Threads")
        let rss = server.status("VmRSS")
        let peak = server.status("VmHWM")
        print("serve, \(count) idle clients: \(threads) threads (idle server \(idleThreads)), "
            + "VmRSS \(rss >> 10) MiB (idle server \(idleRSS >> 10) MiB), VmHWM \(peak >> 10) MiB")
        #expect(threads < 50, "\(threads) threads for \(count) idle clients")
        #expect(rss < 50 << 10, "VmRSS \(rss >> 10) MiB for \(count) idle clients")
        #expect(peak < 50 << 10, "VmHWM \(peak >> 10) MiB for \(count) idle clients")

        // Each is still answered.
        for (index, client) in clients.enumerated() {
            client.send(#"{"jsonrpc":"2.0","id":\#(index + 1),"method":"initialize"}"#)
        }
        let deadline = Date().addingTimeInterval(60)
        var answered = 0
        for (index, client) in clients.enumerated() where client.line(deadline: deadline)?.contains(#""id":\#(index + 1)"#) == true {
            answered += 1
        }
        #expect(answered == count)
        #expect(server.status("Threads") < 50)
    }

    /// With a low descriptor limit and more clients than it allows, the
    /// server waits for descriptors instead of retrying `accept` in a loop;
    /// once clients leave, the waiting ones and new ones are served. With
    /// descriptors taken before it starts (`extra`), `accept` itself fails
    /// with EMFILE; without, the server stops short of its limit.
    @Test(arguments: [0, 24])
    func runningOutOfDescriptorsWaitsInsteadOfSpinning(extra: Int) throws {
        let limit = 64
        let opens = (0..<extra).map { _ in "exec {fd}</dev/null" }.joined(separator: "; ")
        let server = try Server(prelude: "ulimit -n \(limit)\n" + opens)
        let clients = try (0..<100).map { _ in try Client(server.socket) }
        defer { clients.forEach { $0.close() } }
        // The server takes what it can; wait until that stops changing.
        var last = -1
        let settled = BoundedProcess.poll(timeout: 20) {
            let now = server.openDescriptors
            defer { last = now }
            usleep(200_000)
            return now == last
        }
        #expect(settled)
        #expect(server.openDescriptors <= limit)
        // A window of measurement, not a wait for anything.
        let started = server.cpuTicks
        let clock = Date()
        Thread.sleep(forTimeInterval: 2)
        let used = Double(server.cpuTicks - started) / Double(sysconf(Int32(_SC_CLK_TCK)))
        let seconds = Date().timeIntervalSince(clock)
        print("serve at its descriptor limit (\(extra) taken before it started): "
            + String(format: "%.2f s of CPU in %.2f s", used, seconds))
        #expect(used < seconds / 10, "\(used) s of CPU in \(seconds) s while out of descriptors")
        #expect(server.child.process.isRunning)

        // Most leave; the last few, still waiting to be accepted, are served.
        for client in clients.dropLast(5) { client.close() }
        let deadline = Date().addingTimeInterval(30)
        for (index, client) in clients.suffix(5).enumerated() {
            #expect(client.initialize(id: index + 1, deadline: deadline), "client \(index) of the last five")
        }
        let newcomer = try Client(server.socket)
        defer { newcomer.close() }
        #expect(newcomer.initialize(id: 99, deadline: Date().addingTimeInterval(30)))
        _ = clients
    }
}

extension BoundedProcess {
    /// Polls `condition` every 10 ms until it holds or `timeout` passes.
    @discardableResult
    static func poll(timeout: TimeInterval, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(10_000)
        }
        return false
    }
}
