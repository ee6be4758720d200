import Foundation

/// The loopback photos API (`Tools/fixtures/photos_fixture.py`) for tests:
/// started on 127.0.0.1 with an ephemeral port, stopped when released or
/// with the test process (see `LoopbackFixtureProcess`).
///
/// `baseURL(mode)` is what `photos-base-url` is set to; the mode picks the
/// fixture's behaviour (`ok`, `escapes`, `status/500`, `empty`, `truncated`,
/// `wrongtype`, `missing`, `slow/3000`, `huge/1048576`, …).
public final class PhotosFixtureServer: @unchecked Sendable {
    private let server: LoopbackFixtureProcess
    public var port: Int { server.port }

    public static var script: String { LoopbackFixtureProcess.script("photos_fixture.py") }

    public init() throws {
        server = try LoopbackFixtureProcess(script: Self.script)
    }

    /// `http://127.0.0.1:<port>/<mode>`: a base URL whose `/photos` behaves as `mode` says.
    public func baseURL(_ mode: String = "ok") -> String { "http://127.0.0.1:\(port)/\(mode)" }

    /// The exact body `/ok/photos` serves (5,000 photos), for comparisons.
    public static func okBody() throws -> Data {
        let process = Process()
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", script, "--dump"]
        process.standardOutput = output
        try process.run()
        let deadline = ChildDeadline(process, seconds: 120)
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        deadline.finish()
        if deadline.expired { throw deadline.failure("photos_fixture.py --dump", stderr: "") }
        return data
    }

    nonisolated(unsafe) private static var sharedServer: PhotosFixtureServer?
    private static let sharedLock = NSLock()

    /// One server for the whole test process (starting Python costs a
    /// second on a loaded machine); every mode is a path, so tests share it.
    public static func shared() throws -> PhotosFixtureServer {
        try sharedLock.withLock {
            if let sharedServer { return sharedServer }
            let server = try PhotosFixtureServer()
            sharedServer = server
            return server
        }
    }
}
