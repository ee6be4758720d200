import Foundation
import GRDB
import Testing
import TestSupport

/// `export`, `add` and recursive folder imports through the built binary
/// and JSON lines, checked against the real SQLite file they leave.
@Suite struct PlaylistFilesCLITests {
    let home = TemporaryDirectory("facet-home")
    let files = TemporaryDirectory("facet-files")

    func facet(_ args: String...) throws -> FacetProcess.Result {
        try FacetProcess.run(args, home: home.path)
    }

    /// Every song of the playlist as the database holds it, in position order.
    func stored(_ name: String) throws -> [[String?]] {
        var configuration = Configuration()
        configuration.readonly = true
        let queue = try DatabaseQueue(path: home.path + "/facet.sqlite", configuration: configuration)
        return try queue.read { db in
            try Row.fetchAll(db, sql: """
                SELECT s.position, s.title, s.artist, s.cover, s.duration, s.location FROM song s
                JOIN playlist p ON p.id = s.playlist_id WHERE p.name = ? ORDER BY s.position
                """, arguments: [name]).map { row in
                (0..<6).map { (index: Int) -> String? in
                    let value: DatabaseValue = row[index]
                    switch value.storage {
                    case .null: return nil
                    case .int64(let number): return String(number)
                    case .string(let text): return text
                    default: return value.description
                    }
                }
            }
        }
    }

    /// Seed JSON with every field, titles made to trip an M3U writer up.
    static func awkwardJSON(_ count: Int) -> String {
        let odd = [
            #"Caf\u00e9, na\u00efve \u6771\u4eac"#, #"Intro - Live"#, #"He said \"hi\", then 'bye'"#, #"Line one\nLine two"#,
            #"01 - Intro"#, #" padded "#, #"#EXTINF:1,x"#, #"tab\there"#,
        ]
        let records = (1...count).map { n in
            let title = odd[n % odd.count] + " \(n)"
            let artist = n % 3 == 0 ? "" : (n % 5 == 0 ? "AC - DC" : "Sigur R\\u00f3s \(n % 17)")
            let duration = n % 4 == 0 ? "null" : "\(n % 600)"
            let location = n % 7 == 0 ? "null" : #""/music/\#(n % 11)/song, \#(n).flac""#
            let cover = n % 2 == 0 ? "" : "https://covers.example/\(n).jpg"
            return #"{"title":"\#(title)","artist_name":"\#(artist)","cover":"\#(cover)","duration":\#(duration),"location":\#(location)}"#
        }
        return #"{"result":["# + records.joined(separator: ",\n") + "]}"
    }

    @Test func exportThenImportGivesTheSameSongsInOrder() throws {
        let source = files.file("awkward.json", Self.awkwardJSON(80))
        #expect(try facet("playlists", "import", source, "--name", "Original").status == 0)
        for file in ["copy.m3u8", "copy.m3u", "copy.json"] {
            let exported = try facet("playlist", "Original", "export", files.path + "/" + file)
            #expect(exported.status == 0, "\(exported.stderr)")
            #expect(exported.stderr.contains("Exported 80 songs of \"Original\" to /"))
            #expect(exported.stderr.contains("/\(file) ("))
            #expect(try facet("playlists", "import", files.path + "/" + file, "--name", file).status == 0)
            #expect(try stored(file) == stored("Original"), "\(file)")
        }
        #expect(try stored("Original").count == 80)
    }

    /// The issue's figure: 10,000 songs out to M3U8 and JSON and back in,
    /// through the binary and the database file.
    @Test func tenThousandSongsRoundTrip() throws {
        let source = files.file("big.json", Self.awkwardJSON(10_000))
        #expect(try facet("playlists", "import", source, "--name", "Big").status == 0)
        let original = try stored("Big")
        #expect(original.count == 10_000)
        for file in ["big-copy.m3u8", "big-copy.json"] {
            #expect(try facet("playlist", "Big", "export", files.path + "/" + file).stderr.contains("Exported 10,000 songs"))
            #expect(try facet("playlists", "import", files.path + "/" + file, "--name", file).status == 0)
            #expect(try stored(file) == original, "\(file)")
        }
    }

