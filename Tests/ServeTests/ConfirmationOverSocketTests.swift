import Foundation
import Testing
import TestSupport

/// `screen.confirmation` over a real `facet serve` socket: a client that
/// confirms asks the server's screen for its question, so it names the
/// row with its size, and the home folder's typed question comes over the
/// wire too; a wrong typed path deletes nothing.
@Suite(.serialized, .tags(.serve, .folders))
struct ConfirmationOverSocketTests {
    func result(_ response: [String: Any]) -> [String: Any] { response["result"] as? [String: Any] ?? [:] }
    func errorCode(_ response: [String: Any]) -> String? {
        ((response["error"] as? [String: Any])?["data"] as? [String: Any])?["code"] as? String
    }
    func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// A server whose user's home folder is `home`, and a client with the
    /// folders screen of `path` open and scanned.
    func opened(_ path: String, home: String) throws -> (ServerProcess, SocketClient, String) {
        let server = try ServerProcess(environment: ["HOME": home])
        let client = try SocketClient(path: server.socket)
        let open = try client.open(["screen": "folders", "params": ["path": path, "sort": "name"]])
        let handle = try #require(open["handle"] as? String)
        _ = try client.request("screen.wait", ["handle": handle])
        return (server, client, handle)
    }

    @Test func theQuestionNamesTheRowWithItsSizeAndNoTypedOneIsAsked() throws {
        let tree = TemporaryDirectory("facet-serve-confirm")
        let root = tree.path.replacingOccurrences(of: "//", with: "/")
        tree.file("srv/old/a/data", bytes: [UInt8](repeating: 1, count: 30_000))
        tree.file("srv/old/b", "b")
        tree.file("srv/keep/k", "k")
        let (server, client, handle) = try opened(root + "/srv", home: root + "/elsewhere")
        defer { _ = server.stop() }

        let asked = result(try client.request("screen.confirmation", ["handle": handle, "action": "delete", "args": ["item": "old"]]))
        let question = try #require(asked["question"] as? String, "\(asked)")
        #expect(question.range(of: #"^Delete old \([0-9]+\.[0-9] KiB, 2 files\)\?"#, options: .regularExpression) != nil, "\(question)")
        #expect(asked["typed"] is NSNull, "\(asked)")
        // Asking changes nothing.
        #expect(exists(root + "/srv/old/a/data"))

        // What running it would throw, it throws: no question about a missing row.
        #expect(errorCode(try client.request("screen.confirmation", ["handle": handle, "action": "delete", "args": ["item": "nope"]])) != nil)
        #expect(errorCode(try client.request("screen.confirmation", ["handle": handle, "action": "nuke"])) == "unknown_action")
        #expect(errorCode(try client.request("screen.confirmation", ["handle": handle, "action": "delete", "args": ["bogus": 1]])) == "invalid_params")

        let done = try client.request("screen.perform", ["handle": handle, "action": "delete", "args": ["item": "old", "yes": true]])
        #expect(done["error"] == nil, "\(done)")
        #expect(!exists(root + "/srv/old"))
        #expect(exists(root + "/srv/keep/k"))
    }

    @Test func theHomeFoldersTypedQuestionArrivesAndAWrongPathDeletesNothing() throws {
        let tree = TemporaryDirectory("facet-serve-confirm-home")
        let root = tree.path.replacingOccurrences(of: "//", with: "/")
        tree.file("users/me/notes", "n")
        tree.file("users/other/x", "x")
        let home = root + "/users/me"
        let (server, client, handle) = try opened(root + "/users", home: home)
        defer { _ = server.stop() }

        let asked = result(try client.request("screen.confirmation", ["handle": handle, "action": "delete", "args": ["item": "me"]]))
        #expect((asked["question"] as? String)?.hasPrefix("Delete me (") == true, "\(asked)")
        let typed = try #require(asked["typed"] as? [String: Any], "\(asked)")
        #expect(typed["question"] as? String == "\(home) is your home folder. To delete it, type its full path:")
        #expect(typed["param"] as? String == "confirm-path")

        // Asked after yes: the typed question alone, the first not worded again.
        let second = result(try client.request(
            "screen.confirmation", ["handle": handle, "action": "delete", "args": ["item": "me", "yes": true], "typedOnly": true]))
        #expect(second["question"] is NSNull, "\(second)")
        #expect((second["typed"] as? [String: Any])?["question"] as? String == typed["question"] as? String)
        #expect(errorCode(try client.request(
            "screen.confirmation", ["handle": handle, "action": "delete", "args": ["item": "me"], "typedOnly": "yes"])) == "invalid_params")

        let wrong = try client.request(
            "screen.perform", ["handle": handle, "action": "delete", "args": ["item": "me", "yes": true, "confirm-path": root + "/users/other"]])
        #expect(wrong["error"] != nil, "\(wrong)")
        #expect(exists(home + "/notes"))
        #expect(exists(root + "/users/other/x"))

        let right = try client.request(
            "screen.perform", ["handle": handle, "action": "delete", "args": ["item": "me", "yes": true, "confirm-path": home]])
        #expect(right["error"] == nil, "\(right)")
        #expect(!exists(home))

        // Any other row: no typed question.
        let other = result(try client.request("screen.confirmation", ["handle": handle, "action": "delete", "args": ["item": "other"]]))
        #expect(other["typed"] is NSNull, "\(other)")
    }

    @Test func discoveryListsTheMethod() throws {
        let server = try ServerProcess()
        defer { _ = server.stop() }
        let client = try SocketClient(path: server.socket)
        let methods = result(try client.request("rpc.discover"))["methods"] as? [[String: Any]] ?? []
        let entry = try #require(methods.first { $0["name"] as? String == "screen.confirmation" })
        let params = (entry["params"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(params == ["handle", "action", "args", "typedOnly"])
    }
}
