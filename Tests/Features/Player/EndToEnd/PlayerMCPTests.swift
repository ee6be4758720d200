import Foundation
import Testing
import TestSupport

/// The player as MCP tools, driven by the official Python MCP client: an
/// agent plays, pauses and sets the volume, and mpc reads what it did.
@Suite(.serialized) struct PlayerMCPTests {
    @Test func anAgentPlaysPausesAndSetsTheVolume() throws {
        let world = try PlayerWorld()
        world.mpd.mpc("add", "a/one.flac", "a/two.flac")
        let work = TemporaryDirectory("facet-mcp-player")
        let spec = [["args": [], "calls": [
            ["open_player", [:]], ["player_play", ["item": "2"]], ["player_volume", ["level": 30]], ["player_pause", [:]],
        ]]]
        let text = String(decoding: try JSONSerialization.data(withJSONObject: spec), as: UTF8.self)
        let facts = try MCPClientScript.run(
            text, home: world.home.path, work: work.path, environment: world.mpd.environment, script: MCPClientScript.sessionsPath)
        let calls = ((facts["sessions"] as? [[String: Any]])?.first?["calls"] as? [[String: Any]]) ?? []
        #expect(calls.count == 4)
        for call in calls {
            #expect(call["isError"] as? Bool == false, "\(call)")
        }
        let tools = ((facts["sessions"] as? [[String: Any]])?.first?["tools"] as? [String: [String: Any]]) ?? [:]
        let clear = tools["player_clear"]?["annotations"] as? [String: Any] ?? [:]
        #expect(clear["destructiveHint"] as? Bool == false && clear["openWorldHint"] as? Bool == true, "\(clear)")
        #expect(world.mpd.state() == "paused")
        #expect(world.mpd.current("%title%") == "Tone Two")
        #expect(world.mpd.mpc("volume").stdout.contains("30%"))
    }
}
