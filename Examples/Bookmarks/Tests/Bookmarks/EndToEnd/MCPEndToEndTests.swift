import FacetTesting
import Foundation
import Testing

/// The bookmarks screen through MCP, as an agent's client drives it: its
/// tools are listed with the hints its actions' effects earn, a call adds
/// and removes, and a bad URL is a tool error the session survives.
@Suite struct MCPEndToEndTests {
    let home = TemporaryDirectory("bookmarks-mcp")

    @Test func toolsAreListedWithTheirHints() throws {
        let mcp = try FacetExecutable.bookmarks.mcp(home: home.path)
        let tools = try mcp.tools()
        let names = Set(tools.compactMap { $0["name"] as? String })
        #expect(names.isSuperset(of: ["open_bookmarks", "bookmarks_add", "bookmarks_remove"]), "\(names.sorted())")
        let remove = tools.first { $0["name"] as? String == "bookmarks_remove" }
        #expect((remove?["annotations"] as? [String: Any])?["destructiveHint"] as? Bool == true)
        #expect(try mcp.finish() == 0)
    }

    @Test func addsRemovesAndRefusesABadURL() throws {
        let mcp = try FacetExecutable.bookmarks.mcp(home: home.path)
        let opened = try mcp.call("open_bookmarks")
        #expect(!opened.isError, "\(opened.text)")
        let added = try mcp.call("bookmarks_add", ["url": "https://swift.org", "title": "Swift"])
        #expect(!added.isError, "\(added.text)")
        #expect(added.state?.column("url") as? [String] == ["https://swift.org"])

        let refused = try mcp.call("bookmarks_add", ["url": "not a url"])
        #expect(refused.isError)
        #expect(refused.text.contains("is not an http(s) URL"), "\(refused.text)")
        #expect((refused.structured?["error"] as? [String: Any])?["code"] as? String == "bookmarks.invalid_url")

        // Removing for good asks first, as in every face: without `yes`
        // nothing is removed and the answer is the question.
        let asked = try mcp.call("bookmarks_remove", ["item": "1"])
        #expect(asked.isError, "\(asked.text)")
        #expect(asked.text.contains("This cannot be undone. Call again with yes: true to go ahead."), "\(asked.text)")
        let removed = try mcp.call("bookmarks_remove", ["item": "1", "yes": true])
        #expect(!removed.isError, "\(removed.text)")
        #expect(removed.state?.rows.isEmpty == true)
        // What MCP did is what the CLI sees: one database.
        let listed = try FacetExecutable.bookmarks.run(["bookmarks", "--json"], home: home.path)
        #expect(listed.status == 0 && !listed.stdout.contains("swift.org"), "\(listed.stdout)")
        #expect(try mcp.finish() == 0)
    }
}
