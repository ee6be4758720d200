import Foundation
import Testing
import TestSupport

/// A change an action makes at once reaches the client in the action's
/// reply alone: the same snapshot does not follow as a `screen.changed`
/// notification too (twice the bytes for every keystroke of a remote TUI).
/// Checked on a server's socket and on stdin/stdout (`--ui jsonl`, which is
/// also the remote end of `--connect ssh://`).
@Suite(.serialized, .tags(.serve, .jsonl))
struct SnapshotSentOnceTests {
    /// The versions `screen.changed` carried for `handle`.
    static func notifiedVersions(_ notifications: [[String: Any]], handle: String) -> [Int] {
        notifications.compactMap { message in
            let params = message["params"] as? [String: Any]
            guard message["method"] as? String == "screen.changed", params?["handle"] as? String == handle else { return nil }
            return params?["version"] as? Int
        }
    }

    @Test func onTheServerSocket() throws {
        let server = try ServerProcess()
        let client = try SocketClient(path: server.socket)
        let opened = try client.open(["screen": "playlist", "params": ["name": "Sample"]])
        let handle = opened["handle"] as? String ?? ""
        _ = try client.request("screen.wait", ["handle": handle])
        let reply = try client.request("screen.perform", ["handle": handle, "action": "filter", "args": ["text": "o"]])
        let version = try #require((reply["result"] as? [String: Any])?["version"] as? Int)
        // A later reply: anything the perform caused has arrived by then.
        _ = try client.request("screens.list")
        #expect(!Self.notifiedVersions(client.notifications, handle: handle).contains(version),
                "the snapshot of version \(version) came in the reply and again as a notification")
    }

    @Test func onStandardStreams() throws {
        let home = TemporaryDirectory("facet-sent-once")
        let session = try JSONLSession(home: home.path)
        let opened = try session.request("screen.open", ["screen": "playlist", "params": ["name": "Sample"]])
        let handle = (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
        _ = try session.request("screen.wait", ["handle": handle])
        let reply = try session.request("screen.perform", ["handle": handle, "action": "filter", "args": ["text": "o"]])
        let version = try #require((reply["result"] as? [String: Any])?["version"] as? Int)
        _ = try session.request("screens.list")
        #expect(!Self.notifiedVersions(session.notifications, handle: handle).contains(version),
                "the snapshot of version \(version) came in the reply and again as a notification")
        #expect(try session.finish() == 0)
    }
}
