import JSONCore
import MCPFrontEnd
import ScreenKit
import Testing

/// Tools are generated from the registry: a screen nobody wrote MCP code for
/// appears as tools, with schemas and hints taken from its descriptors.
@MainActor
@Suite struct ToolCatalogTests {
    func tool(_ tools: [MCPTool], _ name: String) -> MCPTool? { tools.first { $0.name == name } }

    @Test func aScreenAddedToTheRegistryAppearsAsTools() {
        let catalog = FakeCatalog([FakeScreen.notes()])
        let before = ToolCatalog.tools(for: catalog.screens, readOnly: false).map(\.name)
        #expect(!before.contains { $0.hasPrefix("journal") })

        catalog.screens.append(FakeScreen.notes(id: "journal"))
        let after = ToolCatalog.tools(for: catalog.screens, readOnly: false).map(\.name)
        for name in ["open_journal", "journal_add", "journal_clear", "journal_filter", "journal_fail", "journal_go", "journal_spoil"] {
            #expect(after.contains(name), "missing \(name)")
        }
        #expect(after.count == before.count + 7)
        #expect(after.allSatisfy { $0.count <= 64 && $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" } })
    }

    @Test func schemasAndHintsComeFromTheDescriptors() throws {
        let tools = ToolCatalog.tools(for: [FakeScreen.notes(params: [ParamDescriptor(name: "first", label: "First note", required: false)])], readOnly: false)
        let add = try #require(tool(tools, "notes_add"))
        #expect(add.inputSchema["properties"]?["text"]?["type"] == .string("string"))
        #expect(add.inputSchema["properties"]?["times"]?["type"] == .string("integer"))
        #expect(add.inputSchema["properties"]?["times"]?["minimum"] == .int(1))
        #expect(add.inputSchema["properties"]?["handle"]?["type"] == .string("string"))
        #expect(add.inputSchema["required"] == .array([.string("text")]))
        #expect(add.inputSchema["additionalProperties"] == .bool(false))
        #expect(!add.readOnly && !add.destructive)

        let clear = try #require(tool(tools, "notes_clear"))
        #expect(clear.destructive && !clear.readOnly)
        let filter = try #require(tool(tools, "notes_filter"))
        #expect(filter.readOnly && !filter.destructive)
        let open = try #require(tool(tools, "open_notes"))
        #expect(open.readOnly)
        #expect(open.inputSchema["properties"]?["first"]?["type"] == .string("string"))
        #expect(open.target == .open(screen: "notes"))
    }

    @Test func readOnlyOffersNothingThatChangesData() {
        let names = ToolCatalog.tools(for: [FakeScreen.notes()], readOnly: true).map(\.name)
        #expect(Set(names) == ["open_notes", "notes_filter", "screen_snapshot", "screen_close"])
    }

    @Test func anActionParameterNamedHandleKeepsItsName() throws {
        let odd = ActionDescriptor(name: "tag", label: "Tag", summary: "Tag.", effect: .changes, params: [ParamDescriptor(name: "handle", label: "Handle")])
        let screen = ScreenDescriptor(id: "odd", title: "Odd", summary: "Odd.", actions: [odd])
        let tag = try #require(tool(ToolCatalog.tools(for: [screen], readOnly: false), "odd_tag"))
        #expect(tag.handleArgument == "_handle")
        #expect(tag.inputSchema["properties"]?["handle"]?["description"] == .string("Handle"))
    }
}
