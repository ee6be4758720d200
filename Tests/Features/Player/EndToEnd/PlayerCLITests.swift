import Foundation
import Testing
import TestSupport

/// The player screen from the shell against a real MPD, with mpc as the
/// independent peer both ways and sox measuring what MPD decoded.
@Suite(.serialized) struct PlayerCLITests {
    @Test func facetPlaysWhatMpcQueuedAndMpcSeesItAndTheOutputIsNotSilence() throws {
        let world = try PlayerWorld()
        #expect(world.mpd.mpc("add", "a/one.flac", "a/two.flac").status == 0)
        let shown = try world.facet("player", "--json")
        #expect(shown.status == 0, "\(shown.stderr)")
        let snapshot = world.json(shown.stdout)
        #expect(world.detail(snapshot, "state") as? String == "stopped")
        #expect(world.detail(snapshot, "queue") as? Int == 2)
        let titles = (((snapshot["content"] as? [String: Any])?["list"] as? [String: Any])?["items"] as? [[String: Any]] ?? [])
            .map { $0["title"] as? String ?? "" }
        #expect(titles == ["Tone One", "Tone Two"])

        let played = try world.facet("player", "play", "2", "--json")
        #expect(played.status == 0, "\(played.stderr)")
        #expect(world.detail(world.json(played.stdout), "title") as? String == "Tone Two")
        #expect(world.mpd.state() == "playing")
        #expect(world.mpd.current("%title% / %artist% / %album%") == "Tone Two / Sine Band / Waves")
        // Real audio, not silence: a 550 Hz sine at full scale has an RMS near 0.5.
        #expect(world.eventually { world.mpd.playedRMS() > 0.1 }, "RMS \(world.mpd.playedRMS())")

        #expect(try world.facet("player", "pause").status == 0)
        #expect(world.mpd.state() == "paused")
        #expect(try world.facet("player", "volume", "40").status == 0)
        #expect(world.mpd.mpc("volume").stdout.contains("40%"))
        #expect(try world.facet("player", "previous").status == 0)
        #expect(world.mpd.current("%title%") == "Tone One")
        #expect(try world.facet("player", "stop").status == 0)
        #expect(world.mpd.state() == "stopped")
    }

    @Test func facetSeesWhatMpcSet() throws {
        let world = try PlayerWorld()
        world.mpd.mpc("add", "a/one.flac")
        world.mpd.mpc("add", "b/drei é.flac")
        world.mpd.mpc("play", "2")
        world.mpd.mpc("pause")
        world.mpd.mpc("repeat", "on")
        world.mpd.mpc("volume", "25")
        let snapshot = world.json(try world.facet("player", "--json").stdout)
        #expect(world.detail(snapshot, "state") as? String == "paused")
        #expect(world.detail(snapshot, "title") as? String == "Drei")
        #expect(world.detail(snapshot, "artist") as? String == "Sägezahn")
        #expect(world.detail(snapshot, "file") as? String == "b/drei é.flac")
        #expect(world.detail(snapshot, "repeat") as? Bool == true)
        #expect(world.detail(snapshot, "random") as? Bool == false)
        #expect(world.detail(snapshot, "volume") as? Int == 25)
        #expect((world.detail(snapshot, "duration") as? Double).map { abs($0 - 30) < 1 } == true)
        let seek = try world.facet("player", "seek", "12", "--json")
        #expect(seek.status == 0, "\(seek.stderr)")
        #expect(world.mpd.mpc("status").stdout.contains("0:12/0:30"), "\(world.mpd.mpc("status").stdout)")
        let cleared = try world.facet("player", "clear")
        #expect(cleared.status == 0, "\(cleared.stderr)")
        #expect(world.mpd.mpc("playlist").stdout.isEmpty)
    }

    @Test func theSettingsSayWhereMPDIsAndWinOverTheEnvironment() throws {
        let world = try PlayerWorld()
        world.mpd.mpc("add", "a/one.flac")
        let none: [String: String] = ["MPD_PORT": "1"]
        #expect(try world.facet("login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace", environment: none).status == 0)
        #expect(try world.facet("player", environment: none).status == 1)
        let host = try world.facet("settings", "set", "mpd-host", "s3cret@127.0.0.1", environment: none)
        #expect(host.status == 0, "\(host.stderr)")
        #expect(try world.facet("settings", "set", "mpd-port", String(world.mpd.port), environment: none).status == 0)
        let shown = try world.facet("settings", "get", "mpd-host", environment: none)
        #expect(shown.stdout == "•••@127.0.0.1\n", "the password is never shown: \(shown.stdout)")
        // MPD here has no password: it refuses the one given, by name.
        let refused = try world.facet("player", environment: none)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("refused the password"), "\(refused.stderr)")
        #expect(try world.facet("settings", "set", "mpd-host", "127.0.0.1", environment: none).status == 0)
        let played = try world.facet("player", "play", "1", environment: none)
        #expect(played.status == 0, "\(played.stderr)")
        #expect(world.mpd.state() == "playing")
        let bad = try world.facet("settings", "set", "mpd-port", "99999", environment: none)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("port number"), "\(bad.stderr)")
    }

    @Test func noMPDIsAClearErrorAndExitOneWhileOtherScreensWork() throws {
        let home = TemporaryDirectory("facet-home")
        // A port nothing listens on: bound, then closed.
        let env = ["MPD_HOST": "127.0.0.1", "MPD_PORT": "1"]
        let result = try FacetProcess.run(["player"], home: home.path, environment: env, timeout: 60)
        #expect(result.status == 1)
        #expect(result.stderr.contains("No MPD at 127.0.0.1:1: start mpd or set mpd-host"), "\(result.stderr)")
        let defaults = try FacetProcess.run(["player"], home: home.path, environment: ["MPD_PORT": "1"], timeout: 60)
        #expect(defaults.stderr.contains("No MPD at localhost:1: start mpd or set mpd-host"), "\(defaults.stderr)")
        let play = try FacetProcess.run(["playlist", "Sample", "play"], home: home.path, environment: env, timeout: 60)
        #expect(play.status == 1)
        #expect(play.stderr.contains("No MPD at 127.0.0.1:1"), "\(play.stderr)")
        #expect(try FacetProcess.run(["playlist", "Sample"], home: home.path, environment: env).status == 0)
        let badPort = try FacetProcess.run(["player"], home: home.path, environment: ["MPD_PORT": "http"], timeout: 60)
        #expect(badPort.status == 1)
        #expect(badPort.stderr.contains("not a port number"), "\(badPort.stderr)")
    }
}
