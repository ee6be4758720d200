import Foundation
import ScreenKit
import Testing
import TestSupport

/// Completion of paths against a real directory, as a shell does it: the
/// logic the terminal's Tab and the web page's suggestions share.
@Suite struct PathCompletionTests {
    let tree = TemporaryDirectory("facet-complete")

    init() {
        tree.file("mixes/road trip.m3u", "a")
        tree.file("mixes/road songs.m3u", "b")
        tree.file("mixes/.hidden.m3u", "c")
        tree.file("music.txt", "d")
    }

    func complete(_ typed: String) -> PathCompletion.Result {
        PathCompletion.complete(typed, workingDirectory: tree.path, home: tree.path + "/mixes")
    }

    func list(_ typed: String, limit: Int = PathCompletion.defaultLimit) -> PathCompletion.Listing {
        PathCompletion.list(typed, workingDirectory: tree.path, home: tree.path + "/mixes", limit: limit)
    }

    @Test func completesLikeAShell() {
        let root = tree.path
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
        // `~` is written out: the screens take the field's text literally.
        #expect(complete("~/road t").text == root + "/mixes/road trip.m3u")
        #expect(complete("~") == .init(text: root + "/mixes/road ", candidates: ["road songs.m3u", "road trip.m3u"]))
        #expect(complete("~/zzz").text == root + "/mixes/zzz")
        #expect(PathCompletion.complete("~/x", workingDirectory: root, home: nil).text == "~/x")
        #expect(PathCompletion.expandingHome("~", home: "/") == "/")
        #expect(PathCompletion.expandingHome("~other/x", home: root) == "~other/x")
        // Nothing matches, or no such folder: the text stays as typed.
        #expect(complete("zzz") == .init(text: "zzz", candidates: []))
        #expect(complete("nowhere/x") == .init(text: "nowhere/x", candidates: []))
        // A complete name is left alone.
        #expect(complete("music.txt") == .init(text: "music.txt", candidates: []))
    }

    @Test func aListingNamesTheMatchesWithTheirFolder() {
        #expect(list("mixes/") == .init(folder: "mixes/", names: ["road songs.m3u", "road trip.m3u"], total: 2, completion: "mixes/road "))
        #expect(list("mixes/.") == .init(folder: "mixes/", names: [".hidden.m3u"], total: 1, completion: "mixes/.hidden.m3u"))
        // A single match is still listed, a directory marked.
        #expect(list("mi") == .init(folder: "", names: ["mixes/"], total: 1, completion: "mixes/"))
        #expect(list("~/") == .init(
            folder: tree.path + "/mixes/", names: ["road songs.m3u", "road trip.m3u"], total: 2, completion: tree.path + "/mixes/road "))
        #expect(list(tree.path + "/") == .init(
            folder: tree.path + "/", names: ["mixes/", "music.txt"], total: 2, completion: tree.path + "/m"))
        #expect(list("nowhere/").names.isEmpty)
        #expect(list("mixes/road\u{0}").total == 0, "no path holds a NUL")
    }

    @Test func aBigFolderIsCutAtTheLimitButCompletedOverAll() {
        for index in 0..<30 { tree.file(String(format: "many/take-%02d.m3u", index), "") }
        tree.file("many/take-xyz/inner.m3u", "")
        let listing = list("many/take-", limit: 5)
        #expect(listing.names == ["take-00.m3u", "take-01.m3u", "take-02.m3u", "take-03.m3u", "take-04.m3u"])
        #expect(listing.total == 31)
        #expect(listing.completion == "many/take-")
        let tail = list("many/take-x", limit: 5)
        #expect(tail.names == ["take-xyz/"])
        #expect(tail.completion == "many/take-xyz/")
        #expect(PathCompletion.complete("many/take-2", workingDirectory: tree.path, limit: 3)
            == .init(text: "many/take-2", candidates: ["take-20.m3u", "take-21.m3u", "take-22.m3u"], total: 10))
    }

    @Test func namesThatAreMarkupAreJustNames() {
        let markup = "<img src=x onerror=alert(1)>.m3u"
        tree.file("odd/" + markup, "")
        tree.file("odd/plain.m3u", "")
        #expect(list("odd/<").names == [markup])
        #expect(list("odd/<").completion == "odd/" + markup)
        #expect(list("odd/").names == [markup, "plain.m3u"])
    }
}
