import Foundation
import Testing
import TestSupport

/// Under `facet serve` the data is shared and the view is not: a filter,
/// sort or page one client sets leaves every other client's screen as it
/// was, while a playlist one client imports or a song it removes shows in
/// the others' screens without their asking.
@Suite(.tags(.serve, .playlists))
struct PerClientViewTests {
    func result(_ response: [String: Any]) -> [String: Any] { response["result"] as? [String: Any] ?? [:] }
    func list(_ body: [String: Any]) -> [String: Any] {
        ((body["snapshot"] as? [String: Any])?["content"] as? [String: Any])?["list"] as? [String: Any] ?? [:]
    }
    func titles(_ body: [String: Any]) -> [String] {
        (list(body)["items"] as? [[String: Any]] ?? []).compactMap { $0["title"] as? String }
    }

    /// An M3U playlist of `count` songs, "Song 1" … by "Artist N".
    static func playlistFile(_ directory: TemporaryDirectory, name: String, count: Int) -> String {
        var text = "#EXTM3U\n"
        for index in 1...count {
            text += "#EXTINF:\(100 + index),Artist \(index) - Song \(index)\n/music/song\(index).mp3\n"
        }
        return directory.file(name, text)
    }

    @Test func filterSortAndPageStayWithTheClientThatSetThem() throws {
        let home = TemporaryDirectory("facet-perclient-home")
        let files = TemporaryDirectory("facet-perclient-files")
        let imported = try FacetProcess.run(
            ["playlists", "import", Self.playlistFile(files, name: "long.m3u", count: 120), "--name", "Long"], home: home.path)
        #expect(imported.status == 0, "\(imported.stderr)")
        let server = try ServerProcess(home: home)
        let two = try TwoClients(of: server, opening: ["screen": "playlist", "params": ["name": "Long"]])
        defer { two.close() }
        let (a, b) = (two.a, two.b)
        let (openedA, openedB) = (two.openedA, two.openedB)
        let handleA = try #require(openedA["handle"] as? String)
        let handleB = try #require(openedB["handle"] as? String)
        let before = result(try b.request("screen.snapshot", ["handle": handleB]))
        #expect(list(before)["total"] as? Int == 120)

        for (action, args) in [
            ("filter", ["text": "song"]), ("sort", ["by": "title", "reverse": true]), ("scroll-to", ["offset": 60]),
        ] as [(String, [String: Any])] {
            let done = try a.request("screen.perform", ["handle": handleA, "action": action, "args": args])
            #expect(done["error"] == nil, "\(action): \(done)")
        }
        let mine = result(try a.request("screen.wait", ["handle": handleA]))
        #expect(list(mine)["filter"] as? String == "song")
        #expect(list(mine)["sortDescending"] as? Bool == true)
        // The window holding row 60 (it may start at its page's first row).
        #expect((50...60).contains(list(mine)["offset"] as? Int ?? 0))

        // B's screen has not moved: same version, same rows, no change heard.
        let after = result(try b.request("screen.snapshot", ["handle": handleB]))
        #expect(after["version"] as? Int == before["version"] as? Int)
        #expect(titles(after) == titles(before))
        #expect(list(after)["filter"] as? String ?? "" == "")
        #expect(list(after)["offset"] as? Int == 0)
        #expect(!b.notifications.contains { ($0["params"] as? [String: Any])?["handle"] as? String == handleB })
    }

    @Test func anImportByOneClientShowsInTheOthersListWithItsOwnOrder() throws {
        let server = try ServerProcess()
        let files = TemporaryDirectory("facet-perclient-files")
        let path = Self.playlistFile(files, name: "mix.m3u", count: 3)
        let two = try TwoClients(of: server, opening: ["screen": "playlists"])
        defer { two.close() }
        let (a, b) = (two.a, two.b)
        let (handleA, handleB) = try two.handles()
        // Each sets its own view: A a filter that hides the sample, B the reverse order.
        _ = try a.request("screen.perform", ["handle": handleA, "action": "filter", "args": ["text": "zz"]])
        _ = try b.request("screen.perform", ["handle": handleB, "action": "sort", "args": ["by": "name", "reverse": true]])
        #expect(titles(result(try b.request("screen.wait", ["handle": handleB]))) == ["Sample"])

        let started = try a.request("screen.perform", ["handle": handleA, "action": "import", "args": ["path": path, "name": "Aardvark zz"]])
        #expect(started["error"] == nil, "\(started)")
        // B hears of it without asking, in its own order, with no filter of A's.
        let heard = try b.notification(timeout: 20) { message in
            let params = message["params"] as? [String: Any] ?? [:]
            return params["handle"] as? String == handleB && titles(params).contains("Aardvark zz")
        }
        let params = heard["params"] as? [String: Any] ?? [:]
        #expect(titles(params) == ["Sample", "Aardvark zz"])
        #expect(list(params)["filter"] as? String ?? "" == "")
        // A sees its import through its own filter.
        let mine = result(try a.request("screen.wait", ["handle": handleA]))
        #expect(titles(mine) == ["Aardvark zz"])
    }

