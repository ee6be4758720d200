import JSONCore
import JSONRPC
import ScreenKit

/// The MCP server: the few MCP methods a screen-driving agent needs, as
/// methods of a shared `RPCSession`, so framing, ids kept exactly, error
/// codes, line limits and the one ordered writer are the same as JSON
/// lines'. Requests are answered in arrival order, each response whole.
///
/// Open screens are tracked here (not in the session's `screen.*`
/// methods, which are switched off: `--read-only` could otherwise be
/// bypassed through them). Each is a resource `facet://screen/{handle}`.
@MainActor
public final class MCPServer {
    /// Newest first: the answer to a client that asks for one we do not know.
    public static let protocolVersions = ["2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"]
    public static let resourcePrefix = "facet://screen/"
    /// MCP's code for a resource that does not exist.
    public static let resourceNotFoundCode = -32002

    struct OpenScreen {
        var id: String
        var screen: any Screen
        var token: ObservationToken
        var cachedVersion = -1
        var cachedSnapshot: [UInt8] = []
        var textVersion = -1
        var cachedText = ""
    }

    /// A tool call that failed in a way the caller can fix or should know:
    /// answered as a tool result with `isError`, not a protocol error.
    struct ToolFailure: Error {
        var error: ScreenError
        var handle: String?
    }

    public let session: RPCSession
    public let tools: [MCPTool]
    public let readOnly: Bool
    /// The tool groups offered (`--tools`); nil: every group.
    public let toolGroups: Set<String>?
    let catalog: any ScreenCatalog
    let version: String
    private let toolsByName: [String: MCPTool]
    private lazy var toolList: [UInt8] = JSONWriter.bytes(.object([
        "tools": .array(tools.map { $0.listing() }),
    ]))
    private var open: [String: OpenScreen] = [:]
    private var order: [String] = []
    private var latest: [String: String] = [:]
    private var subscribed: Set<String> = []
    private var nextHandle = 0
    /// Set by `initialize`; notifications about the resource list wait for it.
    public private(set) var negotiatedVersion: String?
    var writer: RPCWriter { session.writer }

