import Foundation
import Testing
import TestSupport

/// A client of `facet serve` hears of a change another Facet process (a CLI
/// run without `--connect`) committed to the server's database, as
/// `screen.changed`, without asking again.
@Suite struct LiveAcrossProcessesServeTests {
    func text(_ message: [String: Any]) -> String {
        (try? JSONSerialization.data(withJSONObject: message)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// How soon is a benchmark's figure, not a test's: the test waits with
    /// a generous deadline, which only a change never told misses.
    @Test func aCLIImportWithoutConnectReachesAConnectedClient() throws {
        let server = try ServerProcess()
        let list = server.home.file("live.m3u", "#EXTM3U\n#EXTINF:100,Artist - Live Song\n/music/live.mp3\n")
        let clientHome = TemporaryDirectory("facet-serve-live-client")
        let session = try JSONLSession(home: clientHome.path, arguments: ["--connect", server.socket, "--ui", "jsonl"])
        let opened = try session.request("screen.open", ["screen": "playlists"])
        #expect(text(opened).contains("Sample"))
        let result = try FacetProcess.run(["playlists", "import", list, "--name", "Arrived"], home: server.home.path)
        #expect(result.status == 0, "\(result.stderr)")
        _ = try session.notification(timeout: 60) { message in
            message["method"] as? String == "screen.changed" && text(message).contains("Arrived")
        }
        #expect(try session.finish() == 0)
    }
}
