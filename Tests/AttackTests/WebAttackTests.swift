import Foundation
import Testing
import TestSupport

/// `facet --ui web` against other local users and careless clients, over
/// raw loopback sockets: the cookie a browser leaks to every port opens
/// nothing, a flood of idle connections from another user neither spins the
/// server nor locks the user out, a page that never reads cannot grow the
/// server, and a stop does not wait on a page that never answers.
@Suite(.serialized) struct WebAttackTests {
    let home = TemporaryDirectory("facet-web-attack")
    let files = TemporaryDirectory("facet-web-attack-files")

    /// A Python program run as another user (`nobody` when the suite runs as root), by the
    /// system interpreter: one under root's home would not be theirs to run.
    static func asOtherUser(_ program: String, _ arguments: [String], timeout: TimeInterval = 120) throws -> BoundedProcess {
        try BoundedProcess(
            "/usr/bin/env", Unprivileged.prefix + ["/usr/bin/python3", "-c", program] + arguments,
            environment: ProcessInfo.processInfo.environment)
    }

    static func cpuSeconds(_ pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    static func residentMiB(_ pid: Int32) -> Double {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return 0 }
        return (Double(line.split(separator: " ")[1]) ?? 0) / 1024
    }

    /// The WebSocket the user's page opens (its cookie, secret and origin).
    static func pageSocket(
        _ server: WebServerProcess, _ session: WebSession, receiveBuffer: Int? = nil, timeout: Int = 10
    ) throws -> RawWebSocket {
        try RawWebSocket(
            port: server.port, path: session.socketPath, headers: [session.cookie, ("Origin", "http://127.0.0.1:\(server.port)")],
            receiveBuffer: receiveBuffer, timeout: timeout)
    }

    /// Seconds for the user's page to load, or nil if it did not within `limit`.
    static func pageTime(_ server: WebServerProcess, _ session: WebSession, limit: Int = 10) -> Double? {
        let start = Date()
        guard let page = try? RawHTTP.get(port: server.port, path: "/", headers: [session.cookie], timeout: limit),
            page.status == 200
        else { return nil }
        return Date().timeIntervalSince(start)
    }

