import Foundation
import Testing
import TestSupport

/// The path-completion walk the TUI tests share: two playlists in `mixes/`
/// whose names agree as far as "road ", completed from "mi" the way a
/// shell completes, then imported. Run locally, and attached to a server
/// whose folders hold them while the TUI's do not.
enum RoadTripCompletion {
    /// `mixes/road trip.m3u` and `mixes/road songs.m3u` in `directory`.
    static func write(into directory: TemporaryDirectory) {
        directory.file("mixes/road trip.m3u", "#EXTM3U\n#EXTINF:200,Kraftwerk - Autobahn\n/music/autobahn.mp3\n")
        directory.file("mixes/road songs.m3u", "#EXTM3U\n#EXTINF:180,Queen - Bicycle Race\n/music/bicycle.mp3\n")
    }

    /// From a list of playlists on screen: the import prompt, Tab from "mi"
    /// to `mixes/`, both matches listed after "r", the one after "t", and
    /// the import. Returns the screen after the first Tab and the one
    /// listing both matches.
    @discardableResult
    static func walk(_ tmux: TmuxSession) throws -> (first: String, choices: String) {
        try tmux.keys("i")
        try tmux.wait(forText: "File or directory")
        try tmux.type("mi")
        try tmux.keys("Tab")
        let first = try tmux.wait(forText: "mixes/")
        try tmux.type("r")
        try tmux.keys("Tab")
        let choices = try tmux.wait(for: "both matches listed") { $0.contains("road songs.m3u") && $0.contains("road trip.m3u") }
        #expect(choices.contains("mixes/road "))
        try tmux.type("t")
        try tmux.keys("Tab")
        try tmux.wait(forText: "mixes/road trip.m3u")
        try tmux.keys("Enter")
        try tmux.wait(forText: "Imported 1 song")
        return (first, choices)
    }
}
