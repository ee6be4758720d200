import FacetTesting
import Foundation
import Testing

/// The bookmarks screen through JSON lines: listed beside Facet's screens,
/// opened, added to and removed from by `screen.perform`, its question for
/// a removal read from `screen.confirmation`, bad input a JSON-RPC error
/// with the domain's code while the session goes on.
@Suite struct JSONLinesEndToEndTests {
    let home = TemporaryDirectory("bookmarks-jsonl")

    @Test func opensAddsAndRemovesWithTheScreensOwnQuestion() throws {
        let session = try FacetExecutable.bookmarks.jsonLines(home: home.path)
        #expect(try session.screenIDs().contains("bookmarks"))
        let opened = try session.open("bookmarks")
        #expect(opened.screen == "bookmarks")
        #expect(opened.rows.isEmpty)

        let added = try session.perform(opened.handle, "add", ["url": "https://swift.org", "title": "Swift"])
        #expect(added.column("url") as? [String] == ["https://swift.org"])
        #expect(added.detail("count") as? Int == 1)
        #expect(added.statusMessage?.contains("Swift") == true)

        let asked = try session.result(
            "screen.confirmation", ["handle": opened.handle, "action": "remove", "args": ["item": "1"]]) as? [String: Any]
        #expect((asked?["question"] as? String)?.contains("Swift") == true, "\(String(describing: asked))")
        let removed = try session.perform(opened.handle, "remove", ["item": "1"])
        #expect(removed.rows.isEmpty)
        #expect(try session.finish() == 0)
    }

    @Test func badInputIsAnErrorWithItsCodeAndTheSessionGoesOn() throws {
        let session = try FacetExecutable.bookmarks.jsonLines(home: home.path)
        let handle = try session.open("bookmarks").handle
        do {
            _ = try session.perform(handle, "add", ["url": "not a url"])
            Issue.record("a bad URL was accepted")
        } catch let failure as JSONLSession.RPCFailure {
            #expect(failure.dataCode == "bookmarks.invalid_url", "\(failure)")
            #expect(failure.message.contains("is not an http(s) URL"), "\(failure)")
        }
        do {
            _ = try session.perform(handle, "remove", ["item": "7"])
            Issue.record("removing a missing bookmark succeeded")
        } catch let failure as JSONLSession.RPCFailure {
            #expect(failure.code != 0, "\(failure)")
        }
        // Still answering, and nothing was stored.
        #expect(try session.snapshot(handle).rows.isEmpty)
        #expect(try session.finish() == 0)
    }
}
