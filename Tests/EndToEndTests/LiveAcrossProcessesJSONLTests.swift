import Foundation
import Testing
import TestSupport

/// A JSON-lines client with a screen open hears of a change another Facet
/// process committed to the same database, as `screen.changed`, without
/// asking again.
@Suite struct LiveAcrossProcessesJSONLTests {
    func text(_ message: [String: Any]) -> String {
        (try? JSONSerialization.data(withJSONObject: message)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// How soon is Tools/bench/live.sh's figure; the test waits with a
    /// generous deadline, which only a change never told misses.
    @Test func aCLIImportInAnotherProcessIsNotified() throws {
        let home = TemporaryDirectory("facet-jsonl-live")
        let list = home.file("live.m3u", "#EXTM3U\n#EXTINF:100,Artist - Live Song\n/music/live.mp3\n")
        let session = try JSONLSession(home: home.path)
        let opened = try session.request("screen.open", ["screen": "playlists"])
        #expect(text(opened).contains("Sample"))
        let result = try FacetProcess.run(["playlists", "import", list, "--name", "Arrived"], home: home.path)
        #expect(result.status == 0, "\(result.stderr)")
        let changed = try session.notification(timeout: 60) { message in
            message["method"] as? String == "screen.changed" && text(message).contains("Arrived")
        }
        #expect(text(changed).contains("Sample"))
        #expect(try session.finish() == 0)
    }
}
