import JSONCore
import JSONRPC
import MCPFrontEnd
import ScreenKit
import Testing

/// Collects whole messages as the server hands them over.
@MainActor
final class MemorySink: MessageSink {
    var messages: [JSONValue] = []
    func send(_ message: [UInt8]) { messages.append((try? JSONParser.parse(message)) ?? .string("unparsable")) }
    func flush() {}
}

/// The server over a fake catalog: the protocol's behaviour without Facet's features.
@MainActor
@Suite struct MCPServerTests {
    let catalog = FakeCatalog([
        FakeScreen.notes(),
        ScreenDescriptor(id: "other", title: "Other", summary: "Another screen.", actions: [FakeScreen.add]),
        FakeScreen.notes(id: "diary", params: [ParamDescriptor(name: "first", label: "First note")]),
    ])
    let sink = MemorySink()

    func server(readOnly: Bool = false) -> MCPServer {
        MCPServer(catalog: catalog, home: ScreenRequest(screen: "notes"), version: "9.9", sink: sink, readOnly: readOnly)
    }

    /// Sends lines; returns every message written in answer.
    func send(_ server: MCPServer, _ lines: String...) async -> [JSONValue] {
        let start = sink.messages.count
        await server.receive(batch: lines.map { .line(Array($0.utf8)) })
        return Array(sink.messages[start...])
    }

