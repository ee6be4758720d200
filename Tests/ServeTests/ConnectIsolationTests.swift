import Foundation
import Testing
import TestSupport

/// `facet --connect` opens no local database and reads no saved preference
/// (README): a client whose `FACET_HOME` cannot exist, is empty, or holds
/// another user with another saved front end still works against the
/// server's core, and leaves its home exactly as it was.
@Suite(.serialized, .tags(.serve, .cli, .jsonl, .users, .playlists))
struct ConnectIsolationTests {
    static let initialize = #"{"jsonrpc":"2.0","id":1,"method":"initialize"}"# + "\n"

    /// A server whose home has Ada signed in.
    static func server() throws -> ServerProcess {
        let home = TemporaryDirectory("facet-isolation-server")
        let signIn = try FacetProcess.run(["login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace"], home: home.path)
        #expect(signIn.status == 0)
        return try ServerProcess(home: home)
    }

    /// Every file under `path` with its size and modification time.
    static func listing(_ path: String) -> [String: String] {
        var entries: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: path)
        while let name = enumerator?.nextObject() as? String {
            var info = stat()
            guard lstat(path + "/" + name, &info) == 0 else { continue }
            entries[name] = "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
        }
        return entries
    }

    @Test func aHomeThatCannotExistIsNeverNeeded() throws {
        let server = try Self.server()
        let parent = TemporaryDirectory("facet-isolation-client")
        // Below a regular file: no folder can ever be made there.
        let home = parent.file("not-a-folder", "x") + "/facet"
        let plain = try FacetProcess.run(["playlists", "--json"], home: home)
        #expect(plain.status != 0, "the plain CLI should not manage with this home")

        let listed = try FacetProcess.run(["--connect", server.socket, "playlists", "--json"], home: home)
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(SnapshotJSON.object(listed.stdout)["screen"] as? String == "playlists")
        let whoami = try FacetProcess.run(["--connect", server.socket, "whoami"], home: home)
        #expect(whoami.status == 0, "\(whoami.stderr)")
        #expect(whoami.stdout.contains("Ada Lovelace"))

        let session = try JSONLSession(home: home, arguments: ["--connect", server.socket, "--ui", "jsonl"])
        let opened = try session.request("screen.open", ["screen": "playlist", "params": ["name": "Sample"]])
        #expect(SnapshotJSON.items(SnapshotJSON.fromResponse(opened)).count == 7)
        #expect(try session.finish() == 0)
        #expect(Self.listing(parent.path).keys.sorted() == ["not-a-folder"])
    }

    @Test func anEmptyHomeStaysEmpty() throws {
        let server = try Self.server()
        let home = TemporaryDirectory("facet-isolation-client")
        for arguments in [["playlists", "--json"], ["playlist", "Sample", "filter", "queen", "--json"], ["whoami"], ["settings", "--json"]] {
            let result = try FacetProcess.run(["--connect", server.socket] + arguments, home: home.path)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
        }
        let session = try JSONLSession(home: home.path, arguments: ["--connect", server.socket, "--ui", "jsonl"])
        _ = try session.request("screen.open", ["screen": "settings"])
        #expect(try session.finish() == 0)
        #expect(Self.listing(home.path).isEmpty, "left in the client's home: \(Self.listing(home.path).keys.sorted())")
    }

    @Test func theClientsOwnUserAndSavedFrontEndAreNotRead() throws {
        let server = try Self.server()
        let home = TemporaryDirectory("facet-isolation-client")
        for arguments in [["login", "sign-in", "--first-name", "Bob", "--last-name", "Client"], ["settings", "set", "ui", "jsonl"]] {
            #expect(try FacetProcess.run(arguments, home: home.path).status == 0)
        }
        // Locally, that home's preference decides: bare `facet` in a pipe speaks JSON lines.
        let local = try FacetProcess.run([], home: home.path, stdin: Self.initialize)
        #expect(local.stdout.contains(#""jsonrpc":"2.0""#))
        let before = Self.listing(home.path)
        #expect(!before.isEmpty)

        // Attached, it is not read: bare `facet --connect` in a pipe is the CLI's help.
        let bare = try FacetProcess.run(["--connect", server.socket], home: home.path, stdin: Self.initialize)
        #expect(bare.status == 0, "\(bare.stderr)")
        #expect(bare.stdout.contains("Usage: facet"))
        #expect(!bare.stdout.contains("jsonrpc"))
        // The user is the server's, not the one saved in the client's home.
        let whoami = try FacetProcess.run(["--connect", server.socket, "whoami"], home: home.path)
        #expect(whoami.stdout.contains("Ada Lovelace"))
        #expect(!whoami.stdout.contains("Bob"))
        #expect(Self.listing(home.path) == before)
    }
}
