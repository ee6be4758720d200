import Foundation
import Testing
import TestSupport

/// The built `facet serve` with real clients on its Unix socket.
@Suite struct ServeEndToEndTests {
    func result(_ response: [String: Any]) -> [String: Any] { response["result"] as? [String: Any] ?? [:] }
    func snapshot(_ body: [String: Any]) -> [String: Any] { body["snapshot"] as? [String: Any] ?? [:] }
    func items(_ snapshot: [String: Any]) -> [[String: Any]] {
        ((snapshot["content"] as? [String: Any])?["list"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
    }
    func errorCode(_ response: [String: Any]) -> String? {
        ((response["error"] as? [String: Any])?["data"] as? [String: Any])?["code"] as? String
    }

    @Test func twoClientsSeeEachOthersEditsEachInItsOwnView() throws {
        let server = try ServerProcess()
        let two = try TwoClients(of: server, opening: ["screen": "playlist", "params": ["name": "Sample"]])
        defer { two.close() }
        let (a, b) = (two.a, two.b)
        let (openedA, openedB) = (two.openedA, two.openedB)
        let handleA = openedA["handle"] as? String ?? ""
        let handleB = openedB["handle"] as? String ?? ""
        let songs = items(snapshot(openedA))
        #expect(songs.count == 7)
        let first = try #require(songs.first?["id"] as? String)

        let id = try a.post("screen.perform", ["handle": handleA, "action": "remove-song", "args": ["item": first]])
        let performed = result(try a.response(id: id))
        let version = try #require(performed["version"] as? Int)
        #expect(items(snapshot(performed)).count == 6)

        // B, which did nothing, hears of it: its own screen read the playlist again.
        let seen = try b.notification { message in
            let params = message["params"] as? [String: Any]
            return params?["handle"] as? String == handleB && items(snapshot(params ?? [:])).count == 6
        }
        let versionB = try #require((seen["params"] as? [String: Any])?["version"] as? Int)
        // A's own change came in the response to the request that made it,
        // and is not sent to A a second time as a notification.
        _ = try a.request("screens.list")
        #expect(!a.notifications.contains { message in
            let params = message["params"] as? [String: Any]
            return params?["handle"] as? String == handleA && params?["version"] as? Int == version
        }, "\(a.arrivals)")

        // Catch-up: a wait since an older version returns at once …
        let caught = result(try b.request("screen.wait", ["handle": handleB, "sinceVersion": versionB - 1], timeout: 5))
        #expect(caught["version"] as? Int == versionB)
        // … and a wait since the current one returns at the next change of
        // the data, made by A (moving a song).
        let waiting = try b.post("screen.wait", ["handle": handleB, "sinceVersion": versionB, "timeoutMs": 20_000])
        let second = try #require(items(snapshot(performed)).first?["id"] as? String)
        _ = try a.request("screen.perform", ["handle": handleA, "action": "move-down", "args": ["item": second]])
        let woke = result(try b.response(id: waiting))
        #expect((woke["version"] as? Int ?? 0) > versionB)
        // A's filter is A's own: B's screen still shows every song.
        _ = try a.request("screen.perform", ["handle": handleA, "action": "filter", "args": ["text": "Eagles"]])
        let filteredA = items(snapshot(result(try a.request("screen.wait", ["handle": handleA]))))
        #expect(!filteredA.isEmpty)
        #expect(filteredA.allSatisfy { String(describing: $0).contains("Eagles") }, "\(filteredA)")
        let settled = result(try b.request("screen.wait", ["handle": handleB]))
        #expect(items(snapshot(settled)).count == 6)
        #expect(errorCode(try b.request("screen.wait", ["handle": handleB, "sinceVersion": "x"])) == "invalid_params")
    }

    @Test func theSocketIsPrivateAndASecondServerIsRefused() throws {
        let server = try ServerProcess()
        var info = stat()
        #expect(stat(server.runtime.path + "/facet", &info) == 0)
        #expect(info.st_mode & 0o777 == 0o700)
        #expect(stat(server.socket, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(info.st_mode & S_IFMT == S_IFSOCK)

        let second = try FacetProcess.run(["serve"], home: server.home.path, environment: server.environment)
        #expect(second.status == 1)
        #expect(second.stderr.contains("a facet server is already running on \(server.socket)"), "\(second.stderr)")
        // The first is unharmed.
        let client = try SocketClient(path: server.socket)
        defer { client.close() }
        #expect(result(try client.request("initialize"))["protocolVersion"] as? String == "1.0")
    }