    public init(
        catalog: any ScreenCatalog, home: ScreenRequest, version: String, sink: any MessageSink, readOnly: Bool,
        toolGroups: Set<String>? = nil, lineLimit: Int = RPCSession.defaultLineLimit
    ) {
        self.catalog = catalog
        self.version = version
        self.readOnly = readOnly
        self.toolGroups = toolGroups
        session = RPCSession(catalog: catalog, home: home, version: version, sink: sink, lineLimit: lineLimit)
        session.exposesBuiltInMethods = false
        tools = ToolCatalog.tools(for: catalog.screens, readOnly: readOnly, groups: toolGroups)
        toolsByName = Dictionary(tools.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        register()
    }

    // MARK: Transport side

    /// Answers a batch of lines (see `RPCSession.receive(batch:)`).
    public func receive(batch: [LineReader.Event]) async { await session.receive(batch: batch) }

    /// End of input: let running work finish, close every screen, send the rest.
    public func finish() async {
        for handle in order { await open[handle]?.screen.settle() }
        for handle in order { close(handle, announce: false) }
        session.flush()
    }

    // MARK: Methods

    private func register() {
        let ok = Array("{}".utf8)
        session.register("initialize") { [unowned self] in try self.initialize($0) }
        session.register("ping") { _ in ok }
        session.register("notifications/initialized") { _ in ok }
        // Requests are answered one at a time, in order: by the time a
        // cancellation is read the request it names has been answered.
        session.register("notifications/cancelled") { _ in ok }
        session.register("tools/list") { [unowned self] _ in self.toolList }
        session.register("tools/call") { [unowned self] in try await self.callTool($0) }
        session.register("resources/list") { [unowned self] _ in self.listResources() }
        session.register("resources/templates/list") { _ in Self.templates }
        session.register("resources/read") { [unowned self] in try self.readResource($0) }
        session.register("resources/subscribe") { [unowned self] in
            self.subscribed.insert(try self.resourceHandle($0))
            return ok
        }
        session.register("resources/unsubscribe") { [unowned self] in
            guard case .string(let uri)? = $0["uri"] else { throw RPCError.invalidParams("'uri' must be a string") }
            self.subscribed.remove(String(uri.dropFirst(Self.resourcePrefix.count)))
            return ok
        }
    }

    func initialize(_ params: JSONValue) throws -> [UInt8] {
        guard case .string(let requested)? = params["protocolVersion"] else {
            throw RPCError.invalidParams("'protocolVersion' must be a string")
        }
        let chosen = Self.protocolVersions.contains(requested) ? requested : Self.protocolVersions[0]
        negotiatedVersion = chosen
        return JSONWriter.bytes(.object([
            "protocolVersion": .string(chosen),
            "capabilities": .object([
                "tools": .object(["listChanged": .bool(false)]),
                "resources": .object(["subscribe": .bool(true), "listChanged": .bool(true)]),
            ]),
            "serverInfo": .object(["name": .string("facet"), "title": .string("Facet"), "version": .string(version)]),
            "instructions": .string(
                "Facet's screens as tools. open_<screen> opens one and returns a handle and its snapshot; "
                    + "<screen>_<action> runs an action and returns the new snapshot, after any work it started "
                    + "has finished. Its optional handle argument (from open_<screen>) names the screen; without it, "
                    + "the latest open screen of that kind, opened first if the screen needs no parameters. "
                    + "screen_snapshot's output schema defines the snapshot. "
                    + "Typed row values are in snapshot.content.list.items[].values. "
                    + (readOnly ? "Read-only: actions that change data are not offered. " : "")
                    + (toolGroups.map { "Tool groups offered: \(ToolGroups(catalog.screens).names.filter($0.contains).joined(separator: ", ")). " } ?? "")
                    + "Each open screen is the resource facet://screen/{handle}; subscribe to hear of changes."),
        ]))
    }

    // MARK: Tools

    func callTool(_ params: JSONValue) async throws -> [UInt8] {
        guard case .string(let name)? = params["name"] else {
            throw RPCError.invalidParams("'name' must be a tool name string (see tools/list)")
        }
        guard let tool = toolsByName[name] else { throw notOffered(name) }
        var fields: [String: JSONValue] = [:]
        switch params["arguments"] {
        case nil, .null?: break
        case .object(let given)?: fields = given
        case let other?: throw RPCError.invalidParams("'arguments' must be an object, not \(other.typeName)")
        }
        do {
            return try await run(tool, fields)
        } catch let failure as ToolFailure {
            return errorResult(failure)
        } catch let error as ScreenError {
            return errorResult(ToolFailure(error: error, handle: nil))
        }
    }

    /// Why a tool name is refused: a tool this server hides (`--read-only`,
    /// `--tools`) says which option hides it, so the agent or its user can
    /// tell a refusal from a typo.
    func notOffered(_ name: String) -> RPCError {
        guard let hidden = ToolCatalog.tools(for: catalog.screens, readOnly: false).first(where: { $0.name == name }) else {
            return RPCError.invalidParams("Unknown tool '\(name)' (see tools/list)", dataCode: "unknown_tool")
        }
        if readOnly && !ToolCatalog.tools(for: catalog.screens, readOnly: true).contains(where: { $0.name == name }) {
            return RPCError.invalidParams(
                hidden.readOnly
                    ? "Tool '\(name)' is not offered: this server runs with --read-only, which hides every action that would submit this form"
                    : "Tool '\(name)' changes data and is not offered: this server runs with --read-only",
                dataCode: "tool_not_offered")
        }
        let screen: String? = switch hidden.target {
        case .open(let id), .perform(let id, _): id
        case .snapshot, .close: nil
        }
        let group = screen.flatMap { ToolGroups(catalog.screens).group(of: $0) } ?? "?"
        let offered = ToolGroups(catalog.screens).names.filter { toolGroups?.contains($0) ?? true }
        return RPCError.invalidParams(
            "Tool '\(name)' is in tool group '\(group)', which this server does not offer "
                + "(--tools \(offered.joined(separator: ",")); start it with --tools including \(group))",
            dataCode: "tool_not_offered")
    }

    func run(_ tool: MCPTool, _ fields: [String: JSONValue]) async throws -> [UInt8] {
        switch tool.target {
        case .open(let id):
            return stateResult(try await openScreen(ScreenRequest(screen: id, params: try arguments(fields)), keepFailed: false))
        case .perform(let id, let action):
            var fields = fields
            let requested = tool.handleArgument.flatMap { fields.removeValue(forKey: $0) }
            let handle = try await target(id, requested)
            guard let screen = open[handle]?.screen else { throw ToolFailure(error: Self.unknownHandle(handle)) }
            let shown = screen.snapshot.action(action)
            let yes = try yesArgument(&fields, of: shown)
            let arguments = try arguments(fields)
            // A disabled action is refused by `run` with its reason, and bad
            // arguments with theirs, before anything is asked.
            if !yes, let descriptor = shown, descriptor.enabled, ActionSafety.asksFirst(descriptor) {
                let question: String?
                do { question = try await screen.confirmation(of: action, try descriptor.validate(arguments)) } catch {
                    throw ToolFailure(error: error, handle: handle)
                }
                // Nil: it would remove nothing (an export to a new file), and
                // runs without `yes`, so a file that appears meanwhile is refused.
                if let question { return askResult(handle, ActionSafety.refusal(question, of: descriptor)) }
            }
            let before = screen.snapshot.status
            let outcome: ActionOutcome
            do {
                outcome = try await screen.run(action, arguments)
            } catch {
                throw ToolFailure(error: error, handle: handle)
            }
            await screen.settle()
            try failIfErrorStatus(handle, before: outcome.pending ? nil : before)
            var opened: String?
            var note: String?
            if let next = outcome.navigate {
                do { opened = try await openScreen(next, keepFailed: false) } catch { note = "Could not open '\(next.screen)': \(error.message)" }
            }
            guard open[handle] != nil else { throw ToolFailure(error: Self.unknownHandle(handle)) }
            return stateResult(handle, outcome: outcome, opened: opened, note: note)
        case .snapshot:
            return stateResult(try existing(fields["handle"]))
        case .close:
            let handle = try existing(fields["handle"])
            close(handle, announce: true)
            let structured = JSONWriter.bytes(.object(["closed": .string(handle)]))
            return toolResult(text: "Closed \(handle).", structured: structured, isError: false)
        }
    }

    /// Work that goes on after `perform` (an import) fails by setting the
    /// screen's status, not by throwing: a call that ends with a new error
    /// status failed, and says so with `isError` like a thrown error would.
    func failIfErrorStatus(_ handle: String, before: ScreenStatus?) throws {
        guard let status = open[handle]?.screen.snapshot.status, status.kind == .error, status != before else { return }
        throw ToolFailure(
            error: .failed(status.message ?? "The screen reports an error.", code: status.code ?? "failed"), handle: handle)
    }

    /// The screen an action tool runs on: the one named, else the latest of
    /// its kind, else a new one if the screen needs no parameters.
    func target(_ id: String, _ requested: JSONValue?) async throws -> String {
        if let requested {
            let handle = try existing(requested)
            guard let kind = open[handle]?.id, kind == id else {
                throw ToolFailure(error: .invalidParams(
                    "handle '\(handle)' is a '\(open[handle]?.id ?? "?")' screen; this tool acts on '\(id)' screens",
                    code: "wrong_screen"))
            }
            return handle
        }
        if let handle = latest[id], open[handle] != nil { return handle }
        if let descriptor = catalog.descriptor(id), descriptor.params.contains(where: \.required) {
            throw ToolFailure(error: .invalidParams(
                "no '\(id)' screen is open: open one with \(ToolCatalog.openToolName(id)) first", code: "no_open_screen"))
        }
        return try await openScreen(ScreenRequest(screen: id), keepFailed: true)
    }

    /// Whether the call says `yes: true`. The `yes` an action does not
    /// declare is the tool's own (`ActionSafety.params`): it is taken out of
    /// the arguments, which the action would refuse with it.
    func yesArgument(_ fields: inout [String: JSONValue], of action: ActionDescriptor?) throws -> Bool {
        let declared = action.map(ActionSafety.declaresYes) ?? true
        let given = declared ? fields[StandardParam.yes] : fields.removeValue(forKey: StandardParam.yes)
        switch given {
        case nil, .null?: return false
        case .bool(let flag)?: return flag
        case let other?:
            throw ToolFailure(error: .invalidParams(
                "'\(StandardParam.yes)' must be a boolean, not \(other.typeName)", code: "invalid_params"))
        }
    }

    func existing(_ value: JSONValue?) throws -> String {
        guard case .string(let handle)? = value else {
            throw ToolFailure(error: .invalidParams("'handle' must be a handle string from an open_… tool"))
        }
        guard open[handle] != nil else { throw ToolFailure(error: Self.unknownHandle(handle)) }
        return handle
    }

    func arguments(_ fields: [String: JSONValue]) throws -> ActionArguments {
        do {
            return try RPCSession.arguments(.object(fields), name: "arguments")
        } catch {
            throw ToolFailure(error: .invalidParams(error.message, code: error.dataCode))
        }
    }

    static func unknownHandle(_ handle: String) -> ScreenError {
        .notFound("no open screen with handle '\(handle)' (closed or never opened)", code: "unknown_handle")
    }

    // MARK: Results

    func stateResult(_ handle: String, outcome: ActionOutcome? = nil, opened: String? = nil, note: String? = nil) -> [UInt8] {
        var text = self.text(handle)
        if let opened { text += "\n\nOpened \(opened):\n" + self.text(opened) }
        if let url = outcome?.openURL { text += "\nURL: \(url)" }
        if let note { text += "\n" + note }
        var extra: [(String, [UInt8])] = []
        if let opened { extra.append(("opened", state(opened))) }
        if var outcome {
            // The picture goes once, as image content; the structured
            // outcome keeps its type, size and dimensions.
            let picture = outcome.picture
            outcome.picture = nil
            extra.append(("outcome", writer.encode(outcome)))
            if let picture {
                text += "\nPicture: \(picture.mimeType), \(picture.width)×\(picture.height), \(picture.bytes.count) bytes"
                let about = JSONWriter.bytes(.object([
                    "mimeType": .string(picture.mimeType), "width": .int(picture.width), "height": .int(picture.height),
                    "size": .int(picture.bytes.count),
                ]))
                extra.append(("picture", about))
                return toolResult(text: text, structured: state(handle, extra: extra), isError: false, image: picture)
            }
        }
        return toolResult(text: text, structured: state(handle, extra: extra), isError: false)
    }

    /// The answer to a call that asks first without `yes: true`: an error
    /// result (nothing was done) whose text is the question, and the
    /// screen's state, unchanged.
    func askResult(_ handle: String, _ question: String) -> [UInt8] {
        let body = JSONWriter.bytes(.object([
            "code": .string("needs_yes"), "kind": .string(ScreenError.Kind.failed.rawValue), "message": .string(question),
        ]))
        return toolResult(text: question, structured: state(handle, extra: [("error", body)]), isError: true)
    }

    func errorResult(_ failure: ToolFailure) -> [UInt8] {
        let error = failure.error
        let body = JSONWriter.bytes(.object([
            "code": .string(error.code), "kind": .string(error.kind.rawValue), "message": .string(error.message),
        ]))
        var text = "Error (\(error.code)): \(error.message)"
        var structured = Array(#"{"error":"#.utf8) + body + [0x7D]
        if let handle = failure.handle, open[handle] != nil {
            structured = state(handle, extra: [("error", body)])
            text += "\n\n" + self.text(handle)
        }
        return toolResult(text: text, structured: structured, isError: true)
    }

    /// A tool's answer: its text (and the picture an action handed back, as
    /// MCP image content: base64 with its sniffed MIME type), and the
    /// structured state.
    func toolResult(text: String, structured: [UInt8], isError: Bool, image: PictureContent? = nil) -> [UInt8] {
        let picture = image.map { picture in
            [0x2C] + JSONWriter.bytes(.object([
                "data": .string(picture.base64), "mimeType": .string(picture.mimeType), "type": .string("image"),
            ]))
        } ?? []
        return Array(#"{"content":[{"text":"#.utf8) + writer.encode(text) + Array(#","type":"text"}"#.utf8) + picture  // layering: not a standard name
            + Array(#"],"isError":"#.utf8)
            + Array((isError ? "true" : "false").utf8) + Array(#","structuredContent":"#.utf8) + structured + [0x7D]
    }

    /// `{"handle":…,"snapshot":…,"version":…}` with extra members, keys sorted.
    func state(_ handle: String, extra: [(String, [UInt8])] = []) -> [UInt8] {
        let version = open[handle]?.screen.changes.version ?? 0
        var members = extra + [
            ("handle", writer.encode(handle)), ("snapshot", snapshotBytes(handle)),
            ("version", Array(String(version).utf8)),
        ]
        members.sort { $0.0 < $1.0 }
        var out: [UInt8] = [0x7B]
        for (index, member) in members.enumerated() {
            if index > 0 { out.append(0x2C) }
            out += writer.encode(member.0) + [0x3A] + member.1
        }
        return out + [0x7D]
    }

    /// The text rendering, made once per version (a snapshot is not free to
    /// build, and repeated reads of an unchanged screen are common).
    func text(_ handle: String) -> String {
        guard var entry = open[handle] else { return "" }
        let version = entry.screen.changes.version
        if entry.textVersion != version {
            entry.cachedText = SnapshotText.render(entry.screen.snapshot, handle: handle, version: version)
            entry.textVersion = version
            open[handle] = entry
        }
        return entry.cachedText
    }

    /// The snapshot's JSON, encoded once per version.
    func snapshotBytes(_ handle: String) -> [UInt8] {
        guard var entry = open[handle] else { return Array("null".utf8) }
        let version = entry.screen.changes.version
        if entry.cachedVersion != version || entry.cachedSnapshot.isEmpty {
            entry.cachedSnapshot = writer.encode(entry.screen.snapshot)
            entry.cachedVersion = version
            open[handle] = entry
        }
        return entry.cachedSnapshot
    }

    // MARK: Screens

    /// Opens a screen and gives it a handle. A screen that settles in error
    /// was not opened (`open_playlist` of a missing name) when `keepFailed`
    /// is false: it is closed again and its error thrown, so no handle,
    /// resource or default target is left behind. An action's implicit open
    /// keeps it (keepFailed), for the action to report on or remedy.
    func openScreen(_ request: ScreenRequest, keepFailed: Bool) async throws(ScreenError) -> String {
        let request = readOnly ? try ReadOnlyOpening.request(request, catalog.descriptor(request.screen)) : request
        let screen = try await catalog.open(request)
        nextHandle += 1
        let handle = "h\(nextHandle)"
        let token = screen.changes.observe { [weak self] _ in self?.changed(handle) }
        open[handle] = OpenScreen(id: request.screen, screen: screen, token: token)
        order.append(handle)
        latest[request.screen] = handle
        await screen.settle()
        let status = screen.snapshot.status
        if !keepFailed, status.kind == .error {
            close(handle, announce: false)
            throw .failed(status.message ?? "The screen reports an error.", code: status.code ?? "failed")
        }
        announceResourceList()
        return handle
    }

    func close(_ handle: String, announce: Bool) {
        guard let entry = open.removeValue(forKey: handle) else { return }
        entry.token.cancel()
        entry.screen.close()
        order.removeAll { $0 == handle }
        subscribed.remove(handle)
        if latest[entry.id] == handle { latest[entry.id] = order.last { open[$0]?.id == entry.id } }
        if announce { announceResourceList() }
    }

    func changed(_ handle: String) {
        guard subscribed.contains(handle) else { return }
        writer.notification(
            method: "notifications/resources/updated",
            params: JSONWriter.bytes(.object(["uri": .string(Self.resourcePrefix + handle)])))
        writer.flush()
    }

    func announceResourceList() {
        guard negotiatedVersion != nil else { return }
        writer.notification(method: "notifications/resources/list_changed", params: Array("{}".utf8))
    }

    // MARK: Resources

    static let templates = JSONWriter.bytes(.object([
        "resourceTemplates": .array([.object([
            "uriTemplate": .string(resourcePrefix + "{handle}"), "name": .string("screen"),
            "title": .string("An open screen"), "mimeType": .string("application/json"),
            "description": .string("The snapshot of a screen opened with an open_… tool."),
        ])]),
    ]))

    func listResources() -> [UInt8] {
        let resources: [JSONValue] = order.compactMap { handle in
            guard let entry = open[handle] else { return nil }
            let snapshot = entry.screen.snapshot
            return .object([
                "uri": .string(Self.resourcePrefix + handle), "name": .string(handle),
                "title": .string("\(snapshot.title) (\(handle))"), "mimeType": .string("application/json"),
                "description": .string("The '\(entry.id)' screen opened as \(handle): its snapshot as JSON."),
            ])
        }
        return JSONWriter.bytes(.object(["resources": .array(resources)]))
    }

    func readResource(_ params: JSONValue) throws -> [UInt8] {
        let handle = try resourceHandle(params)
        let text = String(decoding: snapshotBytes(handle), as: UTF8.self)
        return Array(#"{"contents":[{"mimeType":"application/json","text":"#.utf8) + writer.encode(text)
            + Array(#","uri":"#.utf8) + writer.encode(Self.resourcePrefix + handle) + Array("}]}".utf8)
    }

    func resourceHandle(_ params: JSONValue) throws -> String {
        guard case .string(let uri)? = params["uri"] else { throw RPCError.invalidParams("'uri' must be a string") }
        let handle = uri.hasPrefix(Self.resourcePrefix) ? String(uri.dropFirst(Self.resourcePrefix.count)) : ""
        guard open[handle] != nil else {
            throw RPCError(
                code: Self.resourceNotFoundCode,
                message: "Resource not found: \(uri) (open screens are \(Self.resourcePrefix){handle})",
                dataCode: "unknown_resource")
        }
        return handle
    }
}
