import Foundation

/// One `swift` command on the package, run from a test with a deadline, its
/// output kept in files: what the rules that ask SwiftPM itself share.
///
/// It gets a scratch folder of its own: SwiftPM locks the scratch folder for
/// a whole command, so under `swift test` (which holds the package's `.build`
/// lock) a nested command on the same folder would wait for the test run to
/// end, that is forever.
struct SwiftPMCommand {
    struct Output {
        var status: Int32
        var stdout: Data
        var stderr: String
    }

    /// Runs `swift ARGUMENTS --package-path ROOT --scratch-path SCRATCH …`
    /// (`prepare` fills the scratch folder first); terminated past `deadline`.
    static func run(
        _ arguments: [String], command subcommand: [String] = [], root: URL, deadline: TimeInterval,
        prepare: (URL) throws -> Void = { _ in }
    ) throws -> Output {
        let work = FileManager.default.temporaryDirectory
            .appendingPathComponent("swiftpm-scratch-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
        let scratch = work.appendingPathComponent("build")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: work) }
        try prepare(scratch)
        let output = work.appendingPathComponent("stdout")
        let errors = work.appendingPathComponent("stderr.txt")
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift"] + subcommand + ["--package-path", root.path, "--scratch-path", scratch.path] + arguments
        process.currentDirectoryURL = root
        // Files, not pipes: a full pipe would block the child before it exits.
        let outHandle = try FileHandle(forWritingTo: output)
        let errHandle = try FileHandle(forWritingTo: errors)
        defer { try? outHandle.close(); try? errHandle.close() }
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        if exited.wait(timeout: .now() + deadline) == .timedOut {
            process.terminate()
            _ = exited.wait(timeout: .now() + 5)
            let words = (subcommand + arguments).joined(separator: " ")
            throw PackageGraph.LoadError(description: "swift \(words) did not finish within \(Int(deadline)) s")
        }
        return Output(
            status: process.terminationStatus, stdout: try Data(contentsOf: output),
            stderr: (try? String(contentsOf: errors, encoding: .utf8)) ?? "")
    }
}
