import Foundation
import Testing
import TestSupport

/// A JSON-lines client reads exact numbers, never human text: a folder's
/// bytes (du -sb's figure), a song's duration in seconds, a playlist's song
/// count, each typed by the column the screen declares.
@Suite struct TypedValuesJSONLTests {
    let home = TemporaryDirectory("facet-home")
    let files = TemporaryDirectory("facet-files")

    func snapshot(_ response: [String: Any]) -> [String: Any] {
        (response["result"] as? [String: Any])?["snapshot"] as? [String: Any] ?? [:]
    }

    func list(_ snapshot: [String: Any]) -> [String: Any] {
        (snapshot["content"] as? [String: Any])?["list"] as? [String: Any] ?? [:]
    }

    func rows(_ snapshot: [String: Any]) -> [[String: Any]] {
        (list(snapshot)["items"] as? [[String: Any]] ?? []).map { $0["values"] as? [String: Any] ?? [:] }
    }

    func columnType(_ snapshot: [String: Any], _ id: String) -> String? {
        (list(snapshot)["columns"] as? [[String: Any]])?.first { $0["id"] as? String == id }?["type"] as? String
    }

    @Test func foldersBytesSongDurationsAndSongCountsAreNumbers() throws {
        files.file("tree/one/a", bytes: [UInt8](repeating: 1, count: 12_345))
        files.file("tree/two/b", "b")
        let m3u = files.file("trip.m3u", "#EXTM3U\n#EXTINF:215,Queen - One\na.mp3\n#EXTINF:-1,Two\nb.mp3\n")
        let session = try JSONLSession(home: home.path)

        let folders = try session.request("screen.open", ["screen": "folders", "params": ["path": files.path + "/tree"]])
        let handle = (folders["result"] as? [String: Any])?["handle"] as? String ?? ""
        let scanned = snapshot(try session.request("screen.wait", ["handle": handle]))
        #expect(columnType(scanned, "bytes") == "bytes")
        let one = rows(scanned).first { $0["name"] as? String == "one" }
        #expect(one?["bytes"] as? Int == Int(try DiskUsage.apparentBytes(files.path + "/tree/one")))
        #expect(one?["files"] as? Int == 1)

        let playlists = try session.request("screen.open", ["screen": "playlists"])
        let lists = (playlists["result"] as? [String: Any])?["handle"] as? String ?? ""
        _ = try session.request("screen.perform", ["handle": lists, "action": "import", "args": ["path": m3u]])
        let imported = snapshot(try session.request("screen.wait", ["handle": lists]))
        #expect(columnType(imported, "songs") == "integer")
        #expect(rows(imported).first { $0["name"] as? String == "trip" }?["songs"] as? Int == 2)
        #expect(rows(imported).first { $0["name"] as? String == "Sample" }?["songs"] as? Int == 7)

        let songs = snapshot(try session.request("screen.open", ["screen": "playlist", "params": ["name": "trip"]]))
        #expect(columnType(songs, "duration") == "seconds")
        #expect(rows(songs).map { $0["duration"] as? Int } == [215, nil])
        #expect(rows(songs).first?["duration"] is Int)
        #expect(rows(songs).last?["duration"] is NSNull)
        #expect(rows(songs).map { $0["position"] as? Int } == [1, 2])
        #expect(try session.finish() == 0)
    }
}
