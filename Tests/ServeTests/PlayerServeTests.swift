import Foundation
import Testing
import TestSupport

/// The player through `facet serve`: the server holds the MPD connections
/// (its environment says where MPD is), a `--connect` client plays, and a
/// `mpc pause` elsewhere reaches every connected client as `screen.changed`.
@Suite(.serialized) struct PlayerServeTests {
    func state(_ message: [String: Any]) -> String? {
        let params = message["params"] as? [String: Any] ?? message["result"] as? [String: Any] ?? [:]
        let snapshot = params["snapshot"] as? [String: Any] ?? [:]
        let rows = ((snapshot["content"] as? [String: Any])?["detail"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
        return rows.first { $0["id"] as? String == "state" }?["data"] as? String
    }

    @Test func twoConnectedClientsHearMpcPause() throws {
        let mpd = try MPDServer(songs: [("one.flac", "One", "Band", nil, 30, 440)])
        mpd.mpc("add", "one.flac")
        let server = try ServerProcess(environment: mpd.environment)
        var sessions: [(JSONLSession, String)] = []
        for index in 0..<2 {
            let home = TemporaryDirectory("facet-serve-player-\(index)")
            let session = try JSONLSession(home: home.path, arguments: ["--connect", server.socket, "--ui", "jsonl"])
            let opened = try session.request("screen.open", ["screen": "player"])
            let handle = (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
            #expect(state(opened) == "stopped", "\(opened)")
            sessions.append((session, handle))
        }
        let (first, handle) = sessions[0]
        let played = try first.request("screen.perform", ["handle": handle, "action": "play", "args": ["item": "1"]])
        #expect(played["error"] == nil, "\(played)")
        #expect(mpd.state() == "playing")
        #expect(mpd.mpc("pause").status == 0)
        for (session, handle) in sessions {
            _ = try session.notification(timeout: 30) { message in
                guard message["method"] as? String == "screen.changed",
                      (message["params"] as? [String: Any])?["handle"] as? String == handle else { return false }
                return self.state(message) == "paused"
            }
            #expect(try session.finish() == 0)
        }
    }
}
