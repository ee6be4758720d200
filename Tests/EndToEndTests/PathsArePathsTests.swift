import Foundation
import Testing
import TestSupport

/// A path is a path in every output: a song's `location` read from a file
/// is the absolute path the table shows, not a `file://` URL, in
/// `--fields`, `--json` and the column's declared type.
@Suite(.serialized, .tags(.playlists))
struct PathsArePathsTests {
    @Test func aSongsLocationIsItsAbsolutePathInEveryOutput() throws {
        let home = TemporaryDirectory("facet-home")
        let audio = home.path + "/music/01 - Intro.wav"
        let list = home.path + "/intro.m3u"
        try "#EXTM3U\n#EXTINF:5,Band - Intro\n\(audio)\n".write(toFile: list, atomically: true, encoding: .utf8)
        #expect(try FacetProcess.run(["playlists", "import", list], home: home.path).status == 0)

        let fields = try FacetProcess.run(["playlist", "intro", "--fields", "location"], home: home.path)
        #expect(fields.status == 0, "\(fields.stderr)")
        let row = try JSONSerialization.jsonObject(with: Data(fields.stdout.utf8)) as? [String: Any]
        #expect(row?["location"] as? String == audio, "\(fields.stdout)")

        let json = try FacetProcess.run(["playlist", "intro", "--json"], home: home.path)
        let snapshot = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let content = (snapshot?["content"] as? [String: Any])?["list"] as? [String: Any]
        let values = (content?["items"] as? [[String: Any]])?.first?["values"] as? [String: Any]
        #expect(values?["location"] as? String == audio, "\(json.stdout)")
        let column = (content?["columns"] as? [[String: Any]])?.first { $0["id"] as? String == "location" }
        #expect(column?["type"] as? String == "path")

        #expect(!fields.stdout.contains("file://") && !fields.stdout.contains("%20"))
    }
}
