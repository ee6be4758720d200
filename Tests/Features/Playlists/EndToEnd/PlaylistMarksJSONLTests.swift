import Foundation
import Testing
import TestSupport

/// Marks, one-step moves and undo as a JSON-lines client drives them: the
/// same actions and messages as the CLI, from the contract.
@Suite struct PlaylistMarksJSONLTests {
    let home = TemporaryDirectory("facet-home")

    func titles(_ snapshot: [String: Any]) -> [String] { SnapshotJSON.items(snapshot).compactMap { $0["title"] as? String } }

    func action(_ name: String, in snapshot: [String: Any]) -> [String: Any] {
        (snapshot["actions"] as? [[String: Any]] ?? []).first { $0["name"] as? String == name } ?? [:]
    }

    @Test func markedRemoveMoveUpAndUndo() throws {
        let session = try JSONLSession(home: home.path)
        let opened = try session.request("screen.open", ["screen": "playlist", "params": ["name": "Sample"]])
        let handle = (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
        var snapshot = SnapshotJSON.fromResponse(try session.request("screen.wait", ["handle": handle]))
        let original = titles(snapshot)
        #expect(original.count == 7)
        #expect(action("undo", in: snapshot)["enabled"] as? Bool == false)
        #expect(action("undo", in: snapshot)["disabledReason"] as? String == "Nothing to undo")
        let several = (action("remove-song", in: snapshot)["params"] as? [[String: Any]])?.first?["several"] as? Bool
        #expect(several == true)

        func perform(_ name: String, _ args: [String: Any]) throws -> [String: Any] {
            let response = try session.request("screen.perform", ["handle": handle, "action": name, "args": args])
            snapshot = SnapshotJSON.fromResponse(try session.request("screen.wait", ["handle": handle]))
            return response
        }

        _ = try perform("move-up", ["item": "2"])
        #expect(titles(snapshot) == [original[1], original[0]] + original[2...])
        _ = try perform("remove-song", ["item": "1,3,7"])
        #expect(titles(snapshot) == [original[0], original[3], original[4], original[5]])
        #expect((SnapshotJSON.items(snapshot).compactMap { $0["id"] as? String }) == ["1", "2", "3", "4"])
        let refused = try perform("move-up", ["item": "1"])
        let error = refused["error"] as? [String: Any]
        #expect((error?["message"] as? String)?.contains("already at the top") == true, "\(refused)")
        let bad = try perform("remove-song", ["item": "2,,3"])
        #expect(((bad["error"] as? [String: Any])?["message"] as? String)?.contains("separated by commas") == true, "\(bad)")

        _ = try perform("undo", [:])
        #expect(titles(snapshot) == [original[1], original[0]] + original[2...])
        _ = try perform("undo", [:])
        #expect(titles(snapshot) == original)
        #expect(action("undo", in: snapshot)["enabled"] as? Bool == false)
        #expect(try session.finish() == 0)
    }
}
