import Foundation
import Testing
import TestSupport

/// An `open_<screen>` that fails leaves nothing behind, seen by the official
/// Python MCP client (Tests/MCPClient/mcp_sessions.py): no handle, no
/// resource, and no default target for the next action of that kind.
@Suite(.serialized, .tags(.mcp, .playlists))
struct MCPFailedOpenEndToEndTests {
    let work = TemporaryDirectory("facet-mcp-failed-open")

    func structured(_ result: [String: Any]) -> [String: Any] { result["structuredContent"] as? [String: Any] ?? [:] }
    func code(_ result: [String: Any]) -> String? { (structured(result)["error"] as? [String: Any])?["code"] as? String }

    @Test func aFailedOpenCreatesNoHandleAndIsNotTheNextCallsTarget() throws {
        let home = TemporaryDirectory("facet-home")
        let spec = [[
            "calls": [
                ["open_playlist", ["name": "Nope"]],
                ["screen_snapshot", ["handle": "h1"]],
                ["playlist_reload", [:] as [String: Any]],
                ["open_playlist", ["name": "Sample"]],
                ["playlist_reload", [:] as [String: Any]],
            ],
        ]]
        let text = String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self)
        let facts = try MCPClientScript.run(text, home: home.path, work: work.path, script: MCPClientScript.sessionsPath)
        let calls = (facts["sessions"] as? [[String: Any]])?.first?["calls"] as? [[String: Any]] ?? []
        try #require(calls.count == 5, "\(facts)")

        let failed = calls[0]
        #expect(failed["isError"] as? Bool == true, "\(failed)")
        #expect(structured(failed)["handle"] == nil, "a failed open names no handle: \(failed)")
        #expect("\(failed)".contains("Nope"), "\(failed)")

        #expect(code(calls[1]) == "unknown_handle", "the failed open's handle does not exist: \(calls[1])")
        #expect(code(calls[2]) == "no_open_screen", "no playlist is the default target: \(calls[2])")

        let opened = structured(calls[3])["handle"] as? String
        #expect(calls[3]["isError"] as? Bool == false, "\(calls[3])")
        #expect(opened != nil)
        #expect(structured(calls[4])["handle"] as? String == opened, "the next call acts on the open that worked")
        #expect(calls[4]["isError"] as? Bool == false, "\(calls[4])")
    }
}
