import Foundation
import Testing
import TestSupport

/// One playlist scenario through every front end must end in the same
/// snapshot: the front ends render one view model; they do not interpret it.
@Suite(.tags(.playlists, .cli, .jsonl)) struct PlaylistConformanceTests {
    let files = TemporaryDirectory("facet-files")

    func json(_ text: String) -> NSDictionary {
        (try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary) ?? [:]
    }

    @Test func filteredSortedPlaylistIsIdenticalInCLIAndJSONLines() throws {
        let home = TemporaryDirectory("facet-home")
        let cli = try FacetProcess.run(["playlist", "Sample", "--sort", "title", "filter", "o", "--json"], home: home.path)
        #expect(cli.status == 0)

        let session = try JSONLSession(home: home.path)
        let opened = try session.request("screen.open", ["screen": "playlist", "params": ["name": "Sample", "sort": "title"]])
        let handle = (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
        let performed = try session.request("screen.perform", ["handle": handle, "action": "filter", "args": ["text": "o"]])
        let viaJSONL = (performed["result"] as? [String: Any])?["snapshot"]
        #expect(try session.finish() == 0)

        let expected = json(cli.stdout)
        #expect(expected.count > 0)
        // Equal as data (both faces print the one snapshot type, with sorted keys).
        #expect(NSDictionary(dictionary: viaJSONL as? [String: Any] ?? [:]) == expected)
    }

    /// The snapshot with every list row's `imported` value and text removed.
    static func withoutImportTimes(_ snapshot: [String: Any]) -> NSDictionary {
        var copy = snapshot
        var content = copy["content"] as? [String: Any] ?? [:]
        var list = content["list"] as? [String: Any] ?? [:]
        list["items"] = (list["items"] as? [[String: Any]] ?? []).map { item in
            var item = item
            for key in ["values", "cells"] {
                var fields = item[key] as? [String: Any] ?? [:]
                fields["imported"] = nil
                item[key] = fields
            }
            return item
        }
        content["list"] = list
        copy["content"] = content
        return NSDictionary(dictionary: copy)
    }

    @Test func importIsIdenticalInCLIAndJSONLines() throws {
        let path = files.file("Trip.m3u", "#EXTINF:1,Zed - Alpha\na.mp3\n#EXTINF:1,Amy - Beta\nb.mp3\n")
        let cliHome = TemporaryDirectory("facet-home")
        let cli = try FacetProcess.run(["playlists", "import", path, "--json"], home: cliHome.path)
        #expect(cli.status == 0)

        let jsonlHome = TemporaryDirectory("facet-home")
        let session = try JSONLSession(home: jsonlHome.path)
        let opened = try session.request("screen.open", ["screen": "playlists"])
        let handle = (opened["result"] as? [String: Any])?["handle"] as? String ?? ""
        _ = try session.request("screen.perform", ["handle": handle, "action": "import", "args": ["path": path]])
        let waited = try session.request("screen.wait", ["handle": handle])
        #expect(try session.finish() == 0)
        let viaJSONL = (waited["result"] as? [String: Any])?["snapshot"] as? [String: Any] ?? [:]
        // The two homes imported at different moments: only the times may differ.
        #expect(Self.withoutImportTimes(viaJSONL) == Self.withoutImportTimes(json(cli.stdout) as? [String: Any] ?? [:]))
        #expect(cli.stdout.contains(#"Imported 2 songs into \"Trip\"."#))
    }
}
