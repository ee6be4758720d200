import Foundation
import Testing
import TestSupport

/// A snapshot that names rows of a window the client does not hold (a
/// notification in between was coalesced away on a slow connection) is
/// never drawn half: the client asks for the whole snapshot and shows that.
/// Played by a stand-in server that sends such a snapshot on purpose, with
/// the real screens and snapshot of a local facet.
@Suite(.tags(.serve, .playlists))
struct MissedDeltaTests {
    static let standIn = #"""
    import json, os, socket, sys
    path, screens, snapshot, log = sys.argv[1], json.load(open(sys.argv[2])), json.load(open(sys.argv[3])), sys.argv[4]
    whole = json.loads(json.dumps(snapshot))
    first = json.loads(json.dumps(snapshot))
    first["content"]["list"]["items"] = first["content"]["list"]["items"][:2]
    first["status"] = {"kind": "loading", "message": "Reading…"}
    # Names rows of version 2, which this client was never sent.
    named = json.loads(json.dumps(snapshot))
    named["content"]["list"]["items"] = []
    named["content"]["list"]["reused"] = {"base": 2, "runs": [{"at": 0, "from": 0, "count": len(snapshot["content"]["list"]["items"])}]}
    server = socket.socket(socket.AF_UNIX)
    server.bind(path)
    server.listen(1)
    connection, _ = server.accept()
    reader = connection.makefile("rb")
    def reply(request, result):
        connection.sendall((json.dumps({"jsonrpc": "2.0", "id": request["id"], "result": result}) + "\n").encode())
    def requests():
        try:
            yield from reader
        except ConnectionResetError:
            return
    for line in requests():
        request = json.loads(line)
        with open(log, "a") as f:
            f.write(json.dumps(request) + "\n")
        method, params = request["method"], request.get("params", {})
        if "id" not in request:
            continue
        if method == "initialize":
            reply(request, {"protocolVersion": sys.argv[5], "home": {"screen": "playlists", "params": {}}, "serverInfo": {"name": "facet", "version": "stand-in"}, "screens": [], "capabilities": {}})
        elif method == "screens.list":
            reply(request, screens)
        elif method == "screen.open":
            reply(request, {"handle": "h1", "version": 1, "snapshot": first})
        elif method == "screen.wait":
            reply(request, {"handle": "h1", "version": 3, "snapshot": named})
        elif method == "screen.snapshot" and params.get("whole"):
            reply(request, {"handle": "h1", "version": 3, "snapshot": whole})
        else:
            connection.sendall((json.dumps({"jsonrpc": "2.0", "id": request["id"], "error": {"code": -32601, "message": "not here"}}) + "\n").encode())
    """#

    @Test func aSnapshotNamingAWindowTheClientLacksIsFetchedWhole() throws {
        let home = TemporaryDirectory("facet-missed-delta-home")
        // The real screens and a real snapshot, from a local facet.
        let local = try JSONLSession(home: home.path)
        let screens = try #require(try local.request("screens.list")["result"])
        let opened = try local.request("screen.open", ["screen": "playlist", "params": ["name": "Sample"]])
        let handle = try #require((opened["result"] as? [String: Any])?["handle"] as? String)
        let waited = try local.request("screen.wait", ["handle": handle])
        let snapshot = try #require((waited["result"] as? [String: Any])?["snapshot"] as? [String: Any])
        let items = ((snapshot["content"] as? [String: Any])?["list"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        #expect(items.count > 2, "the sample has more rows than the first reply sends")
        let protocolVersion = try #require(((try local.request("initialize"))["result"] as? [String: Any])?["protocolVersion"] as? String)
        _ = try local.finish()

        let place = TemporaryDirectory("facet-missed-delta-run")
        chmod(place.path, 0o700)
        let socket = place.path + "/stand-in.sock"
        let script = place.file("stand_in.py", Self.standIn)
        let screensFile = place.file("screens.json", String(decoding: try JSONSerialization.data(withJSONObject: screens), as: UTF8.self))
        let snapshotFile = place.file("snapshot.json", String(decoding: try JSONSerialization.data(withJSONObject: snapshot), as: UTF8.self))
        let log = place.path + "/requests.jsonl"
        let server = try BoundedProcess("/usr/bin/env", ["python3", script, socket, screensFile, snapshotFile, log, protocolVersion])
        defer {
            server.signal(SIGTERM)
            _ = server.finish(timeout: 20)
        }
        #expect(server.waitFor(timeout: 30) { FileManager.default.fileExists(atPath: socket) }, "the stand-in did not listen")

        let shown = try FacetProcess.run(
            ["--connect", socket, "playlist", "Sample", "--json"], home: TemporaryDirectory("facet-missed-delta-client").path,
            timeout: 60)
        #expect(shown.status == 0, "\(shown.stderr)")
        let printed = try JSONSerialization.jsonObject(with: Data(shown.stdout.utf8)) as? [String: Any]
        let rows = ((printed?["content"] as? [String: Any])?["list"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        #expect(rows.compactMap { $0["id"] as? String } == items.compactMap { $0["id"] as? String },
                "every row of the whole snapshot, none of a window the client never had")
        let requests = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        #expect(requests.contains(#""whole": true"#), "the client asked for the whole snapshot: \(requests)")
    }
}
