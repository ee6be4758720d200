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

    func eventuallyState(_ mpd: MPDServer, _ state: String) throws -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if mpd.state() == state { return true }
            usleep(50_000)
        }
        return false
    }
}
