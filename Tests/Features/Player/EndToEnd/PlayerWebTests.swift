import Foundation
import Testing
import TestSupport

/// The player through the web face's own channel (the page's WebSocket
/// with its cookie and page secret, as the page's script uses it): a pause
/// sent there reaches MPD, and `mpc play` elsewhere is pushed to the page.
@Suite(.serialized) struct PlayerWebTests {
    @Test func thePagePausesAndHearsMpcPlay() throws {
        let world = try PlayerWorld()
        world.mpd.mpc("add", "a/one.flac")
        world.mpd.mpc("play")
        let server = try WebServerProcess(home: world.home.path, environment: world.environment)
        defer { _ = server.stop() }
        let session = try WebSession(server)
        let socket = try RawWebSocket(
            port: server.port, path: session.socketPath, headers: [session.cookie, ("Origin", "http://127.0.0.1:\(server.port)")],
            timeout: 30)
        #expect(socket.send(text: #"{"jsonrpc":"2.0","id":1,"method":"screen.open","params":{"screen":"player"}}"#))
        let opened = socket.receive { $0.opcode != 1 || $0.text.contains(#""id":1"#) }
        let handle = opened.flatMap { Self.handle(in: $0.text) } ?? ""
        #expect(opened?.text.contains(#""data":"playing""#) == true, "\(opened?.text.prefix(300) ?? "nothing")")
        #expect(socket.send(text: #"{"jsonrpc":"2.0","id":2,"method":"screen.perform","params":{"handle":"\#(handle)","action":"pause"}}"#))
        let paused = socket.receive { $0.opcode != 1 || $0.text.contains(#""id":2"#) }
        #expect(paused?.text.contains(#""error""#) == false, "\(paused?.text.prefix(300) ?? "nothing")")
        #expect(world.mpd.state() == "paused")
        #expect(world.mpd.mpc("play").status == 0)
        let pushed = socket.receive { $0.opcode != 1 || ($0.text.contains("screen.changed") && $0.text.contains(#""data":"playing""#)) }
        #expect(pushed?.opcode == 1, "no push of the play")
    }

    /// The page in Chromium (Tests/WebBrowser/web_player.py): the now-playing
    /// bar on the Playlists tab follows `mpc pause`; on the Player tab the
    /// page's own Pause button and `c` key drive MPD (mpc reads the state),
    /// the elapsed time moves on, and `mpc next` shows live.
    @Test(.tags(.web)) func inChromiumTheBarAndThePlayerFollowMPD() throws {
        let world = try PlayerWorld()
        world.mpd.mpc("add", "a/one.flac", "a/two.flac")
        world.mpd.mpc("play", "1")
        let server = try WebServerProcess(home: world.home.path, environment: world.environment)
        defer { _ = server.stop() }
        let run = try BoundedProcess.run(
            "/usr/bin/env",
            ["python3", FixtureServer.repositoryRoot + "/Tests/WebBrowser/web_player.py", server.url, String(world.mpd.port)],
            environment: ProcessInfo.processInfo.environment, timeout: 180)
        #expect(run.status == 0, "web_player.py: \(run.stderr.suffix(3000))")
        let facts = world.json(run.stdout)
        #expect((facts["barPlaying"] as? String)?.hasPrefix("playing · Tone One — Sine Band · 0:") == true, "\(facts)")
        #expect((facts["barPaused"] as? String)?.hasPrefix("paused · Tone One") == true, "\(facts)")
        #expect(facts["barOnPlayerTab"] as? String == "", "\(facts)")
        #expect(facts["afterButton"] as? String == "playing", "\(facts)")
        #expect(facts["afterKey"] as? String == "paused", "\(facts)")
        #expect(facts["titleAfterNext"] as? String == "Tone Two", "\(facts)")
        #expect(world.mpd.current("%title%") == "Tone Two")
        #expect(facts["consoleErrors"] as? [String] == [], "\(facts)")
    }

    static func handle(in text: String) -> String? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else { return nil }
        return (object["result"] as? [String: Any])?["handle"] as? String
    }
}
