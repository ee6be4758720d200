import Foundation
import Testing
import TestSupport

/// The FacetTesting product, as a package outside the tree uses it, on
/// Facet's own `facet`: an executable given by name or path through the
/// CLI, JSON lines (typed screen calls, errors with their codes) and MCP
/// (the handshake, tools, calls), and a child past its deadline killed.
@Suite struct FacetTestingLibraryTests {
    let home = TemporaryDirectory("facet-testing-home")
    let facet = FacetExecutable.built("facet", overriddenBy: "FACET_BINARY")

    @Test func anExecutableIsFoundByNameBesideTheTestsOrGivenByPath() throws {
        #expect(facet.path == FacetProcess.binary)
        let byPath = try FacetExecutable(path: facet.path).run(["playlists", "--json"], home: home.path)
        #expect(byPath.status == 0, "\(byPath.stderr)")
        #expect(byPath.stdout.contains("\"screen\""))
    }

    @Test func jsonLinesOpensPerformsAndThrowsErrorsWithTheirCodes() throws {
        let session = try facet.jsonLines(home: home.path)
        #expect(try session.screenIDs().contains("playlists"))
        let opened = try session.open("playlists")
        #expect(opened.screen == "playlists")
        #expect(opened.column("name") as? [String] == ["Sample"])
        let deleted = try session.perform(opened.handle, "delete", ["item": "Sample"])
        #expect(deleted.rows.isEmpty)
        #expect(try session.snapshot(opened.handle).rows.isEmpty)
        do {
            _ = try session.snapshot("no-such-handle")
            Issue.record("an unknown handle was read")
        } catch let failure as JSONLSession.RPCFailure {
            #expect(failure.code == -32001 && failure.dataCode == "unknown_handle", "\(failure)")
        }
        #expect(try session.finish() == 0)
    }

    @Test func mcpListsToolsAndCallsThem() throws {
        let mcp = try facet.mcp(home: home.path, options: ["--tools", "playlists"])
        let names = try mcp.toolNames()
        #expect(names.contains("open_playlists") && !names.contains("open_folders"), "\(names)")
        let opened = try mcp.call("open_playlists")
        #expect(!opened.isError && opened.state?.screen == "playlists", "\(opened.text)")
        let refused = try mcp.call("playlists_delete", ["item": "Nothing such"])
        #expect(refused.isError, "\(refused.text)")
        do {
            _ = try mcp.call("no_such_tool")
            Issue.record("an unknown tool was called")
        } catch let failure as JSONLSession.RPCFailure {
            #expect(failure.code == -32602 && failure.dataCode == "unknown_tool", "\(failure)")
        }
        #expect(try mcp.finish() == 0)
    }

    @Test func aChildPastItsDeadlineIsKilledAndReported() throws {
        let started = Date()
        #expect(throws: ChildDeadline.TimedOut.self) {
            _ = try FacetExecutable(path: "/usr/bin/tail").run(["-f", "/dev/null"], home: home.path, timeout: 1)
        }
        #expect(Date().timeIntervalSince(started) < 30)
    }
}
