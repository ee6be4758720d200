import Foundation
import Testing
import TestSupport

/// What crosses the wire is what the face shows: a client attached with
/// `--connect` is sent only the rows of a moved window it lacks, and what it
/// rebuilds from them is exactly the list a local client reads.
@Suite(.tags(.serve, .playlists))
struct ListDeltasOverConnectTests {
    func list(_ response: [String: Any]) -> [String: Any] {
        let snapshot = (response["result"] as? [String: Any])?["snapshot"] as? [String: Any]
        return (snapshot?["content"] as? [String: Any])?["list"] as? [String: Any] ?? [:]
    }

    func importLong(_ count: Int, into home: TemporaryDirectory) throws {
        let files = TemporaryDirectory("facet-deltas-files")
        let path = PerClientViewTests.playlistFile(files, name: "long.m3u", count: count)
        let imported = try FacetProcess.run(["playlists", "import", path, "--name", "Long"], home: home.path)
        #expect(imported.status == 0, "\(imported.stderr)")
    }

    @Test func aConnectedClientPrintsEveryRowALocalOneDoes() throws {
        let home = TemporaryDirectory("facet-deltas-home")
        try importLong(1_500, into: home)
        let local = try FacetProcess.run(["playlist", "Long", "--all"], home: home.path)
        let server = try ServerProcess(home: home)
        // `--all` through the server walks the window with "more": each
        // reply names the rows the client holds and carries the new page.
        let remote = try FacetProcess.run(
            ["--connect", server.socket, "playlist", "Long", "--all"], home: TemporaryDirectory("facet-deltas-client").path,
            environment: server.environment)
        #expect(remote.status == 0, "\(remote.stderr)")
        let rows = remote.stdout.split(separator: "\n")
        #expect(rows.count == 1_500)
        #expect(remote.stdout == local.stdout)
    }

    @Test func aLoadMoreReplyCarriesOnlyTheNewPage() throws {
        let home = TemporaryDirectory("facet-deltas-home")
        try importLong(1_000, into: home)
        let server = try ServerProcess(home: home)
        let client = try SocketClient(path: server.socket)
        defer { client.close() }
        _ = try client.request("initialize", ["capabilities": ["listDeltas": true]])
        let opened = try client.open(["screen": "playlist", "params": ["name": "Long"]])
        let handle = try #require(opened["handle"] as? String)
        _ = try client.request("screen.wait", ["handle": handle])
        let first = list(try client.request("screen.snapshot", ["handle": handle, "whole": true]))
        let page = (first["items"] as? [Any])?.count ?? 0
        #expect(page > 0)
        let more = list(try client.request("screen.perform", ["handle": handle, "action": "load-more"]))
        let reused = try #require(more["reused"] as? [String: Any], "\(more.keys)")
        let runs = reused["runs"] as? [[String: Any]] ?? []
        #expect(runs.count == 1 && runs.first?["count"] as? Int == page, "the first page is named: \(runs)")
        #expect((more["items"] as? [Any])?.count == page, "only the next page is sent")
    }
}
