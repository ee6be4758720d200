import Foundation

/// A child process with a deadline: its output is collected as it comes
/// (so a test can wait for a line), and it is killed if it outlives the
/// time it was given, so a test that goes wrong fails instead of hanging.
public final class BoundedProcess: @unchecked Sendable {
    public let process = Process()
    private let lock = NSLock()
    private var out = Data()
    private var err = Data()
    private let done = DispatchGroup()
    private var lifetime: ChildDeadline?

    /// `lifetime`: past it the child and what it started are killed even if
    /// nobody calls `finish` (a test stuck elsewhere), so no child outlives
    /// a hung test by long.
    public init(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        lifetime: TimeInterval = ChildLifetime.longest, currentDirectory: String? = nil
    ) throws {
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let currentDirectory { process.currentDirectoryURL = URL(fileURLWithPath: currentDirectory) }
        if let environment { process.environment = environment }
        let outPipe = Pipe()
        let errPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        self.lifetime = ChildDeadline(process, seconds: lifetime)
        for (pipe, isError) in [(outPipe, false), (errPipe, true)] {
            done.enter()
            let handle = pipe.fileHandleForReading
            Thread.detachNewThread { [self] in
                while true {
                    let data = handle.availableData
                    if data.isEmpty { break }
                    lock.withLock { if isError { err += data } else { out += data } }
                }
                done.leave()
            }
        }
    }

    deinit { kill() }

    public var pid: Int32 { process.processIdentifier }
    public var stdout: String { lock.withLock { String(decoding: out, as: UTF8.self) } }
    public var stderr: String { lock.withLock { String(decoding: err, as: UTF8.self) } }

    /// Polls `condition` until it holds or `timeout` passes.
    @discardableResult
    public func waitFor(timeout: TimeInterval = 20, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            usleep(10_000)
        }
        return condition()
    }

    /// Waits for the exit; past `timeout` the process is killed. The status,
    /// or nil if it had to be killed.
    public func finish(timeout: TimeInterval = 30) -> Int32? {
        let exited = waitFor(timeout: timeout) { !process.isRunning }
        if !exited { kill() }
        process.waitUntilExit()
        lifetime?.finish()
        _ = done.wait(timeout: .now() + 10)
        return exited && lifetime?.expired != true ? process.terminationStatus : nil
    }

    public func signal(_ number: Int32) {
        if process.isRunning { Glibc.kill(process.processIdentifier, number) }
    }

    /// Kills the child and every process it started (a browser's driver, a
    /// shell's commands), which would otherwise outlive it.
    public func kill() {
        if process.isRunning {
            ChildDeadline.killTree(process.processIdentifier)
            process.waitUntilExit()
        }
        lifetime?.finish()
    }

    /// Runs to the end within `timeout`: (status or nil if killed, stdout, stderr).
    public static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil, timeout: TimeInterval = 30
    ) throws -> (status: Int32?, stdout: String, stderr: String) {
        let child = try BoundedProcess(executable, arguments, environment: environment, lifetime: timeout)
        let status = child.finish(timeout: timeout)
        return (status, child.stdout, child.stderr)
    }
}
