import Foundation
import Testing
import TestSupport

/// The photos screen over JSON lines: the title rules as a program sees
/// them, and failures as JSON-RPC errors with a stable code.
@Suite(.serialized) struct PhotosJSONLTests {
    func snapshot(_ response: [String: Any]) -> [String: Any] {
        (response["result"] as? [String: Any])?["snapshot"] as? [String: Any] ?? [:]
    }

    @Test func titleRulesAndNotificationsOverJSONLines() throws {
        let world = try PhotosHome()
        let session = try world.jsonl()
        let opened = try session.request("screen.open", ["screen": "photos"])
        #expect(snapshot(opened)["title"] as? String == "Photos")
        let handle = (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
        let waited = try session.request("screen.wait", ["handle": handle])
        #expect(PhotoSnapshot.list(snapshot(waited))["total"] as? Int == 5000)
        let fifth = PhotoSnapshot.items(snapshot(waited)).first { $0["id"] as? String == "5" }?["title"] as? String

        func resets() -> Int {
            session.notifications.filter { note in
                let snap = (note["params"] as? [String: Any])?["snapshot"] as? [String: Any] ?? [:]
                return snap["title"] as? String == "Photos" && PhotoSnapshot.status(snap)["kind"] as? String == "loading"
            }.count
        }
        let selected = try session.request("screen.perform", ["handle": handle, "action": "select", "args": ["item": 5]])
        #expect(snapshot(selected)["title"] as? String == fifth)

        let before = resets()
        let reloaded = try session.request("screen.perform", ["handle": handle, "action": "reload"])
        #expect(snapshot(reloaded)["title"] as? String == "Photos")
        // The reset reached programs before the load finished: in the reply
        // when it was still loading, else in one notification; never twice.
        let loadingReply = PhotoSnapshot.status(snapshot(reloaded))["kind"] as? String == "loading"
        #expect(resets() + (loadingReply ? 1 : 0) <= before + 1)
        #expect(try session.finish() == 0)
    }

    @Test func aFailedReloadIsAJSONRPCErrorWithAStableCode() throws {
        let world = try PhotosHome()
        #expect(try world.facet("photos").status == 0)
        try world.use("truncated")
        let session = try world.jsonl()
        let opened = try session.request("screen.open", ["screen": "photos", "params": ["offline": true]])
        let handle = (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
        let failed = try session.request("screen.perform", ["handle": handle, "action": "reload"])
        let error = failed["error"] as? [String: Any]
        #expect(error?["code"] as? Int == -32000)
        #expect((error?["data"] as? [String: Any])?["code"] as? String == "photos.malformed_json")
        #expect(error?["message"] as? String == "An Error Occurred: The photo list is not valid JSON: unexpected end of input in a string at byte 1000.")
        let after = try session.request("screen.snapshot", ["handle": handle])
        #expect(PhotoSnapshot.list(snapshot(after))["total"] as? Int == 5000)
        #expect(PhotoSnapshot.status(snapshot(after))["code"] as? String == "photos.malformed_json")
        #expect(try session.finish() == 0)
    }
}
