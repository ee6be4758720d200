import Foundation
import TestSupport

/// A real `facet serve` started by a test, in its own temporary home and
/// runtime directory, stopped (SIGTERM) when released.
final class ServerProcess: @unchecked Sendable {
    let process = Process()
    let home: TemporaryDirectory
    let runtime: TemporaryDirectory
    let socket: String
    private let errors = Pipe()
    /// Ends the server if a test stuck elsewhere never stops it.
    private var lifetime: ChildDeadline?

    /// Starts the server and waits until it accepts connections.
    /// With no `socket`, the default place in the runtime directory.
    /// Without `runtimeDirectory` there is no `XDG_RUNTIME_DIR`, so the
    /// default socket is in the data directory.
    init(home: TemporaryDirectory = TemporaryDirectory("facet-serve-home"), socket path: String? = nil,
         environment extra: [String: String] = [:], runtimeDirectory: Bool = true) throws {
        self.home = home
        runtime = TemporaryDirectory("facet-serve-run")
        let fallback = runtimeDirectory ? runtime.path + "/facet/facet.sock" : home.path + "/facet.sock"
        socket = path ?? fallback
        process.executableURL = URL(fileURLWithPath: FacetProcess.binary)
        process.arguments = ["serve"] + (path.map { ["--socket", $0] } ?? [])
        let runtimeEnvironment = runtimeDirectory ? ["XDG_RUNTIME_DIR": runtime.path] : [:]
        process.environment = FacetProcess.environment(home: home.path, extra: runtimeEnvironment.merging(extra) { $1 })
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        lifetime = ChildDeadline(process, seconds: ChildLifetime.longest)
        try waitUntilListening()
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
        lifetime?.finish()
    }

    var environment: [String: String] { ["XDG_RUNTIME_DIR": runtime.path] }

    func waitUntilListening(timeout: TimeInterval = 20) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if let client = try? SocketClient(path: socket) {
                client.close()
                return
            }
            guard process.isRunning else { throw SocketClient.Failure.closed("the server exited: \(stderr())") }
            usleep(20_000)
        }
        throw SocketClient.Failure.timeout("the server to listen")
    }

    /// Sends `signal` (SIGTERM) and waits for the exit status.
    /// The signal is sent again each second while the server runs: one sent
    /// in the first moments after the socket appears, before the server
    /// has taken over its signals, can be lost (a known start-up race).
    func stop(signal: Int32 = SIGTERM, timeout: TimeInterval = 20) -> Int32 {
        kill(process.processIdentifier, signal)
        let deadline = Date().addingTimeInterval(timeout)
        var resend = Date().addingTimeInterval(1)
        while process.isRunning, Date() < deadline {
            usleep(10_000)
            if process.isRunning, Date() >= resend {
                kill(process.processIdentifier, signal)
                resend = Date().addingTimeInterval(1)
            }
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// A memory figure of the live server from /proc (`VmRSS`, `VmHWM`), in KiB.
    func memory(_ field: String) -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix(field + ":") }
        return line.flatMap { $0.split(separator: " ").dropFirst().first.flatMap { Int($0) } } ?? 0
    }

    /// What the server printed on stderr (read once it has exited).
    func stderr() -> String {
        String(decoding: errors.fileHandleForReading.availableData, as: UTF8.self)
    }
}
