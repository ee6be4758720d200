import Foundation

/// The loopback GitHub stand-in (`Tools/fixtures/github_fixture.py`), one
/// process per test, on 127.0.0.1 with an ephemeral port. Stopped when the
/// value is released, or with the test process (see `LoopbackFixtureProcess`).
public final class FixtureServer: @unchecked Sendable {
    private let server: LoopbackFixtureProcess
    public var port: Int { server.port }

    /// The repository root (found from this source file), for scripts.
    public static var repositoryRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    public init(arguments: [String] = []) throws {
        server = try LoopbackFixtureProcess(script: LoopbackFixtureProcess.script("github_fixture.py"), arguments: arguments)
    }

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Every request the server saw, as decoded JSON objects.
    public func log() throws -> [[String: Any]] {
        // Foundation on Linux cannot read http: URLs directly; curl can.
        let task = Process()
        task.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        task.arguments = ["-s", baseURL + "/_log"]
        let out = Pipe()
        task.standardOutput = out
        try task.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        task.waitUntilExit()
        return (try JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? []
    }

    /// Runs a `/_control` command (add or remove a star) synchronously.
    public func control(_ command: String, user: String, name: String) throws {
        let task = Process()
        task.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        task.arguments = ["-s", "-X", "POST", "\(baseURL)/_control/\(command)?user=\(user)&name=\(name)"]
        try task.run()
        task.waitUntilExit()
    }
}
