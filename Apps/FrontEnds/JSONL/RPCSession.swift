import JSONCore
import ScreenKit

/// One JSON-lines client: its open screens (by handle) and the methods it
/// may call. Requests are answered strictly in the order they arrive.
@MainActor
final class RPCSession {
    struct OpenScreen {
        var screen: any Screen
        var token: ObservationToken
        var cachedVersion = -1
        var cachedSnapshot: [UInt8] = []
    }

    let context: FrontEndContext
    let writer: RPCWriter
    let lineLimit: Int
    private var open: [String: OpenScreen] = [:]
    private var nextHandle = 0
    /// While a batch of requests is being answered, output is flushed once at
    /// its end; changes that happen between batches are flushed at once.
    var inBatch = false

    init(context: FrontEndContext, writer: RPCWriter, lineLimit: Int) {
        self.context = context
        self.writer = writer
        self.lineLimit = lineLimit
    }

    // MARK: Input

    func receive(_ event: LineReader.Event) async {
        switch event {
        case .tooLong(let size):
            writer.error(id: .null, .invalidRequest(
                "line of \(size) bytes exceeds the limit of \(lineLimit) bytes; it was discarded", dataCode: "line_too_long"))
        case .line(let bytes):
            if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return }  // blank lines are ignored
            let message: JSONValue
            do {
                message = try JSONParser.parse(bytes)
            } catch {
                writer.error(id: .null, .parse("the line is not valid JSON (\(error.reason) at byte \(error.offset))"))
                return
            }
            if case .array(let batch) = message {
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
            } else if let reply = await answer(message) {
                writer.write(reply)
            }
        }
    }

    /// Validates one request and returns its response line, or nil for a
    /// notification (which is never answered).
    func answer(_ message: JSONValue) async -> [UInt8]? {
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
        let replyID = id ?? .null
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

    func dispatch(_ method: String, _ params: JSONValue) async -> Result<[UInt8], RPCError> {
        do {
            switch method {
            case "initialize": return .success(initialize())
            case "screens.list": return .success(writer.encode(context.catalog.screens))
            case "screen.open": return .success(try await openScreen(params))
            case "screen.perform": return .success(try await perform(params))
            case "screen.snapshot": return .success(state(try handle(params)))
            case "screen.wait":
                let handle = try handle(params)
                await open[handle]?.screen.settle()
                return .success(state(handle))
            case "screen.close":
                let handle = try handle(params)
                close(handle)
                return .success(Array("true".utf8))
            case "rpc.discover":
                return .success(JSONWriter.bytes(OpenRPCDocument.make(screens: context.catalog.screens, version: context.version)))
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

    func initialize() -> [UInt8] {
        struct Info: Encodable {
            struct Server: Encodable { var name: String; var version: String }
            struct Capabilities: Encodable {
                var batch: Bool
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
            capabilities: .init(batch: true, maxLineBytes: lineLimit, notifications: ["screen.changed"]),
            home: context.home, protocolVersion: JSONLFrontEnd.protocolVersion,
            screens: context.catalog.screens.map(\.id),
            serverInfo: .init(name: "facet", version: context.version)))
    }

    func openScreen(_ params: JSONValue) async throws -> [UInt8] {
        guard case .string(let id)? = params["screen"] else {
            throw RPCError.invalidParams("'screen' must be a screen id string (see screens.list)")
        }
        let arguments = try Self.arguments(params["params"], name: "params")
        let screen = try await context.catalog.open(ScreenRequest(screen: id, params: arguments))
        nextHandle += 1
        let handle = "h\(nextHandle)"
        let token = screen.changes.observe { [weak self] _ in self?.changed(handle) }
        open[handle] = OpenScreen(screen: screen, token: token)
        return state(handle)
    }

    func perform(_ params: JSONValue) async throws -> [UInt8] {
        let handle = try handle(params)
        guard case .string(let action)? = params["action"] else {
            throw RPCError.invalidParams("'action' must be an action name string")
        }
        let arguments = try Self.arguments(params["args"], name: "args")
        guard let screen = open[handle]?.screen else { throw RPCError.unknownHandle(handle) }
        let outcome = try await screen.run(action, arguments)
        // The screen may have been closed while the action ran (a batch).
        guard open[handle] != nil else { throw RPCError.unknownHandle(handle) }
        return Array(#"{"handle":"#.utf8) + writer.encode(handle) + Array(#","outcome":"#.utf8) + writer.encode(outcome)
            + Array(#","snapshot":"#.utf8) + snapshotBytes(handle) + Array(#","version":"#.utf8)
            + Array(String(screen.changes.version).utf8) + [0x7D]
    }

    func close(_ handle: String) {
        guard let entry = open.removeValue(forKey: handle) else { return }
        entry.token.cancel()
        entry.screen.close()
    }

    /// Waits for every open screen's work (an import) so nothing read is left unanswered.
    func drain() async {
        for entry in open.values { await entry.screen.settle() }
    }

    // MARK: Helpers

    func handle(_ params: JSONValue) throws -> String {
        guard case .string(let handle)? = params["handle"] else {
            throw RPCError.invalidParams("'handle' must be a handle string from screen.open")
        }
        guard open[handle] != nil else { throw RPCError.unknownHandle(handle) }
        return handle
    }

    static func arguments(_ value: JSONValue?, name: String) throws -> ActionArguments {
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

    func state(_ handle: String) -> [UInt8] {
        guard let version = open[handle]?.screen.changes.version else { return Array("null".utf8) }
        return Array(#"{"handle":"#.utf8) + writer.encode(handle) + Array(#","snapshot":"#.utf8) + snapshotBytes(handle)
            + Array(#","version":"#.utf8) + Array(String(version).utf8) + [0x7D]
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

    func changed(_ handle: String) {
        guard open[handle] != nil else { return }
        writer.notification(method: "screen.changed", params: state(handle))
        if !inBatch { writer.flush() }
    }
}
