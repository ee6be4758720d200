import Foundation
import Testing
import TestSupport

/// An open photos screen shows the list another Facet process fetched into
/// the shared cache, without asking the photos server itself.
@Suite struct PhotosLiveAcrossProcessesTests {
    func snapshot(_ message: [String: Any], _ key: String) -> [String: Any] {
        (message[key] as? [String: Any])?["snapshot"] as? [String: Any] ?? [:]
    }

    /// How soon is a benchmark's figure, not a test's: the test waits with
    /// a generous deadline, which only a change never told misses.
    @Test func photosFetchedByAnotherProcessReachAnOpenScreen() throws {
        let world = try PhotosHome(mode: "count/3")
        #expect(try world.facet("photos").status == 0)
        let session = try world.jsonl()
        // Offline: this screen never asks the server, so what changes below
        // can only have come from the other process's commit.
        let opened = try session.request("screen.open", ["screen": "photos", "params": ["offline": true]])
        #expect(PhotoSnapshot.list(snapshot(opened, "result"))["total"] as? Int == 3)

        try world.use("count/7")
        let fetched = try world.facet("photos")
        #expect(fetched.status == 0, "\(fetched.stderr)")
        let changed = try session.notification(timeout: 60) { message in
            message["method"] as? String == "screen.changed" && PhotoSnapshot.list(snapshot(message, "params"))["total"] as? Int == 7
        }
        #expect(PhotoSnapshot.items(snapshot(changed, "params")).count == 7)
        #expect(try session.finish() == 0)
    }
}
