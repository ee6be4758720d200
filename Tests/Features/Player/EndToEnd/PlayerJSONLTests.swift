import Foundation
import Testing
import TestSupport

/// The player screen over JSON lines: actions reach MPD, and a change made
/// by another client (mpc) is pushed as `screen.changed` without a request,
/// through MPD's `idle`; a restarted MPD is an error, then the screen again.
@Suite(.serialized) struct PlayerJSONLTests {
    func open(_ session: JSONLSession) throws -> String {
        let opened = try session.request("screen.open", ["screen": "player"])
        let handle = (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
        _ = try session.request("screen.wait", ["handle": handle])
        return handle
    }

    func state(_ snapshot: [String: Any]) -> String? {
        let rows = ((snapshot["content"] as? [String: Any])?["detail"] as? [String: Any])?["rows"] as? [[String: Any]] ?? []
        return rows.first { $0["id"] as? String == "state" }?["data"] as? String
    }

    /// The next pushed snapshot of `handle` for which `predicate` holds.
    func pushed(_ session: JSONLSession, _ handle: String, timeout: TimeInterval = 20, _ predicate: @escaping ([String: Any]) -> Bool)
        throws -> [String: Any] {
        let note = try session.notification(timeout: timeout) { note in
            guard note["method"] as? String == "screen.changed",
                  let params = note["params"] as? [String: Any], params["handle"] as? String == handle else { return false }
            return predicate(params["snapshot"] as? [String: Any] ?? [:])
        }
        return (note["params"] as? [String: Any])?["snapshot"] as? [String: Any] ?? [:]
    }

    @Test func playFromJSONLinesAndSeeMpcPauseLive() throws {
        let world = try PlayerWorld()
        world.mpd.mpc("add", "a/one.flac", "a/two.flac")
        let session = try JSONLSession(home: world.home.path, environment: world.environment)
        let handle = try open(session)
        let played = try session.request("screen.perform", ["handle": handle, "action": "play", "args": ["item": "1"]])
        #expect(played["error"] == nil, "\(played)")
        #expect(world.mpd.state() == "playing")
        #expect(world.mpd.current("%title%") == "Tone One")

        // Another client pauses: the open screen is told, no request sent.
        #expect(world.mpd.mpc("pause").status == 0)
        let paused = try pushed(session, handle) { self.state($0) == "paused" }
        #expect(state(paused) == "paused")
        #expect(world.mpd.mpc("play").status == 0)
        _ = try pushed(session, handle) { self.state($0) == "playing" }
        #expect(try session.finish() == 0)
    }

    @Test func aRestartedMPDIsAnErrorThenTheScreenAgain() throws {
        let world = try PlayerWorld()
        world.mpd.mpc("add", "a/one.flac")
        let session = try JSONLSession(home: world.home.path, environment: world.environment)
        let handle = try open(session)
        world.mpd.stop()
        let failed = try pushed(session, handle) { ($0["status"] as? [String: Any])?["kind"] as? String == "error" }
        let message = (failed["status"] as? [String: Any])?["message"] as? String ?? ""
        #expect(message.contains("No MPD at 127.0.0.1:\(world.mpd.port)"), "\(message)")
        try world.mpd.restart()
        // Back without a request: the watcher reconnects and reads again.
        let back = try pushed(session, handle, timeout: 30) { ($0["status"] as? [String: Any])?["kind"] as? String == "idle" }
        #expect(state(back) == "stopped")
        let played = try session.request("screen.perform", ["handle": handle, "action": "play", "args": ["item": "1"]])
        #expect(played["error"] == nil, "\(played)")
        #expect(world.mpd.state() == "playing")
        #expect(try session.finish() == 0)
    }
}
