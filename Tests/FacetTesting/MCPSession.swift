import Foundation

/// A live `--ui mcp` server driven over stdio the way an agent's client
/// drives it: `initialize` and `notifications/initialized` first, then
/// `tools/list` and `tools/call`. MCP's stdio transport is JSON-RPC, one
/// message a line, so this is a `JSONLSession` with MCP's handshake and
/// result shapes; its child has the session's deadline.
public final class MCPSession: @unchecked Sendable {
    /// The line session underneath, for raw requests and `finish()`.
    public let lines: JSONLSession

    /// What a tool call answered: the text shown to the model, `isError`,
    /// and the `structuredContent` (a screen state for screen tools).
    public struct ToolResult: @unchecked Sendable {
        public var text: String
        public var isError: Bool
        public var structured: [String: Any]?
        /// The screen state in `structuredContent`, for screen tools.
        public var state: ScreenState? { structured.flatMap(ScreenState.init) }
    }

    /// `options`: what follows `--ui mcp` (`--read-only`, `--tools …`).
    public init(
        binary: String = FacetProcess.binary, home: String, environment: [String: String] = [:], options: [String] = [],
        protocolVersion: String = "2025-06-18"
    ) throws {
        lines = try JSONLSession(home: home, environment: environment, arguments: ["--ui", "mcp"] + options, binary: binary)
        _ = try lines.result(
            "initialize",
            ["protocolVersion": protocolVersion, "capabilities": [String: Any](), "clientInfo": ["name": "FacetTesting", "version": "1"]])
        lines.send(#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#)
    }

    /// Every tool `tools/list` offers (following `nextCursor`), as JSON objects.
    public func tools() throws -> [[String: Any]] {
        var tools: [[String: Any]] = []
        var cursor: String?
        repeat {
            let page = try lines.result("tools/list", cursor.map { ["cursor": $0] }) as? [String: Any] ?? [:]
            tools += page["tools"] as? [[String: Any]] ?? []
            cursor = page["nextCursor"] as? String
        } while cursor != nil
        return tools
    }

    /// The names of the tools offered.
    public func toolNames() throws -> [String] { try tools().compactMap { $0["name"] as? String } }

    /// `tools/call`. A tool's failure is a result with `isError`; a protocol
    /// error (an unknown tool, bad arguments) is thrown as `RPCFailure`.
    public func call(_ tool: String, _ arguments: [String: Any] = [:], timeout: TimeInterval = 60) throws -> ToolResult {
        let result = try lines.result("tools/call", ["name": tool, "arguments": arguments], timeout: timeout) as? [String: Any] ?? [:]
        let content = result["content"] as? [[String: Any]] ?? []
        return ToolResult(
            text: content.compactMap { $0["text"] as? String }.joined(separator: "\n"),
            isError: result["isError"] as? Bool ?? false, structured: result["structuredContent"] as? [String: Any])
    }

    /// Closes stdin and waits for the server to exit; its status.
    public func finish(timeout: TimeInterval = 20) throws -> Int32 { try lines.finish(timeout: timeout) }
}
