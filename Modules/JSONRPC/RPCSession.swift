import JSONCore
import ScreenKit

/// One JSON-RPC client: its open screens (by handle) and the methods it may
/// call. Any transport reuses it: feed it request lines (`receive`), and it
/// writes responses and `screen.changed` notifications to the `MessageSink`
/// it was given. Requests are answered strictly in the order they arrive.
///
/// A server with many clients (a Unix socket) makes one session per
/// connection, all sharing one catalog; a transport with methods of its own
/// (MCP) adds them with `register(_:handler:)`.
@MainActor
public final class RPCSession {
    /// The protocol version `initialize` reports.
    public static let protocolVersion = "1.0"
    /// Lines longer than this are answered with an error and discarded.
    public static let defaultLineLimit = 8 << 20

    /// A method a transport adds: params in, the result's JSON out, or a
    /// thrown `RPCError`/`ScreenError`.
    public typealias MethodHandler = @MainActor (JSONValue) async throws -> [UInt8]

    struct OpenScreen {
        var screen: any Screen
        var token: ObservationToken
        var cachedVersion = -1
        var cachedSnapshot: [UInt8] = []
        /// The newest version the client has been sent, in a reply or a notification.
        var delivered = -1
        /// What the client was last sent, for a client that takes deltas.
        var held: Held?
    }

    /// The parts of the snapshot a client was last sent that a later one
    /// may name instead of sending again: the list window's rows
    /// (`ReusedRows`) and the actions (`ScreenSnapshot.actionsOf`).
    struct Held {
        var version: Int
        var offset: Int
        var items: [ListItem]
        var actions: [ActionDescriptor]
    }

    public let catalog: any ScreenCatalog
    public let home: ScreenRequest
    public let version: String
    public let writer: RPCWriter
    public let lineLimit: Int
    private var open: [String: OpenScreen] = [:]
    private var nextHandle = 0
    /// The `screen.wait` in progress per handle (requests run one at a time).
    private var waits: [String: AsyncStream<Void>.Continuation] = [:]
    private var extraMethods: [String: MethodHandler] = [:]
    private var cachedInitialize: [UInt8]?
    /// The client asked, in `initialize`, for snapshots that name the rows
    /// and actions it holds instead of repeating them; other clients get
    /// every snapshot whole.
    public private(set) var sendsListDeltas = false
    /// When false only methods added with `register` are answered: a
    /// transport with its own method set (MCP) must not expose `screen.*`
    /// beside it (its `--read-only` could be bypassed through them).
    public var exposesBuiltInMethods = true
    /// While a batch of requests is being answered, output is flushed once at
    /// its end; changes that happen between batches are flushed at once.
    private var inBatch = false
    /// Handles whose request is being answered (`screen.perform`,
    /// `screen.wait`): their changes meanwhile are held, and sent after the
    /// reply only if it did not carry them already.
    private var answering: [String: Int] = [:]
    private var heldChanges: Set<String> = []

    public init(
        catalog: any ScreenCatalog, home: ScreenRequest, version: String, sink: any MessageSink,
        lineLimit: Int = RPCSession.defaultLineLimit
    ) {
        self.catalog = catalog
        self.home = home
        self.version = version
        self.writer = RPCWriter(sink: sink)
        self.lineLimit = lineLimit
    }

    /// Adds (or replaces) a method beside the built-in ones.
    public func register(_ method: String, handler: @escaping MethodHandler) {
        extraMethods[method] = handler
    }

    // MARK: Input

    /// Answers a batch of lines as one unit: one flush at its end.
    public func receive(batch events: [LineReader.Event]) async {
        inBatch = true
        for event in events { await receive(event) }
        inBatch = false
        writer.flush()
    }

    /// Answers one line, without flushing (see `receive(batch:)`, `flush()`).
    public func receive(_ event: LineReader.Event) async {
        switch event {
        case .tooLong(let size):
            writer.error(id: .null, .invalidRequest(
                "line of \(size) bytes exceeds the limit of \(lineLimit) bytes; it was discarded", dataCode: "line_too_long"))
        case .line(let bytes):
            await receive(line: bytes)
        }
    }