    @Test func aSocketLeftByAKilledServerIsReplaced() throws {
        let home = TemporaryDirectory("facet-serve-home")
        let runtime = TemporaryDirectory("facet-serve-run")
        let path = runtime.path + "/s/facet.sock"
        let killed = try ServerProcess(home: home, socket: path)
        kill(killed.process.processIdentifier, SIGKILL)
        killed.process.waitUntilExit()
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(throws: SocketClient.Failure.self) { try SocketClient(path: path) }

        let next = try ServerProcess(home: home, socket: path)
        let client = try SocketClient(path: path)
        defer { client.close() }
        #expect(result(try client.request("initialize"))["protocolVersion"] as? String == "1.0")
        _ = next

        // A file that is not a socket is never replaced.
        let plain = runtime.file("plain", "keep me")
        let refused = try FacetProcess.run(["serve", "--socket", plain], home: home.path)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("is not a socket"))
        #expect((try? String(contentsOfFile: plain, encoding: .utf8)) == "keep me")
    }

    @Test(arguments: [SIGTERM, SIGINT])
    func aSignalSendsAFinalNotificationThenEndOfFile(signal: Int32) throws {
        let server = try ServerProcess()
        let client = try SocketClient(path: server.socket)
        defer { client.close() }
        _ = try client.request("screen.open", ["screen": "playlists"])
        #expect(server.stop(signal: signal) == 0)
        _ = try client.notification { $0["method"] as? String == "server.stopping" }
        #expect(client.readsToEnd())
        #expect(!FileManager.default.fileExists(atPath: server.socket))
    }

    @Test func badInputOnOneConnectionLeavesItAndTheOthersWorking() throws {
        let server = try ServerProcess()
        let bad = try SocketClient(path: server.socket)
        let good = try SocketClient(path: server.socket)
        defer { bad.close(); good.close() }
        bad.send("this is not json")
        let parse = try bad.readMessage(deadline: Date().addingTimeInterval(20))
        #expect((parse["error"] as? [String: Any])?["code"] as? Int == -32700)
        // A line over 8 MiB is refused and discarded; the connection goes on.
        bad.sendRaw([UInt8](repeating: UInt8(ascii: "x"), count: 9 << 20) + [0x0A])
        let tooLong = try bad.readMessage(deadline: Date().addingTimeInterval(30))
        #expect(errorCode(tooLong) == "line_too_long")
        #expect(result(try bad.request("initialize"))["protocolVersion"] as? String == "1.0")
        #expect((try good.request("screens.list"))["result"] is [Any])

        // A client killed mid-request (it sent, then vanished) costs nothing.
        let gone = try SocketClient(path: server.socket)
        _ = try gone.post("screen.open", ["screen": "playlist", "params": ["name": "Sample"]])
        gone.close()
        #expect((try good.request("screens.list"))["result"] is [Any])

        // Half-closed: everything sent is answered, then end of file.
        let half = try SocketClient(path: server.socket)
        defer { half.close() }
        let ids = try (0..<3).map { _ in try half.post("initialize") }
        half.halfClose()
        for id in ids { #expect(result(try half.response(id: id))["protocolVersion"] as? String == "1.0") }
        #expect(half.readsToEnd())
    }

    @Test func aClientThatStopsReadingGetsCoalescedNotificationsAndSlowsNobody() throws {
        let server = try ServerProcess()
        let idle = try SocketClient(path: server.socket)
        let busy = try SocketClient(path: server.socket)
        defer { idle.close(); busy.close() }
        let watched = try idle.open(["screen": "playlist", "params": ["name": "Sample"]])
        let handle = try busy.open(["screen": "playlist", "params": ["name": "Sample"]])["handle"] as? String ?? ""
        // 301 changes of the data (a song moved down, then up again, …), each
        // read again by `idle`'s own screen, while `idle` reads nothing.
        let first = try #require(items(snapshot(watched)).first?["id"] as? String)
        let second = try #require(items(snapshot(watched)).dropFirst().first?["id"] as? String)
        // A server that waited on `idle` would leave a request unanswered:
        // each request's deadline is the check (how fast is a benchmark's).
        var order: [String] = []
        for index in 0...300 {
            let performed = result(try busy.request("screen.perform", [
                "handle": handle, "action": index % 2 == 0 ? "move-down" : "move-up", "args": ["item": index % 2 == 0 ? first : second],
            ]))
            order = items(snapshot(performed)).compactMap { $0["title"] as? String }
        }
        #expect(order.count == 7)
        // Now it reads: the newest state arrives, and not one message per change.
        let newest = try idle.notification { message in
            let params = message["params"] as? [String: Any]
            return items(snapshot(params ?? [:])).compactMap { $0["title"] as? String } == order
        }
        #expect(newest["method"] as? String == "screen.changed")
        let received = idle.notifications.count + 1
        #expect(received < 300, "\(received) notifications for 301 changes")
    }

    @Test func aClientThatGoesAwayReleasesItsScreens() throws {
        let server = try ServerProcess()
        let owner = try SocketClient(path: server.socket)
        let handle = try owner.open(["screen": "playlist", "params": ["name": "Sample"]])["handle"] as? String ?? ""
        _ = try owner.request("screen.perform", ["handle": handle, "action": "filter", "args": ["text": "Queen"]])
        _ = try owner.request("screen.wait", ["handle": handle])
        // While it is connected, another client opens the same playlist: its
        // own view model, which the owner's filter does not touch.
        let other = try SocketClient(path: server.socket)
        defer { other.close() }
        let own = try other.open(["screen": "playlist", "params": ["name": "Sample"]])
        #expect(items(snapshot(own)).count == 7)
        _ = try other.request("screen.close", ["handle": own["handle"] as? String ?? ""])
        // The owner vanishes without closing anything; the server goes on
        // serving (its screens are released: SharedDataCatalogTests).
        owner.close()
        let opened = try other.open(["screen": "playlist", "params": ["name": "Sample"]])
        #expect(items(snapshot(opened)).count == 7)
    }

    @Test func jsonLinesAttachedWithConnectSpeakTheSameProtocol() throws {
        let server = try ServerProcess()
        let watcher = try SocketClient(path: server.socket)
        defer { watcher.close() }
        let watched = try watcher.open(["screen": "playlist", "params": ["name": "Sample"]])
        let session = try JSONLSession(
            home: server.home.path, environment: ["FACET_CONNECT": server.socket], arguments: ["--ui", "jsonl"])
        let opened = try session.request("screen.open", ["screen": "playlist", "params": ["name": "Sample"]])
        let handle = result(opened)["handle"] as? String ?? ""
        #expect(items(snapshot(result(opened))).count == 7)
        let performed = try session.request("screen.perform", ["handle": handle, "action": "filter", "args": ["text": "Queen"]])
        let queen = items(snapshot(result(performed)))
        #expect(queen.count == 1)
        let removed = try session.request(
            "screen.perform", ["handle": handle, "action": "remove-song", "args": ["item": queen.first?["id"] as? String ?? ""]])
        #expect(result(removed)["snapshot"] != nil)
        // The raw client on the socket sees the change made through --connect,
        // in its own unfiltered view.
        _ = try watcher.notification { message in
            let params = message["params"] as? [String: Any]
            return params?["handle"] as? String == watched["handle"] as? String && items(snapshot(params ?? [:])).count == 6
        }
        #expect(errorCode(try session.request("screen.perform", ["handle": handle, "action": "nope"])) == "unknown_action")
        #expect(try session.finish() == 0)
    }

    @Test func manyClientsAtOnceLoseAndDuplicateNothing() throws {
        let server = try ServerProcess()
        let clients = try (0..<12).map { _ in try SocketClient(path: server.socket) }
        defer { clients.forEach { $0.close() } }
        var handles: [String] = []
        for (index, client) in clients.enumerated() {
            let screen = index % 2 == 0 ? "playlist" : "playlists"
            let params: [String: Any] = index % 2 == 0 ? ["name": "Sample"] : [:]
            handles.append(try client.open(["screen": screen, "params": params])["handle"] as? String ?? "")
        }
        // Every client pipelines 40 requests before anyone reads.
        var sent: [[Int]] = []
        for (index, client) in clients.enumerated() {
            sent.append(try (0..<40).map { step in
                if index % 2 == 0, step % 4 == 0 {
                    return try client.post("screen.perform", ["handle": handles[index], "action": "filter", "args": ["text": step % 8 == 0 ? "o" : ""]])
                }
                return try client.post(step % 3 == 0 ? "screen.snapshot" : "initialize", ["handle": handles[index]])
            })
        }
        for (index, client) in clients.enumerated() {
            var answered: [Int] = []
            let deadline = Date().addingTimeInterval(30)
            while answered.count < sent[index].count {
                let message = try client.readMessage(deadline: deadline)
                if let id = message["id"] as? Int {
                    #expect(message["result"] != nil, "\(message)")
                    answered.append(id)
                }
            }
            // In order, each once.
            #expect(answered == sent[index])
        }
    }
}
