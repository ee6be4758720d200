import Foundation
import Testing
import TestSupport

/// Every feature through one `facet serve` and its `facet --connect`
/// clients (a CLI call and a JSON-lines session): each ends in the snapshot
/// the plain CLI prints for the same steps on the server's home. Every
/// client runs with a `FACET_HOME` of its own that must stay empty: the
/// data is the server's, as the README promises.
@Suite(.serialized, .tags(.serve, .cli, .jsonl))
struct ConnectedFeaturesTests {
    static let clock = "1790000000"
    static let environment = ["TZ": "UTC", "FACET_CLOCK": clock]

    /// A server on `home` (set up by `prepare`, run by the plain CLI before
    /// the server starts) and an empty home for its clients.
    struct World {
        let home = TemporaryDirectory("facet-connected-server")
        let clientHome = TemporaryDirectory("facet-connected-client")
        var server: ServerProcess!

        init(prepare: (World) throws -> Void = { _ in }) throws {
            try prepare(self)
            server = try ServerProcess(home: home, environment: ConnectedFeaturesTests.environment)
        }

        /// The plain CLI on the server's home.
        @discardableResult
        func local(_ arguments: String...) throws -> FacetProcess.Result {
            let result = try FacetProcess.run(arguments, home: home.path, environment: ConnectedFeaturesTests.environment)
            #expect(result.status == 0, "facet \(arguments.joined(separator: " ")): \(result.stderr)")
            return result
        }

        /// A CLI call attached to the server, from the client's home.
        func connected(_ arguments: [String]) throws -> FacetProcess.Result {
            try FacetProcess.run(["--connect", server.socket] + arguments, home: clientHome.path)
        }

        func connected(_ arguments: String...) throws -> FacetProcess.Result { try connected(arguments) }

        /// A JSON-lines session attached to the server: opens `screen`,
        /// performs the actions in order, returns the last snapshot.
        func jsonl(_ screen: String, _ params: [String: Any] = [:], _ actions: [(String, [String: Any])] = []) throws -> [String: Any] {
            let session = try JSONLSession(home: clientHome.path, arguments: ["--connect", server.socket, "--ui", "jsonl"])
            let opened = try session.request("screen.open", ["screen": screen, "params": params])
            let handle = (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
            var last = try session.request("screen.wait", ["handle": handle])
            for (action, args) in actions {
                _ = try session.request("screen.perform", ["handle": handle, "action": action, "args": args])
                last = try session.request("screen.wait", ["handle": handle])
            }
            #expect(try session.finish() == 0)
            return SnapshotJSON.fromResponse(last)
        }

        /// The client's home is as it was made: empty (no database, no lock).
        func expectClientHomeUntouched(sourceLocation: SourceLocation = #_sourceLocation) {
            let left = (try? FileManager.default.contentsOfDirectory(atPath: clientHome.path)) ?? ["?"]
            #expect(left.isEmpty, "the --connect client wrote \(left) in its own home", sourceLocation: sourceLocation)
        }
    }

    func expectSame(_ connected: [String: Any], _ local: [String: Any], _ what: Comment) {
        #expect(!connected.isEmpty, what)
        #expect(NSDictionary(dictionary: connected) == NSDictionary(dictionary: local), what)
    }

    @Test(.tags(.playlists)) func playlists() throws {
        let world = try World()
        let viaCLI = try world.connected("playlist", "Sample", "--sort", "title", "filter", "o", "--json")
        #expect(viaCLI.status == 0, "\(viaCLI.stderr)")
        let local = SnapshotJSON.object(try world.local("playlist", "Sample", "--sort", "title", "filter", "o", "--json").stdout)
        expectSame(SnapshotJSON.object(viaCLI.stdout), local, "--connect CLI")
        expectSame(try world.jsonl("playlist", ["name": "Sample", "sort": "title"], [("filter", ["text": "o"])]), local, "--connect JSON lines")
        // A change made through the server is in the server's database.
        #expect(try world.connected("playlist", "Sample", "remove-song", "1", "--yes").status == 0)
        #expect(SnapshotJSON.items(SnapshotJSON.object(try world.local("playlist", "Sample", "--json").stdout)).count == 6)
        world.expectClientHomeUntouched()
    }