    @Test func anotherUserWithTheLeakedCookieAndAForgedOriginGetsNoSocketAndNoData() throws {
        let server = try WebServerProcess(home: home.path)
        let session = try WebSession(server)
        // What a server on another port receives from the user's browser: the cookie, nothing else.
        let attacker = try Self.asOtherUser(
            #"""
            import socket, sys, json
            port, cookie = int(sys.argv[1]), sys.argv[2]
            def get(path, extra=""):
                s = socket.create_connection(("127.0.0.1", port), timeout=10)
                s.sendall((f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nCookie: {cookie}\r\n" + extra + "\r\n").encode())
                data = b""
                while True:
                    chunk = s.recv(65536)
                    if not chunk: break
                    data += chunk
                    if b"\r\n\r\n" in data and (b" 101 " in data.split(b"\r\n")[0] or b"</html>" in data or len(data) > 200000): break
                    if b"Content-Length: 0" in data or b"content-length: 0" in data: break
                    head, _, body = data.partition(b"\r\n\r\n")
                    length = [l for l in head.split(b"\r\n") if l.lower().startswith(b"content-length:")]
                    if length and len(body) >= int(length[0].split(b":")[1]): break
                s.close()
                return data.decode("utf-8", "replace")
            ws = ("Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                  f"Sec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1:{port}\r\n")
            page = get("/")
            print(json.dumps({
                "socket": get("/rpc", ws).split("\r\n")[0],
                "socketWithEmptySecret": get("/rpc?page=", ws).split("\r\n")[0],
                "pageStatus": page.split("\r\n")[0],
                "secretInPage": "facet-page" in page,
                "completion": get("/complete?path=%2F").split("\r\n")[0],
            }))
            """#, [String(server.port), session.cookie.1])
        #expect(attacker.finish(timeout: 60) == 0, "\(attacker.stderr)")
        let facts = try JSONSerialization.jsonObject(with: Data(attacker.stdout.utf8)) as? [String: Any] ?? [:]
        #expect((facts["socket"] as? String)?.contains(" 101 ") == false, "\(facts)")
        #expect((facts["socketWithEmptySecret"] as? String)?.contains(" 101 ") == false, "\(facts)")
        #expect((facts["pageStatus"] as? String)?.contains(" 200 ") == true, "the page itself is no secret")
        #expect(facts["secretInPage"] as? Bool == false)
        #expect((facts["completion"] as? String)?.contains(" 403 ") == true, "\(facts)")
        // The user's own page, with its secret, still gets its socket.
        _ = try Self.pageSocket(server, session)
    }

    @Test func aFloodOfIdleConnectionsFromAnotherUserNeitherSpinsTheServerNorLocksTheUserOut() throws {
        // The soft limit many systems start with, under a higher hard one.
        let server = try WebServerProcess(home: home.path, prefix: ["prlimit", "--nofile=1024:8192"])
        let session = try WebSession(server)
        let flood = try Self.asOtherUser(
            #"""
            import socket, sys, time
            port, count, hold = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3])
            held = []
            for _ in range(count):
                try:
                    held.append(socket.create_connection(("127.0.0.1", port), timeout=5))
                except OSError as error:
                    print("connect failed:", error, file=sys.stderr)
                    break
            print(len(held), flush=True)
            time.sleep(hold)
            """#, [String(server.port), "1100", "8"])
        #expect(flood.waitFor(timeout: 60) { flood.stdout.contains("\n") || !flood.process.isRunning })
        let cpuBefore = Self.cpuSeconds(server.web.pid)
        let during = Self.pageTime(server, session)
        Thread.sleep(forTimeInterval: 3)
        let cpuDuring = (Self.cpuSeconds(server.web.pid) - cpuBefore) / 3
        _ = flood.finish(timeout: 30)
        let after = Self.pageTime(server, session)
        print("web flood: \(flood.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) connections from uid \(Unprivileged.uid); "
            + "page during \(during.map { String(format: "%.3f s", $0) } ?? "timed out"), server CPU \(Int(cpuDuring * 100))%; "
            + "page after \(after.map { String(format: "%.3f s", $0) } ?? "timed out")")
        #expect(flood.stdout.hasPrefix("1100"), "every flood connection was accepted: \(flood.stdout) \(flood.stderr)")
        #expect(during.map { $0 < 2 } == true, "the user's page answers during the flood")
        #expect(cpuDuring < 0.5, "the server does not spin: \(cpuDuring * 100)% CPU")
        #expect(after.map { $0 < 2 } == true)
    }

    @Test func idleAndTricklingConnectionsAreClosedAfterTheHeaderDeadline() throws {
        let server = try WebServerProcess(home: home.path)
        let idle = try Self.asOtherUser(
            #"""
            import socket, sys, time
            port = int(sys.argv[1])
            quiet = socket.create_connection(("127.0.0.1", port))
            trickle = socket.create_connection(("127.0.0.1", port))
            quiet.settimeout(30)
            start = time.time()
            trickle.sendall(b"GET / HTTP/1.1\r\n")
            ends = []
            for s in (quiet,):
                s.recv(1)  # end of file once the server closes it
                ends.append(time.time() - start)
            trickle.settimeout(1)
            while time.time() - start < 30:
                try:
                    trickle.sendall(b"X")
                    if trickle.recv(1) == b"": break
                except socket.timeout:
                    continue
                except OSError:
                    break
            ends.append(time.time() - start)
            print(" ".join("%.1f" % e for e in ends))
            """#, [String(server.port)])
        #expect(idle.finish(timeout: 60) == 0, "\(idle.stderr)")
        let ends = idle.stdout.split(separator: " ").compactMap { Double($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        #expect(ends.count == 2 && ends.allSatisfy { $0 < 20 }, "closed after the deadline: \(idle.stdout)")
    }

    @Test func aPageThatSendsAndNeverReadsIsHeldBackThenDroppedWithAReason() throws {
        let server = try WebServerProcess(home: home.path, environment: ["FACET_WEB_STALL_SECONDS": "3"])
        let session = try WebSession(server)
        let socket = try Self.pageSocket(server, session, receiveBuffer: 4096, timeout: 2)
        let before = Self.residentMiB(server.web.pid)
        var sent = 0
        let start = Date()
        while Date().timeIntervalSince(start) < 10, socket.send(text: #"{"jsonrpc":"2.0","id":1,"method":"rpc.discover"}"#) {
            sent += 1
        }
        let grown = Self.residentMiB(server.web.pid) - before
        print("web never-reading client: \(sent) requests sent in \(String(format: "%.1f", Date().timeIntervalSince(start))) s, "
            + "server RSS \(Int(before)) MiB -> \(Int(before + grown)) MiB")
        #expect(grown < 16, "the server's memory is bounded: grew \(grown) MiB")
        // Reading now: what was queued, then the end (the close frame with its reason, if it got through).
        let last = socket.receive { $0.opcode == 8 }
        // Dropped for not reading: by the outbox's bound or, on a loaded
        // machine, first by the WebSocket's own ping going unanswered.
        if let last {
            #expect((last.closeCode == 1008 && last.closeReason.contains("read none of its answers"))
                || last.closeReason.contains("Ping timeout"), "\(last.closeCode) \(last.closeReason)")
        }
        // The server goes on serving others.
        #expect(Self.pageTime(server, session).map { $0 < 5 } == true)
    }

    @Test func aPageThatStopsReadingWhileOthersCommitGetsOneChangePerScreen() throws {
        let server = try WebServerProcess(home: home.path, environment: ["FACET_WEB_STALL_SECONDS": "120"])
        let session = try WebSession(server)
        let socket = try Self.pageSocket(server, session, receiveBuffer: 4096, timeout: 2)
        socket.send(text: #"{"jsonrpc":"2.0","id":1,"method":"screen.open","params":{"screen":"playlists"}}"#)
        #expect(socket.receive { $0.text.contains(#""id":1"#) } != nil)
        // Stop reading, with the page's socket full: the server's writer waits.
        var sent = 0
        while sent < 300, socket.send(text: #"{"jsonrpc":"2.0","id":2,"method":"rpc.discover"}"#) { sent += 1 }
        let before = Self.residentMiB(server.web.pid)
        let changes = 20
        for index in 0..<changes {
            files.file("list\(index).m3u", "#EXTM3U\n#EXTINF:1,A - B\na.mp3\n")
            let imported = try FacetProcess.run(
                ["playlists", "import", files.path + "/list\(index).m3u", "--name", "list \(index)"], home: home.path)
            #expect(imported.status == 0, "\(imported.stderr)")
        }
        let grown = Self.residentMiB(server.web.pid) - before
        // Everything queued for the page, read now.
        var notifications = 0
        while let frame = socket.receive() {
            if frame.text.contains(#""method":"screen.changed""#) { notifications += 1 }
        }
        print("web page not reading during \(changes) commits: \(notifications) screen.changed read afterwards, server RSS +\(Int(grown)) MiB")
        #expect(notifications >= 1, "the newest state still reaches the page")
        // Some leave while the writer still drains into the socket (more on a
        // loaded machine); the rest wait as one.
        #expect(notifications <= changes / 2, "coalesced per screen: \(notifications) for \(changes) changes")
    }

    @Test func aStopDoesNotWaitForAPageThatNeverAnswersTheCloseFrame() throws {
        let server = try WebServerProcess(home: home.path)
        let session = try WebSession(server)
        let socket = try Self.pageSocket(server, session)
        socket.send(text: #"{"jsonrpc":"2.0","id":1,"method":"screen.open","params":{"screen":"playlists"}}"#)
        #expect(socket.receive { $0.text.contains(#""id":1"#) } != nil)
        let start = Date()
        server.web.signal(SIGTERM)
        let status = server.web.finish(timeout: 30)
        let took = Date().timeIntervalSince(start)
        print("web stop with a silent page: \(String(format: "%.1f", took)) s")
        #expect(status == 0)
        #expect(took < 10, "stopped in \(took) s")
        withExtendedLifetime(socket) {}
    }
}