    func call(_ server: MCPServer, _ id: Int, _ name: String, _ arguments: String = "{}") async -> JSONValue {
        let replies = await send(server, #"{"jsonrpc":"2.0","id":\#(id),"method":"tools/call","params":{"name":"\#(name)","arguments":\#(arguments)}}"#)
        return replies.last { $0["id"] == .int(id) }?["result"] ?? .null
    }

    @Test func negotiatesTheProtocolVersion() async {
        let server = server()
        let known = await send(server, #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#)
        #expect(known.first?["result"]?["protocolVersion"] == .string("2025-06-18"))
        #expect(known.first?["result"]?["capabilities"]?["resources"]?["subscribe"] == .bool(true))
        #expect(known.first?["result"]?["serverInfo"]?["version"] == .string("9.9"))
        let unknown = await send(server, #"{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":"1999-01-01"}}"#)
        #expect(unknown.first?["result"]?["protocolVersion"] == .string(MCPServer.protocolVersions[0]))
    }

    @Test func actionToolsRunOnTheLatestScreenAndReturnTypedSnapshots() async throws {
        let server = server()
        let result = await call(server, 1, "notes_add", #"{"text":"milk","times":2}"#)
        #expect(result["isError"] == .bool(false))
        let structured = try #require(result["structuredContent"])
        #expect(structured["handle"] == .string("h1"))
        guard case .array(let items)? = structured["snapshot"]?["content"]?["list"]?["items"] else {
            Issue.record("no items in \(structured)")
            return
        }
        #expect(items.count == 2)
        #expect(items.first?["values"]?["text"] == .string("milk"))
        guard case .string(let text)? = result["content"]?[0]?["text"] else { Issue.record("no text"); return }
        #expect(text.contains("milk"))

        // No handle: the same screen again, not a new one.
        let again = await call(server, 2, "notes_filter", #"{"text":"x"}"#)
        #expect(again["structuredContent"]?["handle"] == .string("h1"))
        #expect(catalog.opened.count == 1)
    }

    @Test func screenErrorsAreToolResultsAndTheServerGoesOn() async {
        let server = server()
        let failed = await call(server, 1, "notes_fail")
        #expect(failed["isError"] == .bool(true))
        #expect(failed["structuredContent"]?["error"]?["code"] == .string("disk_full"))
        #expect(failed["structuredContent"]?["snapshot"]?["screen"] == .string("notes"))

        let disabled = await call(server, 2, "notes_clear")
        #expect(disabled["isError"] == .bool(true))
        #expect(disabled["structuredContent"]?["error"]?["message"] == .string("There is nothing to clear."))

        let badArgument = await call(server, 3, "notes_add", #"{"text":"a","times":"many"}"#)
        #expect(badArgument["isError"] == .bool(true))
        #expect(badArgument["structuredContent"]?["error"]?["kind"] == .string("invalidParams"))

        let spoiled = await call(server, 9, "notes_spoil")
        #expect(spoiled["isError"] == .bool(true))
        #expect(spoiled["structuredContent"]?["error"]?["code"] == .string("gone"))
        // The same error status, unchanged by a later call, is not that call's failure.
        #expect(await call(server, 10, "notes_add", #"{"text":"b"}"#)["isError"] == .bool(false))

        let needsOpen = await call(server, 4, "diary_add", #"{"text":"a"}"#)
        #expect(needsOpen["structuredContent"]?["error"]?["code"] == .string("no_open_screen"))

        let replies = await send(
            server, "not json", #"{"jsonrpc":"2.0","id":5,"method":"nope"}"#,
            #"{"jsonrpc":"2.0","id":6,"method":"tools/call","params":{"name":"no_such_tool"}}"#,
            #"{"jsonrpc":"2.0","id":7,"method":"screen.open","params":{"screen":"notes"}}"#,
            #"{"jsonrpc":"2.0","id":8,"method":"ping"}"#)
        #expect(replies.map { $0["error"]?["code"] ?? .null } == [.int(-32700), .int(-32601), .int(-32602), .int(-32601), .null])
        #expect(replies.last?["result"] == .object([:]))
    }

    @Test func navigationOpensTheNextScreen() async {
        let server = server()
        let result = await call(server, 1, "notes_go")
        #expect(result["structuredContent"]?["opened"]?["snapshot"]?["screen"] == .string("other"))
        #expect(result["structuredContent"]?["outcome"]?["navigate"]?["screen"] == .string("other"))
    }

    @Test func subscribedResourcesHearOfChanges() async throws {
        let server = server()
        _ = await send(server, #"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18"}}"#)
        _ = await call(server, 2, "open_notes")
        let listed = await send(server, #"{"jsonrpc":"2.0","id":3,"method":"resources/list"}"#)
        #expect(listed.first?["result"]?["resources"]?[0]?["uri"] == .string("facet://screen/h1"))
        let subscribed = await send(server, #"{"jsonrpc":"2.0","id":4,"method":"resources/subscribe","params":{"uri":"facet://screen/h1"}}"#)
        #expect(subscribed.first?["result"] == .object([:]))

        let replies = await send(server, #"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"name":"notes_add","arguments":{"text":"eggs"}}}"#)
        #expect(replies.first?["method"] == .string("notifications/resources/updated"))
        #expect(replies.first?["params"]?["uri"] == .string("facet://screen/h1"))
        #expect(replies.last?["id"] == .int(5))

        let read = await send(server, #"{"jsonrpc":"2.0","id":6,"method":"resources/read","params":{"uri":"facet://screen/h1"}}"#)
        guard case .string(let text)? = read.first?["result"]?["contents"]?[0]?["text"] else { Issue.record("no text"); return }
        let snapshot = try JSONParser.parse(Array(text.utf8))
        #expect(snapshot["content"]?["list"]?["items"]?[0]?["title"] == .string("eggs"))

        let missing = await send(server, #"{"jsonrpc":"2.0","id":7,"method":"resources/read","params":{"uri":"facet://screen/h9"}}"#)
        #expect(missing.first?["error"]?["code"] == .int(MCPServer.resourceNotFoundCode))
    }

    /// The same deletion asks the same way as in the CLI: without
    /// `yes: true` nothing is done and the answer is the screen's question;
    /// the `yes` the action does not declare is never passed on to it.
    @Test func aToolThatAsksFirstNeedsYes() async {
        let server = server()
        _ = await call(server, 1, "notes_add", #"{"text":"milk"}"#)
        let asked = await call(server, 2, "notes_clear")
        #expect(asked["isError"] == .bool(true))
        #expect(asked["content"]?[0]?["text"]
            == .string(#"Clear "Notes"? This cannot be undone. Call again with yes: true to go ahead."#))
        #expect(asked["structuredContent"]?["error"]?["code"] == .string("needs_yes"))
        #expect(asked["structuredContent"]?["snapshot"]?["content"]?["list"]?["total"] == .int(1), "nothing was cleared")
        let refused = await call(server, 3, "notes_clear", #"{"yes":"please"}"#)
        #expect(refused["isError"] == .bool(true))
        #expect(refused["structuredContent"]?["error"]?["code"] == .string("invalid_params"))
        let cleared = await call(server, 4, "notes_clear", #"{"yes":true}"#)
        #expect(cleared["isError"] == .bool(false))
        #expect(cleared["structuredContent"]?["snapshot"]?["content"]?["list"]?["total"] == .int(0))
    }

    @Test func readOnlyRefusesMutatingTools() async {
        let server = server(readOnly: true)
        let replies = await send(server, #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"notes_clear","arguments":{}}}"#)
        #expect(replies.first?["error"]?["code"] == .int(-32602))
        let filter = await call(server, 2, "notes_filter", #"{"text":""}"#)
        #expect(filter["isError"] == .bool(false))
    }
}

extension JSONValue {
    subscript(index: Int) -> JSONValue? {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }
}
