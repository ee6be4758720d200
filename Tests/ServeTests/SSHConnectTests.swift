import Foundation
import Testing
import TestSupport

/// `facet --connect ssh://HOST` through a real OpenSSH server on loopback
/// (`SSHServer`): the remote side is the built binary with a home of its
/// own, reached with the test's own keys and config. Every failure the
/// issue names has its own message, and nothing hangs on a prompt.
@Suite(.serialized, .tags(.serve, .cli, .jsonl))
struct SSHConnectTests {
    let clientHome = TemporaryDirectory("facet-ssh-client")

    func connected(_ server: SSHServer, _ arguments: [String], target: String = "ssh://\(SSHServer.alias)",
                   remoteFacet: String? = FacetProcess.binary) throws -> FacetProcess.Result {
        try FacetProcess.run(
            ["--connect", target] + arguments, home: clientHome.path,
            environment: server.clientEnvironment(remoteFacet: remoteFacet), timeout: 60)
    }

    func local(_ server: SSHServer, _ arguments: String...) throws -> FacetProcess.Result {
        try FacetProcess.run(arguments, home: server.remoteHome.path, environment: ["TZ": "UTC"])
    }

    @Test func cliReadsAndChangesTheRemoteCore() throws {
        let server = try SSHServer()
        #expect(server.listeningAddresses == ["0100007F"], "sshd listens on loopback alone")
        let remote = try connected(server, ["playlist", "Sample", "--sort", "title", "--json"])
        #expect(remote.status == 0, "\(remote.stderr)")
        let there = try local(server, "playlist", "Sample", "--sort", "title", "--json")
        #expect(!SnapshotJSON.items(SnapshotJSON.object(remote.stdout)).isEmpty)
        #expect(NSDictionary(dictionary: SnapshotJSON.object(remote.stdout)) == NSDictionary(dictionary: SnapshotJSON.object(there.stdout)))
        // A change through ssh lands in the remote home; the scp form reaches the same host.
        let removed = try connected(server, ["playlist", "Sample", "remove-song", "1", "--yes"], target: "\(SSHServer.alias):")
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(SnapshotJSON.items(SnapshotJSON.object(try local(server, "playlist", "Sample", "--json").stdout)).count == 6)
        let left = (try? FileManager.default.contentsOfDirectory(atPath: clientHome.path)) ?? ["?"]
        #expect(left.isEmpty, "the ssh client wrote \(left) in its own home")
    }

