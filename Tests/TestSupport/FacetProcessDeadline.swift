import Foundation

extension FacetProcess {
    /// Runs the binary like `run`, but kills it (SIGKILL) once `deadline`
    /// seconds have passed: for tests whose failure mode is a command that
    /// never ends. `timedOut` tells whether the kill was needed.
    public static func run(
        _ arguments: [String], home: String, environment extra: [String: String] = [:], deadline: TimeInterval
    ) throws -> (result: Result, timedOut: Bool) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = environment(home: home, extra: extra)
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        let output = DeadlineOutput()
        let group = DispatchGroup()
        for (pipe, isError) in [(out, false), (err, true)] {
            group.enter()
            DispatchQueue.global().async {
                output.set(pipe.fileHandleForReading.readDataToEndOfFile(), isError: isError)
                group.leave()
            }
        }
        var timedOut = false
        if exited.wait(timeout: .now() + deadline) == .timedOut {
            timedOut = true
            kill(process.processIdentifier, SIGKILL)
            exited.wait()
        }
        group.wait()
        return (Result(status: process.terminationStatus, stdout: output.text(error: false), stderr: output.text(error: true)), timedOut)
    }
}

private final class DeadlineOutput: @unchecked Sendable {
    private let lock = NSLock()
    private var data: [Bool: Data] = [:]

    func set(_ bytes: Data, isError: Bool) { lock.withLock { data[isError] = bytes } }
    func text(error: Bool) -> String { lock.withLock { String(decoding: data[error] ?? Data(), as: UTF8.self) } }
}
