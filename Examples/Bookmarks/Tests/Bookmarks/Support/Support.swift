import Foundation

/// A fresh folder per test, removed afterwards.
final class Scratch: @unchecked Sendable {
    let path: String

    init() {
        path = NSTemporaryDirectory() + "/bookmarks-test-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// The built `facet-bookmarks`, found beside the test bundle (where
/// `swift build` puts both), run with its own `FACET_HOME`.
enum FacetBookmarks {
    static var binary: String {
        var folder = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent("facet-bookmarks").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder.deleteLastPathComponent()
        }
        return FileManager.default.currentDirectoryPath + "/.build/debug/facet-bookmarks"
    }

    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// Runs it with `input` on stdin (closed afterwards) and waits.
    static func run(_ arguments: [String], home: String, input: String = "") throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = ["FACET_HOME": home, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8", "NO_COLOR": "1", "COLUMNS": "120"]
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        // Small outputs: reading one pipe after the other cannot block here.
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: out, as: UTF8.self), stderr: String(decoding: err, as: UTF8.self))
    }
}
