import JSONCore
import JSONRPC
import MCPFrontEnd
import ScreenKit
import Testing

/// Tool groups (`--tools`) come from the registry: a screen the MCP front
/// end has never heard of makes a group, and its child screens join it.
@MainActor
@Suite struct ToolGroupsTests {
    static let child = ScreenDescriptor(
        id: "note", title: "Note", summary: "One note.", actions: [FakeScreen.add], topLevel: false)
    static let screens = [FakeScreen.notes(), child, FakeScreen.notes(id: "journal")]

    @Test func everyTopLevelScreenStartsAGroupAndAChildJoinsTheOneBeforeIt() {
        let groups = ToolGroups(Self.screens)
        #expect(groups.names == ["notes", "journal"])
        #expect(groups.groups.first?.screens == ["notes", "note"])
        #expect(groups.group(of: "note") == "notes")
        #expect(groups.group(of: "journal") == "journal")
    }

    @Test func aToolsValueNamesGroupsOrAll() throws {
        let groups = ToolGroups(Self.screens)
        #expect(try groups.select("journal") == ["journal"])
        #expect(try groups.select("journal, notes") == ["notes", "journal"])
        #expect(try groups.select("all") == ["notes", "journal"])
        #expect(throws: ToolGroups.UnknownGroup(name: "note", known: ["notes", "journal"])) { try groups.select("notes,note") }
        #expect(throws: ToolGroups.UnknownGroup(name: "", known: ["notes", "journal"])) { try groups.select("") }
        #expect(throws: ToolGroups.UnknownGroup(name: "", known: ["notes", "journal"])) { try groups.select("notes,") }
        #expect(ToolGroups.UnknownGroup(name: "x", known: groups.names).message
            == "unknown tool group 'x' (tool groups: notes, journal, all)")
    }

    @Test func aGroupOffersItsScreensToolsAndTheScreenTools() {
        let names = ToolCatalog.tools(for: Self.screens, readOnly: false, groups: ["notes"]).map(\.name)
        #expect(names.contains("open_notes") && names.contains("notes_clear") && names.contains("note_add"))
        #expect(!names.contains { $0.hasPrefix("journal") || $0 == "open_journal" })
        #expect(names.contains(ToolCatalog.snapshotTool) && names.contains(ToolCatalog.closeTool))
        let all = ToolCatalog.tools(for: Self.screens, readOnly: false)
        #expect(ToolCatalog.tools(for: Self.screens, readOnly: false, groups: ["notes", "journal"]) == all)
        let readOnly = ToolCatalog.tools(for: Self.screens, readOnly: true, groups: ["journal"]).map(\.name)
        #expect(Set(readOnly) == ["open_journal", "journal_filter", "screen_snapshot", "screen_close"])
    }

    @Test func readOnlyOffersNoFormThatNobodyCanSubmit() {
        let setField = ActionDescriptor(
            name: StandardAction.setField, label: "Set", summary: "Type into a field.", effect: .view,
            params: [ParamDescriptor(name: StandardParam.field, label: "Field"), ParamDescriptor(name: StandardParam.value, label: "Value")])
        let form = ScreenDescriptor(id: "form", title: "Form", summary: "A form.", actions: [setField, FakeScreen.add])
        let picker = ScreenDescriptor(id: "picker", title: "Picker", summary: "Only fields.", actions: [setField])
        let names = { (readOnly: Bool) in Set(ToolCatalog.tools(for: [form, picker], readOnly: readOnly).map(\.name)) }
        #expect(names(false).isSuperset(of: ["form_set-field", "form_add", "picker_set-field"]))
        #expect(names(true) == ["open_form", "open_picker", "picker_set-field", "screen_snapshot", "screen_close"])
    }

    @Test func aFormFieldHiddenInReadOnlyModeIsRefusedSayingWhy() async throws {
        let setField = ActionDescriptor(
            name: StandardAction.setField, label: "Set", summary: "Type into a field.", effect: .view,
            params: [ParamDescriptor(name: StandardParam.field, label: "Field"), ParamDescriptor(name: StandardParam.value, label: "Value")])
        let form = ScreenDescriptor(id: "form", title: "Form", summary: "A form.", actions: [setField, FakeScreen.add])
        let sink = MemorySink()
        let server = MCPServer(
            catalog: FakeCatalog([form]), home: ScreenRequest(screen: "form"), version: "9.9", sink: sink, readOnly: true)
        await server.receive(batch: [.line(Array(
            #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"form_set-field","arguments":{"field":"a","value":"b"}}}"#.utf8))])
        guard case .string(let message)? = sink.messages.last?["error"]?["message"] else { Issue.record("no refusal"); return }
        #expect(message.contains("--read-only") && message.contains("submit this form") && !message.contains("tool group"), "\(message)")
    }

    /// One tool spells the snapshot out; the others only say a state comes back.
    @Test func theSnapshotSchemaIsListedOnce() async throws {
        let sink = MemorySink()
        let server = MCPServer(
            catalog: FakeCatalog(Self.screens), home: ScreenRequest(screen: "notes"), version: "9.9", sink: sink,
            readOnly: false)
        await server.receive(batch: [.line(Array(#"{"jsonrpc":"2.0","id":1,"method":"tools/list"}"#.utf8))])
        guard case .array(let tools)? = sink.messages.last?["result"]?["tools"] else { Issue.record("no tools"); return }
        #expect(tools.count == server.tools.count && tools.count > 10)
        let spelled = tools.filter { $0["outputSchema"]?["$defs"] != nil }.map { $0["name"] }
        #expect(spelled == [.string(ToolCatalog.snapshotTool)])
        let brief = tools.filter { $0["outputSchema"] != nil && $0["outputSchema"]?["$defs"] == nil }
        #expect(brief.count == tools.count - 2)  // not screen_snapshot, and screen_close returns no state
        #expect(brief.allSatisfy { $0["outputSchema"]?["required"] == .array([.string("handle"), .string("version"), .string("snapshot")]) })
    }

    @Test func aToolOfAGroupNotOfferedIsRefusedNamingItsGroup() async throws {
        let sink = MemorySink()
        let server = MCPServer(
            catalog: FakeCatalog(Self.screens), home: ScreenRequest(screen: "notes"), version: "9.9", sink: sink,
            readOnly: false, toolGroups: ["journal"])
        await server.receive(batch: [.line(Array(
            #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"note_add","arguments":{"text":"x"}}}"#.utf8))])
        let error = sink.messages.last?["error"]
        #expect(error?["code"] == .int(-32602))
        guard case .string(let message)? = error?["message"] else { Issue.record("no message"); return }
        #expect(message.contains("tool group 'notes'") && message.contains("--tools journal"), "\(message)")
        #expect(error?["data"]?["code"] == .string("tool_not_offered"))
    }

    @Test func aToolThatChangesDataIsRefusedInReadOnlyModeSayingSo() async throws {
        let sink = MemorySink()
        let server = MCPServer(
            catalog: FakeCatalog(Self.screens), home: ScreenRequest(screen: "notes"), version: "9.9", sink: sink,
            readOnly: true)
        await server.receive(batch: [
            .line(Array(#"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"notes_clear"}}"#.utf8)),
            .line(Array(#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"notes_nothing"}}"#.utf8)),
        ])
        let refusals = sink.messages.compactMap { $0["error"] }
        #expect(refusals.count == 2)
        guard case .string(let hidden)? = refusals.first?["message"], case .string(let unknown)? = refusals.last?["message"] else {
            Issue.record("no messages")
            return
        }
        #expect(hidden.contains("changes data") && hidden.contains("--read-only"), "\(hidden)")
        #expect(unknown.contains("Unknown tool 'notes_nothing'") && !unknown.contains("read-only"), "\(unknown)")
    }
}
