@testable import MCPFrontEnd
import JSONCore
import ScreenKit
import Testing

/// MCP's hints follow each action's declared effect and network reach and
/// nothing else: only view actions are read-only (opening a URL included),
/// only what loses something is destructive, and a tool whose effect asks
/// first takes `yes`.
@Suite struct ActionSafetyTests {
    func action(_ name: String, _ effect: ActionEffect, network: Bool = false, params: [ParamDescriptor] = []) -> ActionDescriptor {
        ActionDescriptor(name: name, label: name, summary: "", effect: effect, reachesNetwork: network, params: params)
    }

    func tool(_ action: ActionDescriptor) -> MCPTool {
        ToolCatalog.actionTool(ScreenDescriptor(id: "s", title: "S", summary: "", actions: [action]), action)
    }

    @Test func hintsFollowTheEffect() {
        let cases: [(ActionEffect, readOnly: Bool, destructive: Bool, idempotent: Bool)] = [
            (.view, true, false, true), (.adds, false, false, false), (.changes, false, false, false),
            (.replaces, false, true, true), (.removes, false, true, true), (.destroys, false, true, true),
        ]
        for (effect, readOnly, destructive, idempotent) in cases {
            let tool = tool(action("a", effect))
            #expect(tool.readOnly == readOnly, "\(effect)")
            #expect(tool.destructive == destructive, "\(effect)")
            #expect(tool.idempotent == idempotent, "\(effect)")
            #expect(!tool.openWorld, "\(effect)")
            #expect(tool.listing()["annotations"]?["idempotentHint"] == .bool(idempotent), "\(effect)")
            #expect(self.tool(action("a", effect, network: true)).listing()["annotations"]?["openWorldHint"] == .bool(true))
        }
    }

    @Test func openingABrowserIsAView() {
        let openURL = action(StandardAction.openURL, .view)
        #expect(ActionSafety.isReadOnly(openURL))
        #expect(!ActionSafety.isDestructive(openURL))
    }

    @Test func aToolThatAsksFirstTakesYes() {
        for effect in ActionEffect.allCases {
            let properties = tool(action("a", effect)).inputSchema["properties"]
            #expect((properties?["yes"] != nil) == effect.asksFirst, "\(effect)")
        }
        // An action's own yes is kept as it declares it, not added twice.
        let own = ParamDescriptor(name: StandardParam.yes, label: "Really", kind: .bool, required: false)
        let declared = tool(action("a", .destroys, params: [own])).inputSchema["properties"]?["yes"]
        #expect(declared?["description"] == .string("Really"))
    }

    @Test func openSnapshotAndCloseAreReadOnlyAndIdempotent() {
        let tools = ToolCatalog.tools(for: [ScreenDescriptor(id: "s", title: "S", summary: "", actions: [])], readOnly: false)
        #expect(tools.map(\.name) == ["open_s", ToolCatalog.snapshotTool, ToolCatalog.closeTool])
        for tool in tools {
            #expect(tool.readOnly && tool.idempotent && !tool.destructive, "\(tool.name)")
        }
    }
}
