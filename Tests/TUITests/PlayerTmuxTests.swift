import Foundation
import Testing
import TestSupport

/// The player screen in the TUI against a real MPD: `mpc pause` in another
/// terminal shows in the open screen with no key pressed (MPD's `idle`),
/// and cmus's keys drive MPD, as mpc then reads it.
@Suite(.serialized) struct PlayerTmuxTests {
    @Test func mpcPauseShowsAtOnceAndCmusKeysDriveMPD() throws {
        let home = TemporaryDirectory("facet-tui-player")
        let mpd = try MPDServer(songs: [
            ("one.flac", "Tone One", "Sine Band", "Waves", 30, 440), ("two.flac", "Tone Two", "Sine Band", "Waves", 30, 550),
        ])
        mpd.mpc("add", "one.flac", "two.flac")
        mpd.mpc("play", "1")
        let tmux = try TmuxSession(command: TmuxEndToEndTests().command(
            home: home.path, extra: "MPD_HOST=127.0.0.1 MPD_PORT=\(mpd.port)", arguments: "--ui tui --no-mouse player"))
        try tmux.waitForFrame(for: "the player, playing") { $0.contains("Tone One") && $0.contains("playing") && $0.contains("Tone Two") }
        #expect(mpd.mpc("pause").status == 0)
        let paused = try tmux.waitForFrame(for: "paused, after mpc pause") { $0.contains("paused") }
        #expect(paused.contains("Tone One"), "\(paused)")
        try tmux.type("c")
        #expect(try eventuallyState(mpd, "playing"))
        try tmux.waitForFrame(for: "playing again") { $0.contains("playing") && !$0.contains("paused") }
        try tmux.type("b")
        try tmux.waitForFrame(for: "the next song") { $0.contains("Title") && $0.components(separatedBy: "\n").contains { $0.contains("Title") && $0.contains("Tone Two") } }
        #expect(mpd.current("%title%") == "Tone Two")
        try tmux.type("v")
        #expect(try eventuallyState(mpd, "stopped"))
        try tmux.type("q")
        try tmux.wait(forText: "EXITED 0")
    }

    /// The now-playing bar on a tab that is not the player's, at 80
    /// columns with every tab in the bar: mpc's play and pause elsewhere
    /// show in it with no key pressed, on the line above the content.
    @Test func theNowPlayingBarFollowsMpcOnAnotherTab() throws {
        let home = TemporaryDirectory("facet-tui-bar")
        let mpd = try MPDServer(songs: [("one.flac", "Tone One", "Sine Band", "Waves", 30, 440)])
        mpd.mpc("add", "one.flac")
        let tmux = try TmuxSession(command: TmuxEndToEndTests().command(
            home: home.path, extra: "MPD_HOST=127.0.0.1 MPD_PORT=\(mpd.port)", arguments: "--ui tui --no-mouse playlists"),
            width: 80, height: 24)
        let stopped = try tmux.waitForPlaylists()
        // Stopped, the bar has nothing to say and takes no room.
        #expect(!stopped.contains("Tone One"), "\(stopped)")
        #expect(mpd.mpc("play").status == 0)
        let playing = try tmux.waitForFrame(for: "the bar, playing") { $0.contains("playing · Tone One — Sine Band") }
        let rows = playing.components(separatedBy: "\n")
        #expect(rows.count > 3 && rows[2].contains("playing · Tone One"), "\(playing)")
        #expect(rows.first?.contains("8") == true, "every tab is in the bar: \(playing)")
        #expect(rows.contains { $0.contains("Sample") }, "the playlists still show: \(playing)")
        #expect(mpd.mpc("pause").status == 0)
        try tmux.waitForFrame(for: "the bar, paused") { $0.contains("paused · Tone One") }
        try tmux.type("q")
        try tmux.wait(forText: "EXITED 0")
    }

    func eventuallyState(_ mpd: MPDServer, _ state: String) throws -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if mpd.state() == state { return true }
            usleep(50_000)
        }
        return false
    }
}