    @Test(.tags(.folders)) func folders() throws {
        let tree = TemporaryDirectory("facet-connected-tree")
        tree.file("a/x", String(repeating: "x", count: 5000))
        tree.file("b/y/z", "zz")
        tree.file("c/w", "w")
        let world = try World()
        let viaCLI = try world.connected("folders", tree.path, "--sort", "name", "sort", "bytes", "--json")
        #expect(viaCLI.status == 0, "\(viaCLI.stderr)")
        let local = SnapshotJSON.object(try world.local("folders", tree.path, "--sort", "name", "sort", "bytes", "--json").stdout)
        expectSame(SnapshotJSON.object(viaCLI.stdout), local, "--connect CLI")
        expectSame(try world.jsonl("folders", ["path": tree.path, "sort": "name"], [("sort", ["by": "bytes"])]), local, "--connect JSON lines")

        // A rename through the server renames on disk; a bad name is refused with its code.
        let renamed = try world.connected("folder-rename", tree.path + "/a", "rename", "d", "--json")
        #expect(renamed.status == 0, "\(renamed.stderr)")
        #expect(SnapshotJSON.object(renamed.stdout)["title"] as? String == "Rename d")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.path).sorted() == ["b", "c", "d"])
        let refused = try world.connected("folder-rename", tree.path + "/d", "rename", "x/y")
        let plain = try FacetProcess.run(["folder-rename", tree.path + "/d", "rename", "x/y"], home: world.home.path)
        #expect(refused.status == 1 && plain.status == 1)
        #expect(refused.stderr.contains(#"must not contain "/""#))
        #expect(refused.stderr == plain.stderr)
        world.expectClientHomeUntouched()
    }

    @Test(.tags(.users)) func loginAndSettings() throws {
        let world = try World()
        // Nobody is signed in on the server: settings say so, through the server.
        let early = try world.connected("settings", "--json")
        #expect(early.status == 1)
        #expect(SnapshotJSON.status(SnapshotJSON.object(early.stdout))["code"] as? String == "settings.not_signed_in")
        let bad = try world.connected("login", "sign-in", "--first-name", "", "--last-name", "Lovelace")
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("First name must not be empty."))

        let signIn = try world.connected("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace", "--json")
        #expect(signIn.status == 0, "\(signIn.stderr)")
        let other = TemporaryDirectory("facet-connected-other")
        let plain = try FacetProcess.run(["login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace", "--json"], home: other.path)
        #expect(SnapshotJSON.withoutSignInOnce(SnapshotJSON.object(signIn.stdout)) == SnapshotJSON.withoutSignInOnce(SnapshotJSON.object(plain.stdout)))
        // The profile is the server's: the plain CLI on its home sees Ada.
        #expect(try world.local("whoami").stdout.contains("Ada Lovelace"))

        let set = try world.connected("settings", "set", "page-size", "25", "--json")
        #expect(set.status == 0, "\(set.stderr)")
        let local = SnapshotJSON.object(try world.local("settings", "--json").stdout)
        expectSame(SnapshotJSON.object(try world.connected("settings", "--json").stdout), local, "--connect CLI")
        expectSame(try world.jsonl("settings"), local, "--connect JSON lines")
        #expect(try world.local("settings").stdout.contains("25"))
        world.expectClientHomeUntouched()
    }

    @Test(.tags(.stars)) func stars() throws {
        let github = try FixtureServer(arguments: ["--stars", "230"])
        let world = try World { world in
            try world.local("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace")
            try world.local("settings", "set", "github-user", "octo")
            try world.local("settings", "set", "github-base-url", github.baseURL)
        }
        let read = try world.connected("stars", "--json")
        #expect(read.status == 0, "\(read.stderr)")
        #expect(SnapshotJSON.status(SnapshotJSON.object(read.stdout))["message"] as? String == "Read 230 starred repositories from GitHub.")
        let steps = ["stars", "--refresh", "none", "filter", "project 7", "--json"]
        let viaCLI = try world.connected(steps)
        let local = SnapshotJSON.object(try FacetProcess.run(steps, home: world.home.path, environment: Self.environment).stdout)
        #expect(SnapshotJSON.items(local).count == 11)
        expectSame(SnapshotJSON.object(viaCLI.stdout), local, "--connect CLI")
        expectSame(try world.jsonl("stars", ["refresh": "none"], [("filter", ["text": "project 7"])]), local, "--connect JSON lines")
        world.expectClientHomeUntouched()
    }

    @Test(.tags(.photos)) func photos() throws {
        let fixture = try PhotosFixtureServer.shared()
        let world = try World { world in
            try world.local("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace")
            try world.local("settings", "set", "photos-base-url", fixture.baseURL())
        }
        let viaCLI = try world.connected("photos", "select", "42", "--json")
        #expect(viaCLI.status == 0, "\(viaCLI.stderr)")
        let local = SnapshotJSON.object(try world.local("photos", "select", "42", "--json").stdout)
        #expect(local["title"] as? String != "Photos")
        expectSame(SnapshotJSON.object(viaCLI.stdout), local, "--connect CLI")
        expectSame(try world.jsonl("photos", [:], [("select", ["item": "42"])]), local, "--connect JSON lines")
        world.expectClientHomeUntouched()
    }
}
