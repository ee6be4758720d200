import FacetTesting
import Foundation
import Testing

/// The bookmarks screen through the CLI of the package's own
/// `facet-bookmarks`, beside Facet's screens: add, list with typed values,
/// remove only with `--yes` when nobody can be asked, bad input refused
/// with its message and nothing stored.
@Suite struct CLIEndToEndTests {
    let home = TemporaryDirectory("bookmarks-cli")
    let facet = FacetExecutable.bookmarks

    func rows() throws -> [[String: Any]] {
        let listed = try facet.run(["bookmarks", "--json"], home: home.path)
        #expect(listed.status == 0, "\(listed.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [String: Any])
        let list = (json["content"] as? [String: Any])?["list"] as? [String: Any]
        return list?["items"] as? [[String: Any]] ?? []
    }

    @Test func addsAndListsWithTypedValues() throws {
        let added = try facet.run(["bookmarks", "add", "https://swift.org", "--title", "Swift"], home: home.path)
        #expect(added.status == 0, "\(added.stderr)")
        let values = try rows().first?["values"] as? [String: Any]
        #expect(values?["url"] as? String == "https://swift.org")
        #expect(values?["title"] as? String == "Swift")
        #expect(values?["id"] as? Int == 1)
        // Facet's own screens are there too.
        #expect(try facet.run(["playlists", "--json"], home: home.path).status == 0)
    }

    @Test func removingAsksFirstSoWithoutATerminalItNeedsYes() throws {
        #expect(try facet.run(["bookmarks", "add", "https://sqlite.org"], home: home.path).status == 0)
        let refused = try facet.run(["bookmarks", "remove", "1"], home: home.path)
        #expect(refused.status == 3, "\(refused.stderr)")
        #expect(refused.stderr.contains("--yes"), "\(refused.stderr)")
        #expect(try rows().count == 1)
        let removed = try facet.run(["bookmarks", "remove", "1", "--yes"], home: home.path)
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(try rows().isEmpty)
    }

    @Test func badInputIsRefusedWithItsMessageAndStoresNothing() throws {
        let notAURL = try facet.run(["bookmarks", "add", "not a url"], home: home.path)
        #expect(notAURL.status == 1)
        #expect(notAURL.stderr.contains("is not an http(s) URL"), "\(notAURL.stderr)")
        let unknownAction = try facet.run(["bookmarks", "star", "1"], home: home.path)
        #expect(unknownAction.status == 2, "\(unknownAction.stderr)")
        let missing = try facet.run(["bookmarks", "remove", "7", "--yes"], home: home.path)
        #expect(missing.status != 0)
        #expect(try rows().isEmpty)
    }
}
