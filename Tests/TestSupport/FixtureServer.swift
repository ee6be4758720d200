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
        let data = Data(try curl(["-s", baseURL + "/_log"]).utf8)
        return (try JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? []
    }

    /// Runs a `/_control` command (add or remove a star) synchronously.
    public func control(_ command: String, user: String, name: String) throws {
        try post("/_control/\(command)?user=\(user)&name=\(name)")
    }

    /// POSTs to `path` (with its query) on the fixture, as its `/_control` commands want.
    public func post(_ path: String) throws {
        _ = try curl(["-s", "-X", "POST", baseURL + path])
    }

    /// Foundation on Linux cannot read http: URLs directly; curl can, with a
    /// deadline (a fixture that stopped answering fails the test, not hangs it).
    private func curl(_ arguments: [String]) throws -> String {
        let run = try BoundedProcess.run("/usr/bin/curl", arguments, timeout: 60)
        guard run.status != nil else { throw CurlTimedOut(arguments: arguments) }
        return run.stdout
    }

    struct CurlTimedOut: Error, CustomStringConvertible {
        var arguments: [String]
        var description: String { "curl \(arguments.joined(separator: " ")) ran past its deadline" }
    }
}
