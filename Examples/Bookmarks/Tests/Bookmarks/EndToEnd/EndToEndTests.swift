import Foundation
import Testing

/// End to end: the package's own `facet-bookmarks` shows the bookmarks screen
/// beside Facet's in the CLI (`--json`) and JSON lines; bookmarks persist.
@Suite(.serialized) struct EndToEndTests {
    let home = Scratch()

    func json(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test func theCLIAddsAndListsWithTypedValues() throws {
        let added = try FacetBookmarks.run(["bookmarks", "add", "https://swift.org", "--title", "Swift"], home: home.path)
        #expect(added.status == 0, "\(added.stderr)")
        let listed = try FacetBookmarks.run(["bookmarks", "--json"], home: home.path)
        #expect(listed.status == 0, "\(listed.stderr)")
        let list = (try json(listed.stdout)["content"] as? [String: Any])?["list"] as? [String: Any]
        let values = (list?["items"] as? [[String: Any]])?.first?["values"] as? [String: Any]
        #expect(values?["url"] as? String == "https://swift.org")
        #expect(values?["id"] as? Int == 1)

        let refused = try FacetBookmarks.run(["bookmarks", "add", "not a url"], home: home.path)
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("is not an http(s) URL"))
        // Facet's own screens are there too.
        #expect(try FacetBookmarks.run(["playlists", "--json"], home: home.path).status == 0)
    }

    @Test func jsonLinesListsAndOpensTheScreen() throws {
        let requests = [
            #"{"jsonrpc":"2.0","id":1,"method":"screens.list"}"#,
            #"{"jsonrpc":"2.0","id":2,"method":"screen.open","params":{"screen":"bookmarks"}}"#,
        ]
        let run = try FacetBookmarks.run(["--ui", "jsonl"], home: home.path, input: requests.joined(separator: "\n") + "\n")
        #expect(run.status == 0, "\(run.stderr)")
        let answers = try run.stdout.split(separator: "\n").map { try json(String($0)) }.filter { $0["id"] != nil }
        let screens = answers.first { $0["id"] as? Int == 1 }?["result"] as? [[String: Any]] ?? []
        #expect(screens.contains { $0["id"] as? String == "bookmarks" })
        let opened = answers.first { $0["id"] as? Int == 2 }?["result"] as? [String: Any]
        #expect((opened?["snapshot"] as? [String: Any])?["screen"] as? String == "bookmarks")
    }
}
