import Foundation
import Testing
import TestSupport
@testable import TUIFrontEnd

/// Tab completion of paths against a real directory, as a shell does it.
@Suite struct PathCompletionTests {
    @Test func completesLikeAShell() throws {
        let tree = TemporaryDirectory("facet-complete")
        tree.file("mixes/road trip.m3u", "a")
        tree.file("mixes/road songs.m3u", "b")
        tree.file("mixes/.hidden.m3u", "c")
        tree.file("music.txt", "d")
        let root = tree.path
        func complete(_ typed: String) -> PathCompletion.Result {
            PathCompletion.complete(typed, workingDirectory: root, home: root + "/mixes")
        }
        // One match: whole, a directory with its slash.
        #expect(complete("mix") == .init(text: "mixes/", candidates: []))
        // Several: as far as they agree, the matches listed.
        #expect(complete("mu").text == "music.txt")
        #expect(complete("m") == .init(text: "m", candidates: ["mixes/", "music.txt"]))
        #expect(complete("mixes/r") == .init(text: "mixes/road ", candidates: ["road songs.m3u", "road trip.m3u"]))
        #expect(complete("mixes/road t").text == "mixes/road trip.m3u")
        // Hidden names only when asked for; absolute paths and ~/ too.
        #expect(complete("mixes/.h").text == "mixes/.hidden.m3u")
        #expect(complete(root + "/mixes/road s").text == root + "/mixes/road songs.m3u")
        #expect(complete("~/road t").text == "~/road trip.m3u")
        // Nothing matches, or no such folder: the text stays as typed.
        #expect(complete("zzz") == .init(text: "zzz", candidates: []))
        #expect(complete("nowhere/x") == .init(text: "nowhere/x", candidates: []))
    }
}