    @Test func aSongRemovedByOneClientLeavesTheOthersScreen() throws {
        let server = try ServerProcess()
        let two = try TwoClients(of: server, opening: ["screen": "playlist", "params": ["name": "Sample"]])
        defer { two.close() }
        let (a, b) = (two.a, two.b)
        let (openedA, openedB) = (two.openedA, two.openedB)
        let handleA = try #require(openedA["handle"] as? String)
        let handleB = try #require(openedB["handle"] as? String)
        #expect(titles(openedB).count == 7)
        let first = try #require((list(openedA)["items"] as? [[String: Any]])?.first?["id"] as? String)
        let removed = try a.request("screen.perform", ["handle": handleA, "action": "remove-song", "args": ["item": first]])
        #expect(removed["error"] == nil, "\(removed)")
        let heard = try b.notification(timeout: 20) { message in
            let params = message["params"] as? [String: Any] ?? [:]
            return params["handle"] as? String == handleB && titles(params).count == 6
        }
        #expect(!titles(heard["params"] as? [String: Any] ?? [:]).contains(titles(openedB)[0]))
    }

    /// A playlist renamed in one client's playlist screen: the other's
    /// screen of that playlist follows it under its new name (not "no such
    /// playlist"), and the other's list shows the new name.
    @Test func aPlaylistRenamedByOneClientIsFollowedByTheOthersScreens() throws {
        let server = try ServerProcess()
        let two = try TwoClients(of: server, opening: ["screen": "playlist", "params": ["name": "Sample"]])
        defer { two.close() }
        let (a, b) = (two.a, two.b)
        let (handleA, songB) = try two.handles()
        let listB = try #require(try b.open(["screen": "playlists"])["handle"] as? String)
        let renamed = try a.request("screen.perform", ["handle": handleA, "action": "rename", "args": ["name": "Road"]])
        #expect(renamed["error"] == nil, "\(renamed)")
        _ = try b.wait(listB, for: "the new name in B's list") { titles($0) == ["Road"] }
        let followed = try b.wait(songB, for: "B's playlist screen under the new name") { state in
            (state["snapshot"] as? [String: Any])?["title"] as? String == "Road"
        }
        let status = (followed["snapshot"] as? [String: Any])?["status"] as? [String: Any]
        #expect(status?["kind"] as? String != "error", "\(status ?? [:])")
        #expect(titles(followed).count == 7)
    }

    /// Folders share one model per path in the core (seed 002): a rename by
    /// one client shows in the other's folder list, in that list's own order.
    @Test(.tags(.folders)) func aFolderRenamedByOneClientShowsInTheOthersListInItsOwnOrder() throws {
        let server = try ServerProcess()
        let tree = TemporaryDirectory("facet-perclient-tree")
        tree.file("a/big.bin", String(repeating: "x", count: 40_000))
        tree.file("b/small.bin", "x")
        tree.file("c/mid.bin", String(repeating: "x", count: 9_000))
        let two = try TwoClients(of: server, opening: ["screen": "folders", "params": ["path": tree.path]])
        defer { two.close() }
        let (a, b) = (two.a, two.b)
        let (handleA, handleB) = try two.handles()
        _ = try a.request("screen.perform", ["handle": handleA, "action": "sort", "args": ["by": "size"]])
        _ = try b.request("screen.perform", ["handle": handleB, "action": "sort", "args": ["by": "name"]])
        let sizedA = try a.wait(handleA, for: "A sorted by size") { titles($0) == ["a", "c", "b"] }
        let namedB = try b.wait(handleB, for: "B sorted by name") { titles($0) == ["a", "b", "c"] }
        // "size" is the column's label; the list is sorted by its id.
        #expect(list(sizedA)["sort"] as? String == "bytes")
        #expect(list(namedB)["sort"] as? String == "name")

        let rename = try #require(
            try a.open(["screen": "folder-rename", "params": ["path": tree.path + "/a"]])["handle"] as? String)
        let renamed = try a.request("screen.perform", ["handle": rename, "action": "rename", "args": ["name": "d"]])
        #expect(renamed["error"] == nil, "\(renamed)")
        _ = try b.wait(handleB, for: "the rename in B's list, by name") { titles($0) == ["b", "c", "d"] }
        _ = try a.wait(handleA, for: "the rename in A's list, by size") { titles($0) == ["d", "c", "b"] }
    }
}

extension SocketClient {
    /// The screen's state once `predicate` holds, waiting for its changes
    /// (`screen.wait` since the version last seen) until `timeout`.
    func wait(_ handle: String, for what: String, timeout: TimeInterval = 30, _ predicate: ([String: Any]) -> Bool) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        var state = try request("screen.snapshot", ["handle": handle])["result"] as? [String: Any] ?? [:]
        while !predicate(state) {
            let left = deadline.timeIntervalSinceNow
            guard left > 0 else { throw Failure.timeout(what) }
            let version = state["version"] as? Int ?? 0
            let answer = try request(
                "screen.wait", ["handle": handle, "sinceVersion": version, "timeoutMs": Int(left * 1000)], timeout: left + 5)
            state = answer["result"] as? [String: Any] ?? state
        }
        return state
    }
}
