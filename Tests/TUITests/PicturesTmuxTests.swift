import Foundation
import Testing
import TestSupport

/// The selected song's cover in the TUI, through the built binary under
/// tmux: drawn as Unicode symbols beside the list (libchafa, from pixels
/// stb_image decoded), none with `--no-pictures`, a reason for a song
/// without one, and drawn again at the new size after a resize.
@Suite(.serialized) struct PicturesTmuxTests {
    /// A home with playlist "Road": song 1 beside an album folder whose
    /// `Cover.PNG` is black on its left half and white on its right; song 2
    /// with no cover anywhere.
    static func home() throws -> TemporaryDirectory {
        let home = TemporaryDirectory("facet-tui-pictures")
        let album = home.path + "/Album"
        try FileManager.default.createDirectory(atPath: album, withIntermediateDirectories: true)
        let made = try BoundedProcess.run(
            "/usr/bin/convert",
            ["-size", "64x32", "xc:white", "-fill", "black", "-draw", "rectangle 0,0 31,31", album + "/Cover.PNG"], timeout: 120)
        #expect(made.status == 0, "\(made.stderr)")
        let list = home.path + "/road.json"
        let songs: [[String: Any]] = [
            ["title": "Beside", "artist_name": "A", "location": album + "/01 Beside.flac"],
            ["title": "Bare", "artist_name": "B"],
        ]
        try JSONSerialization.data(withJSONObject: ["result": songs]).write(to: URL(fileURLWithPath: list))
        let imported = try FacetProcess.run(["playlists", "import", list, "--name", "Road"], home: home.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        return home
    }

    /// A run of full blocks only symbol art draws (the scroll bar is one column).
    static func hasArt(_ screen: String) -> Bool { screen.contains("████████") }

    @Test func theSelectedSongsCoverIsDrawnInSymbolsAndRedrawnOnResize() throws {
        let home = try Self.home()
        let tmux = try TmuxSession(
            command: TmuxEndToEndTests().command(home: home.path, arguments: "--ui tui playlist Road"), width: 120, height: 36)
        let shown = try tmux.waitForFrame(for: "the cover beside the list") { $0.contains("Beside") && Self.hasArt($0) }
        // One half is inked and the other is not: the picture's shape, not a filled box.
        let artLines = shown.components(separatedBy: "\n").filter { $0.contains("████████") }
        #expect(artLines.count >= 5, "\(shown)")
        try tmux.keys("Down")
        let bare = try tmux.waitForFrame(for: "the reason song 2 has none") { $0.contains("[no picture]") }
        #expect(!Self.hasArt(bare), "\(bare)")
        try tmux.keys("Up")
        _ = try tmux.waitForFrame(for: "the cover again") { Self.hasArt($0) }
        _ = try tmux.run(["resize-window", "-t", tmux.name, "-x", "114", "-y", "24"])
        let resized = try tmux.waitForFrame(for: "the cover at the new size") { screen in
            Self.hasArt(screen) && screen.components(separatedBy: "\n").count <= 25
        }
        #expect(resized.contains("Beside"))
    }

    @Test func noPicturesWhenTurnedOff() throws {
        let home = try Self.home()
        let tmux = try TmuxSession(
            command: TmuxEndToEndTests().command(home: home.path, arguments: "--ui tui --no-pictures playlist Road"),
            width: 120, height: 36)
        let shown = try tmux.waitForFrame(for: "the list") { $0.contains("Beside") && $0.contains("Bare") }
        #expect(!Self.hasArt(shown) && !shown.contains("[picture"), "\(shown)")
    }

    /// The stored `pictures` setting: off, the TUI draws no picture and no
    /// placeholder; turned on by another process while it runs, the cover
    /// appears; turned off again, it goes.
    @Test func theStoredSettingTurnsPicturesOffAndOnWhileTheTUIRuns() throws {
        let home = try Self.home()
        for words in [["login", "sign-in", "--first-name", "Ada", "--last-name", "Lovelace"], ["settings", "set", "pictures", "off"]] {
            let result = try FacetProcess.run(words, home: home.path)
            try #require(result.status == 0, "facet \(words.joined(separator: " ")): \(result.stderr)")
        }
        let tmux = try TmuxSession(
            command: TmuxEndToEndTests().command(home: home.path, arguments: "--ui tui playlist Road"), width: 120, height: 36)
        let off = try tmux.waitForFrame(for: "the list") { $0.contains("Beside") && $0.contains("Bare") }
        #expect(!Self.hasArt(off) && !off.contains("[picture"), "\(off)")
        #expect(try FacetProcess.run(["settings", "set", "pictures", "on"], home: home.path).status == 0)
        _ = try tmux.waitForFrame(for: "the cover, once pictures are on") { Self.hasArt($0) }
        #expect(try FacetProcess.run(["settings", "set", "pictures", "off"], home: home.path).status == 0)
        let gone = try tmux.waitForFrame(for: "no cover, once pictures are off") { $0.contains("Beside") && !Self.hasArt($0) }
        #expect(!gone.contains("[picture"), "\(gone)")
    }
}
