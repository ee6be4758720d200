import Foundation
import TestSupport

/// Shared tools of the attack suite: the built binary run through a real
/// shell (so descriptors can be closed, pipes cut and signals sent the way a
/// careless user or an attacker would), and the suite's size.
///
/// Short mode (the normal test command) uses small counts; long mode
/// (`FACET_ATTACK_LONG=1`, run by `Tools/attack/run.sh`) uses the issue's
/// figures: 100,000 fuzzed lines, 20 kill -9 trials, a 50,000-deep tree.
enum Attack {
    static let long = ProcessInfo.processInfo.environment["FACET_ATTACK_LONG"] == "1"
    static var fuzzLines: Int { long ? 100_000 : 1_500 }
    static var killTrials: Int { long ? 20 : 2 }
    static var deepLevels: Int { long ? 50_000 : 10_000 }
    static var batchSize: Int { long ? 10_000 : 1_000 }
    static var isRoot: Bool { geteuid() == 0 }

    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: String
        var out: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// Runs `script` with bash; `$FACET` is the binary, `$FACET_HOME` `home`.
    /// On a GCD thread: blocking the few cooperative threads for seconds
    /// would starve every other async test of the run (2 cores).
    static func shell(_ script: String, home: String, environment extra: [String: String] = [:]) async throws -> Result {
        try await withCheckedThrowingContinuation { continuation in
            DispatchQueue.global().async {
                continuation.resume(with: Swift.Result { try shellNow(script, home: home, environment: extra) })
            }
        }
    }

    /// Long mode builds and walks trees of hundreds of thousands of entries.
    static var deadline: TimeInterval { long ? 1_800 : 300 }

    static func shellNow(_ script: String, home: String, environment extra: [String: String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        var env = FacetProcess.environment(home: home, extra: extra)
        env["FACET"] = FacetProcess.binary
        process.environment = env
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = ChildDeadline(process, seconds: Self.deadline)
        let group = DispatchGroup()
        let box = Box()
        for (pipe, isError) in [(out, false), (err, true)] {
            group.enter()
            DispatchQueue.global().async {
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                box.set(data, isError)
                group.leave()
            }
        }
        group.wait()
        process.waitUntilExit()
        deadline.finish()
        let stderr = String(decoding: box.err, as: UTF8.self)
        if deadline.expired { throw deadline.failure("bash -c \(script.prefix(200))", stderr: stderr) }
        return Result(status: process.terminationStatus, stdout: box.out, stderr: stderr)
    }

    /// Signs of a crash in a process's standard error.
    static func crashed(_ stderr: String) -> Bool {
        ["Fatal error", "Stack dump", "Segmentation fault", "Illegal instruction", "Current stack trace", "💣"]
            .contains { stderr.contains($0) }
    }

    /// `sqlite3 DB SQL`, for checks from outside Facet.
    static func sqlite(_ database: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [database, sql]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A small tmpfs mounted for one test (root only), unmounted on release.
    final class Mount {
        let path: String
        init?(megabytes: Int) {
            guard Attack.isRoot else { return nil }
            let dir = TemporaryDirectory("facet-attack-mount")
            path = dir.path + "/mnt"
            mkdir(path, 0o755)
            keep = dir
            guard (try? Attack.run("/bin/mount", ["-t", "tmpfs", "-o", "size=\(megabytes)m", "tmpfs", path])) == 0 else {
                return nil
            }
        }
        private let keep: TemporaryDirectory
        func remountReadOnly() throws -> Bool { try Attack.run("/bin/mount", ["-o", "remount,ro", path]) == 0 }
        deinit { _ = try? Attack.run("/bin/umount", ["-l", path]) }
    }

    @discardableResult
    static func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: tool)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    private final class Box: @unchecked Sendable {
        let lock = NSLock()
        var out = Data()
        var err = Data()
        func set(_ data: Data, _ isError: Bool) {
            lock.lock()
            if isError { err = data } else { out = data }
            lock.unlock()
        }
    }
}