    @Test func jsonLinesSessionOverSSH() throws {
        let server = try SSHServer()
        let session = try JSONLSession(
            home: clientHome.path, environment: server.clientEnvironment(),
            arguments: ["--connect", "ssh://\(SSHServer.alias)", "--ui", "jsonl"])
        let opened = try session.request("screen.open", ["screen": "playlist", "params": ["name": "Sample"]])
        let handle = (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
        #expect(!handle.isEmpty, "\(opened)")
        _ = try session.request("screen.perform", ["handle": handle, "action": "filter", "args": ["text": "o"]])
        let snapshot = SnapshotJSON.fromResponse(try session.request("screen.wait", ["handle": handle]))
        #expect(!SnapshotJSON.items(snapshot).isEmpty)
        #expect(try session.finish() == 0)
    }

    /// With a `facet serve` running on the remote host, the ssh client is
    /// attached to that server's core: a change made through ssh reaches a
    /// client of that server at once, as a change from a neighbour would.
    @Test func attachesToARunningRemoteServer() throws {
        let remoteHome = TemporaryDirectory("facet-ssh-remote")
        let server = try SSHServer(remoteHome: remoteHome)
        let core = try ServerProcess(home: remoteHome, runtimeDirectory: false)
        let neighbour = try JSONLSession(home: clientHome.path, arguments: ["--connect", core.socket, "--ui", "jsonl"])
        let opened = try neighbour.request("screen.open", ["screen": "playlist", "params": ["name": "Sample"]])
        let handle = (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
        #expect(SnapshotJSON.items(SnapshotJSON.fromResponse(try neighbour.request("screen.wait", ["handle": handle]))).count == 7)
        let removed = try connected(server, ["playlist", "Sample", "remove-song", "1", "--yes"])
        #expect(removed.status == 0, "\(removed.stderr)")
        let changed = try neighbour.notification { message in
            let params = message["params"] as? [String: Any]
            let snapshot = params?["snapshot"] as? [String: Any] ?? [:]
            return message["method"] as? String == "screen.changed" && SnapshotJSON.items(snapshot).count == 6
        }
        #expect(changed["params"] != nil)
        // The remote end of a live ssh session holds no database of its own.
        let viaSSH = try JSONLSession(
            home: clientHome.path, environment: server.clientEnvironment(),
            arguments: ["--connect", "ssh://\(SSHServer.alias)", "--ui", "jsonl"])
        _ = try viaSSH.request("screens.list")
        let relay = try #require(SSHServer.remoteCore(home: remoteHome.path))
        let files = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(relay)/fd")) ?? []
        let targets = files.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(relay)/fd/\($0)") }
        #expect(!targets.isEmpty)
        #expect(!targets.contains { $0.contains("facet.sqlite") }, "the remote end opened a core: \(targets)")
        #expect(try viaSSH.finish() == 0)
        #expect(try neighbour.finish() == 0)
        #expect(core.stop() == 0)
    }

    /// The MCP scenario of the official Python client, with the server's
    /// face attached through ssh (`FACET_CONNECT=ssh://HOST`): the import
    /// and the folder rename happen in the remote core, on the remote
    /// host's paths.
    @Test(.tags(.mcp)) func mcpScenarioOverSSH() throws {
        let server = try SSHServer()
        let work = TemporaryDirectory("facet-ssh-mcp-work")
        var environment = server.clientEnvironment()
        environment["FACET_CONNECT"] = "ssh://\(SSHServer.alias)"
        let facts = try MCPClientScript.run("scenario", home: clientHome.path, work: work.path, environment: environment)
        let imported = facts["import"] as? [String: Any]
        #expect(imported?["isError"] as? Bool != true, "\(facts)")
        #expect(((facts["search"] as? [String: Any])?["rows"] as? [Any])?.count == 2, "\(facts["search"] ?? "")")
        #expect((facts["rename"] as? [String: Any])?["dirs"] as? [String] == ["new-name"], "\(facts["rename"] ?? "")")
        // The playlist is in the remote home; the client's home stays empty.
        let there = try local(server, "playlist", "Road Trip", "--json")
        #expect(SnapshotJSON.items(SnapshotJSON.object(there.stdout)).count == 3, "\(there.stderr)")
        let left = (try? FileManager.default.contentsOfDirectory(atPath: clientHome.path)) ?? ["?"]
        #expect(left.isEmpty, "the MCP face wrote \(left) in its own home")
    }

    /// A folder delete through ssh asks the remote core's question (the
    /// entry measured there) and deletes on the remote host; unasked (no
    /// terminal, no --yes) it changes nothing.
    @Test(.tags(.folders)) func folderDeleteAsksTheRemoteQuestion() throws {
        let server = try SSHServer()
        let tree = TemporaryDirectory("facet-ssh-tree")
        tree.file("old/notes.txt", String(repeating: "x", count: 1000))
        let unasked = try connected(server, ["folders", tree.path, "delete", "old"])
        #expect(unasked.status == 3, "\(unasked.stderr)")
        #expect(unasked.stderr.contains("Delete old ("), "\(unasked.stderr)")
        #expect(FileManager.default.fileExists(atPath: tree.path + "/old/notes.txt"))
        let deleted = try connected(server, ["folders", tree.path, "delete", "old", "--yes"])
        #expect(deleted.status == 0, "\(deleted.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tree.path + "/old"))
    }

    @Test func unknownHostKeyIsRefusedWithItsOwnMessage() throws {
        let server = try SSHServer()
        try server.forgetHostKey()
        let result = try connected(server, ["playlists"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("host key of \(SSHServer.alias)"), "\(result.stderr)")
    }

    @Test func refusedKeyHasItsOwnMessage() throws {
        let server = try SSHServer()
        server.folder.file("authorized_keys", "")
        let result = try connected(server, ["playlists"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("refused your key"), "\(result.stderr)")
        #expect(result.stderr.contains("never asks for a password"), "\(result.stderr)")
    }

    @Test func missingRemoteFacetIsNamed() throws {
        let server = try SSHServer()
        let result = try connected(server, ["playlists"], remoteFacet: "facet-not-installed-here")
        #expect(result.status == 1)
        #expect(result.stderr.contains("facet is not installed on \(SSHServer.alias)"), "\(result.stderr)")
        #expect(result.stderr.contains("--remote-facet"), "\(result.stderr)")
    }

    /// A remote side speaking another protocol version: refused at the
    /// handshake, both versions named, nothing else attempted.
    @Test func protocolMismatchNamesBothVersions() throws {
        let server = try SSHServer()
        let fake = server.folder.executable("old-facet", """
            #!/bin/sh
            read line
            printf '%s\\n' '{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":"0.9","serverInfo":{"name":"facet","version":"0.1.0"},"screens":[]}}'

            """)
        let result = try connected(server, ["playlists"], remoteFacet: fake)
        #expect(result.status == 1)
        #expect(result.stderr.contains("speaks protocol 0.9, this facet speaks 1.0"), "\(result.stderr)")
        #expect(result.stderr.contains("facet 0.1.0"), "\(result.stderr)")
    }

    /// `kill -9` of the remote core: the next request fails with a message
    /// that says the connection to that host was lost; the client lives on.
    @Test func killedRemoteCoreIsALostConnection() throws {
        let server = try SSHServer()
        let session = try JSONLSession(
            home: clientHome.path, environment: server.clientEnvironment(),
            arguments: ["--connect", "ssh://\(SSHServer.alias)", "--ui", "jsonl"])
        let opened = try session.request("screen.open", ["screen": "playlists"])
        let handle = (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
        let core = try #require(SSHServer.remoteCore(home: server.remoteHome.path))
        kill(core, SIGKILL)
        #expect(!handle.isEmpty, "\(opened)")
        let answer = try session.request("screen.open", ["screen": "playlist", "params": ["name": "Sample"]])
        // The screen opens in its error state, which says why.
        let status = SnapshotJSON.fromResponse(answer)["status"] as? [String: Any]
        #expect(status?["code"] as? String == "disconnected", "\(answer)")
        let message = status?["message"] as? String ?? ""
        #expect(message.contains("connection to \(SSHServer.alias) was lost"), "\(answer)")
        #expect(try session.finish() == 0)
    }
}
