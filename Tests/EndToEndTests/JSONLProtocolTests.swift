import Foundation
import Testing
import TestSupport

/// `facet --ui jsonl` over real pipes: the protocol, its errors and limits.
@Suite struct JSONLProtocolTests {
    let home = TemporaryDirectory("facet-home")
    let files = TemporaryDirectory("facet-files")

    func errorCode(_ message: [String: Any]) -> (Int?, String?) {
        let error = message["error"] as? [String: Any]
        return (error?["code"] as? Int, (error?["data"] as? [String: Any])?["code"] as? String)
    }

    func result(_ message: [String: Any]) -> [String: Any] { message["result"] as? [String: Any] ?? [:] }

    func snapshot(_ message: [String: Any]) -> [String: Any] { result(message)["snapshot"] as? [String: Any] ?? [:] }

    @Test func handshakeListAndDiscover() throws {
        let session = try JSONLSession(home: home.path)
        let initialize = result(try session.request("initialize"))
        #expect(initialize["protocolVersion"] as? String == "1.0")
        #expect((initialize["screens"] as? [String])?.contains("playlists") == true)
        let screens = try session.request("screens.list")["result"] as? [[String: Any]]
        let ids = screens?.compactMap { $0["id"] as? String } ?? []
        #expect(ids.contains("playlist"))

        // The OpenRPC document is generated from the registry: every screen and
        // every action is in it, and its shape is OpenRPC's.
        let doc = result(try session.request("rpc.discover"))
        #expect((doc["openrpc"] as? String)?.hasPrefix("1.") == true)
        #expect((doc["info"] as? [String: Any])?["version"] as? String != nil)
        let methods = doc["methods"] as? [[String: Any]] ?? []
        let names = Set(methods.compactMap { $0["name"] as? String })
        #expect(names.isSuperset(of: ["initialize", "screens.list", "screen.open", "screen.perform", "screen.snapshot", "screen.wait", "screen.confirmation", "screen.close"]))
        for method in methods {
            #expect(method["params"] is [Any])
            #expect((method["result"] as? [String: Any])?["name"] is String)
        }
        let open = methods.first { $0["name"] as? String == "screen.open" }
        let screenParam = (open?["params"] as? [[String: Any]])?.first { $0["name"] as? String == "screen" }
        #expect(((screenParam?["schema"] as? [String: Any])?["enum"] as? [String]).map(Set.init) == Set(ids))
        let schemas = (doc["components"] as? [String: Any])?["schemas"] as? [String: Any] ?? [:]
        for screen in screens ?? [] {
            let id = screen["id"] as? String ?? ""
            #expect(schemas["Screen.\(id).params"] != nil)
            for action in screen["actions"] as? [[String: Any]] ?? [] {
                let args = schemas["Screen.\(id).\(action["name"] as? String ?? "").args"] as? [String: Any]
                #expect(args?["type"] as? String == "object", "\(id).\(action["name"] ?? "")")
            }
        }
        #expect(try session.finish() == 0)
    }

