import Foundation
import Testing
import TestSupport

/// Live updates over JSON lines: a change made by another process reaches an
/// open session as a `screen.changed` notification, within a second.
@Suite(.serialized) struct FolderJSONLTests {
    let home = TemporaryDirectory("facet-home")
    let tree = TemporaryDirectory("facet-tree")

    func snapshot(_ message: [String: Any]) -> [String: Any] {
        (message["result"] as? [String: Any] ?? message["params"] as? [String: Any])?["snapshot"] as? [String: Any] ?? [:]
    }

    func itemIDs(_ snapshot: [String: Any]) -> [String] {
        let items = ((snapshot["content"] as? [String: Any])?["list"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
        return items.compactMap { $0["id"] as? String }
    }

    func open(_ session: JSONLSession, _ screen: String, _ params: [String: Any]) throws -> String {
        let opened = try session.request("screen.open", ["screen": screen, "params": params])
        return (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
    }

    @Test func aRenameByAnotherProcessIsNotified() throws {
        tree.file("alpha/f", "12345")
        tree.file("beta/g", "1")
        let session = try JSONLSession(home: home.path)
        let handle = try open(session, "folders", ["path": tree.path, "sort": "name"])
        let waited = try session.request("screen.wait", ["handle": handle])
        #expect(itemIDs(snapshot(waited)) == ["alpha", "beta"])
        try session.notificationsSettle()

        #expect(rename(tree.path + "/alpha", tree.path + "/gamma") == 0)  // another process's plain rename(2)
        // A generous deadline: how soon is a benchmark's figure, not a test's.
        let changed = try session.notification(timeout: 60) { message in
            message["method"] as? String == "screen.changed" && itemIDs(snapshot(message)).contains("gamma")
        }
        #expect((changed["params"] as? [String: Any])?["handle"] as? String == handle)
        #expect(itemIDs(snapshot(changed)) == ["beta", "gamma"])

        // A folder that grows is re-measured too.
        tree.file("beta/bigger", String(repeating: "b", count: 40_000))
        let grown = try session.notification(timeout: 5) { message in
            let items = ((snapshot(message)["content"] as? [String: Any])?["list"] as? [String: Any])?["items"] as? [[String: Any]] ?? []
            // 40,001 bytes of files (and the folder's own size): read as a number.
            return ((items.first { $0["id"] as? String == "beta" }?["values"] as? [String: Any])?["bytes"] as? Int ?? 0) > 40_000
        }
        #expect((grown["params"] as? [String: Any])?["handle"] as? String == handle)
        #expect(try session.finish() == 0)
    }

    @Test func aRenameInOneScreenUpdatesTheOthersInTheSameSession() throws {
        tree.file("alpha/f", "12345")
        let session = try JSONLSession(home: home.path)
        let list = try open(session, "folders", ["path": tree.path])
        _ = try session.request("screen.wait", ["handle": list])
        let detail = try open(session, "folder", ["path": tree.path + "/alpha"])
        _ = try session.request("screen.wait", ["handle": detail])
        let rename = try open(session, "folder-rename", ["path": tree.path + "/alpha"])
        let typed = try session.request("screen.perform", ["handle": rename, "action": "set-field", "args": ["field": "name", "value": ""]])
        let field = ((snapshot(typed)["content"] as? [String: Any])?["form"] as? [String: Any])?["fields"] as? [[String: Any]]
        #expect(field?.first?["message"] as? String == "The name \"\" must not be empty.")
        // While the typed name is invalid the submit action is disabled.
        let refused = try session.request("screen.perform", ["handle": rename, "action": "rename", "args": ["name": "omega"]])
        #expect(((refused["error"] as? [String: Any])?["data"] as? [String: Any])?["code"] as? String == "action_disabled")
        _ = try session.request("screen.perform", ["handle": rename, "action": "set-field", "args": ["field": "name", "value": "omega"]])
        let done = try session.request("screen.perform", ["handle": rename, "action": "rename"])
        #expect(done["error"] == nil)
        let listChanged = try session.notification { ($0["params"] as? [String: Any])?["handle"] as? String == list && itemIDs(snapshot($0)) == ["omega"] }
        #expect(listChanged["method"] as? String == "screen.changed")
        let detailChanged = try session.notification {
            ($0["params"] as? [String: Any])?["handle"] as? String == detail
                && (snapshot($0)["title"] as? String)?.hasPrefix("omega") == true
        }
        #expect(detailChanged["method"] as? String == "screen.changed")
        #expect(FileManager.default.fileExists(atPath: tree.path + "/omega/f"))
        #expect(try session.finish() == 0)
    }
}

extension JSONLSession {
    /// Forgets notifications received so far (the scan's progress).
    func notificationsSettle() throws {
        while let index = notifications.indices.first {
            _ = try notification(timeout: 0.1) { _ in true }
            _ = index
        }
    }
}
