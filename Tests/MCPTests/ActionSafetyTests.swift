@testable import MCPFrontEnd
import ScreenKit
import Testing

/// MCP's hints follow each action's declared effect: only additive tools
/// say `destructiveHint: false`, since a client may skip its question for
/// them, and only view actions are read-only.
@Suite struct ActionSafetyTests {
    func action(_ name: String, _ effect: ActionEffect) -> ActionDescriptor {
        ActionDescriptor(name: name, label: name, summary: "", effect: effect)
    }

    @Test func hintsFollowTheEffect() {
        let cases: [(ActionEffect, readOnly: Bool, destructive: Bool)] = [
            (.view, true, false), (.adds, false, false), (.changes, false, true), (.destroys, false, true),
        ]
        for (effect, readOnly, destructive) in cases {
            let tool = ToolCatalog.actionTool(
                ScreenDescriptor(id: "s", title: "S", summary: "", actions: [action("a", effect)]), action("a", effect))
            #expect(tool.readOnly == readOnly, "\(effect)")
            #expect(tool.destructive == destructive, "\(effect)")
        }
    }

    @Test func openingABrowserIsNeverReadOnly() {
        let openURL = action(StandardAction.openURL, .view)
        #expect(!ActionSafety.isReadOnly(openURL))
        #expect(ActionSafety.isDestructive(openURL))
    }
}
