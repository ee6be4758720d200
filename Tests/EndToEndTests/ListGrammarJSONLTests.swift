import Foundation
import Testing
import TestSupport

/// The list grammar reaches machine front ends from the same descriptors:
/// over JSON lines the `sort` action takes `reverse` (and `descending`), a
/// screen opens with `reverse`/`filter`, and the snapshot says the direction.
@Suite struct ListGrammarJSONLTests {
    let home = TemporaryDirectory("facet-home")

    func snapshot(_ response: [String: Any]) -> [String: Any] {
        (response["result"] as? [String: Any])?["snapshot"] as? [String: Any] ?? [:]
    }

    func list(_ snapshot: [String: Any]) -> [String: Any] {
        (snapshot["content"] as? [String: Any])?["list"] as? [String: Any] ?? [:]
    }

    func positions(_ snapshot: [String: Any]) -> [Int] {
        (list(snapshot)["items"] as? [[String: Any]] ?? []).compactMap { ($0["values"] as? [String: Any])?["position"] as? Int }
    }

    @Test func sortTakesReverseAndTheSnapshotSaysTheDirection() throws {
        let session = try JSONLSession(home: home.path)
        let opened = try session.request("screen.open", ["screen": "playlist", "params": ["name": "Sample"]])
        let handle = try #require((opened["result"] as? [String: Any])?["handle"] as? String)
        let first = snapshot(try session.request("screen.wait", ["handle": handle]))
        #expect(positions(first) == [1, 2, 3, 4, 5, 6, 7])
        #expect(list(first)["sortDescending"] as? Bool == false)

        let sort = ((first["actions"] as? [[String: Any]]) ?? []).first { $0["name"] as? String == "sort" }
        let params = (sort?["params"] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        #expect(params.contains("reverse") && params.contains("descending"))

        _ = try session.request(
            "screen.perform", ["handle": handle, "action": "sort", "args": ["by": "position", "reverse": true]])
        let reversed = snapshot(try session.request("screen.wait", ["handle": handle]))
        #expect(positions(reversed) == [7, 6, 5, 4, 3, 2, 1])
        #expect(list(reversed)["sortDescending"] as? Bool == true)

        let filtered = try session.request(
            "screen.open", ["screen": "playlists", "params": ["filter": "SAMP", "reverse": true, "sort": "songs"]])
        let lists = try #require((filtered["result"] as? [String: Any])?["handle"] as? String)
        let shown = snapshot(try session.request("screen.wait", ["handle": lists]))
        #expect(list(shown)["filter"] as? String == "SAMP")
        #expect(list(shown)["sort"] as? String == "songs")
        #expect(list(shown)["sortDescending"] as? Bool == false)
        #expect((list(shown)["items"] as? [[String: Any]])?.count == 1)
    }
}
