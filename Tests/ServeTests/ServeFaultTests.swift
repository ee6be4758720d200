import Foundation
import Testing
import TestSupport
@testable import ServeFrontEnd

/// What one connection can do to the server, with another client watching:
/// a flood it does not read, a client killed mid-request, a peer of another
/// user; and that every connection speaks exactly the stdio protocol.
@Suite struct ServeFaultTests {
    func result(_ response: [String: Any]) -> [String: Any] { response["result"] as? [String: Any] ?? [:] }
    func items(_ body: [String: Any]) -> [[String: Any]] {
        let content = (body["snapshot"] as? [String: Any])?["content"] as? [String: Any]
        return (content?["list"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
    }

    /// One script, sent over stdio (`--ui jsonl`) and over the socket: the
    /// same responses, byte for byte (errors, batches, handles, snapshots).
    @Test func aConnectionSpeaksExactlyTheStdioProtocol() throws {
        let script = [
            #"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"screens.list"}"#,
            "not json",
            #"{"jsonrpc":"2.0","id":3,"method":"no.such.method"}"#,
            #"{"jsonrpc":"2.0","id":4,"method":"screen.open","params":{"screen":"playlist","params":{"name":"Sample"}}}"#,
            #"{"jsonrpc":"2.0","id":5,"method":"screen.perform","params":{"handle":"h1","action":"filter","args":{"text":"Queen"}}}"#,
            #"{"jsonrpc":"2.0","id":6,"method":"screen.wait","params":{"handle":"h1"}}"#,
            #"{"jsonrpc":"2.0","id":7,"method":"screen.perform","params":{"handle":"h1","action":"nope"}}"#,
            #"{"jsonrpc":"2.0","id":8,"method":"screen.open","params":{"screen":"nowhere"}}"#,
            #"{"jsonrpc":"2.0","id":9,"method":"screen.snapshot","params":{"handle":"h9"}}"#,
            #"[{"jsonrpc":"2.0","id":10,"method":"screen.snapshot","params":{"handle":"h1"}},{"jsonrpc":"2.0","method":"initialize"},3]"#,
            #"{"jsonrpc":"2.0","id":11,"method":"screen.close","params":{"handle":"h1"}}"#,
            #"{"jsonrpc":"2.0","id":12,"method":"rpc.discover"}"#,
        ].joined(separator: "\n") + "\n"
        func responses(_ lines: [String]) -> [String] { lines.filter { !$0.hasPrefix(#"{"jsonrpc":"2.0","method":"#) } }

        let home = TemporaryDirectory("facet-serve-stdio")
        let stdio = try FacetProcess.run(["--ui", "jsonl"], home: home.path, stdin: script)
        #expect(stdio.status == 0)
        let expected = responses(stdio.stdout.split(separator: "\n").map(String.init))
        #expect(expected.count == 13)

        // The same home: the sample playlist's import time is part of its rows.
        let server = try ServerProcess(home: home)
        let client = try SocketClient(path: server.socket)
        defer { client.close() }
        client.send(String(script.dropLast()))
        client.halfClose()
        var lines: [String] = []
        while let line = try? client.readLine(deadline: Date().addingTimeInterval(20)) {
            lines.append(String(decoding: line, as: UTF8.self))
        }
        let got = responses(lines)
        #expect(got.count == expected.count)
        for (socket, pipe) in zip(got, expected) { #expect(socket == pipe) }
    }

    /// A client that writes 200k requests without reading: the server stops
    /// reading it (its answers wait, 1 MiB at most), another client is still
    /// answered meanwhile, the server's memory stays flat, and once it reads,
    /// every answer arrives, in order.
    @Test func aFloodIsAnsweredInFullWithBoundedMemoryWhileOthersAreServed() throws {
        let server = try ServerProcess()
        let flooder = try SocketClient(path: server.socket)
        let other = try SocketClient(path: server.socket)
        defer { flooder.close(); other.close() }
        _ = try other.request("initialize")
        let baseline = server.memory("VmRSS")
        let count = 200_000
        var flood: [UInt8] = []
        flood.reserveCapacity(count * 60)
        for id in 1...count { flood += Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"no.such.method"}"#.utf8) + [0x0A] }
        let written = DispatchSemaphore(value: 0)
        let bytes = flood
        DispatchQueue.global().async {
            flooder.sendRaw(bytes)  // blocks while the server does not read
            written.signal()
        }
        var peak = 0
        for _ in 0..<10 {
            usleep(200_000)
            peak = max(peak, server.memory("VmRSS"))
            // Answered while the flood waits: a starved client gets nothing
            // at all, so the request's deadline is the check, not a latency.
            #expect((try other.request("screens.list", timeout: 30))["result"] is [Any])
        }
        #expect(peak - baseline < 24 << 10, "the server grew by \((peak - baseline) >> 10) MiB while flooded")
        // Now it reads as fast as it can: the others still have their turn.
        let drained = DispatchSemaphore(value: 0)
        let outcome = FloodOutcome()
        DispatchQueue.global().async {
            outcome.set(flooder.skipLines(count))
            drained.signal()
        }
        for _ in 0..<5 {
            #expect((try other.request("initialize", timeout: 30))["result"] != nil)
        }
        #expect(drained.wait(timeout: .now() + 120) == .success)
        #expect(outcome.answered == count)
        #expect(String(decoding: outcome.last, as: UTF8.self).contains(#""id":\#(count),"#))
        #expect(written.wait(timeout: .now() + 30) == .success)
    }

    /// A real process connects, opens a playlist, filters it, starts a
    /// ten-minute `screen.wait`, sends half a request and is killed
    /// (SIGKILL): the server lives on, answering another client at once,
    /// whose own screen never had the killed client's filter.
    @Test func aClientKilledMidRequestReleasesItsScreens() throws {
        let server = try ServerProcess()
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        child.arguments = ["-I", "-c", """
            import json, socket, sys, time
            s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1]); buf = b""
            def call(line):
                global buf
                s.sendall(line.encode() + b"\\n")
                while b"\\n" not in buf: buf += s.recv(65536)
                first, buf = buf.split(b"\\n", 1)
                return json.loads(first)
            h = call('{"jsonrpc":"2.0","id":1,"method":"screen.open","params":{"screen":"playlist","params":{"name":"Sample"}}}')["result"]["handle"]
            call('{"jsonrpc":"2.0","id":2,"method":"screen.perform","params":{"handle":"%s","action":"filter","args":{"text":"Queen"}}}' % h)
            s.sendall(b'{"jsonrpc":"2.0","id":3,"method":"screen.wait","params":{"handle":"%s","sinceVersion":999999,"timeoutMs":600000}}\\n' % h.encode())
            s.sendall(b'{"jsonrpc":"2.0","id":4,"method":"screen.wa')
            print("ready", flush=True); time.sleep(60)
            """, server.socket]
        let output = Pipe()
        child.standardOutput = output
        try child.run()
        let deadline = ChildDeadline(child, seconds: 300)
        defer { if child.isRunning { kill(child.processIdentifier, SIGKILL) }; deadline.finish() }
        let ready = output.fileHandleForReading.availableData
        #expect(String(decoding: ready, as: UTF8.self).contains("ready"))

        let other = try SocketClient(path: server.socket)
        defer { other.close() }
        let own = try other.open(["screen": "playlist", "params": ["name": "Sample"]])
        #expect(items(own).count == 7, "the killed client's filter is its own")
        _ = try other.request("screen.close", ["handle": own["handle"] as? String ?? ""])

        kill(child.processIdentifier, SIGKILL)
        child.waitUntilExit()
        // The server lives on (the release of the killed client's screens:
        // ClientScreensReleaseTests).
        let opened = try other.open(["screen": "playlist", "params": ["name": "Sample"]])
        #expect(items(opened).count == 7)
        #expect((try other.request("initialize"))["result"] != nil)
    }

    /// A peer running as another user is refused by the kernel's word on it
    /// (SO_PEERCRED), even when the socket's mode would let it in. Switching
    /// uid needs root and `setpriv` (CI runs as root); the check's logic on
    /// its own is `PeerCheckTests`.
    @Test func aPeerOfAnotherUserIsRefusedByTheServer() throws {
        try #require(
            getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"),
            "a peer of another user needs root and setpriv; as an ordinary user this check cannot be made")
        let server = try ServerProcess()
        // As if the modes were not honoured: anyone could reach the socket.
        chmod(server.runtime.path, 0o711)
        chmod(server.runtime.path + "/facet", 0o711)
        chmod(server.socket, 0o666)
        let stranger = Process()
        stranger.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
        stranger.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-I", "-c", """
            import socket, sys
            s = socket.socket(socket.AF_UNIX); s.connect(sys.argv[1])
            # Nothing is sent: the server refuses on accept (SO_PEERCRED), and a
            # request it never reads would turn its close into a reset.
            data = b""
            while True:
                chunk = s.recv(65536)
                if not chunk: break
                data += chunk
            sys.stdout.write(data.decode())
            """, server.socket]
        let output = Pipe()
        stranger.standardOutput = output
        stranger.standardError = output
        try stranger.run()
        let deadline = ChildDeadline(stranger, seconds: 120)
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        stranger.waitUntilExit()
        deadline.finish()
        #expect(!deadline.expired, "the stranger's client ran past its deadline: the server kept its connection open")
        #expect(said.contains(#""code":"peer_refused""#), "\(said)")
        #expect(said.contains("user 65534 may not use this server (it runs as user 0)"))
        #expect(!said.contains("protocolVersion"))
        // The owner is still welcome.
        let owner = try SocketClient(path: server.socket)
        defer { owner.close() }
        #expect(result(try owner.request("initialize"))["protocolVersion"] as? String == "1.0")
    }

    /// `--connect` with no socket, `--connect=PATH` and `FACET_CONNECT=1`
    /// find the server where `facet serve` put it: the runtime directory,
    /// else the data directory.
    @Test func connectFindsTheDefaultSocketEitherWay() throws {
        let server = try ServerProcess()
        let runtime = server.environment
        for (arguments, extra) in [
            (["--connect", "playlists", "--json"], runtime),
            (["--connect=\(server.socket)", "playlists", "--json"], [:]),
            (["playlists", "--json"], runtime.merging(["FACET_CONNECT": "1"]) { $1 }),
        ] {
            let shown = try FacetProcess.run(arguments, home: server.home.path, environment: extra)
            #expect(shown.status == 0, "\(arguments): \(shown.stderr)")
            #expect(shown.stdout.contains(#""screen":"playlists""#))
        }

        let home = TemporaryDirectory("facet-serve-nort")
        let inHome = try ServerProcess(home: home, runtimeDirectory: false)
        #expect(inHome.socket == home.path + "/facet.sock")
        #expect(FileManager.default.fileExists(atPath: inHome.socket))
        let attached = try FacetProcess.run(["--connect", "playlists", "--json"], home: home.path)
        #expect(attached.status == 0, "\(attached.stderr)")
        #expect(inHome.stop() == 0)
        let nobody = try FacetProcess.run(["--connect", "playlists"], home: home.path)
        #expect(nobody.status == 1)
        #expect(nobody.stderr.contains("no facet server on \(home.path)/facet.sock"))
    }
}

/// What the flooding client read, handed from its reading thread to the test.
final class FloodOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var value: (count: Int, last: [UInt8]) = (0, [])
    func set(_ outcome: (count: Int, last: [UInt8])) { lock.withLock { value = outcome } }
    var answered: Int { lock.withLock { value.count } }
    var last: [UInt8] { lock.withLock { value.last } }
}
