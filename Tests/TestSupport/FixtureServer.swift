import Foundation

/// The loopback GitHub stand-in (`Tools/fixtures/github_fixture.py`), one
/// process per test, on 127.0.0.1 with an ephemeral port. Stopped (by its
/// pid) when the value is released.
public final class FixtureServer: @unchecked Sendable {
    public let port: Int
    private let process: Process

    /// The repository root (found from this source file), for scripts.
    public static var repositoryRoot: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path
    }

    public init(arguments: [String] = []) throws {
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", Self.repositoryRoot + "/Tools/fixtures/github_fixture.py"] + arguments
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The first line is `PORT <n>`; read byte by byte so nothing after it is consumed.
        var line = Data()
        let handle = out.fileHandleForReading
        while true {
            let byte = handle.readData(ofLength: 1)
            if byte.isEmpty || byte == Data([0x0A]) { break }
            line.append(byte)
        }
        let text = String(decoding: line, as: UTF8.self)
        guard text.hasPrefix("PORT "), let port = Int(text.dropFirst(5)) else {
            process.terminate()
            throw FixtureError.noPort(text)
        }
        self.port = port
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    public var baseURL: String { "http://127.0.0.1:\(port)" }

    /// Every request the server saw, as decoded JSON objects.
    public func log() throws -> [[String: Any]] {
        let data = try Data(contentsOf: URL(string: baseURL + "/_log")!)
        return (try JSONSerialization.jsonObject(with: data) as? [[String: Any]]) ?? []
    }

    /// Runs a `/_control` command (add or remove a star) synchronously.
    public func control(_ command: String, user: String, name: String) throws {
        let task = Process()
        task.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        task.arguments = [
            "python3", "-c",
            "import sys,urllib.request;urllib.request.urlopen(urllib.request.Request(sys.argv[1],method='POST'))",
            "\(baseURL)/_control/\(command)?user=\(user)&name=\(name)",
        ]
        try task.run()
        task.waitUntilExit()
    }

    public enum FixtureError: Error { case noPort(String) }
}