    @Test func badInputNeverEndsTheSession() throws {
        let session = try JSONLSession(home: home.path)
        session.send("garbage")
        #expect(errorCode(try session.readMessage()) == (-32700, "parse_error"))
        session.send("[1, 2]")
        let batch = try JSONSerialization.jsonObject(with: session.readLine()) as? [[String: Any]]
        #expect(batch?.count == 2)
        #expect(batch.map { $0.map { errorCode($0).0 } } == [-32600, -32600])
        session.send("[]")
        #expect(errorCode(try session.readMessage()) == (-32600, "invalid_request"))
        session.send("{}")
        #expect(errorCode(try session.readMessage()) == (-32600, "invalid_request"))
        session.send(#"{"jsonrpc":"2.0","id":{"x":1},"method":"initialize"}"#)
        #expect(errorCode(try session.readMessage()) == (-32600, "invalid_request"))
        session.sendRaw(Data([0x7B, 0xFF, 0xFE, 0x7D, 0x0A]))  // invalid UTF-8
        #expect(errorCode(try session.readMessage()).0 == -32700)
        #expect(errorCode(try session.request("no.such.method")) == (-32601, "unknown_method"))
        #expect(errorCode(try session.request("screen.open", ["screen": 5])).0 == -32602)
        #expect(errorCode(try session.request("screen.open", ["screen": "nope"])) == (-32001, "unknown_screen"))
        #expect(errorCode(try session.request("screen.open", ["screen": "playlist", "params": ["name": ["x"]]])).0 == -32602)
        #expect(errorCode(try session.request("screen.open", ["screen": "playlist", "params": ["name": "Sample", "page": "two"]])).0 == -32602)
        let opened = try session.request("screen.open", ["screen": "playlist", "params": ["name": "Sample"]])
        let handle = result(opened)["handle"] as? String ?? ""
        #expect(errorCode(try session.request("screen.perform", ["handle": handle, "action": "page", "args": "1"])).0 == -32602)
        #expect(errorCode(try session.request("screen.perform", ["handle": handle, "action": "page", "args": ["number": true]])).0 == -32602)
        #expect(errorCode(try session.request("screen.perform", ["handle": handle, "action": "explode"])) == (-32602, "unknown_action"))
        #expect(errorCode(try session.request("screen.perform", ["handle": handle, "action": "load-more"])) == (-32000, "action_disabled"))
        #expect(errorCode(try session.request("screen.snapshot", ["handle": "h999"])) == (-32001, "unknown_handle"))
        #expect(result(try session.request("screen.close", ["handle": handle])).isEmpty)  // `true`
        #expect(errorCode(try session.request("screen.snapshot", ["handle": handle])) == (-32001, "unknown_handle"))
        // A notification (no id) is never answered, even when it fails.
        session.send(#"{"jsonrpc":"2.0","method":"no.such.method"}"#)
        // …so the next answer is for this request.
        let after = try session.request("initialize")
        #expect(after["result"] != nil)
        #expect(try session.finish() == 0)
    }

    @Test func oversizedLineIsDiscardedInBoundedMemory() throws {
        let session = try JSONLSession(home: home.path)
        #expect(try session.request("initialize", timeout: 60)["result"] != nil)
        let idle = Self.peakResidentKB(session.process.processIdentifier)
        let big = Data(repeating: UInt8(ascii: "a"), count: 64 << 20) + Data([0x0A])
        DispatchQueue.global().async { session.sendRaw(big) }
        let reply = try session.readMessage(timeout: 60)
        #expect(errorCode(reply) == (-32600, "line_too_long"))
        #expect(try session.request("initialize", timeout: 60)["result"] != nil)
        // The process did not keep the 64 MiB line: its peak resident set
        // grew by far less than the line, measured from its own idle peak (the
        // binary's own size is not the question here).
        let rss = Self.peakResidentKB(session.process.processIdentifier)
        #expect(idle > 0 && rss > 0 && rss - idle < 16 * 1024, "peak resident set \(idle) kB idle, \(rss) kB after")
        #expect(try session.finish() == 0)
    }

    @Test func requestDuringAnImportIsAnsweredAndCompletionIsNotified() throws {
        let records = (1...200_000).map { #"{"title":"Song \#($0)","artist_name":"A","cover":""}"# }.joined(separator: ",")
        let path = files.file("big.json", #"{"result":[\#(records)]}"#)
        let session = try JSONLSession(home: home.path)
        let opened = try session.request("screen.open", ["screen": "playlists"])
        let handle = result(opened)["handle"] as? String ?? ""
        let openVersion = result(opened)["version"] as? Int ?? -1
        let started = try session.request("screen.perform", ["handle": handle, "action": "import", "args": ["path": path]])
        #expect((result(started)["outcome"] as? [String: Any])?["pending"] as? Bool == true)
        let during = try session.request("screen.snapshot", ["handle": handle])
        #expect((snapshot(during)["status"] as? [String: Any])?["kind"] as? String == "loading")
        // A second import while one runs is refused, and nothing is lost.
        #expect(errorCode(try session.request("screen.perform", ["handle": handle, "action": "import", "args": ["path": path]])).1 == "action_disabled")
        let done = try session.notification(timeout: 120) { message in
            let params = message["params"] as? [String: Any]
            let status = (params?["snapshot"] as? [String: Any])?["status"] as? [String: Any]
            return status?["kind"] as? String == "notice"
        }
        let params = done["params"] as? [String: Any]
        #expect((params?["version"] as? Int ?? 0) > openVersion)
        let message = ((params?["snapshot"] as? [String: Any])?["status"] as? [String: Any])?["message"] as? String
        #expect(message == "Imported 200,000 songs into \"big\".")
        #expect(try session.finish() == 0)
    }

    @Test func notificationVersionsGrowPerHandle() throws {
        let session = try JSONLSession(home: home.path)
        let opened = try session.request("screen.open", ["screen": "playlist", "params": ["name": "Sample"]])
        let handle = result(opened)["handle"] as? String ?? ""
        var versions: [Int] = [result(opened)["version"] as? Int ?? 0]
        for text in ["e", "qu", ""] {
            let reply = try session.request("screen.perform", ["handle": handle, "action": "filter", "args": ["text": text]])
            versions.append(result(reply)["version"] as? Int ?? 0)
        }
        #expect(versions == versions.sorted() && Set(versions).count == versions.count)
        let notified = session.notifications.compactMap { ($0["params"] as? [String: Any])?["version"] as? Int }
        #expect(notified == notified.sorted())
        // A snapshot a reply carried is not notified again.
        #expect(Set(notified).isDisjoint(with: versions), "notified \(notified), replies \(versions)")
        #expect(try session.finish() == 0)
    }

    @Test func endOfInputAnswersEverythingAndExitsZero() throws {
        let session = try JSONLSession(home: home.path)
        for id in 1...50 { session.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"screens.list"}"#) }
        #expect(try session.finish() == 0)
        let lines = session.remainingLines()
        #expect(lines.count == 50)
        let ids = lines.compactMap { (try? JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])?["id"] as? Int }
        #expect(ids == Array(1...50))
    }

    @Test func selectingTheFrontEndByEnvironment() throws {
        let result = try FacetProcess.run([], home: home.path, environment: ["FACET_UI": "jsonl"],
                                          stdin: #"{"jsonrpc":"2.0","id":7,"method":"initialize"}"# + "\n")
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix(#"{"id":7,"jsonrpc":"2.0","result":"#))
        #expect(result.stdout.split(separator: "\n").count == 1)
    }

    @Test func exampleClientRuns() throws {
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Tools/examples/jsonl_client.py").standardized.path
        let run = try BoundedProcess.run("/usr/bin/env", ["python3", script, FacetProcess.binary], timeout: 180)
        let output = run.stdout
        #expect(run.status == 0, "\(run.stderr.suffix(2000))")
        #expect(output.contains("filtered 'queen': ['Bohemian Rhapsody', 'Dancing Queen']"))
        #expect(output.contains("expected error: playlist.invalid_page"))
        #expect(output.contains("exit status: 0"))
    }

    @Test func idsComeBackExactlyAsSent() throws {
        let session = try JSONLSession(home: home.path)
        // Too big for any machine number: echoed as written, not rounded or nulled.
        for id in ["1e999999", "18446744073709551616", "-0.0", "1.50", #""x\u0041""#] {
            session.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"initialize"}"#)
            let line = String(decoding: try session.readLine(), as: UTF8.self)
            #expect(line.hasPrefix(#"{"id":\#(id),"jsonrpc":"2.0","result":"#), "\(line.prefix(80))")
            session.send(#"{"jsonrpc":"2.0","id":\#(id),"method":"no.such.method"}"#)
            let error = String(decoding: try session.readLine(), as: UTF8.self)
            #expect(error.contains(#","id":\#(id),"jsonrpc":"2.0"}"#), "\(error)")
        }
        session.send(#"[{"jsonrpc":"2.0","id":18446744073709551617,"method":"initialize"}]"#)
        let batch = String(decoding: try session.readLine(), as: UTF8.self)
        #expect(batch.hasPrefix(#"[{"id":18446744073709551617,"#))
        #expect(try session.finish() == 0)
    }

    /// A client that writes far faster than it reads cannot make the server
    /// buffer its input: the server reads a bounded window ahead, then the
    /// pipe fills and the client's writes wait (it once grew to 1.93 GB).
    @Test func aClientThatDoesNotReadCannotGrowTheServer() throws {
        let session = try JSONLSession(home: home.path)
        _ = try session.request("initialize")
        let baseline = session.memory("VmRSS")
        let count = 300_000
        let line = Data(#"{"jsonrpc":"2.0","id":1,"method":"initialize"}"#.utf8 + [0x0A])
        let block = (0..<1000).reduce(into: Data()) { data, _ in data.append(line) }
        let writer = DispatchGroup()
        writer.enter()
        DispatchQueue.global().async {
            for _ in 0..<(count / 1000) { session.sendRaw(block) }
            writer.leave()
        }
        // Read nothing for a while: the writer must get stuck, not the server fat.
        #expect(writer.wait(timeout: .now() + 3) == .timedOut, "the server read everything ahead")
        let held = session.memory("VmRSS")
        // Now read: every request is answered, and the peak stayed small.
        #expect(try session.skipLines(count, timeout: 300) == count)
        #expect(writer.wait(timeout: .now() + 10) == .success)
        let peak = session.memory("VmHWM")
        #expect(held - baseline < 16 * 1024, "resident set grew from \(baseline) to \(held) kB while not read")
        #expect(peak - baseline < 24 * 1024, "peak resident set \(peak) kB from \(baseline) kB")
        #expect(try session.finish() == 0)
    }

    /// VmHWM of a process, in kB (0 when it cannot be read).
    static func peakResidentKB(_ pid: Int32) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8)) ?? ""
        return status.split(separator: "\n").first { $0.hasPrefix("VmHWM:") }
            .flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } } ?? 0
    }
}