    /// Answers one request line (a message or a batch), without flushing.
    public func receive(line bytes: [UInt8]) async {
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }  // blank lines are ignored
        let message: IncomingMessage
        do {
            message = try IncomingMessage.parse(bytes)
        } catch {
            writer.error(id: .null, .parse("the line is not valid JSON (\(error.reason) at byte \(error.offset))"))
            return
        }
        switch message {
        case .batch(let batch):
            guard !batch.isEmpty else {
                writer.error(id: .null, .invalidRequest("an empty batch"))
                return
            }
            var replies: [[UInt8]] = []
            for item in batch {
                if let reply = await answer(item) { replies.append(reply) }
            }
            if !replies.isEmpty {
                writer.write([0x5B] + Array(replies.joined(separator: [0x2C])) + [0x5D])
            }
        case .single(let request):
            if let reply = await answer(request) { writer.write(reply) }
        }
    }

    /// Sends what is queued (after a notification outside a batch, say).
    public func flush() { writer.flush() }

    /// Validates one request and returns its response line, or nil for a
    /// notification (which is never answered).
    func answer(_ request: IncomingRequest) async -> [UInt8]? {
        let message = request.value
        guard case .object(let fields) = message else {
            return writer.errorMessage(id: .null, .invalidRequest("expected an object, found \(message.typeName)"))
        }
        let id = fields["id"]
        if let id {
            switch id {
            case .string, .int, .double, .null: break
            default: return writer.errorMessage(id: .null, .invalidRequest("'id' must be a string, a number or null"))
            }
        }
        // The id exactly as sent: a huge or exotic number is not rounded.
        let replyID = request.id ?? .null
        guard fields["jsonrpc"] == .string("2.0") else {
            return writer.errorMessage(id: replyID, .invalidRequest("'jsonrpc' must be \"2.0\""))
        }
        guard case .string(let method)? = fields["method"] else {
            return writer.errorMessage(id: replyID, .invalidRequest("'method' must be a string"))
        }
        let params = fields["params"] ?? .object([:])
        let result: Result<[UInt8], RPCError>
        if case .object = params {
            result = await dispatch(method, params)
        } else if case .array(let items) = params, items.isEmpty {
            result = await dispatch(method, .object([:]))
        } else {
            result = .failure(.invalidParams("'params' must be an object with named parameters"))
        }
        guard id != nil else { return nil }
        switch result {
        case .success(let bytes): return writer.resultMessage(id: replyID, bytes)
        case .failure(let error): return writer.errorMessage(id: replyID, error)
        }
    }

    // MARK: Methods

    /// Runs one method with named params and returns its result's JSON.
    public func dispatch(_ method: String, _ params: JSONValue) async -> Result<[UInt8], RPCError> {
        do {
            if let handler = extraMethods[method] { return .success(try await handler(params)) }
            guard exposesBuiltInMethods else { return .failure(.methodNotFound(method)) }
            switch method {
            case "initialize":
                sendsListDeltas = params["capabilities"]?["listDeltas"] == .bool(true)
                return .success(initialize())
            case "screens.list": return .success(writer.encode(catalog.screens))
            case "screen.open": return .success(try await openScreen(params))
            case "screen.perform": return .success(try await perform(params))
            case "screen.snapshot": return .success(state(try handle(params), whole: params["whole"] == .bool(true)))
            case "screen.wait": return .success(try await wait(params))
            case "screen.confirmation": return .success(try await confirmation(params))
            case "paths.list": return .success(writer.encode(await catalog.listPaths(try Self.typedPath(params))))
            case "screen.close":
                let handle = try handle(params)
                close(handle)
                return .success(Array("true".utf8))
            case "rpc.discover":
                return .success(JSONWriter.bytes(OpenRPCDocument.make(screens: catalog.screens, version: version)))
            default:
                return .failure(.methodNotFound(method))
            }
        } catch let error as RPCError {
            return .failure(error)
        } catch let error as ScreenError {
            return .failure(RPCError(error))
        } catch {
            return .failure(RPCError(code: RPCError.internalErrorCode, message: "Internal error: \(error)", dataCode: "internal"))
        }
    }

    /// The handshake's result: the same for the whole session, so encoded once.
    func initialize() -> [UInt8] {
        if let cachedInitialize { return cachedInitialize }
        let bytes = encodeInitialize()
        cachedInitialize = bytes
        return bytes
    }

    private func encodeInitialize() -> [UInt8] {
        struct Info: Encodable {
            struct Server: Encodable { var name: String; var version: String }
            struct Capabilities: Encodable {
                var batch: Bool
                var listDeltas: Bool
                var maxLineBytes: Int
                var notifications: [String]
            }
            var capabilities: Capabilities
            var home: ScreenRequest
            var protocolVersion: String
            var screens: [String]
            var serverInfo: Server
        }
        return writer.encode(Info(
            capabilities: .init(batch: true, listDeltas: true, maxLineBytes: lineLimit, notifications: ["screen.changed"]),
            home: home, protocolVersion: Self.protocolVersion,
            screens: catalog.screens.map(\.id),
            serverInfo: .init(name: "facet", version: version)))
    }

    func openScreen(_ params: JSONValue) async throws -> [UInt8] {
        guard case .string(let id)? = params["screen"] else {
            throw RPCError.invalidParams("'screen' must be a screen id string (see screens.list)")
        }
        let arguments = try Self.arguments(params["params"], name: "params")
        let screen = try await catalog.open(ScreenRequest(screen: id, params: arguments))
        // Opened on an item that does not exist: the protocol's "not found",
        // not a handle to a screen that can only show the error.
        if let missing = screen.snapshot.status.missingItem {
            screen.close()
            throw RPCError(missing)
        }
        nextHandle += 1
        let handle = "h\(nextHandle)"
        let token = screen.changes.observe { [weak self] _ in self?.changed(handle) }
        open[handle] = OpenScreen(screen: screen, token: token)
        return state(handle)
    }

    func perform(_ params: JSONValue) async throws -> [UInt8] {
        let handle = try handle(params)
        return try await answering(handle) { try await perform(handle, params) }
    }

    private func perform(_ handle: String, _ params: JSONValue) async throws -> [UInt8] {
        guard case .string(let action)? = params["action"] else {
            throw RPCError.invalidParams("'action' must be an action name string")
        }
        let arguments = try Self.arguments(params["args"], name: "args")
        guard let screen = open[handle]?.screen else { throw RPCError.unknownHandle(handle) }
        let outcome = try await screen.run(action, arguments)
        // The screen may have been closed while the action ran (a batch).
        guard open[handle] != nil else { throw RPCError.unknownHandle(handle) }
        return RPCWriter.joined(
            Array(#"{"handle":"#.utf8), writer.encode(handle), Array(#","outcome":"#.utf8), writer.encode(outcome),
            Array(#","snapshot":"#.utf8), snapshotBytes(handle, delivering: true), Array(#","version":"#.utf8),
            Array(String(screen.changes.version).utf8), [0x7D])
    }

    /// Runs `body`, the answer to a request about `handle`, holding that
    /// screen's change notifications meanwhile; afterwards only a version
    /// newer than the one the reply carried is notified. A change an action
    /// makes at once would otherwise go out twice: in the reply and as
    /// `screen.changed`.
    private func answering(_ handle: String, _ body: () async throws -> [UInt8]) async throws -> [UInt8] {
        answering[handle, default: 0] += 1
        defer {
            answering[handle, default: 1] -= 1
            if answering[handle] == 0 {
                answering[handle] = nil
                if heldChanges.remove(handle) != nil { notifyIfNewer(handle) }
            }
        }
        return try await body()
    }

    /// Waits for the screen's work, and returns its state. With
    /// `sinceVersion`, returns at once if the screen is already newer, else
    /// also waits for its next change (at most `timeoutMs`, default 30 s):
    /// a client that passes the last version it saw never misses a change.
    func wait(_ params: JSONValue) async throws -> [UInt8] {
        let handle = try handle(params)
        return try await answering(handle) { try await wait(handle, params) }
    }

    private func wait(_ handle: String, _ params: JSONValue) async throws -> [UInt8] {
        var since: Int?
        if let value = params["sinceVersion"], value != .null {
            guard case .int(let number) = value else { throw RPCError.invalidParams("'sinceVersion' must be a whole number") }
            since = number
        }
        var timeout = 30_000
        if let value = params["timeoutMs"], value != .null {
            guard case .int(let number) = value, number >= 0 else {
                throw RPCError.invalidParams("'timeoutMs' must be a whole number of milliseconds, 0 or more")
            }
            timeout = number
        }
        guard let screen = open[handle]?.screen else { throw RPCError.unknownHandle(handle) }
        if let since, screen.changes.version > since { return state(handle) }
        await screen.settle()
        if let since, screen.changes.version <= since, open[handle] != nil {
            await nextChange(of: screen, handle: handle, timeoutMs: timeout)
        }
        guard open[handle] != nil else { throw RPCError.unknownHandle(handle) }
        return state(handle)
    }

    /// Returns at the screen's next change, after `timeoutMs`, or when the
    /// handle is closed meanwhile (`closeAll` for a client that has gone:
    /// its wait must not hold the screen until the timeout).
    func nextChange(of screen: any Screen, handle: String, timeoutMs: Int) async {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        waits[handle] = continuation
        defer { waits[handle] = nil }
        let token = screen.changes.observe { _ in continuation.yield() }
        let timer = Task {
            try? await Task.sleep(for: .milliseconds(timeoutMs))
            continuation.finish()
        }
        for await _ in stream { break }
        timer.cancel()
        token.cancel()
    }

    func close(_ handle: String) {
        guard let entry = open.removeValue(forKey: handle) else { return }
        waits.removeValue(forKey: handle)?.finish()
        entry.token.cancel()
        entry.screen.close()
    }

    /// Waits for every open screen's work (an import) so nothing read is left unanswered.
    public func drain() async {
        for entry in open.values { await entry.screen.settle() }
    }

    /// Closes every open screen (the client has gone: a socket closed).
    public func closeAll() {
        for handle in Array(open.keys) { close(handle) }
    }

    // MARK: Helpers

    /// `paths.list`'s `path`: the text typed so far in a path field.
    static func typedPath(_ params: JSONValue) throws -> String {
        guard case .string(let typed)? = params["path"] else {
            throw RPCError.invalidParams("'path' must be the path typed so far, a string")
        }
        guard typed.utf8.count <= PathCompletion.longestTypedPath else {
            throw RPCError.invalidParams("'path' is longer than any path (\(PathCompletion.longestTypedPath) bytes)")
        }
        return typed
    }

    func handle(_ params: JSONValue) throws -> String {
        guard case .string(let handle)? = params["handle"] else {
            throw RPCError.invalidParams("'handle' must be a handle string from screen.open")
        }
        guard open[handle] != nil else { throw RPCError.unknownHandle(handle) }
        return handle
    }

    /// The screen open under `handle`, if it still is.
    func screen(_ handle: String) -> (any Screen)? { open[handle]?.screen }

    /// A JSON object of named arguments as `ActionArguments` (strings, whole
    /// numbers, booleans); `name` is used in the error for anything else.
    public static func arguments(_ value: JSONValue?, name: String) throws(RPCError) -> ActionArguments {
        guard let value, value != .null else { return [:] }
        guard case .object(let fields) = value else {
            throw RPCError.invalidParams("'\(name)' must be an object, not \(value.typeName)")
        }
        var arguments = ActionArguments()
        for (key, field) in fields {
            guard let argument = field.argument else {
                throw RPCError.invalidParams("'\(name).\(key)' must be a string, a whole number or a boolean, not \(field.typeName)")
            }
            arguments[key] = argument
        }
        return arguments
    }

    /// `whole`: the list goes whole even to a client that takes deltas (it
    /// asks so when it misses the window a delta names).
    func state(_ handle: String, whole: Bool = false) -> [UInt8] {
        guard let version = open[handle]?.screen.changes.version else { return Array("null".utf8) }
        return RPCWriter.joined(
            Array(#"{"handle":"#.utf8), writer.encode(handle), Array(#","snapshot":"#.utf8),
            snapshotBytes(handle, delivering: true, whole: whole), Array(#","version":"#.utf8),
            Array(String(version).utf8), [0x7D])
    }

    /// The snapshot's JSON, encoded once per version. `delivering`: it goes
    /// to the client (a reply, a notification), which then has this version;
    /// a client that takes list deltas is sent only the rows it lacks.
    func snapshotBytes(_ handle: String, delivering: Bool = false, whole: Bool = false) -> [UInt8] {
        guard var entry = open[handle] else { return Array("null".utf8) }
        let version = entry.screen.changes.version
        var lean: [UInt8]?
        if delivering {
            entry.delivered = max(entry.delivered, version)
            if sendsListDeltas { lean = leanSnapshot(&entry, version: version, whole: whole) }
        }
        if lean == nil, entry.cachedVersion != version || entry.cachedSnapshot.isEmpty {
            entry.cachedSnapshot = writer.encode(entry.screen.snapshot)
            entry.cachedVersion = version
        }
        open[handle] = entry
        return lean ?? entry.cachedSnapshot
    }

    /// The snapshot with the list rows and the actions the client was last
    /// sent named, not repeated; nil when it holds none of them (the whole
    /// snapshot goes, from the cache). Either way it then holds this one.
    private func leanSnapshot(_ entry: inout OpenScreen, version: Int, whole: Bool) -> [UInt8]? {
        let snapshot = entry.screen.snapshot
        let list = snapshot.content.list
        let held = entry.held
        entry.held = Held(version: version, offset: list?.offset ?? 0, items: list?.items ?? [], actions: snapshot.actions)
        guard !whole, let held else { return nil }
        var copy = snapshot
        var named = false
        if let reduced = list?.reusing(held.items, at: held.offset, base: held.version) {
            copy.content.list = reduced
            named = true
        }
        if !snapshot.actions.isEmpty, snapshot.actions == held.actions {
            copy.actions = []
            copy.actionsOf = held.version
            named = true
        }
        return named ? writer.encode(copy) : nil
    }

    func changed(_ handle: String) {
        guard open[handle] != nil else { return }
        if answering[handle] != nil {
            heldChanges.insert(handle)
            return
        }
        notifyIfNewer(handle)
    }

    /// A `screen.changed` for `handle` unless the client has this version already.
    private func notifyIfNewer(_ handle: String) {
        guard let entry = open[handle], entry.screen.changes.version > entry.delivered else { return }
        writer.notification(method: "screen.changed", params: state(handle), key: handle)
        if !inBatch { writer.flush() }
    }
}