    @Test func anExistingFileNeedsYesAndAnUnknownExtensionIsRefused() throws {
        let target = files.file("mine.m3u8", "keep me\n")
        let refused = try facet("playlist", "Sample", "export", target)
        // Not asked (stdin is no terminal): the question's own status, naming the file.
        #expect(refused.status == 3)
        #expect(refused.stderr.contains("mine.m3u8 (8 bytes) with playlist \"Sample\"?") && refused.stderr.contains("--yes"), "\(refused.stderr)")
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me\n")
        #expect(try facet("playlist", "Sample", "export", target, "--yes").status == 0)
        #expect(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("#EXTM3U\n"))

        let wrong = try facet("playlist", "Sample", "export", files.path + "/songs.txt", "--json")
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("must end in .m3u or .m3u8"))
        #expect(!FileManager.default.fileExists(atPath: files.path + "/songs.txt"))
        #expect(try facet("help", "playlist").stdout.contains("export FILE [--yes]"))
    }

    @Test func addAppendsAFileOrAFolderAndAFailureAddsNothing() throws {
        files.file("album/01 - Intro.mp3", "")
        files.file("album/sub/deep.ogg", "")
        files.file("album/Queen - Bohemian Rhapsody.flac", "")
        #expect(try facet("playlists", "import", files.path + "/album", "--name", "Mix").status == 0)
        #expect(try stored("Mix").map { $0[1] } == ["Intro", "Bohemian Rhapsody", "deep"])

        let list = files.file("more.m3u", "#EXTINF:10,Eagles - Hotel California\nhc.mp3\n")
        let added = try facet("playlist", "Mix", "add", list)
        #expect(added.status == 0)
        #expect(added.stderr.contains("Added 1 song to \"Mix\"."))
        files.file("more/x/Nirvana - Lithium.mp3", "")
        #expect(try facet("playlist", "Mix", "add", files.path + "/more").status == 0)
        let songs = try stored("Mix")
        #expect(songs.map { $0[1] } == ["Intro", "Bohemian Rhapsody", "deep", "Hotel California", "Lithium"])
        #expect(songs.map { $0[0] } == ["1", "2", "3", "4", "5"])

        let broken = files.file("broken.json", #"{"result":[{"title":"ok","artist_name":"a"},{"title":2}]}"#)
        let failed = try facet("playlist", "Mix", "add", broken)
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("record 2"))
        #expect(try stored("Mix") == songs)
        #expect(try facet("playlist", "Mix", "--json").stdout.contains(#""songs","#) )
    }

    @Test func exportAndAddThroughJSONLines() throws {
        let session = try JSONLSession(home: home.path)
        let opened = try session.request("screen.open", ["screen": "playlist", "params": ["name": "Sample"]])
        let handle = (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
        _ = try session.request("screen.wait", ["handle": handle])
        let out = files.path + "/sample.json"
        let exported = try session.request("screen.perform", ["handle": handle, "action": "export", "args": ["file": out]])
        #expect(exported["error"] == nil, "\(exported)")
        let again = try session.request("screen.perform", ["handle": handle, "action": "export", "args": ["file": out]])
        #expect(((again["error"] as? [String: Any])?["data"] as? [String: Any]).map { "\($0)" }?.contains("file.exists") == true
            || "\(again)".contains("file.exists"), "\(again)")
        files.file("extra/sub/deep.ogg", "")
        _ = try session.request("screen.perform", ["handle": handle, "action": "add", "args": ["path": files.path + "/extra"]])
        let waited = try session.request("screen.wait", ["handle": handle])
        #expect(try session.finish() == 0)
        let snapshot = (waited["result"] as? [String: Any])?["snapshot"] as? [String: Any] ?? [:]
        let status = snapshot["status"] as? [String: Any]
        #expect(status?["message"] as? String == "Added 1 song to \"Sample\".", "\(String(describing: status))")
        let list = (snapshot["content"] as? [String: Any])?["list"] as? [String: Any]
        #expect(list?["total"] as? Int == 8)
        let records = (try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: out))) as? [String: Any])?["result"] as? [Any]
        #expect(records?.count == 7)
        let actions = (snapshot["actions"] as? [[String: Any]])?.filter { ["add", "export"].contains($0["name"] as? String) }
        #expect(actions?.count == 2)
        #expect(actions?.first { $0["name"] as? String == "export" }?["destructive"] as? Bool == true)
    }
}
