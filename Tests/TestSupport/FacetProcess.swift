import Foundation

/// Runs the built `facet` binary, for end-to-end tests: a one-shot CLI call
/// with its exit status and output, each with its own `FACET_HOME`.
public enum FacetProcess {
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String

        public init(status: Int32, stdout: String, stderr: String) {
            self.status = status
            self.stdout = stdout
            self.stderr = stderr
        }
    }

    /// The `facet` executable built beside the test bundle (`swift build`
    /// puts both in the same folder).
    public static var binary: String {
        if let explicit = ProcessInfo.processInfo.environment["FACET_BINARY"] { return explicit }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("facet").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder.deleteLastPathComponent()
        }
        let fallback = FileManager.default.currentDirectoryPath + "/.build/debug/facet"
        return fallback
    }

    /// The environment a test process gets: no terminal, no colours, this home.
    public static func environment(home: String, extra: [String: String] = [:]) -> [String: String] {
        var env = ["FACET_HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "NO_COLOR": "1", "COLUMNS": "100"]
        for (key, value) in extra { env[key] = value }
        return env
    }

    public static func run(
        _ arguments: [String], home: String, environment extra: [String: String] = [:], stdin: String? = nil,
        currentDirectory: String? = nil, timeout: TimeInterval = 180
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        process.arguments = arguments
        process.environment = environment(home: home, extra: extra)
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        let deadline = ChildDeadline(process, seconds: timeout)
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        // Read both pipes concurrently so a chatty process cannot block on a full pipe.
        let collected = CollectedOutput()
        let group = DispatchGroup()
        for (pipe, isError) in [(out, false), (err, true)] {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                collected.set(data, isError: isError)
                group.leave()
            }
        }
        group.wait()
        process.waitUntilExit()
        deadline.finish()
        if deadline.expired { throw deadline.failure("facet \(arguments.joined(separator: " "))", stderr: collected.stderr) }
        return Result(status: process.terminationStatus, stdout: collected.stdout, stderr: collected.stderr)
    }
}

private final class CollectedOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var out = Data()
    private var err = Data()

    func set(_ data: Data, isError: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if isError { err = data } else { out = data }
    }

    var stdout: String { lock.lock(); defer { lock.unlock() }; return String(decoding: out, as: UTF8.self) }
    var stderr: String { lock.lock(); defer { lock.unlock() }; return String(decoding: err, as: UTF8.self) }
}
