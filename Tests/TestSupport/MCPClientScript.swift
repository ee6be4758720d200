import Foundation

/// Tests/MCPClient/mcp_e2e.py: `facet --ui mcp` driven by the official
/// Python MCP client (an implementation independent of Facet's). Runs one
/// mode and returns the facts the script printed as JSON.
public enum MCPClientScript {
    public static var path: String { FixtureServer.repositoryRoot + "/Tests/MCPClient/mcp_e2e.py" }
    /// Tests/MCPClient/mcp_sessions.py: one server per session, each with its
    /// own options (`--tools`, `--read-only`); the mode is the sessions' JSON.
    public static var sessionsPath: String { FixtureServer.repositoryRoot + "/Tests/MCPClient/mcp_sessions.py" }

    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// `arguments` follow the mode; `environment` is the script's (it passes
    /// the names it knows on to the server it starts).
    public static func run(
        _ mode: String, home: String, work: String, arguments: [String] = [], environment: [String: String] = [:],
        timeout: TimeInterval = 180, script: String = MCPClientScript.path
    ) throws -> [String: Any] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, FacetProcess.binary, home, work, mode] + arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let deadline = ChildDeadline(process, seconds: timeout)
        let errors = DispatchQueue(label: "mcp_e2e stderr")
        nonisolated(unsafe) var stderr = Data()
        errors.async { stderr = err.fileHandleForReading.readDataToEndOfFile() }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        deadline.finish()
        errors.sync {}
        let message = String(decoding: stderr, as: UTF8.self)
        if deadline.expired { throw deadline.failure("mcp_e2e.py \(mode)", stderr: message) }
        guard process.terminationStatus == 0 else { throw Failure(description: "mcp_e2e.py \(mode) failed: \(message)") }
        guard let facts = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw Failure(description: "mcp_e2e.py \(mode) printed no JSON object")
        }
        return facts
    }
}
