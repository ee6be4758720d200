import Foundation

/// An executable built on Facet, driven the way end-to-end tests drive it:
/// Facet's own `facet`, or a package's own (`facet-bookmarks`), found in the
/// build folder of whichever package runs the tests. Each run gets the
/// `FACET_HOME` the test gives it and a deadline, so tests never share a
/// database and a hang fails the test that met it.
public struct FacetExecutable: Sendable {
    public typealias Result = FacetProcess.Result

    /// The executable's path.
    public let path: String

    public init(path: String) { self.path = path }

    /// `name` as `swift build` left it beside the test bundle (its folder or
    /// one of the three above), else `.build/debug/NAME` under the current
    /// folder. `variable`: an environment variable that, when set, names the
    /// executable instead (to test an installed or release build).
    public static func built(_ name: String, overriddenBy variable: String? = nil) -> FacetExecutable {
        if let variable, let explicit = ProcessInfo.processInfo.environment[variable] { return FacetExecutable(path: explicit) }
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return FacetExecutable(path: candidate) }
            folder.deleteLastPathComponent()
        }
        return FacetExecutable(path: FileManager.default.currentDirectoryPath + "/.build/debug/" + name)
    }

    /// The environment a test process gets: no terminal, no colours, this home.
    public static func environment(home: String, extra: [String: String] = [:]) -> [String: String] {
        var env = ["FACET_HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "NO_COLOR": "1", "COLUMNS": "100"]
        for (key, value) in extra { env[key] = value }
        return env
    }

    /// One CLI call to its end: exit status, stdout and stderr. Past
    /// `timeout` the process and what it started are killed and this throws.
    public func run(
        _ arguments: [String], home: String, environment extra: [String: String] = [:], stdin: String? = nil,
        currentDirectory: String? = nil, timeout: TimeInterval = 180
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        process.arguments = arguments
        process.environment = Self.environment(home: home, extra: extra)
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
        let name = URL(fileURLWithPath: path).lastPathComponent
        if deadline.expired { throw deadline.failure("\(name) \(arguments.joined(separator: " "))", stderr: collected.stderr) }
        return Result(status: process.terminationStatus, stdout: collected.stdout, stderr: collected.stderr)
    }

    /// A live `--ui jsonl` session (open screens, perform, read snapshots).
    public func jsonLines(home: String, environment: [String: String] = [:], arguments: [String] = ["--ui", "jsonl"]) throws
        -> JSONLSession
    {
        try JSONLSession(home: home, environment: environment, arguments: arguments, binary: path)
    }

    /// A live `--ui mcp` server, initialised (`tools/list`, `tools/call`).
    /// `options`: what follows `--ui mcp` (`--read-only`, `--tools …`).
    public func mcp(home: String, environment: [String: String] = [:], options: [String] = []) throws -> MCPSession {
        try MCPSession(binary: path, home: home, environment: environment, options: options)
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
